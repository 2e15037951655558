// Search by unit id (the timeline's tools, key `/`): an id (`12`) or a piece's name (`car 3`)
// pins that piece of the first file, at the frame shown or, when it is not on the board then,
// anywhere in the match; the result is said beside the field.
import { matchIndex } from "../match-index";
import type { Piece } from "../types";
import type { ViewerState } from "../viewer-state";

/** The piece `query` names in `pieces` (an id or a key), units before objects, alive first. */
export function findPiece(pieces: readonly Piece[], query: string): Piece | undefined {
  const text = query.trim().toLowerCase();
  const byKey = pieces.find((p) => p.key.toLowerCase() === text);
  if (byKey !== undefined) return byKey;
  if (!/^\d+$/.test(text)) return undefined;
  const id = Number(text);
  const rank = (p: Piece) => (p.player === undefined ? 2 : 0) + (p.dead ? 1 : 0);
  return pieces.filter((p) => p.id === id).sort((a, b) => rank(a) - rank(b))[0];
}

/** The search field and its result. */
export class UnitSearch {
  constructor(
    private readonly input: HTMLInputElement,
    private readonly result: HTMLElement,
    private readonly state: ViewerState,
    private readonly pin: (key: string) => void,
  ) {
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        this.search(input.value);
        e.preventDefault();
      } else if (e.key === "Escape") input.blur();
    });
  }

  /** Puts the cursor in the field (key `/`). */
  focus(): void {
    this.input.focus();
    this.input.select();
  }

  /** Pins the piece `query` names, or says there is none. */
  search(query: string): void {
    const source = this.state.source;
    if (source === undefined || query.trim() === "") return;
    const i = Math.min(Math.round(this.state.pos), source.length - 1);
    const piece = findPiece(source.pieces(i), query);
    if (piece !== undefined) {
      this.pin(piece.key);
      this.result.textContent = `${piece.kind} ${piece.id}${piece.player === undefined ? "" : ` (player ${piece.player})`}`;
      this.input.blur();
      return;
    }
    // Not on the board at this frame: a piece the match's index knows (a unit that died, a car
    // not yet there) is pinned all the same; its history says when it was around.
    const text = query.trim().toLowerCase();
    const key = [...matchIndex(source).units.keys()].find(
      (k) => k.toLowerCase() === text || k.endsWith(` ${text}`),
    );
    if (key !== undefined) {
      this.pin(key);
      this.result.textContent = `${key}: not on the board now`;
      this.input.blur();
    } else this.result.textContent = `no unit ${query.trim()}`;
  }
}
