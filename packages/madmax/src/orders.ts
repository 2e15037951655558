import { ArenaError } from "@arena/core";
import { DIR_LETTERS, type DirLetter, type MadMaxOrder } from "./state";

/** Validates one order received as JSON: `{"unit": 12, "dir": "w"}`. */
export function parseOrder(value: unknown): MadMaxOrder {
  const bad = (message: string): never => {
    throw new ArenaError("BAD_ORDER", message);
  };
  if (typeof value !== "object" || value === null || Array.isArray(value))
    bad("an order must be a JSON object");
  const o = value as Record<string, unknown>;
  if (typeof o.unit !== "number" || !Number.isSafeInteger(o.unit)) bad("'unit' must be an integer");
  if (typeof o.dir !== "string" || !DIR_LETTERS.includes(o.dir as DirLetter))
    bad(`'dir' must be one of ${DIR_LETTERS.join(", ")}`);
  for (const key of Object.keys(o))
    if (key !== "unit" && key !== "dir") bad(`unexpected field '${key}'`);
  return { unit: o.unit as number, dir: o.dir as DirLetter };
}

/** Reads an order trace (`.orders.jsonl`) into `steps[round][player]`; errors name the line. */
export function readTrace(text: string, source: string): MadMaxOrder[][][] {
  const steps: MadMaxOrder[][][] = [];
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return;
    const where = { file: source, line: i + 1 };
    let record: { round?: unknown; orders?: unknown };
    try {
      record = JSON.parse(line);
    } catch {
      throw new ArenaError("BAD_TRACE", "not a JSON line", where);
    }
    if (record.round !== steps.length)
      throw new ArenaError("BAD_TRACE", `expected round ${steps.length}`, where);
    if (!Array.isArray(record.orders) || !record.orders.every(Array.isArray))
      throw new ArenaError("BAD_TRACE", "'orders' must be a list of lists", where);
    try {
      steps.push((record.orders as unknown[][]).map((list) => list.map(parseOrder)));
    } catch (error) {
      throw new ArenaError("BAD_TRACE", (error as Error).message, where);
    }
  });
  if (steps.length === 0)
    throw new ArenaError("BAD_TRACE", "the trace has no rounds", { file: source });
  return steps;
}
