import { parseWithSchema, readOrderTrace } from "@arena/core";
import { type MadMaxRevisitedOrder, Order } from "./protocol";

/**
 * Validates one instruction received as JSON (`{"car": 3, "kind": "move", "dir": [1, 2]}` or
 * `{"car": 3, "kind": "shoot"}`) against the protocol's `Order` schema. Throws
 * `ArenaError("BAD_ORDER")` naming the field.
 */
export function parseOrder(value: unknown): MadMaxRevisitedOrder {
  return parseWithSchema(Order, value);
}

/** Reads an order trace (`.orders.jsonl`) into `steps[round][player]`; errors name the line. */
export function readTrace(text: string, source: string): MadMaxRevisitedOrder[][][] {
  return readOrderTrace(text, source, parseOrder);
}
