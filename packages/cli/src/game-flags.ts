import type { FlagSpec } from "./args";
import { loadGame, loadGames } from "./games";

/**
 * The game's own options as flags (a command's `moreFlags`): the named game's, or, before a game
 * is named (`arena contest --help`), every game's, each saying which game takes it.
 */
export async function gameFlags(positionals: readonly string[]): Promise<readonly FlagSpec[]> {
  const name = positionals[0];
  const engines = name === undefined ? await loadGames() : [await loadGame(name)];
  const flags = new Map<string, FlagSpec & { games: string[] }>();
  for (const engine of engines) {
    for (const option of engine.options ?? []) {
      const known = flags.get(option.name);
      if (known !== undefined) known.games.push(engine.title);
      else
        flags.set(option.name, {
          name: option.name,
          type: "string",
          value: option.value,
          help: option.description,
          games: [engine.title],
        });
    }
  }
  return [...flags.values()].map(({ games, ...flag }) => ({
    ...flag,
    help: `${flag.help} (${games.join(", ")}${name === undefined ? " only" : ""})`,
  }));
}
