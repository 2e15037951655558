import type { MatchView } from "../views";
import { html, type Safe } from "./html";

/** A table of matches: stage or kind, players with their scores (frozen ones marked), a link. */
export function matchTable(matches: readonly MatchView[]): Safe {
  if (matches.length === 0) return html`<p class="muted">No match yet.</p>`;
  const rows = matches.map((match) => {
    const players = match.players.map((name, seat) => {
      const frozen = match.status[seat]?.state === "frozen";
      const first = match.ranks[seat] === 1;
      return html`<span class="${frozen ? "bad" : first ? "good" : ""}">${name} ${match.scores[seat] ?? ""}${frozen ? " (frozen)" : ""}</span>`;
    });
    return html`<tr><td><a href="/matches/${match.id}">${match.id.slice(0, 8)}</a></td><td>${match.stage ?? match.kind}</td><td class="num">${match.seed}</td><td>${players.map((p, k) => (k === 0 ? p : html`, ${p}`))}</td><td>${match.error !== null ? html`<span class="bad">failed: ${match.error}</span>` : ""}</td></tr>`;
  });
  return html`<table><thead><tr><th>match</th><th>kind</th><th class="num">seed</th><th>players and scores</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
}
