// The "Rejected orders of this turn" panel: each file's orders of the turn played from the frame
// shown that the runner or the rules did not apply, with the reason the bot was told (the same
// turn as the bot log's highlighted line); a row pins the unit it was for.
import type { RejectedOrder } from "@arena/core";
import { compareCaption } from "../boards";
import { esc } from "../html";
import type { Source } from "../source";
import { playerColor } from "../types";
import type { ViewerState } from "../viewer-state";

/** Rows listed per file and frame; the rest are counted. */
const LISTED = 200;

/** An order in a few words: its fields as `name value`, the unit's first. */
export function orderText(order: unknown): string {
  if (typeof order !== "object" || order === null || Array.isArray(order))
    return JSON.stringify(order) ?? String(order);
  return Object.entries(order)
    .map(([key, value]) => `${key} ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" · ");
}

/** The keys of the pieces with a rejected order in the turn from frame i of `source`. */
export function rejectedUnits(source: Source, i: number): Set<string> {
  const keys = new Set<string>();
  source.rejected(i).forEach((turn, p) => {
    for (const { order } of turn?.orders ?? []) {
      const key = source.view.orderUnit?.(order, p);
      if (key !== undefined) keys.add(key);
    }
  });
  return keys;
}

/** The panel; a row's unit is pinned through `pin`. */
export class RejectedList {
  constructor(
    private readonly list: HTMLElement,
    private readonly state: ViewerState,
    pin: (key: string, board: number) => void,
  ) {
    list.addEventListener("click", (e) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>("li[data-key]");
      if (row) pin(row.dataset.key!, Number(row.dataset.board ?? 0));
    });
  }

  /** The rejected orders of the turn played from frame `i`. */
  show(i: number): void {
    const out: string[] = [];
    const opened = this.state.opened;
    opened.forEach((o, k) => {
      if (opened.length > 1)
        out.push(`<li class="board-caption">${compareCaption(k, esc(o.name))}</li>`);
      out.push(...rows(o.source, Math.min(i, o.source.length - 1), k));
    });
    this.list.innerHTML = out.join("");
  }
}

/** The rows of one file at frame i. */
function rows(source: Source, i: number, board: number): string[] {
  if (source.kind !== "arena replay")
    return ['<li class="dim">a .res has no orders: what was rejected is not known</li>'];
  const out: string[] = [];
  let listed = 0;
  let more = 0;
  source.rejected(i).forEach((turn, p) => {
    if (turn === null || turn === undefined) return;
    for (const rejected of turn.orders) {
      if (listed++ >= LISTED) more++;
      else out.push(row(source, rejected, p, board));
    }
    if (turn.dropped !== undefined)
      out.push(
        `<li class="dim" data-player="${p}">player ${p}: ${turn.dropped} more not kept in the replay</li>`,
      );
  });
  if (more > 0) out.push(`<li class="dim">… and ${more} more</li>`);
  if (out.length === 0) out.push('<li class="dim">none recorded</li>');
  return out;
}

function row(
  source: Source,
  { index, order, reason, message }: RejectedOrder,
  p: number,
  board: number,
): string {
  const key = source.view.orderUnit?.(order, p);
  return `<li class="rejected" data-player="${p}" data-reason="${esc(reason)}"${key === undefined ? "" : ` data-key="${esc(key)}" data-board="${board}" title="pin ${esc(key)}"`} style="--c:${playerColor(p)}"><b class="glyph">${p}</b> <span class="order">#${index} ${esc(orderText(order))}</span> <span class="reason">${esc(reason)}</span>: ${esc(message)}</li>`;
}
