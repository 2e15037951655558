import { ArenaError, readOrderTrace } from "@arena/core";
import { DIRECTION_LETTERS, type DirectionLetter } from "./state";

/**
 * One command, as JSON: the shape of the original traces.
 * - `{"unit": 5, "kind": "move", "dir": "d"}` (soldier or professor)
 * - `{"unit": 0, "kind": "open", "dir": "u", "solution": [0,1,…]}` (professor)
 * - `{"unit": 5, "kind": "charge"}` (soldier), `{"unit": 0, "kind": "heal"}` (professor)
 */
export type MoneyHeistOrder =
  | { unit: number; kind: "move"; dir: DirectionLetter }
  | { unit: number; kind: "open"; dir: DirectionLetter; solution: number[] }
  | { unit: number; kind: "charge" }
  | { unit: number; kind: "heal" };

const KINDS = ["move", "open", "charge", "heal"];

/** Validates one order received as JSON. Throws `ArenaError("BAD_ORDER")` naming the field. */
export function parseOrder(value: unknown): MoneyHeistOrder {
  const bad = (message: string): never => {
    throw new ArenaError("BAD_ORDER", message);
  };
  if (typeof value !== "object" || value === null || Array.isArray(value))
    bad("an order must be a JSON object");
  const o = value as Record<string, unknown>;
  if (typeof o.unit !== "number" || !Number.isSafeInteger(o.unit)) bad("'unit' must be an integer");
  if (typeof o.kind !== "string" || !KINDS.includes(o.kind))
    bad(`'kind' must be one of ${KINDS.join(", ")}`);
  const unit = o.unit as number;
  const allowed = new Set(["unit", "kind"]);
  let order: MoneyHeistOrder;
  if (o.kind === "move" || o.kind === "open") {
    if (typeof o.dir !== "string" || !DIRECTION_LETTERS.includes(o.dir as DirectionLetter))
      bad("'dir' must be one of d, r, u, l");
    allowed.add("dir");
    if (o.kind === "open") {
      allowed.add("solution");
      const solution = o.solution;
      if (
        !Array.isArray(solution) ||
        solution.length > 1000 ||
        !solution.every((v) => typeof v === "number" && Number.isSafeInteger(v))
      )
        bad("'solution' must be a list of integers");
      order = {
        unit,
        kind: "open",
        dir: o.dir as DirectionLetter,
        solution: [...(solution as number[])],
      };
    } else order = { unit, kind: "move", dir: o.dir as DirectionLetter };
  } else order = { unit, kind: o.kind as "charge" | "heal" };
  for (const key of Object.keys(o)) if (!allowed.has(key)) bad(`unexpected field '${key}'`);
  return order;
}

/** Reads an order trace (`.orders.jsonl`) into `steps[round][player]`; errors name the line. */
export function readTrace(text: string, source: string): MoneyHeistOrder[][][] {
  return readOrderTrace(text, source, parseOrder);
}
