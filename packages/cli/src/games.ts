import type { AnyEngine } from "@arena/core";
import { ArenaError } from "@arena/core";
import * as dragonball from "@arena/dragonball";
import * as lighthouses from "@arena/lighthouses";
import * as madmax from "@arena/madmax";
import * as madmaxRevisited from "@arena/madmax-revisited";
import * as moneyheist from "@arena/moneyheist";

/** Every game the cli knows, in the order `arena list` shows them. */
export const games: readonly AnyEngine[] = [
  moneyheist,
  madmax,
  madmaxRevisited,
  dragonball,
  lighthouses,
]
  .map((module) => (module as { engine?: AnyEngine }).engine)
  .filter((engine): engine is AnyEngine => engine !== undefined);

/** The engine named `name`; throws `UNKNOWN_GAME` listing the games otherwise. */
export function findGame(name: string): AnyEngine {
  const game = games.find((engine) => engine.name === name);
  if (game === undefined) {
    throw new ArenaError(
      "UNKNOWN_GAME",
      `unknown game '${name}'; the games are: ${games.map((engine) => engine.name).join(", ")}`,
    );
  }
  return game;
}
