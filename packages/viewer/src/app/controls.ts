// The header's controls and the timeline: start, previous, play/pause, next, end, speed, the
// animation and events toggles, the slider, Open… (and a file dropped on the page), help, zoom.
import { type Elements, ICON } from "./page";

/** What the controls do. */
export interface ControlActions {
  seek(frame: number): void;
  stepBy(delta: number): void;
  toggle(): void;
  pause(): void;
  setSpeed(index: number): void;
  /** Draws again (a toggle changed). */
  render(): void;
  zoom(factor: number): void;
  /** Shows or hides the help window (default: toggles it). */
  help(show?: boolean): void;
  openFile(file: File): void;
  /** The next (1) or previous (−1) event (the timeline's tools). */
  jump(direction: 1 | -1): void;
}

/** The controls of the page, bound to `actions`; `animate` and `showEvents` are their toggles. */
export class Controls {
  /** Pieces slide between frames while playing. */
  animate = true;
  /** The round's events are drawn on the board. */
  showEvents = true;

  constructor(
    private readonly el: Elements,
    private readonly actions: ControlActions,
  ) {
    this.bindPlayback();
    this.bindFiles();
    const on = (id: string, fn: () => void) => this.el[id]!.addEventListener("click", fn);
    on("help-button", () => actions.help());
    on("help", () => actions.help(false));
    on("zoom-in", () => actions.zoom(1.5));
    on("zoom-out", () => actions.zoom(1 / 1.5));
    on("zoom-fit", () => actions.zoom(0));
    on("prev-mark", () => actions.jump(-1));
    on("next-mark", () => actions.jump(1));
    // Buttons never keep the focus after a click: the keys stay the viewer's.
    document.addEventListener("mousedown", (e) => {
      if ((e.target as HTMLElement).closest("button")) e.preventDefault();
    });
  }

  private bindPlayback(): void {
    const { el, actions } = this;
    const on = (id: string, event: string, fn: () => void) => el[id]!.addEventListener(event, fn);
    on("start", "click", () => actions.seek(0));
    on("end", "click", () => actions.seek(Number.POSITIVE_INFINITY));
    on("back", "click", () => actions.stepBy(-1));
    on("forward", "click", () => actions.stepBy(1));
    on("play", "click", () => actions.toggle());
    on("speed", "change", () => {
      actions.setSpeed(Number((el.speed as HTMLSelectElement).value));
      (el.speed as HTMLSelectElement).blur();
    });
    on("animate", "change", () => {
      this.animate = (el.animate as HTMLInputElement).checked;
    });
    on("show-events", "change", () => {
      this.showEvents = (el["show-events"] as HTMLInputElement).checked;
      actions.render();
    });
    on("scrub", "input", () => {
      actions.pause();
      actions.seek(Number((el.scrub as HTMLInputElement).value));
    });
    on("scrub", "change", () => (el.scrub as HTMLInputElement).blur());
  }

  /** Open… and its file input, and a file dropped anywhere on the page. */
  private bindFiles(): void {
    const { el, actions } = this;
    el.open!.addEventListener("click", () => this.chooseFile());
    el.file!.addEventListener("change", () => {
      const file = (el.file as HTMLInputElement).files?.[0];
      if (file) actions.openFile(file);
    });
    window.addEventListener("dragover", (e) => {
      e.preventDefault();
      document.body.classList.add("dragging");
    });
    window.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
    window.addEventListener("drop", (e) => {
      e.preventDefault();
      document.body.classList.remove("dragging");
      const file = e.dataTransfer?.files[0];
      if (file) actions.openFile(file);
    });
  }

  /** Opens the browser's file chooser (Open…). */
  chooseFile(): void {
    (this.el.file as HTMLInputElement).click();
  }

  /** Animation on / off (key A). */
  toggleAnimation(): void {
    this.animate = !this.animate;
    (this.el.animate as HTMLInputElement).checked = this.animate;
  }

  /** Events on the board on / off (key E). */
  toggleEvents(): void {
    this.showEvents = !this.showEvents;
    (this.el["show-events"] as HTMLInputElement).checked = this.showEvents;
  }

  /** Without a match to show (`status` not `ready`), the playback controls and timeline are off. */
  showStatus(status: string): void {
    document.body.dataset.status = status;
    const idle = status !== "ready";
    for (const id of [
      "start",
      "back",
      "play",
      "forward",
      "end",
      "speed",
      "scrub",
      "prev-mark",
      "next-mark",
      "unit-search",
      "mark-player",
    ])
      (this.el[id] as HTMLButtonElement).disabled = idle;
    if (idle) {
      this.el.round!.textContent = "";
      (this.el.scrub as HTMLInputElement).max = "0";
      this.el["frame-end"]!.textContent = "";
    }
  }

  /** The play button and the page's `data-playing`. */
  showPlaying(playing: boolean): void {
    document.body.dataset.playing = String(playing);
    this.el.play!.innerHTML = playing ? ICON.pause : ICON.play;
    this.el.play!.setAttribute("aria-label", playing ? "pause" : "play");
  }

  /** The speed list's choice (an index of `SPEEDS`). */
  showSpeed(index: number): void {
    (this.el.speed as HTMLSelectElement).value = String(index);
  }

  /** The timeline of a match of `frames` frames. */
  showLength(frames: number): void {
    (this.el.scrub as HTMLInputElement).max = String(frames - 1);
    this.el["frame-end"]!.textContent = String(frames - 1);
  }

  /** Frame `i` of `frames`, labelled `label` (the round): the header's text and the slider. */
  showFrame(label: string, i: number, frames: number): void {
    this.el.round!.textContent = `${label} · ${i}/${frames - 1}`;
    (this.el.scrub as HTMLInputElement).value = String(i);
  }

  /** The header's round text, as shown last. */
  get roundText(): string | null {
    return this.el.round!.textContent;
  }
}
