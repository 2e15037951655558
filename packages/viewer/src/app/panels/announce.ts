// The live region for screen readers: what the frame shows (round, each player's rank and score,
// the number of events), said once the viewer stops on a frame; the boards' labels name the
// round's first events.
import type { BoardView } from "../board";
import type { ViewerState } from "../viewer-state";
import { ranks } from "./scoreboard";

/** Says frame `i` (labelled `round`) in `region`, and labels the `boards` with its events. */
export function announce(
  region: HTMLElement,
  boards: readonly BoardView[],
  state: ViewerState,
  i: number,
  round: string | null,
): void {
  const source = state.source!;
  const lines = source.players(Math.min(i, source.length - 1));
  const order = ranks(lines.map((l) => l.score));
  const text = `${round}. ${lines
    .map((l, p) => `${source.names[p]} rank ${order[p]} score ${l.score}${l.out ? " out" : ""}`)
    .join("; ")}.`;
  const events = source.events(Math.min(i, source.length - 1)).filter((e) => e.kind !== "move");
  region.textContent = `${text}${events.length ? ` ${events.length} events.` : ""}`;
  for (const board of boards)
    board.canvas.setAttribute(
      "aria-label",
      `${source.view.engine.title} board, ${round}. ${events
        .slice(0, 5)
        .map((e) => e.text)
        .join(". ")}`,
    );
}
