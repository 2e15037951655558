import type { AnyEngine } from "@arena/core";
import { ArenaError } from "@arena/core";
import { engine as dragonball } from "@arena/dragonball";
import { engine as lighthouses } from "@arena/lighthouses";
import { engine as madmax } from "@arena/madmax";
import { engine as madmaxRevisited } from "@arena/madmax-revisited";
import { engine as moneyheist } from "@arena/moneyheist";

/** Every game the cli knows, in the order `arena list` shows them. */
export const games: readonly AnyEngine[] = [
  moneyheist,
  madmax,
  madmaxRevisited,
  dragonball,
  lighthouses,
];

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
