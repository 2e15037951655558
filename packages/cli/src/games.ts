import { type AnyEngine, ArenaError } from "@arena/core";
import { closest } from "./args";

/**
 * The games the cli knows, each loaded only when a command needs it (a dynamic `import()`), so
 * that `arena --version` or a replay of one game does not pay for loading the other four.
 */
const loaders: Readonly<Record<string, () => Promise<{ engine?: AnyEngine }>>> = {
  moneyheist: () => import("@arena/moneyheist"),
  madmax: () => import("@arena/madmax"),
  "madmax-revisited": () => import("@arena/madmax-revisited"),
  dragonball: () => import("@arena/dragonball"),
  lighthouses: () => import("@arena/lighthouses"),
};

/** The names of every game the cli knows, in the order `arena list` shows them. */
export const gameNames: readonly string[] = Object.keys(loaders);

/**
 * Loads the engine named `name`. Throws `UNKNOWN_GAME` listing the games (and the nearest name)
 * otherwise; `file` names where the name came from (a replay header) in that error.
 */
export async function loadGame(name: string, file?: string): Promise<AnyEngine> {
  const engine = (await loaders[checkGameName(name, file)]!()).engine;
  if (engine === undefined) {
    throw new ArenaError("UNKNOWN_GAME", `the package of game '${name}' exports no engine`, {
      file,
    });
  }
  return engine;
}

/**
 * Checks that `name` is a game the cli knows, without loading it, and returns it. Throws
 * `UNKNOWN_GAME` listing the games (and the nearest name); `file` names where the name came from.
 */
export function checkGameName(name: string, file?: string): string {
  if (!Object.hasOwn(loaders, name)) {
    const near = closest(name, gameNames);
    const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
    throw new ArenaError(
      "UNKNOWN_GAME",
      `unknown game '${shown}'${near !== undefined ? `; did you mean '${near}'?` : ""}; the games are: ${gameNames.join(", ")}`,
      { file },
    );
  }
  return name;
}

/** Loads every game (for `arena list`). */
export function loadGames(): Promise<AnyEngine[]> {
  return Promise.all(gameNames.map((name) => loadGame(name)));
}
