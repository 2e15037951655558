// The chart under the scoreboard: every player's score over the match, or, comparing two files,
// the score difference A − B per player. Click or drag on it to go to a frame; hovering reads
// the values out.
import { Chart, type ChartData } from "../chart";
import type { Opened, ViewerState } from "../viewer-state";

/** What the chart plots: the scores, or the difference A − B of two files (frame by frame). */
export function chartData(opened: readonly Opened[]): ChartData {
  if (opened.length === 1) return { series: opened[0]!.source.scores, label: "score" };
  const [a, b] = [opened[0]!.source, opened[1]!.source];
  const n = Math.max(a.length, b.length);
  const series: number[][] = [];
  for (let i = 0; i < n; i++) {
    const x = a.scores[Math.min(i, a.length - 1)]!;
    const y = b.scores[Math.min(i, b.length - 1)]!;
    series.push(x.map((v, p) => v - (y[p] ?? 0)));
  }
  return { series, label: "A − B" };
}

/** The chart panel; `goTo` pauses and goes to a frame clicked on it. */
export class ChartPanel {
  readonly chart: Chart;
  /** The frame under the pointer, for the readout. */
  private hover: number | undefined;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly caption: HTMLElement,
    private readonly state: ViewerState,
    goTo: (frame: number) => void,
  ) {
    this.chart = new Chart(canvas);
    const seek = (e: MouseEvent) => {
      if (!this.state.source) return;
      goTo(this.chart.frameAt(e.clientX));
    };
    canvas.addEventListener("mousedown", seek);
    canvas.addEventListener("mousemove", (e) => {
      if (e.buttons === 1) seek(e);
      this.hover = this.chart.frameAt(e.clientX);
      this.chart.draw(this.state.pos, this.hover);
      canvas.title = "";
    });
    canvas.addEventListener("mouseleave", () => {
      this.hover = undefined;
      this.chart.draw(this.state.pos);
    });
  }

  /** Plots the files open (after opening). */
  show(): void {
    const opened = this.state.opened;
    this.chart.set(chartData(opened));
    this.caption.textContent =
      opened.length > 1
        ? `Score difference, ${opened[0]!.name} − ${opened[1]!.name}, per player`
        : "Scores over the match";
  }

  /** Nothing to plot. */
  clear(): void {
    this.chart.set(undefined);
  }

  /** Hidden without a match to show. */
  setIdle(idle: boolean): void {
    this.canvas.parentElement!.hidden = idle;
  }

  /** Draws the position marker (and the hover readout). */
  draw(): void {
    this.chart.draw(this.state.pos, this.hover);
  }
}
