// The timeline's marks: under the slider, one lane per kind (the pinned unit's moments, deaths,
// kills, captures, faults, rejected orders), each mark a tick in its player's colour at its frame,
// filtered by player; a click on a mark goes to it, the pointer over one names it.
import { esc } from "../html";
import { MARK_KINDS, type MarkKind, matchIndex, type TimelineMark } from "../match-index";
import { playerColor } from "../types";
import type { ViewerState } from "../viewer-state";

/** Lane height, CSS pixels; the pinned unit's lane is the first. */
const LANE = 4;
const LANES = MARK_KINDS.length + 1;
/** Half the slider's thumb: the track's first and last frames are this far from its ends. */
const THUMB = 8;
/** A click this close to a mark (CSS pixels) goes to it. */
const NEAR = 5;

/** A mark as drawn: its lane's kind (`pinned`: the pinned unit's moment). */
export interface DrawnMark {
  frame: number;
  kind: MarkKind | "pinned";
  player?: number;
  units: readonly string[];
}

/** The marks under the slider and their player filter. */
export class TimelineMarks {
  /** The player whose marks are shown (undefined: everyone). */
  player: number | undefined;
  /** The marks drawn last (for tests and the pointer). */
  drawn: DrawnMark[] = [];
  private readonly ctx: CanvasRenderingContext2D;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly select: HTMLSelectElement,
    private readonly state: ViewerState,
    goTo: (frame: number) => void,
  ) {
    this.ctx = canvas.getContext("2d")!;
    select.addEventListener("change", () => {
      const p = Number(select.value);
      this.player = p < 0 ? undefined : p;
      select.blur();
      this.draw();
    });
    canvas.addEventListener("click", (e) => {
      const x = e.offsetX;
      const near = this.nearest(x);
      goTo(near ?? this.frameAt(x));
    });
    canvas.addEventListener("mousemove", (e) => {
      canvas.title = this.describe(e.offsetX);
    });
    new ResizeObserver(() => this.draw()).observe(canvas);
  }

  /** The filter's choices: everyone, or one of `names`. */
  setPlayers(names: readonly string[]): void {
    if (this.player !== undefined && this.player >= names.length) this.player = undefined;
    this.select.innerHTML = `<option value="-1">every player</option>${names.map((n, p) => `<option value="${p}">${p} · ${esc(n)}</option>`).join("")}`;
    this.select.value = String(this.player ?? -1);
  }

  /** The x of frame `frame` on the track, CSS pixels. */
  private xOf(frame: number): number {
    const last = Math.max(1, this.state.length - 1);
    return THUMB + (frame / last) * Math.max(1, this.canvas.clientWidth - 2 * THUMB);
  }

  /** The frame under `x`. */
  private frameAt(x: number): number {
    const last = Math.max(1, this.state.length - 1);
    const width = Math.max(1, this.canvas.clientWidth - 2 * THUMB);
    return Math.max(0, Math.min(last, Math.round(((x - THUMB) / width) * last)));
  }

  /** The marks to draw: the first file's (filtered), then the pinned unit's moments. */
  private marks(): DrawnMark[] {
    const source = this.state.source;
    if (source === undefined) return [];
    const index = matchIndex(source);
    const out: DrawnMark[] = index.marks.filter(
      (m: TimelineMark) => this.player === undefined || m.player === this.player,
    );
    const pinned = this.state.pinned;
    const file = pinned === undefined ? undefined : this.state.opened[pinned.board]?.source;
    if (pinned !== undefined && file !== undefined)
      for (const m of matchIndex(file).units.get(pinned.key) ?? [])
        out.push({ frame: m.frame, kind: "pinned", units: [pinned.key] });
    return out;
  }

  /** Draws the marks again (a file, the filter, the pinned unit or the width changed). */
  draw(): void {
    const canvas = this.canvas;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    canvas.width = Math.max(1, Math.round(width * ratio));
    canvas.height = Math.round(LANES * LANE * ratio);
    const ctx = this.ctx;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, LANES * LANE);
    for (let lane = 0; lane < LANES; lane += 2) {
      ctx.fillStyle = "#ffffff0d";
      ctx.fillRect(0, lane * LANE, width, LANE);
    }
    this.drawn = this.marks();
    for (const mark of this.drawn) {
      const lane = mark.kind === "pinned" ? 0 : MARK_KINDS.indexOf(mark.kind) + 1;
      ctx.fillStyle =
        mark.kind === "pinned"
          ? "#ffffff"
          : mark.player === undefined
            ? "#bbbbbb"
            : playerColor(mark.player);
      ctx.fillRect(Math.round(this.xOf(mark.frame)) - 1, lane * LANE, 2, LANE);
    }
  }

  /** The frame of the mark nearest to `x`, if one is within reach. */
  private nearest(x: number): number | undefined {
    let best: number | undefined;
    let distance = NEAR;
    for (const mark of this.drawn) {
      const d = Math.abs(this.xOf(mark.frame) - x);
      if (d <= distance) {
        distance = d;
        best = mark.frame;
      }
    }
    return best;
  }

  /** The marks near `x`, in words (the canvas's title). */
  private describe(x: number): string {
    const frame = this.nearest(x);
    if (frame === undefined) return `frame ${this.frameAt(x)}`;
    const here = this.drawn.filter((m) => m.frame === frame);
    const counts = new Map<string, number>();
    for (const m of here) {
      const name = `${m.kind === "pinned" ? "pinned unit" : m.kind}${m.player === undefined ? "" : ` (player ${m.player})`}`;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return `frame ${frame}: ${[...counts].map(([name, n]) => (n > 1 ? `${n} × ${name}` : name)).join(", ")}`;
  }
}
