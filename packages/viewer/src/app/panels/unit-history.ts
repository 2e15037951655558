// The pinned unit's own history, in the inspector: what happened to it over the whole match (its
// deaths, kills, captures… and rejected orders, each frame a button), then round by round around
// the frame shown, its orders (rejected ones with why) and its events.
import { esc } from "../html";
import { matchIndex, type UnitMoment } from "../match-index";
import type { Source } from "../source";
import { orderText } from "./rejected-list";

/** Frames before and after the one shown in the round-by-round part. */
const AROUND = 5;
/** Frames listed per kind in the match part; the rest are counted. */
const PER_KIND = 40;

/** A frame as a button that goes there. */
const frameButton = (frame: number, now: number): string =>
  `<button type="button" data-frame="${frame}"${frame === now ? ' class="now"' : ""}>${frame}</button>`;

/** The history of piece `key` of `source` around frame `i`, as HTML. */
export function unitHistoryHtml(source: Source, key: string, i: number): string {
  const moments = matchIndex(source).units.get(key) ?? [];
  return `<div class="history" data-key="${esc(key)}"><h4>History</h4>${overMatch(moments, i)}${aroundFrame(source, key, moments, i)}</div>`;
}

/** Every moment of the match by kind, each frame a button. */
function overMatch(moments: readonly UnitMoment[], i: number): string {
  if (moments.length === 0) return '<p class="dim">nothing happened to it in this match</p>';
  const byKind = new Map<string, number[]>();
  for (const { frame, kind } of moments) {
    const list = byKind.get(kind) ?? [];
    list.push(frame);
    byKind.set(kind, list);
  }
  return `<dl class="moments">${[...byKind]
    .map(([kind, frames]) => {
      const shown = frames.slice(0, PER_KIND).map((f) => frameButton(f, i));
      const more = frames.length > PER_KIND ? ` … ${frames.length - PER_KIND} more` : "";
      return `<dt data-kind="${kind}">${kind} (${frames.length})</dt><dd>${shown.join("")}${more}</dd>`;
    })
    .join("")}</dl>`;
}

/** Round by round around frame i: the unit's orders (a rejected one with why) and events. */
function aroundFrame(
  source: Source,
  key: string,
  moments: readonly UnitMoment[],
  i: number,
): string {
  const rows: string[] = [];
  const from = Math.max(0, i - AROUND);
  const to = Math.min(source.length - 1, i + AROUND);
  for (let f = from; f <= to; f++) {
    const parts = [...ordersOf(source, key, f), ...eventsOf(source, key, moments, f)];
    if (parts.length > 0)
      rows.push(
        `<li${f === i ? ' class="now"' : ""}>${frameButton(f, i)} ${parts.join(" · ")}</li>`,
      );
  }
  const orders = source.orders(i) === undefined ? " (a .res has no orders)" : "";
  return `<p class="dim">frames ${from}–${to}: its orders${orders} and events</p><ol class="rounds">${rows.join("") || '<li class="dim">nothing</li>'}</ol>`;
}

/**
 * The unit's orders of the turn from frame f (by any player: units change teams), each rejected
 * one with why (an order the rules ignored is also among those the engine was handed: once).
 */
function ordersOf(source: Source, key: string, f: number): string[] {
  const unitOf = source.view.orderUnit;
  if (unitOf === undefined) return [];
  const out: string[] = [];
  const rejectedByPlayer = source
    .rejected(f)
    .map((turn, p) => (turn?.orders ?? []).filter((r) => unitOf(r.order, p) === key));
  const rejectedText = (r: { order: unknown; reason: string; message: string }) =>
    `<span class="order rejected" title="${esc(r.message)}">${esc(orderText(r.order))} rejected: ${esc(r.reason)}</span>`;
  source.orders(f)?.forEach((list, p) => {
    const rejected = rejectedByPlayer[p] ?? [];
    for (const order of list) {
      if (unitOf(order, p) !== key) continue;
      const same = rejected.findIndex((r) => JSON.stringify(r.order) === JSON.stringify(order));
      if (same < 0) out.push(`<span class="order">${esc(orderText(order))}</span>`);
      else out.push(rejectedText(rejected.splice(same, 1)[0]!));
    }
  });
  for (const rejected of rejectedByPlayer) for (const r of rejected) out.push(rejectedText(r));
  return out;
}

/** The events of the step into frame f that name the unit (only where the index has one). */
function eventsOf(
  source: Source,
  key: string,
  moments: readonly UnitMoment[],
  f: number,
): string[] {
  if (!moments.some((m) => m.frame === f && m.kind !== "rejected")) return [];
  return source
    .events(f)
    .filter((e) => e.units?.includes(key))
    .map((e) => `<span class="event ${e.kind}">${esc(e.text)}</span>`);
}
