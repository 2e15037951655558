import { parseWithSchema, readOrderTrace } from "@arena/core";
import { type MadMaxOrder, Order } from "./protocol";

/**
 * Validates one order received as JSON (`{"unit": 12, "dir": "w"}`) against the protocol's
 * `Order` schema. Throws `ArenaError("BAD_ORDER")` naming the field.
 */
export function parseOrder(value: unknown): MadMaxOrder {
  return parseWithSchema(Order, value);
}

/** Reads an order trace (`.orders.jsonl`) into `steps[round][player]`; errors name the line. */
export function readTrace(text: string, source: string): MadMaxOrder[][][] {
  return readOrderTrace(text, source, parseOrder);
}
