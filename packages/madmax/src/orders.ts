import { ArenaError, readOrderTrace } from "@arena/core";
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
  return readOrderTrace(text, source, parseOrder);
}
