import type { Annotation, BotNote } from "./annotations";
import { BoardView } from "./board";
import { logLines } from "./bot-log";
import { Chart } from "./chart";
import { openFile } from "./load";
import type { Source } from "./source";
import { CSS } from "./style";
import { type BoardEvent, type Piece, type PlayerLine, playerColor, type Stat } from "./types";

/** Playback speeds, in frames per second. */
const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000, 2500];

const HELP: Array<[string, string]> = [
  ["Space, K", "play / pause"],
  ["→, L", "next frame"],
  ["←, J", "previous frame"],
  ["Shift + → / ←", "10 frames forward / back"],
  ["Page Down / Up", "100 frames forward / back"],
  ["Home, End", "start, end of the match"],
  ["+ / −", "faster / slower"],
  ["Z / X, 0", "zoom in / out, whole board"],
  ["A", "animation on / off"],
  ["E", "events on the board on / off"],
  ["O", "open another file (or drop one on the page)"],
  ["H, ?", "this help; Esc closes it (and unpins a unit)"],
  ["Board", "hover: what is there; click: pin and follow a unit; wheel or pinch: zoom; drag: pan"],
  ["Timeline, chart", "click or drag to go to any frame"],
];

/** Button icons (inline SVG: no font needs to have the glyphs). */
const svg = (body: string): string =>
  `<svg width="14" height="14" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">${body}</svg>`;
const ICON = {
  start: svg('<rect x="2" y="2" width="2" height="12"/><path d="M14 2 5 8l9 6z"/>'),
  back: svg('<path d="M12 2 4 8l8 6z"/>'),
  play: svg('<path d="M4 2v12l10-6z"/>'),
  pause: svg(
    '<rect x="3" y="2" width="3.5" height="12"/><rect x="9.5" y="2" width="3.5" height="12"/>',
  ),
  forward: svg('<path d="M4 2l8 6-8 6z"/>'),
  end: svg('<path d="M2 2l9 6-9 6z"/><rect x="12" y="2" width="2" height="12"/>'),
};

const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Ranks with ties sharing a rank (1, 2, 2, 4): `rank[p]`. */
export function ranks(scores: number[]): number[] {
  return scores.map((s) => 1 + scores.filter((other) => other > s).length);
}

/** One opened file. */
interface Opened {
  source: Source;
  name: string;
  /** Where it was loaded from, when it came from a URL (for links). */
  url?: string;
  bytes: Uint8Array;
}

/** The viewer page: controls, timeline, scoreboard, chart, inspector, events and board(s). */
export class App {
  private opened: Opened[] = [];
  private boards: BoardView[] = [];
  /** Position in frames; fractional while an animation runs between two frames. */
  private pos = 0;
  private playing = false;
  private speedIndex = 6;
  private animate = true;
  private showEvents = true;
  /** Players whose bot annotations are drawn. */
  private notesShown = new Set<number>();
  /** The event list's player filter (−1: everyone) and whether it lists moves. */
  private eventPlayer = -1;
  private eventMoves = false;
  /** The pinned piece (followed across frames): its key and the board it is on. */
  private pinned: { key: string; board: number } | undefined;
  private hover: { board: number; cell: [number, number]; x: number; y: number } | undefined;
  /** The previous animation frame's timestamp; undefined until the first frame after play(). */
  private lastTime: number | undefined;
  private shownFrame = -1;
  private panelsAt = 0;
  private hashAt = 0;
  private chartHover: number | undefined;
  private readonly el: Record<string, HTMLElement> = {};
  private readonly chart: Chart;
  private fileName = "";
  private hashTimer: ReturnType<typeof setTimeout> | undefined;
  /** The first file opened follows `#frame=N`; later ones start at frame 0. */
  private firstOpen = true;
  /** Embedded in another page (`?embed`): a compact page fed by `postMessage`. */
  readonly embedded: boolean;

  constructor(root: HTMLElement, options: { embedded?: boolean } = {}) {
    this.embedded = options.embedded ?? false;
    const style = document.createElement("style");
    style.textContent = CSS;
    document.head.append(style);
    if (this.embedded) document.body.classList.add("embedded");
    root.innerHTML = `
<div id="app">
  <header>
    <div class="title" id="title">arena viewer</div>
    <div class="controls">
    <button id="start" title="Start (Home)" aria-label="start">${ICON.start}</button>
    <button id="back" title="Previous frame (←)" aria-label="previous frame">${ICON.back}</button>
    <button id="play" title="Play / pause (Space)" aria-label="play">${ICON.play}</button>
    <button id="forward" title="Next frame (→)" aria-label="next frame">${ICON.forward}</button>
    <button id="end" title="End (End)" aria-label="end">${ICON.end}</button>
    <select id="speed" title="Speed (+ / −)" aria-label="speed">${SPEEDS.map((s, i) => `<option value="${i}">${s} / s</option>`).join("")}</select>
    <label class="toggle" title="Animation (A)"><input type="checkbox" id="animate" checked> animation</label>
    <label class="toggle" title="Events on the board (E)"><input type="checkbox" id="show-events" checked> events</label>
    </div>
    <span id="round"></span>
    <span class="spacer"></span>
    <span id="live-badge" hidden>● live</span>
    <a id="full" hidden target="_blank" rel="noopener">open full viewer ↗</a>
    <button id="open" title="Open a file (O)">Open…</button>
    <button id="help-button" title="Help (H)" aria-label="help">?</button>
    <input type="file" id="file" hidden accept=".arena,.res,.replay,*">
  </header>
  <div id="timeline"><span id="frame-start">0</span><input type="range" id="scrub" min="0" max="0" value="0" aria-label="timeline"><span id="frame-end">0</span></div>
  <main>
    <div id="stage">
      <div id="boards"></div>
      <div id="zoom" class="zoom" hidden><button id="zoom-in" title="Zoom in (Z)" aria-label="zoom in">+</button><button id="zoom-out" title="Zoom out (X)" aria-label="zoom out">−</button><button id="zoom-fit" title="Whole board (0)" aria-label="whole board">⤢</button></div>
      <div id="banner" hidden></div>
      <div id="message" class="message"><h2>arena viewer</h2><p>Open an arena replay or an original <code>.res</code> file (button <b>Open…</b>, key <kbd>O</kbd>, or drop it here).</p></div>
    </div>
    <aside>
      <div id="warning" class="warning" hidden></div>
      <div id="scoreboard"></div>
      <figure class="chart"><canvas id="chart" role="img" aria-label="Scores over the match: click to go there"></canvas><figcaption id="chart-caption"></figcaption></figure>
      <section id="inspector" class="panel" aria-label="inspector"></section>
      <details id="units-panel" class="panel"><summary>Units</summary><div id="units"></div></details>
      <details id="events-panel" class="panel" open><summary>Events of this round</summary>
        <div class="row"><select id="event-player" aria-label="events of"><option value="-1">every player</option></select>
        <label class="toggle"><input type="checkbox" id="event-moves"> moves</label></div>
        <ol id="events"></ol></details>
      <details id="notes-panel" class="panel" hidden open><summary>Bot annotations and logs</summary><div id="note-toggles" class="row"></div><div id="notes"></div></details>
      <div id="legend" class="legend"></div>
    </aside>
  </main>
</div>
<div id="tooltip" role="tooltip" hidden></div>
<div id="announce" class="visually-hidden" aria-live="polite"></div>
<div id="help" hidden><div class="message"><h2>Keyboard</h2><table>${HELP.map(([k, v]) => `<tr><td><kbd>${esc(k)}</kbd></td><td>${esc(v)}</td></tr>`).join("")}</table><p style="color:var(--dim)">Esc or H closes this window.</p></div></div>`;
    for (const node of root.querySelectorAll<HTMLElement>("[id]")) this.el[node.id] = node;
    for (const node of document.querySelectorAll<HTMLElement>("#tooltip, #announce, #help"))
      this.el[node.id] = node;
    this.chart = new Chart(this.el.chart as HTMLCanvasElement);
    (this.el.speed as HTMLSelectElement).value = String(this.speedIndex);
    this.bind();
    this.setStatus("empty");
    new ResizeObserver(() => this.layout(true)).observe(this.el.stage!);
    window.addEventListener("hashchange", () => {
      const frame = this.hashFrame();
      if (frame !== undefined && frame !== Math.round(this.pos)) {
        this.pause();
        this.seek(frame, false);
      }
    });
  }

  private get source(): Source | undefined {
    return this.opened[0]?.source;
  }

  /** Frames on the timeline: the longest of the files shown. */
  private get length(): number {
    return Math.max(0, ...this.opened.map((o) => o.source.length));
  }

  private hashFrame(): number | undefined {
    const hash = /frame=(\d+)/.exec(location.hash);
    return hash ? Number(hash[1]) : undefined;
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
    const current = this.opened[0];
    if (current === undefined) {
      this.open(bytes, this.fileName || "live");
      // Following a match: its latest frame.
      if (this.source) this.seek(this.length - 1, false);
      return;
    }
    let source: Source;
    try {
      source = openFile(bytes, current.name, current.source);
    } catch {
      return; // a partly written frame: the next update will do
    }
    const atEnd = Math.round(this.pos) >= this.length - 1;
    this.opened = [{ ...current, source, bytes }];
    this.afterOpen(atEnd ? source.length - 1 : Math.min(Math.round(this.pos), source.length - 1));
  }

  private openAll(files: Array<{ bytes: Uint8Array; name: string; url?: string }>): void {
    this.pause();
    this.fileName = files.map((f) => f.name).join(" vs ");
    this.setStatus("loading");
    const opened: Opened[] = [];
    for (const file of files) {
      try {
        const source = openFile(file.bytes, file.name);
        // Build the first and last frames now: a file that cannot be shown fails here, clearly.
        source.players(0);
        source.players(source.length - 1);
        opened.push({ source, ...file });
      } catch (error) {
        this.opened = [];
        this.showError(file.name, (error as Error).message);
        return;
      }
    }
    if (opened.length === 2 && opened[0]!.source.view !== opened[1]!.source.view) {
      this.opened = [];
      this.showError(
        this.fileName,
        `these are replays of two different games (${opened.map((o) => o.source.view.engine.title).join(" and ")}): compare needs two of the same game`,
      );
      return;
    }
    this.opened = opened;
    const hash = this.firstOpen ? this.hashFrame() : undefined;
    this.firstOpen = false;
    this.pinned = undefined;
    this.afterOpen(hash ?? 0);
  }

  private afterOpen(frame: number): void {
    const source = this.source!;
    const game = source.view.engine.title as string;
    const compare = this.opened.length > 1;
    this.el.title!.innerHTML =
      `${esc(game)}<small>${esc(this.fileName)} · ${esc(source.kind)} · ${this.length} frames</small>`;
    document.title = `${game} · ${this.fileName} · arena viewer`;
    document.body.classList.toggle("compare", compare);
    const warnings = this.opened.flatMap((o) => (o.source.warning ? [o.source.warning] : []));
    const warning = this.el.warning!;
    warning.hidden = warnings.length === 0 || this.live;
    warning.textContent = warnings.join(" · ");
    const scrub = this.el.scrub as HTMLInputElement;
    scrub.max = String(this.length - 1);
    this.el["frame-end"]!.textContent = String(this.length - 1);
    this.el.legend!.innerHTML = (source.view.legend ?? [])
      .map(
        ([color, text, shape]) =>
          `<i class="${shape ?? "square"}" style="background:${color}"></i><span>${esc(text)}</span>`,
      )
      .join("");
    const players = source.names.length;
    (this.el["event-player"] as HTMLSelectElement).innerHTML =
      `<option value="-1">every player</option>${source.names.map((n, p) => `<option value="${p}">${p} · ${esc(n)}</option>`).join("")}`;
    (this.el["event-player"] as HTMLSelectElement).value = String(this.eventPlayer);
    this.setupNotes(players);
    // A default speed that plays the whole match in about 30 s.
    if (!this.live) {
      const wanted = this.length / 30;
      this.speedIndex = SPEEDS.findIndex((s) => s >= wanted);
      if (this.speedIndex < 0) this.speedIndex = SPEEDS.length - 1;
      this.speedIndex = Math.max(this.speedIndex, 3);
      (this.el.speed as HTMLSelectElement).value = String(this.speedIndex);
    }
    this.el.message!.hidden = true;
    this.el.zoom!.hidden = false;
    this.makeBoards();
    this.buildScoreboard();
    this.chart.set(this.chartData());
    this.el["chart-caption"]!.textContent = compare
      ? `Score difference, ${this.opened[0]!.name} − ${this.opened[1]!.name}, per player`
      : "Scores over the match";
    this.setStatus("ready");
    this.updateFullLink();
    this.pos = Math.max(0, Math.min(frame, this.length - 1));
    this.shownFrame = -1;
    this.layout(true);
  }

  /** One board per file (two side by side when comparing). */
  private makeBoards(): void {
    const holder = this.el.boards!;
    const wanted = this.opened.length;
    if (this.boards.length !== wanted) {
      holder.innerHTML = "";
      this.boards = this.opened.map((o, k) => {
        const wrap = document.createElement("div");
        wrap.className = "board-wrap";
        if (wanted > 1) {
          const caption = document.createElement("div");
          caption.className = "board-caption";
          caption.textContent = `${"AB"[k]} · ${o.name}`;
          wrap.append(caption);
        }
        holder.append(wrap);
        const board = new BoardView(wrap, `${o.source.view.engine.title} board`);
        board.canvas.id = k === 0 ? "board" : `board-${k}`;
        board.onChange = () => this.render();
        board.onHover = (cell, x, y) => {
          this.hover = cell === undefined ? undefined : { board: k, cell, x, y };
          this.showTooltip();
        };
        board.onClick = (cell) => this.pinAt(k, cell);
        return board;
      });
    } else {
      this.boards.forEach((b, k) => {
        const caption = b.stage.querySelector(".board-caption");
        if (caption) caption.textContent = `${"AB"[k]} · ${this.opened[k]!.name}`;
      });
    }
  }

  private showError(name: string, message: string): void {
    for (const b of this.boards) b.stage.remove();
    this.boards = [];
    this.el.boards!.innerHTML = "";
    this.el.zoom!.hidden = true;
    this.el.banner!.hidden = true;
    const box = this.el.message!;
    box.hidden = false;
    box.className = "message error";
    // Errors from core name the file first; the heading already does.
    const text = message.startsWith(`${name}: `) ? message.slice(name.length + 2) : message;
    box.innerHTML = `<h2>Cannot open ${esc(name)}</h2><p id="error">${esc(text)}</p><p>Open another file with <b>Open…</b> or drop one here.</p>`;
    this.el.title!.textContent = "arena viewer";
    for (const id of ["scoreboard", "legend", "units", "events", "inspector", "notes"])
      this.el[id]!.innerHTML = "";
    this.logShape = "";
    this.el.warning!.hidden = true;
    this.chart.set(undefined);
    this.setStatus("error");
  }

  private async openBlob(file: File): Promise<void> {
    this.open(new Uint8Array(await file.arrayBuffer()), file.name);
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

  private setStatus(status: string): void {
    document.body.dataset.status = status;
    // Without a match to show, the playback controls, timeline and chart are off.
    const idle = status !== "ready";
    for (const id of ["start", "back", "play", "forward", "end", "speed", "scrub"])
      (this.el[id] as HTMLButtonElement).disabled = idle;
    this.el.chart!.parentElement!.hidden = idle;
    if (idle) {
      this.el.round!.textContent = "";
      (this.el.scrub as HTMLInputElement).max = "0";
      this.el["frame-end"]!.textContent = "";
    }
  }

  // ---- live ----

  private live = false;

  /** Marks the page as following a match still being played (or a file still being written). */
  setLive(live: boolean): void {
    this.live = live;
    this.el["live-badge"]!.hidden = !live;
    document.body.dataset.live = live ? "following" : "done";
    if (!live && this.source) this.shownFrame = -1;
    this.render();
  }

  // ---- embedding ----

  /** The "open full viewer" link of the embedded page. */
  private updateFullLink(): void {
    const link = this.el.full as HTMLAnchorElement;
    link.hidden = !this.embedded || this.opened.length === 0;
    if (link.hidden) return;
    const url = new URL(location.href);
    url.searchParams.delete("embed");
    const from = this.opened[0]?.url;
    if (from !== undefined) url.searchParams.set("replay", new URL(from, location.href).href);
    url.hash = `frame=${Math.round(this.pos)}`;
    link.href = url.href;
  }

  /** Opens the full viewer in a new window and hands it the bytes (no URL to give it). */
  private openFull(event: Event): void {
    const first = this.opened[0];
    if (first === undefined || first.url !== undefined) return; // the link's href does it
    event.preventDefault();
    const full = window.open((this.el.full as HTMLAnchorElement).href, "_blank");
    if (full === null) return;
    const frame = Math.round(this.pos);
    const send = (e: MessageEvent) => {
      if (e.source !== full || (e.data as { type?: string })?.type !== "arena:ready") return;
      window.removeEventListener("message", send);
      full.postMessage({ type: "arena:open", bytes: first.bytes, name: first.name, frame }, "*");
    };
    window.addEventListener("message", send);
  }

  // ---- controls ----

  private bind(): void {
    const on = (id: string, event: string, fn: (e: Event) => void) =>
      this.el[id]!.addEventListener(event, fn);
    on("start", "click", () => this.seek(0));
    on("end", "click", () => this.seek(Number.POSITIVE_INFINITY));
    on("back", "click", () => this.stepBy(-1));
    on("forward", "click", () => this.stepBy(1));
    on("play", "click", () => this.toggle());
    on("speed", "change", () => {
      this.speedIndex = Number((this.el.speed as HTMLSelectElement).value);
      (this.el.speed as HTMLSelectElement).blur();
    });
    on("animate", "change", () => {
      this.animate = (this.el.animate as HTMLInputElement).checked;
    });
    on("show-events", "change", () => {
      this.showEvents = (this.el["show-events"] as HTMLInputElement).checked;
      this.render();
    });
    on("scrub", "input", () => {
      this.pause();
      this.seek(Number((this.el.scrub as HTMLInputElement).value));
    });
    on("scrub", "change", () => (this.el.scrub as HTMLInputElement).blur());
    on("open", "click", () => (this.el.file as HTMLInputElement).click());
    on("file", "change", () => {
      const file = (this.el.file as HTMLInputElement).files?.[0];
      if (file) void this.openBlob(file);
    });
    on("help-button", "click", () => this.help());
    on("help", "click", () => this.help(false));
    on("zoom-in", "click", () => this.zoom(1.5));
    on("zoom-out", "click", () => this.zoom(1 / 1.5));
    on("zoom-fit", "click", () => this.zoom(0));
    on("full", "click", (e) => this.openFull(e));
    on("event-player", "change", () => {
      this.eventPlayer = Number((this.el["event-player"] as HTMLSelectElement).value);
      (this.el["event-player"] as HTMLSelectElement).blur();
      this.panels(true);
    });
    on("event-moves", "change", () => {
      this.eventMoves = (this.el["event-moves"] as HTMLInputElement).checked;
      this.panels(true);
    });
    on("notes", "click", (e) => {
      const line = (e.target as HTMLElement).closest<HTMLElement>("button[data-frame]");
      if (line === null) return;
      this.pause();
      this.seek(Number(line.dataset.frame));
    });
    on("note-toggles", "change", (e) => {
      const box = e.target as HTMLInputElement;
      const p = Number(box.dataset.player);
      if (box.checked) this.notesShown.add(p);
      else this.notesShown.delete(p);
      this.render();
      this.panels(true);
    });
    // Buttons never keep the focus after a click: the keys stay the viewer's.
    document.addEventListener("mousedown", (e) => {
      if ((e.target as HTMLElement).closest("button")) e.preventDefault();
    });
    on("units-panel", "toggle", () => this.panels(true));
    on("units", "click", (e) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>("[data-key]");
      if (row) this.pin(row.dataset.key!, Number(row.dataset.board ?? 0));
    });
    on("inspector", "click", (e) => {
      if ((e.target as HTMLElement).closest("#unpin")) this.pin(undefined);
    });
    const chart = this.el.chart as HTMLCanvasElement;
    const chartSeek = (e: MouseEvent) => {
      if (!this.source) return;
      this.pause();
      this.seek(this.chart.frameAt(e.clientX));
    };
    chart.addEventListener("mousedown", chartSeek);
    chart.addEventListener("mousemove", (e) => {
      if (e.buttons === 1) chartSeek(e);
      this.chartHover = this.chart.frameAt(e.clientX);
      this.chart.draw(this.pos, this.chartHover);
      chart.title = "";
    });
    chart.addEventListener("mouseleave", () => {
      this.chartHover = undefined;
      this.chart.draw(this.pos);
    });
    window.addEventListener("keydown", (e) => this.key(e), true);
    window.addEventListener("dragover", (e) => {
      e.preventDefault();
      document.body.classList.add("dragging");
    });
    window.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
    window.addEventListener("drop", (e) => {
      e.preventDefault();
      document.body.classList.remove("dragging");
      const file = e.dataTransfer?.files[0];
      if (file) void this.openBlob(file);
    });
  }

  private zoom(factor: number): void {
    for (const b of this.boards) {
      if (factor === 0) b.fit();
      else b.zoomBy(factor);
    }
    this.render();
  }

  private key(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target as HTMLElement;
    // Text fields keep their keys; every other control (slider, list, check box, button) gives
    // the viewer its keys, whatever was clicked last.
    if (
      target.tagName === "TEXTAREA" ||
      (target.tagName === "INPUT" &&
        !["range", "checkbox", "file"].includes((target as HTMLInputElement).type))
    )
      return;
    if (target.tagName === "BUTTON" && (e.key === "Enter" || e.key === " ")) return;
    const big = e.shiftKey ? 10 : 1;
    let handled = true;
    switch (e.key) {
      case " ":
      case "k":
        this.toggle();
        break;
      case "ArrowRight":
      case "l":
        this.stepBy(big);
        break;
      case "ArrowLeft":
      case "j":
        this.stepBy(-big);
        break;
      case "PageDown":
        this.stepBy(100);
        break;
      case "PageUp":
        this.stepBy(-100);
        break;
      case "Home":
        this.seek(0);
        break;
      case "End":
        this.seek(Number.POSITIVE_INFINITY);
        break;
      case "+":
      case "=":
        this.setSpeed(this.speedIndex + 1);
        break;
      case "-":
        this.setSpeed(this.speedIndex - 1);
        break;
      case "z":
        this.zoom(1.5);
        break;
      case "x":
        this.zoom(1 / 1.5);
        break;
      case "0":
        this.zoom(0);
        break;
      case "a":
        this.animate = !this.animate;
        (this.el.animate as HTMLInputElement).checked = this.animate;
        break;
      case "e":
        this.showEvents = !this.showEvents;
        (this.el["show-events"] as HTMLInputElement).checked = this.showEvents;
        this.render();
        break;
      case "o":
        (this.el.file as HTMLInputElement).click();
        break;
      case "h":
      case "?":
        this.help();
        break;
      case "Escape":
        if (!this.el.help!.hidden) this.help(false);
        else this.pin(undefined);
        break;
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  private help(show = this.el.help!.hidden): void {
    this.el.help!.hidden = !show;
  }

  private setSpeed(index: number): void {
    this.speedIndex = Math.max(0, Math.min(SPEEDS.length - 1, index));
    (this.el.speed as HTMLSelectElement).value = String(this.speedIndex);
  }

  /** Goes to frame `i` (clamped), stopping any animation in between. */
  seek(i: number, remember = true): void {
    if (!this.source) return;
    this.pos = Math.max(0, Math.min(this.length - 1, Math.round(i)));
    this.render();
    if (!this.playing && remember) this.rememberFrame();
  }

  /** Puts the frame in the address (`#frame=N`), once scrubbing settles (browsers throttle it). */
  private rememberFrame(delay = 150): void {
    clearTimeout(this.hashTimer);
    this.hashTimer = setTimeout(() => {
      if (!this.source) return;
      const frame = Math.round(this.pos);
      if (this.hashFrame() !== frame) history.replaceState(null, "", `#frame=${frame}`);
      this.updateFullLink();
    }, delay);
  }

  private stepBy(delta: number): void {
    this.pause();
    this.seek(Math.round(this.pos) + delta);
  }

  private toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  play(): void {
    if (!this.source) return;
    if (this.pos >= this.length - 1) this.pos = 0;
    this.playing = true;
    document.body.dataset.playing = "true";
    this.el.play!.innerHTML = ICON.pause;
    this.el.play!.setAttribute("aria-label", "pause");
    this.lastTime = undefined;
    requestAnimationFrame((t) => this.tick(t));
  }

  pause(): void {
    if (!this.playing) return;
    this.playing = false;
    document.body.dataset.playing = "false";
    this.el.play!.innerHTML = ICON.play;
    this.el.play!.setAttribute("aria-label", "play");
    this.pos = Math.floor(this.pos);
    this.shownFrame = -1;
    this.render();
    this.rememberFrame();
  }

  private tick(now: number): void {
    if (!this.playing || !this.source) return;
    // Time is measured between animation frames only: the first frame after play() starts it.
    const elapsed = this.lastTime === undefined ? 0 : Math.min(now - this.lastTime, 250);
    this.lastTime = now;
    this.pos += (elapsed / 1000) * SPEEDS[this.speedIndex]!;
    if (this.pos >= this.length - 1) {
      this.pos = this.length - 1;
      this.render();
      this.pause();
      return;
    }
    this.render();
    // The address follows playback too, once a second.
    if (now - this.hashAt > 1000) {
      this.hashAt = now;
      this.rememberFrame(0);
    }
    requestAnimationFrame((t) => this.tick(t));
  }

  // ---- drawing ----

  private layout(keepView = false): void {
    const source = this.source;
    if (!source) return;
    const [cols, rows] = source.view.size(source.frame(0));
    this.el.stage!.style.setProperty("--aspect", String(rows / cols));
    for (const b of this.boards) b.layout(cols, rows, keepView);
    this.chart.invalidate();
    this.shownFrame = -1;
    this.render();
  }

  private render(): void {
    try {
      this.renderFrame();
    } catch (error) {
      const name = this.fileName;
      this.opened = [];
      this.playing = false;
      document.body.dataset.playing = "false";
      this.el.play!.innerHTML = ICON.play;
      this.showError(name, `frame ${Math.floor(this.pos)}: ${(error as Error).message}`);
    }
  }

  /** The annotations of frame i drawn on board k (the players shown only). */
  private annotations(k: number, i: number): Annotation[] {
    if (this.notesShown.size === 0) return [];
    const source = this.opened[k]!.source;
    const notes = source.notes(Math.min(i, source.length - 1));
    if (notes.length === 0) return [];
    const place = placeOnBoard(source, Math.min(i, source.length - 1));
    const out: Annotation[] = [];
    notes.forEach((note, p) => {
      if (note === undefined || !this.notesShown.has(p)) return;
      out.push(place(p, note));
    });
    return out;
  }

  private renderFrame(): void {
    if (!this.source) return;
    const frame = Math.round(this.pos);
    this.boards.forEach((board, k) => {
      const source = this.opened[k]!.source;
      const pos = Math.min(this.pos, source.length - 1);
      board.render(source, pos, this.animate && this.playing, {
        ...(this.pinned?.board === k ? { pinned: this.pinned.key } : {}),
        events: this.showEvents,
        annotations: this.annotations(k, Math.floor(pos)),
      });
    });
    if (frame !== this.shownFrame) {
      this.shownFrame = frame;
      this.showFrame(frame);
    }
    this.chart.draw(this.pos, this.chartHover);
  }

  private showFrame(i: number): void {
    const source = this.source!;
    const view = source.view;
    const frame = source.frame(Math.min(i, source.length - 1));
    const label = view.label ? view.label(frame) : `Round ${view.round(frame)}`;
    this.el.round!.textContent = `${label} · ${i}/${this.length - 1}`;
    (this.el.scrub as HTMLInputElement).value = String(i);
    document.body.dataset.frame = String(i);
    this.scoreboard(i);
    this.banner(i);
    if (this.embedded) this.updateFullLink();
    this.schedulePanels();
  }

  private panelsPending = false;

  /**
   * The side panels, the tooltip and the live region follow once per animation frame: stepping
   * or scrubbing through many frames in one go pays for the board and scoreboard only.
   */
  private schedulePanels(): void {
    if (this.panelsPending) return;
    this.panelsPending = true;
    requestAnimationFrame(() => {
      this.panelsPending = false;
      if (!this.source) return;
      this.panels(false);
      this.showTooltip();
      if (!this.playing) this.announce(Math.round(this.pos));
    });
  }

  /** The live region: what the frame shows, said once the viewer stops on it (not while playing). */
  private announce(i: number): void {
    const source = this.source!;
    const lines = source.players(Math.min(i, source.length - 1));
    const order = ranks(lines.map((l) => l.score));
    const text = `${this.el.round!.textContent}. ${lines
      .map((l, p) => `${source.names[p]} rank ${order[p]} score ${l.score}${l.out ? " out" : ""}`)
      .join("; ")}.`;
    const events = source.events(Math.min(i, source.length - 1)).filter((e) => e.kind !== "move");
    this.el.announce!.textContent = `${text}${events.length ? ` ${events.length} events.` : ""}`;
    for (const board of this.boards)
      board.canvas.setAttribute(
        "aria-label",
        `${source.view.engine.title} board, ${this.el.round!.textContent}. ${events
          .slice(0, 5)
          .map((e) => e.text)
          .join(". ")}`,
      );
  }

  /** The scoreboard's cards, built once per file; each frame only updates their numbers. */
  private scoreCards: Array<{
    score: HTMLElement;
    rank: HTMLElement;
    figures: HTMLElement;
    out: HTMLElement;
    shown: string;
  }> = [];

  private buildScoreboard(): void {
    this.el.scoreboard!.innerHTML = this.opened
      .map((o, k) => {
        const source = o.source;
        const heading =
          this.opened.length > 1
            ? `<div class="board-caption">${"AB"[k]} · ${esc(o.name)}</div>`
            : "";
        const id = (p: number) => `${k === 0 ? "" : `${k}-`}${p}`;
        return `${heading}${source.names
          .map(
            (name, p) => `
<div class="player" data-player="${p}" style="--c:${playerColor(p)}">
  <div class="name"><span title="${esc(name)}"><b class="glyph">${p}</b> ${esc(name)}<span class="out" hidden>OUT</span></span><span class="rank" data-testid="rank-${id(p)}"></span></div>
  <div class="score" data-testid="score-${id(p)}"></div>
  <div class="figures"></div>
</div>`,
          )
          .join("")}`;
      })
      .join("");
    this.scoreCards = [...this.el.scoreboard!.querySelectorAll<HTMLElement>(".player")].map(
      (card) => ({
        score: card.querySelector(".score")!,
        rank: card.querySelector(".rank")!,
        figures: card.querySelector(".figures")!,
        out: card.querySelector(".out")!,
        shown: "",
      }),
    );
  }

  private scoreboard(i: number): void {
    let card = 0;
    for (const o of this.opened) {
      const source = o.source;
      const lines: PlayerLine[] = source.players(Math.min(i, source.length - 1));
      const rank = ranks(lines.map((l) => l.score));
      lines.forEach((line, p) => {
        const c = this.scoreCards[card++];
        if (c === undefined) return;
        const figures = line.figures.map(([key, v]) => `${key}\u0000${v}`).join("\u0001");
        const shown = `${line.score}|${rank[p]}|${line.out}|${figures}`;
        if (shown === c.shown) return;
        c.shown = shown;
        c.score.textContent = String(line.score);
        c.rank.textContent = `#${rank[p]}`;
        c.out.hidden = !line.out;
        c.figures.innerHTML = line.figures
          .map(([key, v]) => `<span>${esc(key)}</span><b>${esc(String(v))}</b>`)
          .join("");
      });
    }
  }

  /** The end-of-match banner: who won, on the last frame of a finished match. */
  private banner(i: number): void {
    const box = this.el.banner!;
    const parts: string[] = [];
    for (const o of this.opened) {
      const source = o.source;
      if (!source.over || this.live || i < source.length - 1) continue;
      const lines = source.players(source.length - 1);
      const rank = ranks(lines.map((l) => l.score));
      const winners = rank.flatMap((r, p) => (r === 1 ? [p] : []));
      const names = winners.map((p) => `${p} · ${source.names[p]}`).join(", ");
      const prefix = this.opened.length > 1 ? `${o.name}: ` : "";
      parts.push(
        `${prefix}${winners.length > 1 ? `Tie between ${names}` : `${names} wins`} with ${lines[winners[0]!]!.score}`,
      );
    }
    const html = parts.length ? `<b>Match over</b><br>${parts.map(esc).join("<br>")}` : "";
    if (box.innerHTML === html) return;
    box.hidden = parts.length === 0;
    box.innerHTML = html;
  }

  /** The inspector, unit list, events list and bot log (throttled while playing). */
  private panels(force: boolean): void {
    const now = performance.now();
    if (!force && this.playing && now - this.panelsAt < 250) return;
    this.panelsAt = now;
    const i = Math.round(this.pos);
    this.inspector(i);
    if ((this.el["units-panel"] as HTMLDetailsElement).open) this.unitList(i);
    this.eventList(i);
    this.noteLog(i);
  }

  private piecesOf(k: number, i: number): Piece[] {
    const source = this.opened[k]!.source;
    return source.pieces(Math.min(i, source.length - 1));
  }

  private statTable(stats: Stat[]): string {
    return `<dl>${stats.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(String(v))}</dd>`).join("")}</dl>`;
  }

  private pieceHtml(piece: Piece): string {
    const swatch =
      piece.player === undefined
        ? ""
        : `<i class="swatch" style="background:${playerColor(piece.player)}"></i>`;
    return `<div class="piece" data-key="${esc(piece.key)}"><h3>${swatch}${esc(piece.kind)} ${piece.id}${piece.player === undefined ? "" : ` · player ${piece.player}`}${piece.dead ? ` · dead, back in ${piece.countdown ?? "?"}` : ""}</h3>${this.statTable(piece.stats)}</div>`;
  }

  private inspector(i: number): void {
    const box = this.el.inspector!;
    box.dataset.frame = String(i);
    const pinned = this.pinned;
    if (pinned === undefined) {
      box.innerHTML = `<p class="dim">Hover the board to see a cell; click a unit to pin it and follow it.</p>`;
      return;
    }
    const piece = this.piecesOf(pinned.board, i).find((p) => p.key === pinned.key);
    const notes = this.unitNotes(pinned.board, i, piece);
    box.innerHTML = `<div class="pinned-head"><b>Pinned</b><button id="unpin" title="Unpin (Esc)">unpin</button></div>${
      piece === undefined
        ? `<p class="dim">${esc(pinned.key)} is not on the board now.</p>`
        : this.pieceHtml(piece)
    }${notes}`;
  }

  /** A bot's per-unit text for a piece, shown in the inspector. */
  private unitNotes(k: number, i: number, piece: Piece | undefined): string {
    if (piece?.player === undefined) return "";
    const note = this.opened[k]!.source.notes(i)[piece.player];
    const text = note?.units?.find((u) => u.id === piece.id)?.text;
    return text === undefined ? "" : `<p class="note">bot: ${esc(text)}</p>`;
  }

  private unitList(i: number): void {
    const source = this.source!;
    const pieces = this.piecesOf(0, i).filter((p) => p.player !== undefined);
    const byPlayer = source.names.map((_, p) => pieces.filter((piece) => piece.player === p));
    this.el.units!.innerHTML = byPlayer
      .map(
        (list, p) =>
          `<div class="unit-group" style="--c:${playerColor(p)}"><div class="unit-head"><b class="glyph">${p}</b> ${esc(source.names[p] ?? "")} · ${list.length}</div>${list
            .map(
              (piece) =>
                `<button class="unit${this.pinned?.key === piece.key ? " on" : ""}${piece.dead ? " dead" : ""}" data-key="${esc(piece.key)}" data-board="0">${esc(piece.kind)} ${piece.id} <small>(${piece.row}, ${piece.col})${piece.dead ? " †" : ""}</small></button>`,
            )
            .join("")}</div>`,
      )
      .join("");
  }

  private eventList(i: number): void {
    const out: string[] = [];
    this.opened.forEach((o, k) => {
      const source = o.source;
      if (i >= source.length) return;
      const events = source
        .events(i)
        .filter(
          (e: BoardEvent) =>
            (this.eventMoves || e.kind !== "move") &&
            (this.eventPlayer < 0 || e.player === this.eventPlayer),
        );
      if (this.opened.length > 1)
        out.push(`<li class="board-caption">${"AB"[k]} · ${esc(o.name)}</li>`);
      if (events.length === 0)
        out.push(`<li class="dim">${i === 0 ? "the match starts" : "no events"}</li>`);
      for (const e of events.slice(0, 300))
        out.push(
          `<li class="event ${e.kind}" data-kind="${e.kind}" data-player="${e.player ?? ""}" style="--c:${e.player === undefined ? "#888" : playerColor(e.player)}"><span class="kind">${e.kind}</span> ${esc(e.text)}</li>`,
        );
      if (events.length > 300) out.push(`<li class="dim">… and ${events.length - 300} more</li>`);
    });
    this.el.events!.innerHTML = out.join("");
  }

  // ---- bot annotations ----

  /** The bot log's blocks (one per file and player) as last built: rebuilt only when they change. */
  private logShape = "";

  private setupNotes(players: number): void {
    const has = this.opened.some((o) => {
      if (o.source.stderr.some((text) => text)) return true;
      for (let i = 0; i < o.source.length; i++) if (o.source.notes(i).some((n) => n)) return true;
      return false;
    });
    this.el["notes-panel"]!.hidden = !has;
    if (!has) {
      this.notesShown.clear();
      this.logShape = "";
      return;
    }
    if (this.notesShown.size === 0) for (let p = 0; p < players; p++) this.notesShown.add(p);
    this.el["note-toggles"]!.innerHTML = Array.from(
      { length: players },
      (_, p) =>
        `<label class="toggle" style="color:${playerColor(p)}"><input type="checkbox" data-player="${p}"${this.notesShown.has(p) ? " checked" : ""}> ${p}</label>`,
    ).join("");
    // One block per bot (per file when comparing): its log, then the end of its stderr. Built
    // once per file (a live reload keeps them, and a stderr the user opened stays open).
    const compare = this.opened.length > 1;
    const shape = JSON.stringify(this.opened.map((o) => [o.name, o.source.names, o.source.stderr]));
    if (shape === this.logShape) return;
    this.logShape = shape;
    this.el.notes!.innerHTML = this.opened
      .flatMap((o, k) =>
        o.source.names.map((name, p) => {
          const stderr = o.source.stderr[p];
          return `<div class="bot-log" data-board="${k}" data-player="${p}" style="--c:${playerColor(p)}"><div class="unit-head"><b class="glyph">${p}</b> ${esc(name)}${
            compare ? ` <small>${esc(o.name)}</small>` : ""
          }</div><ol class="log"></ol>${
            stderr
              ? `<details class="stderr"><summary>end of stderr (its last ${stderr.length} characters)</summary><pre class="stderr">${esc(stderr)}</pre></details>`
              : ""
          }</div>`;
        }),
      )
      .join("");
  }

  private noteLog(i: number): void {
    if (this.el["notes-panel"]!.hidden) return;
    for (const block of Array.from(this.el.notes!.querySelectorAll<HTMLElement>(".bot-log"))) {
      const p = Number(block.dataset.player);
      block.hidden = !this.notesShown.has(p);
      if (block.hidden) continue;
      const source = this.opened[Number(block.dataset.board)]?.source;
      if (source === undefined) continue;
      const at = Math.min(i, source.length - 1);
      // Every turn's text up to the frame shown (the newest ones), newest last; a line's frame
      // number goes to that frame.
      const { frames, earlier } = logLines(source, p, at);
      const lines = frames.map((k) => {
        // The turn's text, then what the bot wrote on stderr during that turn (styled apart).
        const note = source.notes(k)[p]!;
        const text =
          note.text !== undefined ? `<span class="note-text">${esc(note.text)}</span>` : "";
        const dropped =
          note.stderrDropped !== undefined
            ? `<i class="dim">[… ${note.stderrDropped} more characters not kept]</i>`
            : "";
        const stderr =
          note.stderr !== undefined || dropped
            ? `<pre class="turn-stderr" title="stderr of turn ${k}">${esc((note.stderr ?? "").replace(/\n$/, ""))}${dropped}</pre>`
            : "";
        return `<li${k === at ? ' class="now"' : ""} data-frame="${k}"><button type="button" data-frame="${k}" title="go to frame ${k}">${k}</button> ${text}${stderr}</li>`;
      });
      if (earlier > 0) lines.unshift(`<li class="dim">… ${earlier} earlier lines</li>`);
      const list = block.querySelector("ol")!;
      list.innerHTML = lines.join("") || '<li class="dim">no text yet</li>';
      list.scrollTop = list.scrollHeight;
    }
  }

  // ---- inspector ----

  private pinAt(k: number, cell: [number, number]): void {
    const i = Math.round(this.pos);
    const here = this.piecesOf(k, i).filter((p) => p.row === cell[0] && p.col === cell[1]);
    // Units first; a second click on the pinned piece unpins it.
    const piece = here.find((p) => p.player !== undefined && !p.dead) ?? here[0];
    if (piece === undefined || this.pinned?.key === piece.key) this.pin(undefined);
    else this.pin(piece.key, k);
  }

  private pin(key: string | undefined, board = 0): void {
    this.pinned = key === undefined ? undefined : { key, board };
    this.render();
    this.panels(true);
  }

  private showTooltip(): void {
    const tip = this.el.tooltip!;
    const hover = this.hover;
    if (hover === undefined || !this.opened[hover.board]) {
      tip.hidden = true;
      return;
    }
    const source = this.opened[hover.board]!.source;
    const i = Math.min(Math.round(this.pos), source.length - 1);
    const [row, col] = hover.cell;
    const pieces = source.pieces(i).filter((p) => p.row === row && p.col === col);
    tip.innerHTML = `<div class="dim">cell (${row}, ${col})</div>${this.statTable(source.view.cellInfo(source.frame(i), row, col))}${pieces.map((p) => this.pieceHtml(p) + this.unitNotes(hover.board, i, p)).join("")}`;
    tip.hidden = false;
    const x = Math.min(hover.x + 14, window.innerWidth - tip.offsetWidth - 4);
    const y =
      hover.y + 14 + tip.offsetHeight > window.innerHeight
        ? hover.y - tip.offsetHeight - 8
        : hover.y + 14;
    tip.style.left = `${Math.max(0, x)}px`;
    tip.style.top = `${Math.max(0, y)}px`;
  }

  private chartData() {
    if (this.opened.length === 1) return { series: this.source!.scores, label: "score" };
    const [a, b] = [this.opened[0]!.source, this.opened[1]!.source];
    const n = Math.max(a.length, b.length);
    const series: number[][] = [];
    for (let i = 0; i < n; i++) {
      const x = a.scores[Math.min(i, a.length - 1)]!;
      const y = b.scores[Math.min(i, b.length - 1)]!;
      series.push(x.map((v, p) => v - (y[p] ?? 0)));
    }
    return { series, label: "A − B" };
  }

  /** For scripts and tests: `window.arenaViewer`. */
  get api() {
    return {
      open: (bytes: Uint8Array, name: string) => this.open(bytes, name),
      compare: (a: { bytes: Uint8Array; name: string }, b: { bytes: Uint8Array; name: string }) =>
        this.compare(a, b),
      seek: (i: number) => this.seek(i),
      play: () => this.play(),
      pause: () => this.pause(),
      speed: (framesPerSecond: number) =>
        this.setSpeed(SPEEDS.findIndex((s) => s >= framesPerSecond)),
      frame: () => Math.round(this.pos),
      length: () => this.length,
      file: () => this.fileName,
      /** Page coordinates of the centre of cell (row, col) of board k. */
      cellCenter: (row: number, col: number, k = 0) => this.boards[k]?.cellCenter(row, col),
      /** The board's rectangle on the page (board k). */
      boardRect: (k = 0) => this.boards[k]?.boardRect(),
      /** The pieces of the frame shown (board k). */
      pieces: (k = 0) => (this.opened[k] ? this.piecesOf(k, Math.round(this.pos)) : []),
      /** The events drawn on board k in the last render. */
      drawnEvents: (k = 0) => this.boards[k]?.drawnEvents ?? [],
      /** The annotations drawn on board k at the frame shown. */
      drawnNotes: (k = 0) => (this.opened[k] ? this.annotations(k, Math.round(this.pos)) : []),
      zoom: (k = 0) => this.boards[k]?.zoom ?? 1,
      /** What the chart plots (scores, or the difference A − B when comparing). */
      chartSeries: () => (this.source ? this.chartData().series : []),
      /** The chart's hover readout as drawn last: `frame N`, then `p: value` per player. */
      chartReadout: () => this.chart.readout,
    };
  }
}

/** Places a bot's note on the display grid of `source` at frame i. */
function placeOnBoard(source: Source, i: number): (player: number, note: BotNote) => Annotation {
  const view = source.view;
  const frame = source.frame(i);
  const cell = (c: [number, number]): [number, number] =>
    view.displayCell ? view.displayCell(frame, c) : c;
  const pieces = source.pieces(i);
  return (player, note) => ({
    player,
    marks: (note.marks ?? []).map((m) => ({
      at: cell(m.cell),
      ...(m.color !== undefined ? { color: m.color } : {}),
      ...(m.text !== undefined ? { text: m.text } : {}),
    })),
    lines: (note.lines ?? []).map((l) => ({
      from: cell(l.from),
      to: cell(l.to),
      ...(l.color !== undefined ? { color: l.color } : {}),
    })),
    units: (note.units ?? []).map((u) => {
      const piece =
        pieces.find((p) => p.id === u.id && p.player === player && !p.dead) ??
        pieces.find((p) => p.id === u.id && p.player !== undefined);
      return {
        id: u.id,
        text: u.text,
        ...(piece ? { at: [piece.row, piece.col] as [number, number] } : {}),
      };
    }),
    ...(note.text !== undefined ? { text: note.text } : {}),
  });
}
