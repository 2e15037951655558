import { ArenaError, parseWithSchema } from "@arena/core";
import { type DragonBallOrder, Order } from "./protocol";
import type { DirLetter } from "./state";

const DIRS = ["n", "t", "b", "l", "r"];

/**
 * Validates one action received as JSON (`{"kind": "move" | "throw", "dir": "n|t|b|l|r"}`) against
 * the protocol's `Order` schema. Throws `ArenaError("BAD_ORDER")` naming the field.
 */
export function parseOrder(value: unknown): DragonBallOrder {
  return parseWithSchema(Order, value, "an action");
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
