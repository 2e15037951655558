// One board on the page: a canvas filling its stage, the game drawn fitted, zoomed and panned,
// with the viewer's overlays on top (player numbers, or shapes on small cells, dead marks and
// countdowns, the round's events, rejected orders, the pinned piece, bot annotations).
import type { Annotation } from "./annotations";
import { drawAnnotations } from "./annotations";
import { lerp } from "./draw";
import type { Source } from "./source";
import type { BoardEvent, Piece } from "./types";
import { playerColor } from "./types";

/** What a board overlays on the game's own drawing. */
export interface Overlay {
  /** The piece to highlight (its key). */
  pinned?: string;
  /** Draw the events of the round being shown. */
  events: boolean;
  /** Annotations to draw, already filtered by the players shown. */
  annotations: Annotation[];
  /** The pieces with a rejected order in the turn from the frame shown (their keys). */
  rejected?: ReadonlySet<string>;
}

/**
 * A player's shape, drawn on its units where a cell is too small for its number (under 10 px):
 * colour is then not the only cue (players 2 and 3 are close under deuteranopia). The legend and
 * the scoreboard show each player's.
 */
export const PLAYER_SHAPES = ["•", "—", "|", "╲", "╱", "+", "×", "○"];

const EVENT_COLOR: Record<string, string> = {
  attack: "#ff1744",
  kill: "#ff1744",
  death: "#000000",
  capture: "#ff6d00",
  pickup: "#6200ea",
  safe: "#ffd400",
  ray: "#80deea",
  missile: "#ff1744",
  respawn: "#ffffff",
};

/** How each player's shape is traced (`PLAYER_SHAPES`), centred at (x, y), `r` its half size. */
const SHAPE_STROKES: Array<
  (ctx: CanvasRenderingContext2D, x: number, y: number, r: number) => void
> = [
  (ctx, x, y, r) => ctx.arc(x, y, r * 0.45, 0, Math.PI * 2),
  (ctx, x, y, r) => line(ctx, x - r, y, x + r, y),
  (ctx, x, y, r) => line(ctx, x, y - r, x, y + r),
  (ctx, x, y, r) => line(ctx, x - r, y - r, x + r, y + r),
  (ctx, x, y, r) => line(ctx, x - r, y + r, x + r, y - r),
  (ctx, x, y, r) => {
    line(ctx, x - r, y, x + r, y);
    line(ctx, x, y - r, x, y + r);
  },
  (ctx, x, y, r) => {
    line(ctx, x - r, y - r, x + r, y + r);
    line(ctx, x - r, y + r, x + r, y - r);
  },
  (ctx, x, y, r) => ctx.arc(x, y, r * 0.8, 0, Math.PI * 2),
];

function line(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number) {
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
}

/** A canvas showing frames of a source, with zoom (wheel, pinch, buttons) and pan (drag). */
export class BoardView {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  /** Size of a cell at zoom 1 (board fitted in the stage), in CSS pixels. */
  private fitCell = 8;
  zoom = 1;
  /** Offset of the board's top-left corner in the canvas, CSS pixels. */
  private panX = 0;
  private panY = 0;
  private width = 0;
  private height = 0;
  private cols = 1;
  private rows = 1;
  /** Events drawn in the last render (for tests and the live region). */
  drawnEvents: BoardEvent[] = [];
  /** How the units' players were marked in the last render: numbers, or shapes (small cells). */
  playerMarks = { numbers: 0, shapes: 0 };
  /** The pieces drawn with a rejected order in the last render. */
  drawnRejected: string[] = [];
  /** Pointers down (for pinch and drag). */
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private dragged = false;
  private pinchDistance = 0;
  onHover: (cell: [number, number] | undefined, x: number, y: number) => void = () => {};
  onClick: (cell: [number, number]) => void = () => {};
  /** Asks the page to draw again (after a zoom or pan). */
  onChange: () => void = () => {};

  constructor(
    readonly stage: HTMLElement,
    label: string,
  ) {
    this.canvas = document.createElement("canvas");
    this.canvas.className = "board";
    this.canvas.setAttribute("role", "img");
    this.canvas.setAttribute("aria-label", label);
    this.canvas.tabIndex = -1;
    stage.prepend(this.canvas);
    this.ctx = this.canvas.getContext("2d")!;
    this.bind();
  }

  /** Sizes the canvas to its stage and fits a board of `cols` × `rows` cells. */
  layout(cols: number, rows: number, keepView = false): void {
    const ratio = window.devicePixelRatio || 1;
    this.width = Math.max(1, this.stage.clientWidth);
    this.height = Math.max(1, this.stage.clientHeight);
    this.canvas.width = Math.round(this.width * ratio);
    this.canvas.height = Math.round(this.height * ratio);
    this.canvas.style.width = `${this.width}px`;
    this.canvas.style.height = `${this.height}px`;
    const changed = cols !== this.cols || rows !== this.rows;
    this.cols = cols;
    this.rows = rows;
    this.fitCell = Math.max(1, Math.min((this.width - 8) / cols, (this.height - 8) / rows));
    if (!keepView || changed) this.fit();
    else this.clampPan();
  }

  /** Back to the whole board, centred. */
  fit(): void {
    this.zoom = 1;
    this.panX = (this.width - this.cols * this.fitCell) / 2;
    this.panY = (this.height - this.rows * this.fitCell) / 2;
  }

  /** Current cell size in CSS pixels. */
  get cell(): number {
    return this.fitCell * this.zoom;
  }

  /** The board's rectangle in page (client) coordinates. */
  boardRect(): { x: number; y: number; width: number; height: number } {
    const r = this.canvas.getBoundingClientRect();
    return {
      x: r.left + this.panX,
      y: r.top + this.panY,
      width: this.cols * this.cell,
      height: this.rows * this.cell,
    };
  }

  /** The page (client) coordinates of the centre of cell (row, col). */
  cellCenter(row: number, col: number): [number, number] {
    const r = this.boardRect();
    return [r.x + (col + 0.5) * this.cell, r.y + (row + 0.5) * this.cell];
  }

  /** Zooms by `factor` keeping the canvas point (x, y) still. */
  zoomBy(factor: number, x = this.width / 2, y = this.height / 2): void {
    const next = Math.max(1, Math.min(32, this.zoom * factor));
    const k = next / this.zoom;
    this.panX = x - (x - this.panX) * k;
    this.panY = y - (y - this.panY) * k;
    this.zoom = next;
    this.clampPan();
    this.onChange();
  }

  /** Keeps part of the board on screen. */
  private clampPan(): void {
    const w = this.cols * this.cell;
    const h = this.rows * this.cell;
    const clamp = (v: number, size: number, room: number) =>
      size <= room ? (room - size) / 2 : Math.min(0, Math.max(room - size, v));
    this.panX = clamp(this.panX, w, this.width);
    this.panY = clamp(this.panY, h, this.height);
  }

  private cellAt(x: number, y: number): [number, number] | undefined {
    const col = Math.floor((x - this.panX) / this.cell);
    const row = Math.floor((y - this.panY) / this.cell);
    if (row < 0 || col < 0 || row >= this.rows || col >= this.cols) return undefined;
    return [row, col];
  }

  private bind(): void {
    const c = this.canvas;
    const local = (e: { clientX: number; clientY: number }): [number, number] => {
      const r = c.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    };
    c.addEventListener(
      "wheel",
      (e) => {
        e.preventDefault();
        const [x, y] = local(e);
        this.zoomBy(Math.exp(-e.deltaY / 300), x, y);
      },
      { passive: false },
    );
    c.addEventListener("pointerdown", (e) => {
      c.setPointerCapture(e.pointerId);
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.dragged = false;
      if (this.pointers.size === 2) this.pinchDistance = this.spread();
    });
    c.addEventListener("pointermove", (e) => {
      const last = this.pointers.get(e.pointerId);
      const [x, y] = local(e);
      if (last === undefined) {
        this.onHover(this.cellAt(x, y), e.clientX, e.clientY);
        return;
      }
      const dx = e.clientX - last.x;
      const dy = e.clientY - last.y;
      last.x = e.clientX;
      last.y = e.clientY;
      if (this.pointers.size === 2) {
        const spread = this.spread();
        if (this.pinchDistance > 0) {
          const [a, b] = [...this.pointers.values()];
          const r = c.getBoundingClientRect();
          this.zoomBy(
            spread / this.pinchDistance,
            (a!.x + b!.x) / 2 - r.left,
            (a!.y + b!.y) / 2 - r.top,
          );
        }
        this.pinchDistance = spread;
        this.dragged = true;
        return;
      }
      if (Math.abs(dx) + Math.abs(dy) > 0 && (this.dragged || Math.hypot(dx, dy) > 3)) {
        this.dragged = true;
        this.panX += dx;
        this.panY += dy;
        this.clampPan();
        this.onChange();
      }
    });
    const up = (e: PointerEvent) => {
      const was = this.pointers.delete(e.pointerId);
      if (this.pointers.size < 2) this.pinchDistance = 0;
      if (!was || this.dragged || e.type === "pointercancel") return;
      const [x, y] = local(e);
      const cell = this.cellAt(x, y);
      if (cell !== undefined) this.onClick(cell);
    };
    c.addEventListener("pointerup", up);
    c.addEventListener("pointercancel", up);
    c.addEventListener("pointerleave", (e) => {
      if (!this.pointers.has(e.pointerId)) this.onHover(undefined, 0, 0);
    });
    c.addEventListener("dblclick", () => {
      this.fit();
      this.onChange();
    });
  }

  private spread(): number {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  /** Draws position `pos` (fractional between frames while animating) of `source`. */
  render(source: Source, pos: number, animate: boolean, overlay: Overlay): void {
    const ctx = this.ctx;
    const ratio = window.devicePixelRatio || 1;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const last = source.length - 1;
    const i = Math.min(Math.floor(pos), last);
    const t = i < last ? pos - i : 0;
    const cell = this.cell;
    ctx.setTransform(ratio, 0, 0, ratio, ratio * this.panX, ratio * this.panY);
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, this.cols * cell, this.rows * cell);
    ctx.clip();
    const view = source.view;
    const moving = animate && t > 0;
    // The frame before the one shown first (its events need both): a replay rebuilds frames in
    // order from one cursor, so asking for them in this order costs one step, not two rebuilds.
    const shown = moving ? i + 1 : i;
    if (overlay.events && shown > 0) source.frame(shown - 1);
    const frame = moving ? source.frame(i + 1) : source.frame(i);
    const prev = moving ? source.frame(i) : undefined;
    view.draw(ctx, frame, prev, moving ? t : 1, cell);
    // Events of the round being animated (or of the round that led to the frame shown).
    this.drawnEvents = overlay.events && shown > 0 ? source.events(shown) : [];
    for (const event of this.drawnEvents) this.drawEvent(event, cell, moving ? t : 1);
    const pieces = source.pieces(shown);
    const before = moving ? new Map(source.pieces(i).map((p) => [p.key, p])) : undefined;
    this.playerMarks = { numbers: 0, shapes: 0 };
    this.drawnRejected = [];
    for (const piece of pieces) this.drawPiece(piece, before?.get(piece.key), t, cell, overlay);
    drawAnnotations(ctx, overlay.annotations, cell);
    ctx.restore();
  }

  /** Where a piece is drawn: between its two positions while animating a one-cell move. */
  private place(piece: Piece, old: Piece | undefined, t: number): [number, number] {
    if (old === undefined || old.dead || piece.dead) return [piece.row, piece.col];
    if (Math.max(Math.abs(old.row - piece.row), Math.abs(old.col - piece.col)) > 2)
      return [piece.row, piece.col];
    return [lerp(old.row, piece.row, t), lerp(old.col, piece.col, t)];
  }

  private drawPiece(
    piece: Piece,
    old: Piece | undefined,
    t: number,
    cell: number,
    overlay: Overlay,
  ): void {
    const ctx = this.ctx;
    const [row, col] = this.place(piece, old, t);
    const x = (col + 0.5) * cell;
    const y = (row + 0.5) * cell;
    if (piece.dead) {
      // A dead unit: a cross where it died and the rounds until it comes back.
      ctx.strokeStyle = piece.player === undefined ? "#000" : playerColor(piece.player);
      ctx.lineWidth = Math.max(1.5, cell / 6);
      ctx.beginPath();
      ctx.moveTo(x - cell * 0.35, y - cell * 0.35);
      ctx.lineTo(x + cell * 0.35, y + cell * 0.35);
      ctx.moveTo(x + cell * 0.35, y - cell * 0.35);
      ctx.lineTo(x - cell * 0.35, y + cell * 0.35);
      ctx.stroke();
      if (piece.countdown !== undefined && cell >= 9)
        this.label(String(piece.countdown), x + cell * 0.45, y - cell * 0.45, cell * 0.5, "#fff");
    } else if (piece.player !== undefined && piece.kind !== "lighthouse") {
      // The player's number on each unit, or its shape on small cells: colour is never the only cue.
      if (cell >= 10) {
        this.label(String(piece.player), x, y, Math.min(cell * 0.6, 15), "#fff");
        this.playerMarks.numbers++;
      } else {
        this.shape(piece.player, x, y, cell);
        this.playerMarks.shapes++;
      }
    }
    if (!piece.dead && overlay.rejected?.has(piece.key)) {
      this.rejectedMark(x, y, cell);
      this.drawnRejected.push(piece.key);
    }
    if (overlay.pinned === piece.key) {
      ctx.strokeStyle = "#ffffff";
      ctx.lineWidth = Math.max(2, cell / 6);
      ctx.strokeRect(x - cell * 0.75, y - cell * 0.75, cell * 1.5, cell * 1.5);
      ctx.strokeStyle = "#ff1744";
      ctx.lineWidth = Math.max(1, cell / 12);
      ctx.strokeRect(x - cell * 0.75, y - cell * 0.75, cell * 1.5, cell * 1.5);
    }
  }

  /**
   * Player `player`'s shape (`PLAYER_SHAPES`) at (x, y) on a small cell: white strokes with a
   * dark edge, the size of the cell.
   */
  private shape(player: number, x: number, y: number, cell: number): void {
    const ctx = this.ctx;
    const r = Math.max(1.5, cell * 0.38);
    const strokes = SHAPE_STROKES[((player % 8) + 8) % 8]!;
    ctx.lineCap = "round";
    for (const [width, color] of [
      [Math.max(2.5, cell * 0.32), "#000"],
      [Math.max(1, cell * 0.14), "#fff"],
    ] as const) {
      ctx.lineWidth = width;
      ctx.strokeStyle = color;
      ctx.fillStyle = color;
      ctx.beginPath();
      // The dot is filled: its dark edge is a larger dot under it.
      strokes(ctx, x, y, player % 8 === 0 && color === "#000" ? r * 1.5 : r);
      if (player % 8 === 0) ctx.fill();
      else ctx.stroke();
    }
    ctx.lineCap = "butt";
  }

  /** A rejected order's mark on its unit: a red ring with a slash (a "no" sign), top right. */
  private rejectedMark(x: number, y: number, cell: number): void {
    const ctx = this.ctx;
    const r = Math.max(2.5, cell * 0.28);
    const cx = x + cell * 0.4;
    const cy = y - cell * 0.4;
    ctx.lineWidth = Math.max(1.2, cell / 9);
    ctx.strokeStyle = "#000";
    ctx.fillStyle = "#fff";
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = "#ff1744";
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(cx - r * 0.7, cy + r * 0.7);
    ctx.lineTo(cx + r * 0.7, cy - r * 0.7);
    ctx.stroke();
  }

  /** Text with a dark halo, readable on any background. */
  private label(text: string, x: number, y: number, size: number, color: string): void {
    const ctx = this.ctx;
    ctx.font = `bold ${Math.max(7, Math.floor(size))}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    ctx.lineWidth = Math.max(2, size / 4);
    ctx.strokeStyle = "#000";
    ctx.strokeText(text, x, y);
    ctx.fillStyle = color;
    ctx.fillText(text, x, y);
  }

  private drawEvent(event: BoardEvent, cell: number, t: number): void {
    if (event.kind === "move") return;
    const ctx = this.ctx;
    const color = EVENT_COLOR[event.kind] ?? "#fff";
    const [r0, c0] = event.at;
    const x0 = (c0 + 0.5) * cell;
    const y0 = (r0 + 0.5) * cell;
    if (event.to !== undefined && event.kind !== "ray") {
      const x1 = (event.to[1] + 0.5) * cell;
      const y1 = (event.to[0] + 0.5) * cell;
      ctx.strokeStyle = color;
      ctx.lineWidth = Math.max(1.5, cell / 7);
      ctx.setLineDash([Math.max(2, cell / 4), Math.max(2, cell / 6)]);
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(lerp(x0, x1, Math.min(1, t * 1.5)), lerp(y0, y1, Math.min(1, t * 1.5)));
      ctx.stroke();
      ctx.setLineDash([]);
    }
    if (event.kind === "death" || event.kind === "kill") {
      // A burst at the victim's cell (the target of a kill, the place of a death).
      const [r, c] = event.kind === "kill" && event.to !== undefined ? event.to : event.at;
      const x = (c + 0.5) * cell;
      const y = (r + 0.5) * cell;
      const radius = cell * (0.45 + 0.35 * t);
      ctx.beginPath();
      for (let k = 0; k < 16; k++) {
        const a = (k * Math.PI) / 8;
        const rr = k % 2 === 0 ? radius : radius * 0.5;
        if (k === 0) ctx.moveTo(x + rr, y);
        else ctx.lineTo(x + rr * Math.cos(a), y + rr * Math.sin(a));
      }
      ctx.closePath();
      ctx.fillStyle = "rgba(255, 23, 68, 0.55)";
      ctx.fill();
      ctx.lineWidth = Math.max(1, cell / 10);
      ctx.strokeStyle = "#000";
      ctx.stroke();
    } else if (event.kind !== "ray") {
      ctx.beginPath();
      ctx.arc(x0, y0, cell * (0.5 + 0.3 * t), 0, Math.PI * 2);
      ctx.lineWidth = Math.max(1.5, cell / 8);
      ctx.strokeStyle = color;
      ctx.stroke();
    }
  }
}
