// The end-of-match banner over the board: who won (ties named as ties), on the last frame of a
// finished match (of each file when comparing).
import { esc } from "../html";
import type { ViewerState } from "../viewer-state";
import { ranks } from "./scoreboard";

/** Shows the banner at frame `i` when it is the end of a finished match, hides it otherwise. */
export function showBanner(box: HTMLElement, state: ViewerState, i: number): void {
  const parts: string[] = [];
  for (const o of state.opened) {
    const source = o.source;
    if (!source.over || state.live || i < source.length - 1) continue;
    const lines = source.players(source.length - 1);
    const rank = ranks(lines.map((l) => l.score));
    const winners = rank.flatMap((r, p) => (r === 1 ? [p] : []));
    const names = winners.map((p) => `${p} · ${source.names[p]}`).join(", ");
    const prefix = state.opened.length > 1 ? `${o.name}: ` : "";
    parts.push(
      `${prefix}${winners.length > 1 ? `Tie between ${names}` : `${names} wins`} with ${lines[winners[0]!]!.score}`,
    );
  }
  const html = parts.length ? `<b>Match over</b><br>${parts.map(esc).join("<br>")}` : "";
  if (box.innerHTML === html) return;
  box.hidden = parts.length === 0;
  box.innerHTML = html;
}
