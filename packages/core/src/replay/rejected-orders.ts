// Rejected orders as a replay keeps them: per turn, which orders of each player were not applied
// and why (the reasons the runner gives the bot at its next turn), capped so that a bot that
// gives a thousand bad orders a round cannot make its replay large. Browser-safe.
import type { Rejection } from "../engine/rejection";

/** Rejected orders kept per player per turn; the rest of the turn's are counted (`dropped`). */
export const REJECTED_TURN_LIMIT = 100;

/** Rejected orders kept per player over a match; past it, each turn's are only counted. */
export const REJECTED_MATCH_LIMIT = 10_000;

/** Characters of an order's JSON kept; a longer order is kept as its first characters (a string). */
export const REJECTED_ORDER_CHARS = 200;

/** One order of a turn that was not applied, and why. */
export interface RejectedOrder {
  /** Its index (0-based) among the orders the bot gave that turn, as `Rejection.index`. */
  index: number;
  /**
   * The order as given (as parsed, when it was), `null` when it was no value (an actions call
   * with bad arguments); an order whose JSON is over `REJECTED_ORDER_CHARS` characters is kept
   * as a string of its first ones followed by `…`.
   */
  order: unknown;
  /** Why, as a short code (`Rejection.reason`: `malformed`, `duplicate`, `not-yours`, …). */
  reason: string;
  /** Why, in words (`Rejection.message`). */
  message: string;
}

/** A player's rejected orders of one turn. */
export interface RejectedTurn {
  /** The kept ones, by index. */
  orders: RejectedOrder[];
  /** Rejected orders of the turn not kept (over `REJECTED_TURN_LIMIT` or the match's cap). */
  dropped?: number;
}

/** An order as the record keeps it: itself, or its JSON's first characters when long. */
function keptOrder(order: unknown): unknown {
  if (order === undefined) return null;
  let text: string | undefined;
  try {
    text = JSON.stringify(order);
  } catch {
    text = undefined;
  }
  if (text === undefined) return String(order).slice(0, REJECTED_ORDER_CHARS);
  return text.length > REJECTED_ORDER_CHARS ? `${text.slice(0, REJECTED_ORDER_CHARS)}…` : order;
}

/**
 * Keeps each player's rejected orders turn by turn within the caps: `turn` gives the record of
 * one player's turn (undefined when nothing was rejected).
 */
export class RejectedOrdersRecord {
  /** Orders kept so far, by player. */
  private readonly kept: number[] = [];

  constructor(
    private readonly turnLimit = REJECTED_TURN_LIMIT,
    private readonly matchLimit = REJECTED_MATCH_LIMIT,
  ) {}

  /**
   * Player `player`'s rejected orders of a turn: `rejections` (sorted by index) and the order
   * each one was (`orderOf(k)` for the k-th).
   */
  turn(
    player: number,
    rejections: readonly Rejection[],
    orderOf: (k: number) => unknown,
  ): RejectedTurn | undefined {
    if (rejections.length === 0) return undefined;
    const before = this.kept[player] ?? 0;
    const room = Math.max(0, Math.min(this.turnLimit, this.matchLimit - before));
    const count = Math.min(room, rejections.length);
    const orders: RejectedOrder[] = [];
    for (let k = 0; k < count; k++) {
      const { index, reason, message } = rejections[k]!;
      orders.push({ index, order: keptOrder(orderOf(k)), reason, message: message.slice(0, 300) });
    }
    this.kept[player] = before + count;
    const turn: RejectedTurn = { orders };
    if (rejections.length > count) turn.dropped = rejections.length - count;
    return turn;
  }
}
