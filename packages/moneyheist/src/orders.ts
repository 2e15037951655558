import { parseWithSchema, readOrderTrace } from "@arena/core";
import { type MoneyHeistOrder, Order } from "./protocol";

export type { MoneyHeistOrder } from "./protocol";

/**
 * Validates one order received as JSON against the protocol's `Order` schema. Throws
 * `ArenaError("BAD_ORDER")` naming the field (`'dir' must be one of d, r, u, l`).
 */
export function parseOrder(value: unknown): MoneyHeistOrder {
  return parseWithSchema(Order, value);
}

/** Reads an order trace (`.orders.jsonl`) into `steps[round][player]`; errors name the line. */
export function readTrace(text: string, source: string): MoneyHeistOrder[][][] {
  return readOrderTrace(text, source, parseOrder);
}
