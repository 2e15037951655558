// The tooltip over the board: the hovered cell (what the original API says of it) and each unit
// or object on it, beside the pointer and kept inside the window.
import type { ViewerState } from "../viewer-state";
import { pieceHtml, statTable, unitNotes } from "./piece-html";

/** Where the pointer is: a cell of board `board`, at page `x`, `y`. */
export interface Hover {
  board: number;
  cell: [number, number];
  x: number;
  y: number;
}

/** The board's tooltip. */
export class Tooltip {
  /** The cell under the pointer, if any. */
  hover: Hover | undefined;

  constructor(
    private readonly tip: HTMLElement,
    private readonly state: ViewerState,
  ) {}

  /** Shows the hovered cell at the frame shown, or hides the tooltip. */
  show(): void {
    const tip = this.tip;
    const hover = this.hover;
    const opened = this.state.opened;
    if (hover === undefined || !opened[hover.board]) {
      tip.hidden = true;
      return;
    }
    const source = opened[hover.board]!.source;
    const i = Math.min(Math.round(this.state.pos), source.length - 1);
    const [row, col] = hover.cell;
    const pieces = source.pieces(i).filter((p) => p.row === row && p.col === col);
    tip.innerHTML = `<div class="dim">cell (${row}, ${col})</div>${statTable(source.view.cellInfo(source.frame(i), row, col))}${pieces.map((p) => pieceHtml(p) + unitNotes(this.state, hover.board, i, p)).join("")}`;
    tip.hidden = false;
    const x = Math.min(hover.x + 14, window.innerWidth - tip.offsetWidth - 4);
    const y =
      hover.y + 14 + tip.offsetHeight > window.innerHeight
        ? hover.y - tip.offsetHeight - 8
        : hover.y + 14;
    tip.style.left = `${Math.max(0, x)}px`;
    tip.style.top = `${Math.max(0, y)}px`;
  }
}
