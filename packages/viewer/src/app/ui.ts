import { openFile } from "./load";
import type { Source } from "./source";
import { CSS } from "./style";
import { type PlayerLine, playerColor } from "./types";

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
  ["A", "animation on / off"],
  ["O", "open another file (or drop one on the page)"],
  ["H, ?", "this help; Esc closes it"],
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

/** The viewer page: controls, timeline, scoreboard, chart and board. */
export class App {
  private source: Source | undefined;
  /** Position in frames; fractional while an animation runs between two frames. */
  private pos = 0;
  private playing = false;
  private speedIndex = 6;
  private animate = true;
  /** The previous animation frame's timestamp; undefined until the first frame after play(). */
  private lastTime: number | undefined;
  private shownFrame = -1;
  private cell = 8;
  private readonly el: Record<string, HTMLElement> = {};
  private readonly ctx: CanvasRenderingContext2D;
  private chartBase: HTMLCanvasElement | undefined;
  private fileName = "";
  private hashTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(root: HTMLElement) {
    const style = document.createElement("style");
    style.textContent = CSS;
    document.head.append(style);
    root.innerHTML = `
<div id="app">
  <header>
    <div class="title" id="title">arena viewer</div>
    <button id="start" title="Start (Home)" aria-label="start">${ICON.start}</button>
    <button id="back" title="Previous frame (←)" aria-label="previous frame">${ICON.back}</button>
    <button id="play" title="Play / pause (Space)" aria-label="play">${ICON.play}</button>
    <button id="forward" title="Next frame (→)" aria-label="next frame">${ICON.forward}</button>
    <button id="end" title="End (End)" aria-label="end">${ICON.end}</button>
    <select id="speed" title="Speed (+ / −)" aria-label="speed">${SPEEDS.map((s, i) => `<option value="${i}">${s} / s</option>`).join("")}</select>
    <label class="toggle" title="Animation (A)"><input type="checkbox" id="animate" checked> animation</label>
    <span id="round" aria-live="polite"></span>
    <span class="spacer"></span>
    <button id="open" title="Open a file (O)">Open…</button>
    <button id="help-button" title="Help (H)" aria-label="help">?</button>
    <input type="file" id="file" hidden accept=".arena,.res,.replay,*">
  </header>
  <div id="timeline"><span id="frame-start">0</span><input type="range" id="scrub" min="0" max="0" value="0" aria-label="timeline"><span id="frame-end">0</span></div>
  <main>
    <aside>
      <div id="warning" class="warning" hidden></div>
      <div id="scoreboard"></div>
      <canvas id="chart" title="Scores over the match: click to go there"></canvas>
      <div id="legend" class="legend"></div>
    </aside>
    <div id="stage">
      <canvas id="board" hidden></canvas>
      <div id="message" class="message"><h2>arena viewer</h2><p>Open an arena replay or an original <code>.res</code> file (button <b>Open…</b>, key <kbd>O</kbd>, or drop it here).</p></div>
    </div>
  </main>
</div>
<div id="help" hidden><div class="message"><h2>Keyboard</h2><table>${HELP.map(([k, v]) => `<tr><td><kbd>${esc(k)}</kbd></td><td>${esc(v)}</td></tr>`).join("")}</table><p style="color:var(--dim)">Esc or H closes this window.</p></div></div>`;
    for (const id of [
      "title",
      "start",
      "back",
      "play",
      "forward",
      "end",
      "speed",
      "animate",
      "round",
      "open",
      "help-button",
      "file",
      "scrub",
      "frame-end",
      "warning",
      "scoreboard",
      "chart",
      "legend",
      "stage",
      "board",
      "message",
      "help",
    ])
      this.el[id] = root.querySelector(`#${id}`)!;
    this.ctx = (this.el.board as HTMLCanvasElement).getContext("2d")!;
    (this.el.speed as HTMLSelectElement).value = String(this.speedIndex);
    this.bind();
    this.setStatus("empty");
    new ResizeObserver(() => this.layout()).observe(this.el.stage!);
  }

  // ---- files ----

  /** Opens a file's bytes; a bad file shows its error on the page. */
  open(bytes: Uint8Array, name: string): void {
    this.pause();
    this.fileName = name;
    this.setStatus("loading");
    try {
      this.source = openFile(bytes, name);
      // Build the first and last frames now: a file that cannot be shown fails here, clearly.
      this.source.players(0);
      this.source.players(this.source.length - 1);
    } catch (error) {
      this.source = undefined;
      this.showError(name, (error as Error).message);
      return;
    }
    const source = this.source;
    const game = source.view.engine.title as string;
    this.el.title!.innerHTML =
      `${esc(game)}<small>${esc(name)} · ${esc(source.kind)} · ${source.length} frames</small>`;
    document.title = `${game} · ${name} · arena viewer`;
    const warning = this.el.warning!;
    warning.hidden = source.warning === undefined;
    warning.textContent = source.warning ?? "";
    const scrub = this.el.scrub as HTMLInputElement;
    scrub.max = String(source.length - 1);
    this.el["frame-end"]!.textContent = String(source.length - 1);
    this.el.legend!.innerHTML = (source.view.legend ?? [])
      .map(
        ([color, text, shape]) =>
          `<i class="${shape ?? "square"}" style="background:${color}"></i><span>${esc(text)}</span>`,
      )
      .join("");
    // A default speed that plays the whole match in about 30 s.
    const wanted = source.length / 30;
    this.speedIndex = SPEEDS.findIndex((s) => s >= wanted);
    if (this.speedIndex < 0) this.speedIndex = SPEEDS.length - 1;
    this.speedIndex = Math.max(this.speedIndex, 3);
    (this.el.speed as HTMLSelectElement).value = String(this.speedIndex);
    this.el.message!.hidden = true;
    this.el.board!.hidden = false;
    this.chartBase = undefined;
    this.setStatus("ready");
    const hash = /frame=(\d+)/.exec(location.hash);
    this.pos = hash ? Math.min(Number(hash[1]), source.length - 1) : 0;
    this.shownFrame = -1;
    this.layout();
  }

  private showError(name: string, message: string): void {
    this.el.board!.hidden = true;
    const box = this.el.message!;
    box.hidden = false;
    box.className = "message error";
    box.id = "message";
    // Errors from core name the file first; the heading already does.
    const text = message.startsWith(`${name}: `) ? message.slice(name.length + 2) : message;
    box.innerHTML = `<h2>Cannot open ${esc(name)}</h2><p id="error">${esc(text)}</p><p>Open another file with <b>Open…</b> or drop one here.</p>`;
    this.el.title!.textContent = "arena viewer";
    this.el.scoreboard!.innerHTML = "";
    this.el.legend!.innerHTML = "";
    this.el.warning!.hidden = true;
    this.chartBase = undefined;
    this.setStatus("error");
  }

  private async openBlob(file: File): Promise<void> {
    this.open(new Uint8Array(await file.arrayBuffer()), file.name);
  }

  private setStatus(status: string): void {
    document.body.dataset.status = status;
    // Without a match to show, the playback controls, timeline and chart are off.
    const idle = status !== "ready";
    for (const id of ["start", "back", "play", "forward", "end", "speed", "scrub"])
      (this.el[id] as HTMLButtonElement).disabled = idle;
    this.el.chart!.hidden = idle;
    if (idle) {
      this.el.round!.textContent = "";
      (this.el.scrub as HTMLInputElement).max = "0";
      this.el["frame-end"]!.textContent = "";
    }
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
    });
    on("animate", "change", () => {
      this.animate = (this.el.animate as HTMLInputElement).checked;
    });
    on("scrub", "input", () => {
      this.pause();
      this.seek(Number((this.el.scrub as HTMLInputElement).value));
    });
    on("open", "click", () => (this.el.file as HTMLInputElement).click());
    on("file", "change", () => {
      const file = (this.el.file as HTMLInputElement).files?.[0];
      if (file) void this.openBlob(file);
    });
    on("help-button", "click", () => this.help());
    on("help", "click", () => this.help(false));
    const chart = this.el.chart as HTMLCanvasElement;
    const chartSeek = (e: MouseEvent) => {
      if (!this.source) return;
      const rect = chart.getBoundingClientRect();
      this.pause();
      this.seek(Math.round(((e.clientX - rect.left) / rect.width) * (this.source.length - 1)));
    };
    chart.addEventListener("mousedown", chartSeek);
    chart.addEventListener("mousemove", (e) => {
      if (e.buttons === 1) chartSeek(e);
    });
    window.addEventListener("keydown", (e) => this.key(e));
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

  private key(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // Form controls keep their own keys (the timeline slider moves with the arrows itself).
    const tag = (e.target as HTMLElement).tagName;
    if ((tag === "SELECT" || tag === "INPUT") && e.key !== "h" && e.key !== "Escape") return;
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
      case "a":
        this.animate = !this.animate;
        (this.el.animate as HTMLInputElement).checked = this.animate;
        break;
      case "o":
        (this.el.file as HTMLInputElement).click();
        break;
      case "h":
      case "?":
        this.help();
        break;
      case "Escape":
        this.help(false);
        break;
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  }

  private help(show = this.el.help!.hidden): void {
    this.el.help!.hidden = !show;
  }

  private setSpeed(index: number): void {
    this.speedIndex = Math.max(0, Math.min(SPEEDS.length - 1, index));
    (this.el.speed as HTMLSelectElement).value = String(this.speedIndex);
  }

  /** Goes to frame `i` (clamped), stopping any animation in between. */
  seek(i: number): void {
    if (!this.source) return;
    this.pos = Math.max(0, Math.min(this.source.length - 1, Math.round(i)));
    this.render();
    if (!this.playing) this.rememberFrame();
  }

  /** Puts the frame in the address (`#frame=N`), once scrubbing settles (browsers throttle it). */
  private rememberFrame(): void {
    clearTimeout(this.hashTimer);
    this.hashTimer = setTimeout(() => {
      if (this.source) history.replaceState(null, "", `#frame=${Math.round(this.pos)}`);
    }, 300);
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
    if (this.pos >= this.source.length - 1) this.pos = 0;
    this.playing = true;
    document.body.dataset.playing = "true";
    this.el.play!.innerHTML = ICON.pause;
    this.lastTime = undefined;
    requestAnimationFrame((t) => this.tick(t));
  }

  pause(): void {
    if (!this.playing) return;
    this.playing = false;
    document.body.dataset.playing = "false";
    this.el.play!.innerHTML = ICON.play;
    this.pos = Math.floor(this.pos);
    this.render();
    this.rememberFrame();
  }

  private tick(now: number): void {
    if (!this.playing || !this.source) return;
    // Time is measured between animation frames only: the first frame after play() starts it.
    const elapsed = this.lastTime === undefined ? 0 : Math.min(now - this.lastTime, 250);
    this.lastTime = now;
    this.pos += (elapsed / 1000) * SPEEDS[this.speedIndex]!;
    if (this.pos >= this.source.length - 1) {
      this.pos = this.source.length - 1;
      this.render();
      this.pause();
      return;
    }
    this.render();
    requestAnimationFrame((t) => this.tick(t));
  }

  // ---- drawing ----

  private layout(): void {
    const source = this.source;
    if (!source) return;
    const [cols, rows] = source.view.size(source.frame(0));
    const stage = this.el.stage!;
    const width = stage.clientWidth - 20;
    const height = stage.clientHeight - 20;
    this.cell = Math.max(2, Math.floor(Math.min(width / cols, height / rows)));
    const ratio = window.devicePixelRatio || 1;
    const canvas = this.el.board as HTMLCanvasElement;
    canvas.width = Math.round(cols * this.cell * ratio);
    canvas.height = Math.round(rows * this.cell * ratio);
    canvas.style.width = `${cols * this.cell}px`;
    canvas.style.height = `${rows * this.cell}px`;
    this.ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    this.chartBase = undefined;
    this.shownFrame = -1;
    this.render();
  }

  private render(): void {
    try {
      this.renderFrame();
    } catch (error) {
      const name = this.fileName;
      this.source = undefined;
      this.playing = false;
      document.body.dataset.playing = "false";
      this.el.play!.innerHTML = ICON.play;
      this.showError(name, `frame ${Math.floor(this.pos)}: ${(error as Error).message}`);
    }
  }

  private renderFrame(): void {
    const source = this.source;
    if (!source) return;
    const i = Math.floor(this.pos);
    const t = this.pos - i;
    const view = source.view;
    const ctx = this.ctx;
    const canvas = this.el.board as HTMLCanvasElement;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.restore();
    if (this.animate && t > 0 && i + 1 < source.length) {
      view.draw(ctx, source.frame(i + 1), source.frame(i), t, this.cell);
    } else {
      view.draw(ctx, source.frame(i), undefined, 1, this.cell);
    }
    const shown = Math.round(this.pos);
    if (shown !== this.shownFrame) {
      this.shownFrame = shown;
      this.showFrame(shown);
    }
  }

  private showFrame(i: number): void {
    const source = this.source!;
    const frame = source.frame(i);
    const view = source.view;
    const label = view.label ? view.label(frame) : `Round ${view.round(frame)}`;
    this.el.round!.textContent = `${label} · ${i}/${source.length - 1}`;
    (this.el.scrub as HTMLInputElement).value = String(i);
    document.body.dataset.frame = String(i);
    this.scoreboard(source.players(i));
    this.drawChart();
  }

  private scoreboard(lines: PlayerLine[]): void {
    const source = this.source!;
    const order = lines.map((_, p) => p).sort((a, b) => lines[b]!.score - lines[a]!.score || a - b);
    const rank = new Map(order.map((p, k) => [p, k + 1]));
    this.el.scoreboard!.innerHTML = lines
      .map(
        (line, p) => `
<div class="player" data-player="${p}" style="--c:${playerColor(p)}">
  <div class="name"><span title="${esc(source.names[p] ?? "")}">${p} · ${esc(source.names[p] ?? `player ${p}`)}${line.out ? '<span class="out">OUT</span>' : ""}</span><span class="rank">#${rank.get(p)}</span></div>
  <div class="score" data-testid="score-${p}">${String(line.score)}</div>
  <div class="figures">${line.figures.map(([k, v]) => `<span>${esc(k)}</span><b>${esc(String(v))}</b>`).join("")}</div>
</div>`,
      )
      .join("");
  }

  private drawChart(): void {
    const canvas = this.el.chart as HTMLCanvasElement;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    if (canvas.width !== Math.round(width * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      this.chartBase = undefined;
    }
    const ctx = canvas.getContext("2d")!;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const source = this.source;
    if (!source || width === 0) return;
    const n = source.length;
    const x = (i: number) => 4 + (n > 1 ? (i / (n - 1)) * (width - 8) : 0);
    if (this.chartBase === undefined) {
      const base = document.createElement("canvas");
      base.width = canvas.width;
      base.height = canvas.height;
      const b = base.getContext("2d")!;
      b.setTransform(ratio, 0, 0, ratio, 0, 0);
      let low = 0;
      let high = 1;
      for (const row of source.scores)
        for (const v of row) {
          if (v < low) low = v;
          if (v > high) high = v;
        }
      const y = (v: number) => height - 4 - ((v - low) / (high - low)) * (height - 8);
      const stride = Math.max(1, Math.floor(n / (width * 2)));
      const players = source.scores[0]?.length ?? 0;
      for (let p = 0; p < players; p++) {
        b.beginPath();
        for (let i = 0; i < n; i += stride) {
          const v = source.scores[i]![p]!;
          if (i === 0) b.moveTo(x(i), y(v));
          else b.lineTo(x(i), y(v));
        }
        b.lineTo(x(n - 1), y(source.scores[n - 1]![p]!));
        b.strokeStyle = playerColor(p);
        b.lineWidth = 1.5;
        b.stroke();
      }
      this.chartBase = base;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.chartBase, 0, 0);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.strokeStyle = "#ffffffaa";
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(x(this.pos), 0);
    ctx.lineTo(x(this.pos), height);
    ctx.stroke();
  }

  /** For scripts and tests: `window.arenaViewer`. */
  get api() {
    return {
      open: (bytes: Uint8Array, name: string) => this.open(bytes, name),
      seek: (i: number) => this.seek(i),
      play: () => this.play(),
      pause: () => this.pause(),
      speed: (framesPerSecond: number) =>
        this.setSpeed(SPEEDS.findIndex((s) => s >= framesPerSecond)),
      frame: () => Math.round(this.pos),
      length: () => this.source?.length ?? 0,
      file: () => this.fileName,
    };
  }
}
