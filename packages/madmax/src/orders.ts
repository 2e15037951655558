import { parseWithSchema, readOrderTrace } from "@arena/core";
import { type MadMaxOrder, Order } from "./protocol";

const DIRECTIONS = new Set(["b", "w", "r", "x", "t", "y", "l", "z", "n"]);

/**
 * The order `value` is, when it is a well-formed order in its plainest form (a plain object with
 * exactly `unit` and `dir`), built as the `Order` schema builds it (a new object, `unit` then
 * `dir`); undefined for anything else, which the schema then parses (and rejects with its own
 * reason). A few comparisons instead of zod's walk (≈ 5 µs an order; a C++ player's distinct order
 * lines, ≈ 1 650 a match, each go through it once). It never accepts what the schema rejects
 * (tested against it in `orders.test.ts`), as Money Heist's.
 */
function plainOrder(value: unknown): MadMaxOrder | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const fields = value as { [key: string]: unknown };
  const { unit, dir } = fields;
  if (!Number.isSafeInteger(unit) || typeof dir !== "string" || !DIRECTIONS.has(dir))
    return undefined;
  // The schema is strict and, like zod, looks at every enumerable key (inherited ones too).
  let count = 0;
  for (const key in fields) {
    if (key !== "unit" && key !== "dir") return undefined;
    count++;
  }
  if (count !== 2) return undefined;
  return { unit: unit as number, dir: dir as MadMaxOrder["dir"] };
}

/**
 * Validates one order received as JSON (`{"unit": 12, "dir": "w"}`) against the protocol's
 * `Order` schema. Throws `ArenaError("BAD_ORDER")` naming the field.
 */
export function parseOrder(value: unknown): MadMaxOrder {
  return plainOrder(value) ?? parseWithSchema(Order, value);
}

/** Reads an order trace (`.orders.jsonl`) into `steps[round][player]`; errors name the line. */
export function readTrace(text: string, source: string): MadMaxOrder[][][] {
  return readOrderTrace(text, source, parseOrder);
}
