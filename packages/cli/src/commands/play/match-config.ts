// `arena play`: the match's config (default, --config/--map file, the game's own options) and
// the players' time budget, from the flags.
import { resolve } from "node:path";
import { type AnyEngine, ArenaError, type Budget, type Json } from "@arena/core";
import { integerFlag, type ParsedArgs, stringFlag } from "../../args";
import { inFile } from "../../errors";
import { readInputFile } from "../../files";
import type { CliIo } from "../../io";

/**
 * The match config: the game's default, or the `--config` / `--map` file parsed by the game, with
 * the game's own options applied. `source` names where it came from, for errors about it.
 */
export function loadConfig(
  engine: AnyEngine,
  args: ParsedArgs,
  io: CliIo,
): { config: Json; source: string } {
  const configPath = stringFlag(args, "config");
  const mapPath = stringFlag(args, "map");
  if (configPath !== undefined && mapPath !== undefined) {
    throw new ArenaError("BAD_FLAG", "give either --config or --map, not both");
  }
  const path = configPath ?? mapPath;
  let config: Json;
  try {
    config =
      path === undefined
        ? engine.defaultConfig()
        : engine.parseConfig(readInputFile(resolve(io.cwd, path), "config", path), path);
  } catch (error) {
    throw path === undefined ? error : inFile(error, path);
  }
  for (const option of engine.options ?? []) {
    const value = stringFlag(args, option.name);
    if (value !== undefined) config = option.apply(config, value);
  }
  return { config, source: path ?? `the default ${engine.title} config` };
}

/**
 * The players' limits from `--budget`, `--turn-timeout` and `--start-timeout` (milliseconds),
 * `--budget-instructions` and `--turn-instructions` (instructions of WebAssembly players).
 */
export function budgetFrom(args: ParsedArgs): Budget {
  const budget: Budget = {};
  const total = integerFlag(args, "budget");
  const turn = integerFlag(args, "turn-timeout");
  const start = integerFlag(args, "start-timeout");
  const totalInstructions = integerFlag(args, "budget-instructions");
  const turnInstructions = integerFlag(args, "turn-instructions");
  for (const [name, value, unit] of [
    ["budget", total, "milliseconds"],
    ["turn-timeout", turn, "milliseconds"],
    ["start-timeout", start, "milliseconds"],
    ["budget-instructions", totalInstructions, "instructions"],
    ["turn-instructions", turnInstructions, "instructions"],
  ] as const) {
    if (value !== undefined && value <= 0) {
      throw new ArenaError("BAD_FLAG", `option --${name} needs a positive number of ${unit}`);
    }
  }
  if (total !== undefined) budget.totalMs = total;
  if (turn !== undefined) budget.turnMs = turn;
  if (start !== undefined) budget.startMs = start;
  if (totalInstructions !== undefined) budget.totalInstructions = totalInstructions;
  if (turnInstructions !== undefined) budget.turnInstructions = turnInstructions;
  return budget;
}
