// The stage's boards: one per file, two side by side with captions A and B when comparing.
import type { Annotation } from "./annotations";
import { BoardView } from "./board";
import { rejectedUnits } from "./panels/rejected-list";
import type { Opened, ViewerState } from "./viewer-state";

/** What the boards tell the page. */
export interface BoardHooks {
  /** A board was zoomed or panned: draw again. */
  onChange(): void;
  /** The pointer is over `cell` of board `k` (undefined: off the board), at page `x`, `y`. */
  onHover(k: number, cell: [number, number] | undefined, x: number, y: number): void;
  /** `cell` of board `k` was clicked. */
  onClick(k: number, cell: [number, number]): void;
}

/** The caption of file `k` when comparing: `A · name`, `B · name`. */
export const compareCaption = (k: number, name: string): string => `${"AB"[k]} · ${name}`;

/** The boards of the files shown. */
export class BoardSet {
  /** Board k shows file k. */
  boards: BoardView[] = [];

  constructor(
    private readonly holder: HTMLElement,
    private readonly hooks: BoardHooks,
  ) {}

  /** One board per file (made again only when the number of files changes). */
  make(opened: readonly Opened[]): void {
    const wanted = opened.length;
    if (this.boards.length === wanted) {
      this.boards.forEach((b, k) => {
        const caption = b.stage.querySelector(".board-caption");
        if (caption) caption.textContent = compareCaption(k, opened[k]!.name);
      });
      return;
    }
    this.holder.innerHTML = "";
    this.boards = opened.map((o, k) => {
      const wrap = document.createElement("div");
      wrap.className = "board-wrap";
      if (wanted > 1) {
        const caption = document.createElement("div");
        caption.className = "board-caption";
        caption.textContent = compareCaption(k, o.name);
        wrap.append(caption);
      }
      this.holder.append(wrap);
      const board = new BoardView(wrap, `${o.source.view.engine.title} board`);
      board.canvas.id = k === 0 ? "board" : `board-${k}`;
      board.onChange = () => this.hooks.onChange();
      board.onHover = (cell, x, y) => this.hooks.onHover(k, cell, x, y);
      board.onClick = (cell) => this.hooks.onClick(k, cell);
      return board;
    });
  }

  /** No board (a file that cannot be shown). */
  clear(): void {
    for (const b of this.boards) b.stage.remove();
    this.boards = [];
    this.holder.innerHTML = "";
  }

  /** Fits the boards to the stage (`keepView`: keep the zoom and pan when the size is the same). */
  layout(cols: number, rows: number, keepView: boolean): void {
    for (const b of this.boards) b.layout(cols, rows, keepView);
  }

  /** Zooms every board by `factor`; 0 shows the whole board. */
  zoom(factor: number): void {
    for (const b of this.boards) {
      if (factor === 0) b.fit();
      else b.zoomBy(factor);
    }
  }

  /** Draws each board at the position shown, with its overlays. */
  render(
    state: ViewerState,
    animate: boolean,
    showEvents: boolean,
    notes: { annotations(k: number, i: number): Annotation[] },
  ): void {
    this.boards.forEach((board, k) => {
      const source = state.opened[k]!.source;
      const pos = Math.min(state.pos, source.length - 1);
      board.render(source, pos, animate && state.playing, {
        ...(state.pinned?.board === k ? { pinned: state.pinned.key } : {}),
        events: showEvents,
        annotations: notes.annotations(k, Math.floor(pos)),
        rejected: rejectedUnits(source, Math.floor(pos)),
      });
    });
  }
}
