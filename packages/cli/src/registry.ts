import { type AnyEngine, ArenaError } from "@arena/core";
import * as dragonball from "@arena/dragonball";
import * as lighthouses from "@arena/lighthouses";
import * as madmax from "@arena/madmax";
import * as madmaxRevisited from "@arena/madmax-revisited";
import * as moneyheist from "@arena/moneyheist";
import { checkGameName } from "./games";

/**
 * Every game's engine, loaded at once, in the order `arena list` shows them: the library API for
 * tools built on `@arena/cli` (graders, charts, sweeps). The `arena` command itself does not use
 * it: it loads only the game it needs (`loadGame`).
 */
export const games: readonly AnyEngine[] = [
  moneyheist,
  madmax,
  madmaxRevisited,
  dragonball,
  lighthouses,
]
  .map((module) => (module as { engine?: AnyEngine }).engine)
  .filter((engine): engine is AnyEngine => engine !== undefined);

/** The engine named `name`; throws `UNKNOWN_GAME` listing the games (and the nearest) otherwise. */
export function findGame(name: string): AnyEngine {
  checkGameName(name);
  const engine = games.find((candidate) => candidate.name === name);
  if (engine === undefined) {
    throw new ArenaError("UNKNOWN_GAME", `the package of game '${name}' exports no engine`);
  }
  return engine;
}
