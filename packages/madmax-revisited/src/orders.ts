import { ArenaError, readOrderTrace } from "@arena/core";
import type { MadMaxRevisitedOrder } from "./state";

/**
 * Validates one instruction received as JSON: `{"car": 3, "kind": "move", "dir": [1, 2]}` or
 * `{"car": 3, "kind": "shoot"}`. Throws `ArenaError("BAD_ORDER")` naming the field.
 */
export function parseOrder(value: unknown): MadMaxRevisitedOrder {
  const bad = (message: string): never => {
    throw new ArenaError("BAD_ORDER", message);
  };
  if (typeof value !== "object" || value === null || Array.isArray(value))
    bad("an order must be a JSON object");
  const o = value as Record<string, unknown>;
  if (typeof o.car !== "number" || !Number.isSafeInteger(o.car)) bad("'car' must be an integer");
  const car = o.car as number;
  if (o.kind === "shoot") {
    for (const key of Object.keys(o))
      if (key !== "car" && key !== "kind") bad(`unexpected field '${key}'`);
    return { car, kind: "shoot" };
  }
  if (o.kind !== "move") bad("'kind' must be move or shoot");
  const dir = o.dir;
  if (
    !Array.isArray(dir) ||
    dir.length !== 2 ||
    !Number.isInteger(dir[0]) ||
    !Number.isInteger(dir[1]) ||
    dir[0] < -1 ||
    dir[0] > 1 ||
    dir[1] < 0 ||
    dir[1] > 2
  )
    bad("'dir' must be [di, dj] with di in −1..1 and dj in 0..2");
  for (const key of Object.keys(o))
    if (key !== "car" && key !== "kind" && key !== "dir") bad(`unexpected field '${key}'`);
  return { car, kind: "move", dir: [(dir as number[])[0]!, (dir as number[])[1]!] };
}

/** Reads an order trace (`.orders.jsonl`) into `steps[round][player]`; errors name the line. */
export function readTrace(text: string, source: string): MadMaxRevisitedOrder[][][] {
  return readOrderTrace(text, source, parseOrder);
}
