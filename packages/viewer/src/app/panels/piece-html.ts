// A piece (a unit or an object) as the inspector and the tooltip show it: its kind, id, player
// and every stat, and its bot's text for it.
import { esc } from "../html";
import { type Piece, playerColor, type Stat } from "../types";
import type { ViewerState } from "../viewer-state";

/** Stats as a definition list. */
export function statTable(stats: Stat[]): string {
  return `<dl>${stats.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(String(v))}</dd>`).join("")}</dl>`;
}

/** A piece's heading (kind, id, player, dead and back in how many rounds) and its stats. */
export function pieceHtml(piece: Piece): string {
  const swatch =
    piece.player === undefined
      ? ""
      : `<i class="swatch" style="background:${playerColor(piece.player)}"></i>`;
  return `<div class="piece" data-key="${esc(piece.key)}"><h3>${swatch}${esc(piece.kind)} ${piece.id}${piece.player === undefined ? "" : ` · player ${piece.player}`}${piece.dead ? ` · dead, back in ${piece.countdown ?? "?"}` : ""}</h3>${statTable(piece.stats)}</div>`;
}

/** A bot's per-unit text for a piece of file `k` at frame `i`, if it wrote one. */
export function unitNotes(
  state: ViewerState,
  k: number,
  i: number,
  piece: Piece | undefined,
): string {
  if (piece?.player === undefined) return "";
  const note = state.opened[k]!.source.notes(i)[piece.player];
  const text = note?.units?.find((u) => u.id === piece.id)?.text;
  return text === undefined ? "" : `<p class="note">bot: ${esc(text)}</p>`;
}
