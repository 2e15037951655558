// A turn's orders between the bot and the engine: the originals' limit and `Engine.parseOrder`
// before the step, the rejections (the runner's and the engine's) fed back after it.
import type { AnyEngine, Match } from "../engine/engine";
import type { Rejection } from "../engine/rejection";
import type { RejectedOrdersRecord, RejectedTurn } from "../replay/rejected-orders";
import { NO_REJECTIONS, type Seat } from "./seat";
import { isValidated } from "./validated-orders";

/** An order as a short text for a rejection's message. */
const preview = (value: unknown): string => {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

/**
 * After a seat's turn: the reason to freeze it (the call's own `fault`, or more orders than the
 * collector's limit), else undefined with its orders validated (see `validateOrders`).
 */
export function checkTurnOrders(
  seat: Seat,
  fault: string | undefined,
  engine: AnyEngine,
): string | undefined {
  const { collector } = seat;
  if (fault !== undefined) return fault;
  if (collector.overflow) {
    return `gave ${collector.offered} orders in one step (more than ${collector.limit})`;
  }
  if (collector.orders.length > 0) validateOrders(seat, engine);
  return undefined;
}

/**
 * Validates the seat's orders with `Engine.parseOrder`, replacing each by its parsed value; a
 * malformed one is dropped and rejected (the rest of the turn's orders still apply). An order
 * its controller already validated (`validatedOrder`: frozen, the same value) is kept as it is.
 */
function validateOrders(seat: Seat, engine: AnyEngine): void {
  const { collector } = seat;
  const list = collector.orders;
  for (let k = 0; k < list.length; k++) {
    // Validated once by its controller (a C++ player's repeated order lines).
    if (isValidated(list[k])) continue;
    try {
      list[k] = engine.parseOrder(list[k]);
    } catch (error) {
      collector.drop(k, "malformed", `${preview(list[k])}: ${(error as Error).message}`);
      k--;
    }
  }
}

/**
 * After a step: the seat's rejected orders of that turn (the collector's and the engine's, by
 * the index the bot gave them), for its next turn message and its view. With `record` (a replay
 * is written), also the turn's record of them, with the order each one was.
 */
export function feedBackRejections(
  seat: Seat,
  match: Match,
  record?: RejectedOrdersRecord,
): RejectedTurn | undefined {
  const { collector, player } = seat;
  const recorded = match.feedback?.recorded(player) ?? NO_REJECTIONS;
  let rejected: readonly Rejection[] = NO_REJECTIONS;
  let turn: RejectedTurn | undefined;
  if (collector.rejected.length > 0 || recorded.length > 0) {
    const list: Array<{ rejection: Rejection; order: unknown }> = collector.rejected.map(
      (rejection, k) => ({ rejection, order: collector.rejectedOrders[k] }),
    );
    // The engine's indices are into the accepted orders: the bot's own index is the one it gave.
    for (const r of recorded)
      list.push({
        rejection: { ...r, index: collector.given[r.index] ?? r.index },
        order: collector.orders[r.index],
      });
    list.sort((a, b) => a.rejection.index - b.rejection.index);
    rejected = list.map((entry) => entry.rejection);
    seat.rejectedOrders += list.length;
    turn = record?.turn(player, rejected, (k) => list[k]!.order);
  } else if (seat.ctx.rejected === NO_REJECTIONS) return undefined;
  seat.ctx.rejected = rejected;
  match.feedback?.show(player, rejected);
  return turn;
}
