// The score chart under the scoreboard: every player's score over the match (or, comparing two
// replays, the difference A − B), with axes, the current frame and a hover readout.
import { playerColor } from "./types";

/** What the chart plots: `series[i][p]` = player p's value at frame i. */
export interface ChartData {
  series: number[][];
  /** The y axis label. */
  label: string;
}

const AXIS_LEFT = 44;
const AXIS_BOTTOM = 18;

/** Round tick step for a range (1, 2 or 5 × 10^k). */
function tickStep(range: number, ticks: number): number {
  const raw = range / Math.max(1, ticks);
  const power = 10 ** Math.floor(Math.log10(raw || 1));
  for (const k of [1, 2, 5, 10]) if (k * power >= raw) return k * power;
  return 10 * power;
}

/** Draws and redraws the chart on a canvas; the lines are cached until the data changes. */
export class Chart {
  private base: HTMLCanvasElement | undefined;
  private data: ChartData | undefined;
  private low = 0;
  private high = 1;
  /** The canvas's size in CSS pixels, measured when it changes (reading it forces a layout). */
  private width = 0;
  private height = 0;

  constructor(readonly canvas: HTMLCanvasElement) {
    new ResizeObserver(() => this.invalidate()).observe(canvas);
  }

  /** New data: the lines are drawn again. */
  set(data: ChartData | undefined): void {
    this.data = data;
    this.base = undefined;
  }

  /** Measures the canvas again and forgets the cached lines (after a resize). */
  invalidate(): void {
    this.base = undefined;
    this.width = this.canvas.clientWidth;
    this.height = this.canvas.clientHeight;
  }

  private get inner(): { width: number; height: number } {
    return {
      width: Math.max(1, this.width - AXIS_LEFT - 6),
      height: Math.max(1, this.height - AXIS_BOTTOM - 6),
    };
  }

  /** The frame under the page x coordinate `clientX`. */
  frameAt(clientX: number): number {
    const n = this.data?.series.length ?? 1;
    const rect = this.canvas.getBoundingClientRect();
    const f = (clientX - rect.left - AXIS_LEFT) / this.inner.width;
    return Math.max(0, Math.min(n - 1, Math.round(f * (n - 1))));
  }

  private x(i: number): number {
    const n = this.data?.series.length ?? 1;
    return AXIS_LEFT + (n > 1 ? (i / (n - 1)) * this.inner.width : 0);
  }

  private y(v: number): number {
    return 6 + this.inner.height - ((v - this.low) / (this.high - this.low)) * this.inner.height;
  }

  /** The lines of the readout drawn last (none when the pointer is not on the chart). */
  readout: string[] = [];

  /** Draws the chart with a cursor at `pos` and, when `hover` is given, a readout of that frame. */
  draw(pos: number, hover?: number): void {
    this.readout = [];
    const canvas = this.canvas;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = this;
    if (
      canvas.width !== Math.round(width * ratio) ||
      canvas.height !== Math.round(height * ratio)
    ) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      this.base = undefined;
    }
    const ctx = canvas.getContext("2d")!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const data = this.data;
    if (data === undefined || width === 0 || data.series.length === 0) return;
    if (this.base === undefined) this.base = this.drawBase(data, ratio, width, height);
    ctx.drawImage(this.base, 0, 0);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.strokeStyle = "#ffffffaa";
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(this.x(pos), 6);
    ctx.lineTo(this.x(pos), height - AXIS_BOTTOM);
    ctx.stroke();
    if (hover !== undefined) {
      const row = data.series[hover];
      if (row === undefined) return;
      const x = this.x(hover);
      ctx.strokeStyle = "#ffffff55";
      ctx.setLineDash([3, 3]);
      ctx.beginPath();
      ctx.moveTo(x, 6);
      ctx.lineTo(x, height - AXIS_BOTTOM);
      ctx.stroke();
      ctx.setLineDash([]);
      const lines = [`frame ${hover}`, ...row.map((v, p) => `${p}: ${v}`)];
      this.readout = lines;
      ctx.font = "11px system-ui, sans-serif";
      const boxWidth = Math.max(...lines.map((l) => ctx.measureText(l).width)) + 12;
      const boxX = x + boxWidth + 8 < width ? x + 6 : x - boxWidth - 6;
      ctx.fillStyle = "#000c";
      ctx.fillRect(boxX, 8, boxWidth, lines.length * 13 + 6);
      ctx.textAlign = "left";
      ctx.textBaseline = "top";
      lines.forEach((line, k) => {
        ctx.fillStyle = k === 0 ? "#fff" : playerColor(k - 1);
        ctx.fillText(line, boxX + 6, 11 + k * 13);
      });
    }
  }

  private drawBase(
    data: ChartData,
    ratio: number,
    width: number,
    height: number,
  ): HTMLCanvasElement {
    const base = document.createElement("canvas");
    base.width = Math.round(width * ratio);
    base.height = Math.round(height * ratio);
    const b = base.getContext("2d")!;
    b.setTransform(ratio, 0, 0, ratio, 0, 0);
    let low = 0;
    let high = 1;
    for (const row of data.series)
      for (const v of row) {
        if (v < low) low = v;
        if (v > high) high = v;
      }
    this.low = low;
    this.high = high;
    const n = data.series.length;
    // Axes: y ticks at round values, x ticks at round frames.
    b.font = "10px system-ui, sans-serif";
    b.fillStyle = "#9aa0ab";
    b.strokeStyle = "#3a3f4b";
    b.lineWidth = 1;
    b.textAlign = "right";
    b.textBaseline = "middle";
    const yStep = tickStep(high - low, 4);
    for (let v = Math.ceil(low / yStep) * yStep; v <= high; v += yStep) {
      const y = Math.round(this.y(v)) + 0.5;
      b.beginPath();
      b.moveTo(AXIS_LEFT, y);
      b.lineTo(width - 6, y);
      b.stroke();
      b.fillText(String(v), AXIS_LEFT - 4, y);
    }
    b.textAlign = "center";
    b.textBaseline = "top";
    const xStep = tickStep(n - 1, 4);
    for (let i = 0; i <= n - 1; i += xStep)
      b.fillText(String(i), this.x(i), height - AXIS_BOTTOM + 3);
    b.save();
    b.translate(7, 6 + this.inner.height / 2);
    b.rotate(-Math.PI / 2);
    b.textBaseline = "middle";
    b.fillText(data.label, 0, 0);
    b.restore();
    const stride = Math.max(1, Math.floor(n / (this.inner.width * 2)));
    const players = data.series[0]?.length ?? 0;
    for (let p = 0; p < players; p++) {
      b.beginPath();
      for (let i = 0; i < n; i += stride) {
        const v = data.series[i]![p]!;
        if (i === 0) b.moveTo(this.x(i), this.y(v));
        else b.lineTo(this.x(i), this.y(v));
      }
      b.lineTo(this.x(n - 1), this.y(data.series[n - 1]![p]!));
      b.strokeStyle = playerColor(p);
      b.lineWidth = 1.5;
      b.stroke();
    }
    return base;
  }
}
