// The Units panel: every unit of the first file per player, at the frame shown; a row pins it.
import { esc } from "../html";
import { playerColor } from "../types";
import type { ViewerState } from "../viewer-state";

/** What the panel asks of the page. */
export interface UnitListActions {
  /** Pins the unit `key` of board `board`. */
  pin(key: string, board: number): void;
  /** The panel was opened or closed. */
  toggled(): void;
}

/** The Units panel (a `<details>`: it is filled only while open). */
export class UnitList {
  constructor(
    private readonly panel: HTMLDetailsElement,
    private readonly list: HTMLElement,
    private readonly state: ViewerState,
    actions: UnitListActions,
  ) {
    panel.addEventListener("toggle", () => actions.toggled());
    list.addEventListener("click", (e) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>("[data-key]");
      if (row) actions.pin(row.dataset.key!, Number(row.dataset.board ?? 0));
    });
  }

  /** Lists the units at frame `i`, when the panel is open. */
  show(i: number): void {
    if (!this.panel.open) return;
    const source = this.state.source!;
    const pinned = this.state.pinned;
    const pieces = this.state.piecesOf(0, i).filter((p) => p.player !== undefined);
    const byPlayer = source.names.map((_, p) => pieces.filter((piece) => piece.player === p));
    this.list.innerHTML = byPlayer
      .map(
        (list, p) =>
          `<div class="unit-group" style="--c:${playerColor(p)}"><div class="unit-head"><b class="glyph">${p}</b> ${esc(source.names[p] ?? "")} · ${list.length}</div>${list
            .map(
              (piece) =>
                `<button class="unit${pinned?.key === piece.key ? " on" : ""}${piece.dead ? " dead" : ""}" data-key="${esc(piece.key)}" data-board="0">${esc(piece.kind)} ${piece.id} <small>(${piece.row}, ${piece.col})${piece.dead ? " †" : ""}</small></button>`,
            )
            .join("")}</div>`,
      )
      .join("");
  }
}
