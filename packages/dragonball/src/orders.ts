import { ArenaError } from "@arena/core";
import type { DirLetter, DragonBallOrder } from "./state";

const DIRS = ["n", "t", "b", "l", "r"];

/** Validates one action received as JSON: `{"kind": "move" | "throw", "dir": "n|t|b|l|r"}`. */
export function parseOrder(value: unknown): DragonBallOrder {
  const bad = (message: string): never => {
    throw new ArenaError("BAD_ORDER", message);
  };
  if (typeof value !== "object" || value === null || Array.isArray(value))
    bad("an action must be a JSON object");
  const o = value as Record<string, unknown>;
  if (o.kind !== "move" && o.kind !== "throw") bad("'kind' must be move or throw");
  if (typeof o.dir !== "string" || !DIRS.includes(o.dir)) bad("'dir' must be one of n, t, b, l, r");
  for (const key of Object.keys(o))
    if (key !== "kind" && key !== "dir") bad(`unexpected field '${key}'`);
  return { kind: o.kind as "move" | "throw", dir: o.dir as DirLetter };
}

/**
 * Reads the players' actions from the `actions_asked` blocks of a recorded `.res` into
 * `steps[round][player]` (an empty list for `u n`). Errors name the line.
 */
export function readTrace(text: string, source: string): DragonBallOrder[][][] {
  const lines = text.split(/\r?\n/);
  const nameLine = lines.find((line) => line.startsWith("names "));
  const players = nameLine ? nameLine.trim().split(/\s+/).length - 1 : 4;
  const steps: DragonBallOrder[][][] = [];
  for (let k = 0; k < lines.length; k++) {
    if (lines[k] !== "actions_asked") continue;
    const step: DragonBallOrder[][] = [];
    for (let pl = 0; pl < players; pl++) {
      const line = k + 2 + pl;
      const words = (lines[line - 1] ?? "").trim().split(/\s+/);
      const where = { file: source, line };
      if (words.length !== 3 || Number(words[0]) !== pl)
        throw new ArenaError("BAD_TRACE", `expected '${pl} <action> <dir>'`, where);
      const [, action, dir] = words;
      if (!["u", "m", "t"].includes(action!) || !DIRS.includes(dir!))
        throw new ArenaError("BAD_TRACE", `unknown action '${action} ${dir}'`, where);
      step.push(
        action === "u" ? [] : [{ kind: action === "m" ? "move" : "throw", dir: dir as DirLetter }],
      );
    }
    steps.push(step);
  }
  if (steps.length === 0)
    throw new ArenaError("BAD_TRACE", "no actions_asked block found: not a Bola de Drac .res", {
      file: source,
    });
  return steps;
}
