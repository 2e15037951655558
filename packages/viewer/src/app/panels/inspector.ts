// The inspector panel: the pinned unit, followed across frames, with every stat, its bot's text
// for it and its history (or how to pin one). On a phone it is a sheet over the bottom of the
// screen while a unit is pinned, so that a tapped unit's inspector is on screen.
import { esc } from "../html";
import type { ViewerState } from "../viewer-state";
import { pieceHtml, unitNotes } from "./piece-html";
import { unitHistoryHtml } from "./unit-history";

/** The inspector; `unpin` runs on its unpin button, `goTo` on a frame of the history. */
export class Inspector {
  constructor(
    private readonly box: HTMLElement,
    private readonly state: ViewerState,
    unpin: () => void,
    goTo: (frame: number) => void,
  ) {
    box.addEventListener("click", (e) => {
      const target = e.target as HTMLElement;
      if (target.closest("#unpin")) unpin();
      const frame = target.closest<HTMLElement>("button[data-frame]");
      if (frame !== null) goTo(Number(frame.dataset.frame));
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
    const source = this.state.opened[pinned.board]!.source;
    const history = unitHistoryHtml(source, pinned.key, Math.min(i, source.length - 1));
    box.innerHTML = `<div class="pinned-head"><b>Pinned</b><button id="unpin" title="Unpin (Esc)">unpin</button></div>${
      piece === undefined
        ? `<p class="dim">${esc(pinned.key)} is not on the board now.</p>`
        : pieceHtml(piece)
    }${notes}${history}`;
  }
}
