// The "Events of this round" panel: each file's events at the frame shown (the first 300),
// filtered by player, moves only on request.
import { compareCaption } from "../boards";
import { esc } from "../html";
import { type BoardEvent, playerColor } from "../types";
import type { ViewerState } from "../viewer-state";

/** Events listed per file and frame; the rest are counted. */
const EVENTS_LISTED = 300;

/** The events panel; `changed` runs when its filter changes. */
export class EventList {
  /** The player whose events are listed (−1: everyone). */
  private player = -1;
  /** Moves are listed too. */
  private moves = false;

  constructor(
    private readonly playerSelect: HTMLSelectElement,
    movesBox: HTMLInputElement,
    private readonly list: HTMLElement,
    private readonly state: ViewerState,
    changed: () => void,
  ) {
    playerSelect.addEventListener("change", () => {
      this.player = Number(playerSelect.value);
      playerSelect.blur();
      changed();
    });
    movesBox.addEventListener("change", () => {
      this.moves = movesBox.checked;
      changed();
    });
  }

  /** The player filter's choices: everyone, or one of `names`. */
  setPlayers(names: readonly string[]): void {
    this.playerSelect.innerHTML = `<option value="-1">every player</option>${names.map((n, p) => `<option value="${p}">${p} · ${esc(n)}</option>`).join("")}`;
    this.playerSelect.value = String(this.player);
  }

  /** The events of frame `i`. */
  show(i: number): void {
    const out: string[] = [];
    const opened = this.state.opened;
    opened.forEach((o, k) => {
      const source = o.source;
      if (i >= source.length) return;
      const events = source
        .events(i)
        .filter(
          (e: BoardEvent) =>
            (this.moves || e.kind !== "move") && (this.player < 0 || e.player === this.player),
        );
      if (opened.length > 1)
        out.push(`<li class="board-caption">${compareCaption(k, esc(o.name))}</li>`);
      if (events.length === 0)
        out.push(`<li class="dim">${i === 0 ? "the match starts" : "no events"}</li>`);
      for (const e of events.slice(0, EVENTS_LISTED))
        out.push(
          `<li class="event ${e.kind}" data-kind="${e.kind}" data-player="${e.player ?? ""}" style="--c:${e.player === undefined ? "#888" : playerColor(e.player)}"><span class="kind">${e.kind}</span> ${esc(e.text)}</li>`,
        );
      if (events.length > EVENTS_LISTED)
        out.push(`<li class="dim">… and ${events.length - EVENTS_LISTED} more</li>`);
    });
    this.list.innerHTML = out.join("");
  }
}
