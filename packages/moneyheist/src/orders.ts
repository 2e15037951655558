import { parseWithSchema, readOrderTrace } from "@arena/core";
import { type MoneyHeistOrder, Order } from "./protocol";

export type { MoneyHeistOrder } from "./protocol";

/** The most labels an `open` order's `solution` may hold (the schema's `maxLength`). */
const MAX_SOLUTION = 1000;

const isDirection = (value: unknown): value is "d" | "r" | "u" | "l" =>
  value === "d" || value === "r" || value === "u" || value === "l";

/**
 * The order `value` is, when it is a well-formed order in its plainest form (a plain object with
 * exactly the fields of its kind, a dense array of labels), built as the `Order` schema builds
 * it (a new object with the fields in the schema's order, a new array); undefined for anything
 * else, which the schema then parses (and rejects with its own reason). Every step of every match
 * validates every order: this path is a few comparisons instead of zod's walk, which was about a
 * third of a Money Heist match's time. It never accepts what the schema rejects (tested against
 * it in `orders.test.ts`).
 */
function plainOrder(value: unknown): MoneyHeistOrder | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const fields = value as { [key: string]: unknown };
  const { unit, kind } = fields;
  if (!Number.isSafeInteger(unit)) return undefined;
  const wanted =
    kind === "move" ? 3 : kind === "open" ? 4 : kind === "charge" || kind === "heal" ? 2 : 0;
  if (wanted === 0) return undefined;
  // The schema is strict and, like zod, looks at every enumerable key (inherited ones too).
  let count = 0;
  for (const key in fields) {
    if (
      key !== "unit" &&
      key !== "kind" &&
      (wanted < 3 || key !== "dir") &&
      (wanted < 4 || key !== "solution")
    )
      return undefined;
    count++;
  }
  if (count !== wanted) return undefined;
  const id = unit as number;
  if (kind === "charge" || kind === "heal") return { unit: id, kind };
  const { dir } = fields;
  if (!isDirection(dir)) return undefined;
  if (kind === "move") return { unit: id, kind, dir };
  const { solution } = fields;
  if (!Array.isArray(solution)) return undefined;
  const length = solution.length;
  if (length > MAX_SOLUTION) return undefined;
  const labels: number[] = [];
  for (let k = 0; k < length; k++) {
    const label: unknown = solution[k];
    if (!Number.isSafeInteger(label)) return undefined;
    labels.push(label as number);
  }
  return { unit: id, kind: "open", dir, solution: labels };
}

/**
 * Validates one order received as JSON against the protocol's `Order` schema. Throws
 * `ArenaError("BAD_ORDER")` naming the field (`'dir' must be one of d, r, u, l`).
 */
export function parseOrder(value: unknown): MoneyHeistOrder {
  return plainOrder(value) ?? parseWithSchema(Order, value);
}

/** Reads an order trace (`.orders.jsonl`) into `steps[round][player]`; errors name the line. */
export function readTrace(text: string, source: string): MoneyHeistOrder[][][] {
  return readOrderTrace(text, source, parseOrder);
}
