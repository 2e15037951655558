// The viewer page: opens files, keeps the page's state, and wires its parts together: the
// controls and keys (controls.ts, keyboard.ts, playback.ts), the boards (boards.ts), the address
// (frame-address.ts), the embedded page's link (full-viewer-link.ts) and one file per panel
// (panels/). A frame is drawn in two beats: the boards, header, scoreboard and chart at once,
// the side panels, tooltip and live region once per animation frame.
import { BoardSet } from "./boards";
import { compareNote } from "./compare-note";
import { Controls } from "./controls";
import { FrameAddress, hashFrame } from "./frame-address";
import { FullViewerLink } from "./full-viewer-link";
import { esc } from "./html";
import { bindKeyboard, type KeyActions } from "./keyboard";
import { jumpFrame, matchIndex } from "./match-index";
import { CannotOpen, type FileToOpen, openFiles, reopenFile } from "./opened-files";
import { type Elements, renderPage } from "./page";
import { announce } from "./panels/announce";
import { showBanner } from "./panels/banner";
import { chartData } from "./panels/chart-panel";
import { showLegend } from "./panels/legend";
import { createSidePanels, type SidePanels } from "./panels/side-panels";
import { defaultSpeed, Playback, SPEEDS } from "./playback";
import { ViewerState } from "./viewer-state";

/** The viewer page: controls, timeline, scoreboard, chart, inspector, events and board(s). */
export class App {
  private readonly state = new ViewerState();
  private readonly el: Elements;
  private readonly playback: Playback;
  private readonly controls: Controls;
  private readonly boards: BoardSet;
  private readonly address: FrameAddress;
  private readonly fullLink: FullViewerLink;
  private readonly side: SidePanels;
  /** The frame the header, scoreboard and panels show (−1: show them anew). */
  private shownFrame = -1;
  /** When the side panels were last filled (throttled while playing). */
  private panelsAt = 0;
  /** The side panels are due at the next animation frame. */
  private panelsPending = false;
  /** The first file opened follows `#frame=N`; later ones start at frame 0. */
  private firstOpen = true;
  /** Embedded in another page (`?embed`): a compact page fed by `postMessage`. */
  readonly embedded: boolean;

  constructor(root: HTMLElement, options: { embedded?: boolean } = {}) {
    this.embedded = options.embedded ?? false;
    const el = renderPage(root, SPEEDS, this.embedded);
    const state = this.state;
    this.el = el;
    this.playback = new Playback(state, {
      render: () => this.render(),
      showPlaying: (playing) => this.controls.showPlaying(playing),
      forgetShownFrame: () => {
        this.shownFrame = -1;
      },
      rememberFrame: (delay) => this.address.remember(delay),
      showSpeed: (index) => this.controls.showSpeed(index),
    });
    this.controls = new Controls(el, {
      seek: (frame) => this.seek(frame),
      stepBy: (delta) => this.playback.stepBy(delta),
      toggle: () => this.playback.toggle(),
      pause: () => this.pause(),
      setSpeed: (index) => this.playback.setSpeed(index),
      render: () => this.render(),
      zoom: (factor) => this.zoom(factor),
      help: (show) => this.help(show),
      openFile: (file) => void this.openBlob(file),
      jump: (direction) => this.jump(direction),
    });
    this.boards = new BoardSet(el.boards!, {
      onChange: () => this.render(),
      onHover: (k, cell, x, y) => {
        this.side.tooltip.hover = cell === undefined ? undefined : { board: k, cell, x, y };
        this.side.tooltip.show();
      },
      onClick: (k, cell) => this.pinAt(k, cell),
    });
    this.address = new FrameAddress(state, () => this.fullLink.update());
    this.fullLink = new FullViewerLink(el.full as HTMLAnchorElement, this.embedded, state);
    this.side = createSidePanels(el, state, {
      goTo: (frame) => this.goTo(frame),
      pin: (key, board) => this.pin(key, board),
      render: () => this.render(),
      refresh: () => this.fillPanels(true),
    });
    bindKeyboard(this.keyActions());
    this.controls.showSpeed(this.playback.speed);
    this.setStatus("empty");
    new ResizeObserver(() => this.layout(true)).observe(el.stage!);
    this.address.follow((frame) => {
      this.pause();
      this.seek(frame, false);
    });
  }

  /** What the keys do (keyboard.ts). */
  private keyActions(): KeyActions {
    const playback = this.playback;
    return {
      toggle: () => playback.toggle(),
      stepBy: (delta) => playback.stepBy(delta),
      seek: (frame) => this.seek(frame),
      speedBy: (delta) => playback.setSpeed(playback.speed + delta),
      zoom: (factor) => this.zoom(factor),
      toggleAnimation: () => this.controls.toggleAnimation(),
      toggleEvents: () => {
        this.controls.toggleEvents();
        this.render();
      },
      chooseFile: () => this.controls.chooseFile(),
      help: () => this.help(),
      escape: () => {
        if (!this.el.help!.hidden) this.help(false);
        else this.pin(undefined);
      },
      jump: (direction) => this.jump(direction),
      findUnit: () => this.side.search.focus(),
    };
  }

  /**
   * Goes to the next (1) or previous (−1) moment of the pinned unit, or else mark of the
   * timeline's player (every player's when none is chosen); says so when there is none.
   */
  private jump(direction: 1 | -1): void {
    const state = this.state;
    const pinned = state.pinned;
    const source = state.opened[pinned?.board ?? 0]?.source;
    if (source === undefined) return;
    const target = pinned !== undefined ? { key: pinned.key } : { player: this.side.marks.player };
    const frame = jumpFrame(matchIndex(source), Math.round(state.pos), direction, target);
    if (frame === undefined) {
      this.el["search-result"]!.textContent =
        `no ${direction > 0 ? "later" : "earlier"} event of ${pinned !== undefined ? pinned.key : this.side.marks.player === undefined ? "any player" : `player ${this.side.marks.player}`}`;
      return;
    }
    this.el["search-result"]!.textContent = "";
    this.goTo(frame);
  }

  // ---- files ----

  /** Opens a file's bytes; a bad file shows its error on the page. */
  open(bytes: Uint8Array, name: string, url?: string): void {
    this.openAll([{ bytes, name, ...(url !== undefined ? { url } : {}) }]);
  }

  /** Opens two replays side by side on one timeline (compare). */
  compare(a: { bytes: Uint8Array; name: string }, b: { bytes: Uint8Array; name: string }): void {
    this.openAll([a, b]);
  }

  /**
   * Opens the files again with new bytes (a file still being written, a live match): the frame
   * shown stays, or follows the end when the end was shown.
   */
  reload(bytes: Uint8Array): void {
    const state = this.state;
    const current = state.opened[0];
    if (current === undefined) {
      this.open(bytes, state.fileName || "live");
      // Following a match: its latest frame.
      if (state.source) this.seek(state.length - 1, false);
      return;
    }
    const file = reopenFile(current, bytes);
    if (file === undefined) return;
    const frame = Math.round(state.pos);
    const atEnd = frame >= state.length - 1;
    state.opened = [file];
    this.afterOpen(atEnd ? file.source.length - 1 : Math.min(frame, file.source.length - 1));
  }

  /** Loads a replay or `.res` from a URL (`?replay=<url>`). */
  async openUrl(url: string): Promise<void> {
    this.setStatus("loading");
    const name = decodeURIComponent(url.split(/[?#]/)[0]!.split("/").pop() || "replay");
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
      this.open(new Uint8Array(await response.arrayBuffer()), name, url);
    } catch (error) {
      this.showError(name, `cannot load ${url}: ${(error as Error).message}`);
    }
  }

  private async openBlob(file: File): Promise<void> {
    this.open(new Uint8Array(await file.arrayBuffer()), file.name);
  }

  private openAll(files: FileToOpen[]): void {
    const state = this.state;
    this.pause();
    state.fileName = files.map((f) => f.name).join(" vs ");
    this.setStatus("loading");
    try {
      state.opened = openFiles(files, state.fileName);
    } catch (error) {
      if (!(error instanceof CannotOpen)) throw error;
      state.opened = [];
      this.showError(error.file, error.message);
      return;
    }
    const hash = this.firstOpen ? hashFrame() : undefined;
    this.firstOpen = false;
    state.pinned = undefined;
    document.body.classList.remove("pinned");
    this.afterOpen(hash ?? 0);
  }

  /** Shows the files just opened, at `frame`. */
  private afterOpen(frame: number): void {
    const state = this.state;
    const source = state.source!;
    this.showFileHeader();
    this.controls.showLength(state.length);
    showLegend(this.el.legend!, source.view, source.names.length);
    this.side.events.setPlayers(source.names);
    this.side.marks.setPlayers(source.names);
    this.side.notes.setup(source.names.length);
    // A default speed that plays the whole match in about 30 s.
    if (!state.live) this.playback.setSpeed(defaultSpeed(state.length));
    this.el.message!.hidden = true;
    this.el.zoom!.hidden = false;
    this.boards.make(state.opened);
    this.side.scoreboard.build();
    this.side.chart.show();
    this.setStatus("ready");
    this.fullLink.update();
    state.pos = Math.max(0, Math.min(frame, state.length - 1));
    this.shownFrame = -1;
    this.layout(true);
    // The timeline's marks index the whole match: after the first frame is on screen.
    setTimeout(() => {
      if (state.source === source) this.side.marks.draw();
    }, 0);
  }

  /** The game and file(s) in the header and the window's title; the files' warnings. */
  private showFileHeader(): void {
    const state = this.state;
    const source = state.source!;
    const game = source.view.engine.title as string;
    this.el.title!.innerHTML =
      `${esc(game)}<small>${esc(state.fileName)} · ${esc(source.kind)} · ${state.length} frames</small>`;
    document.title = `${game} · ${state.fileName} · arena viewer`;
    document.body.classList.toggle("compare", state.opened.length > 1);
    const warnings = state.opened.flatMap((o) => (o.source.warning ? [o.source.warning] : []));
    const note = compareNote(state.opened);
    if (note !== undefined) warnings.unshift(note);
    const warning = this.el.warning!;
    warning.hidden = warnings.length === 0 || state.live;
    warning.textContent = warnings.join(" · ");
  }

  /** A file that cannot be shown: its error instead of the match, the panels emptied. */
  private showError(name: string, message: string): void {
    this.boards.clear();
    this.el.zoom!.hidden = true;
    this.el.banner!.hidden = true;
    const box = this.el.message!;
    box.hidden = false;
    box.className = "message error";
    // Errors from core name the file first; the heading already does.
    const text = message.startsWith(`${name}: `) ? message.slice(name.length + 2) : message;
    box.innerHTML = `<h2>Cannot open ${esc(name)}</h2><p id="error">${esc(text)}</p><p>Open another file with <b>Open…</b> or drop one here.</p>`;
    this.el.title!.textContent = "arena viewer";
    for (const id of ["scoreboard", "legend", "units", "events", "inspector"])
      this.el[id]!.innerHTML = "";
    this.side.notes.clear();
    this.el.warning!.hidden = true;
    this.side.chart.clear();
    this.setStatus("error");
  }

  /** `empty`, `loading`, `ready` or `error`: without a match, the controls and chart are off. */
  private setStatus(status: string): void {
    this.controls.showStatus(status);
    this.side.chart.setIdle(status !== "ready");
  }

  /** Marks the page as following a match still being played (or a file still being written). */
  setLive(live: boolean): void {
    this.state.live = live;
    this.el["live-badge"]!.hidden = !live;
    document.body.dataset.live = live ? "following" : "done";
    if (!live && this.state.source) this.shownFrame = -1;
    this.render();
  }

  // ---- playback ----

  /** Goes to frame `i` (clamped), stopping any animation in between. */
  seek(i: number, remember = true): void {
    this.playback.seek(i, remember);
  }

  play(): void {
    this.playback.play();
  }

  pause(): void {
    this.playback.pause();
  }

  /** Pauses and goes to `frame` (a click on the chart or a log line). */
  private goTo(frame: number): void {
    this.pause();
    this.seek(frame);
  }

  private zoom(factor: number): void {
    this.boards.zoom(factor);
    this.render();
  }

  private help(show = this.el.help!.hidden): void {
    this.el.help!.hidden = !show;
  }

  // ---- drawing ----

  private layout(keepView = false): void {
    const source = this.state.source;
    if (!source) return;
    const [cols, rows] = source.view.size(source.frame(0));
    this.el.stage!.style.setProperty("--aspect", String(rows / cols));
    this.boards.layout(cols, rows, keepView);
    this.side.chart.chart.invalidate();
    this.shownFrame = -1;
    this.render();
  }

  /** Draws the position; a frame that cannot be drawn shows its error. */
  private render(): void {
    try {
      this.renderFrame();
    } catch (error) {
      const state = this.state;
      const name = state.fileName;
      state.opened = [];
      state.playing = false;
      this.controls.showPlaying(false);
      this.showError(name, `frame ${Math.floor(state.pos)}: ${(error as Error).message}`);
    }
  }

  private renderFrame(): void {
    const state = this.state;
    if (!state.source) return;
    const frame = Math.round(state.pos);
    this.boards.render(state, this.controls.animate, this.controls.showEvents, this.side.notes);
    if (frame !== this.shownFrame) {
      this.shownFrame = frame;
      this.showFrame(frame);
    }
    this.side.chart.draw();
  }

  /** What changes with the frame: the header, timeline, scoreboard and banner; the panels next. */
  private showFrame(i: number): void {
    const state = this.state;
    const source = state.source!;
    const view = source.view;
    const frame = source.frame(Math.min(i, source.length - 1));
    const label = view.label ? view.label(frame) : `Round ${view.round(frame)}`;
    this.controls.showFrame(label, i, state.length);
    document.body.dataset.frame = String(i);
    this.side.scoreboard.show(i);
    showBanner(this.el.banner!, state, i);
    if (this.embedded) this.fullLink.update();
    this.schedulePanels();
  }

  /**
   * The side panels, the tooltip and the live region follow once per animation frame: stepping
   * or scrubbing through many frames in one go pays for the board and scoreboard only.
   */
  private schedulePanels(): void {
    if (this.panelsPending) return;
    this.panelsPending = true;
    requestAnimationFrame(() => {
      this.panelsPending = false;
      const state = this.state;
      if (!state.source) return;
      this.fillPanels(false);
      this.side.tooltip.show();
      if (!state.playing) {
        const i = Math.round(state.pos);
        announce(this.el.announce!, this.boards.boards, state, i, this.controls.roundText);
      }
    });
  }

  /** The inspector, unit list, events list and bot log (throttled while playing). */
  private fillPanels(force: boolean): void {
    const now = performance.now();
    if (!force && this.state.playing && now - this.panelsAt < 250) return;
    this.panelsAt = now;
    const i = Math.round(this.state.pos);
    this.side.inspector.show(i);
    this.side.units.show(i);
    this.side.events.show(i);
    this.side.rejected.show(i);
    this.side.notes.show(i);
  }

  // ---- pinning ----

  /** A click on a cell of board `k`: pins its unit (or object); a second click unpins. */
  private pinAt(k: number, cell: [number, number]): void {
    const i = Math.round(this.state.pos);
    const here = this.state.piecesOf(k, i).filter((p) => p.row === cell[0] && p.col === cell[1]);
    // Units first; a second click on the pinned piece unpins it.
    const piece = here.find((p) => p.player !== undefined && !p.dead) ?? here[0];
    if (piece === undefined || this.state.pinned?.key === piece.key) this.pin(undefined);
    else this.pin(piece.key, k);
  }

  private pin(key: string | undefined, board = 0): void {
    this.state.pinned = key === undefined ? undefined : { key, board };
    // On a phone the inspector is then a sheet over the bottom of the screen.
    document.body.classList.toggle("pinned", key !== undefined);
    this.render();
    this.fillPanels(true);
    this.side.marks.draw();
  }

  /** For scripts and tests: `window.arenaViewer`. */
  get api() {
    const state = this.state;
    const boards = this.boards;
    return {
      open: (bytes: Uint8Array, name: string) => this.open(bytes, name),
      compare: (a: { bytes: Uint8Array; name: string }, b: { bytes: Uint8Array; name: string }) =>
        this.compare(a, b),
      seek: (i: number) => this.seek(i),
      play: () => this.play(),
      pause: () => this.pause(),
      speed: (framesPerSecond: number) =>
        this.playback.setSpeed(SPEEDS.findIndex((s) => s >= framesPerSecond)),
      frame: () => Math.round(state.pos),
      length: () => state.length,
      file: () => state.fileName,
      /** Page coordinates of the centre of cell (row, col) of board k. */
      cellCenter: (row: number, col: number, k = 0) => boards.boards[k]?.cellCenter(row, col),
      /** The board's rectangle on the page (board k). */
      boardRect: (k = 0) => boards.boards[k]?.boardRect(),
      /** The pieces of the frame shown (board k). */
      pieces: (k = 0) => (state.opened[k] ? state.piecesOf(k, Math.round(state.pos)) : []),
      /** The events drawn on board k in the last render. */
      drawnEvents: (k = 0) => boards.boards[k]?.drawnEvents ?? [],
      /** The annotations drawn on board k at the frame shown. */
      drawnNotes: (k = 0) =>
        state.opened[k] ? this.side.notes.annotations(k, Math.round(state.pos)) : [],
      zoom: (k = 0) => boards.boards[k]?.zoom ?? 1,
      /** The timeline's marks as drawn last (the marks' player only; `pinned`: the pinned unit's). */
      timelineMarks: () => this.side.marks.drawn,
      /** The marks' player (undefined: every player). */
      markPlayer: (player: number | undefined) => {
        this.side.marks.player = player;
        this.side.marks.draw();
      },
      /** Pins the piece `key` of board k (undefined: unpins). */
      pin: (key: string | undefined, k = 0) => this.pin(key, k),
      /** Player marks drawn on units in the last render of board k: numbers, or shapes (small cells). */
      playerMarks: (k = 0) => boards.boards[k]?.playerMarks ?? { numbers: 0, shapes: 0 },
      /** The units drawn with a rejected order on board k in the last render. */
      drawnRejected: (k = 0) => [...(boards.boards[k]?.drawnRejected ?? [])],
      /** What the chart plots (scores, or the difference A − B when comparing). */
      chartSeries: () => (state.source ? chartData(state.opened).series : []),
      /** The chart's hover readout as drawn last: `frame N`, then `p: value` per player. */
      chartReadout: () => this.side.chart.chart.readout,
    };
  }
}
