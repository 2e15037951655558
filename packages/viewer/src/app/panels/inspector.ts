// The inspector panel: the pinned unit, followed across frames, with every stat and its bot's
// text for it (or how to pin one).
import { esc } from "../html";
import type { ViewerState } from "../viewer-state";
import { pieceHtml, unitNotes } from "./piece-html";

/** The inspector; `unpin` runs on its unpin button. */
export class Inspector {
  constructor(
    private readonly box: HTMLElement,
    private readonly state: ViewerState,
    unpin: () => void,
  ) {
    box.addEventListener("click", (e) => {
      if ((e.target as HTMLElement).closest("#unpin")) unpin();
    });
  }

  /** The pinned unit at frame `i`. */
  show(i: number): void {
    const box = this.box;
    box.dataset.frame = String(i);
    const pinned = this.state.pinned;
    if (pinned === undefined) {
      box.innerHTML = `<p class="dim">Hover the board to see a cell; click a unit to pin it and follow it.</p>`;
      return;
    }
    const piece = this.state.piecesOf(pinned.board, i).find((p) => p.key === pinned.key);
    const notes = unitNotes(this.state, pinned.board, i, piece);
    box.innerHTML = `<div class="pinned-head"><b>Pinned</b><button id="unpin" title="Unpin (Esc)">unpin</button></div>${
      piece === undefined
        ? `<p class="dim">${esc(pinned.key)} is not on the board now.</p>`
        : pieceHtml(piece)
    }${notes}`;
  }
}
