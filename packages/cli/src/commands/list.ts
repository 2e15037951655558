import { ArenaError } from "@arena/core";
import type { Command } from "../command";
import { safeJson, table } from "../format";
import { loadGames } from "../games";

/** `arena list`: the games and their built-in bots. */
export const listCommand: Command = {
  name: "list",
  usage: "[--json]",
  description: "Lists the games, their player counts, built-in bots and extra options.",
  flags: [{ name: "json", type: "boolean", help: "print the list as JSON" }],
  async run(args, io) {
    if (args.positionals.length > 0) {
      throw new ArenaError(
        "BAD_FLAG",
        `'arena list' takes no arguments, got: ${args.positionals.join(" ")}`,
      );
    }
    const games = await loadGames();
    if (args.flags.has("json")) {
      const data = games.map((engine) => ({
        name: engine.name,
        title: engine.title,
        version: engine.version,
        players: engine.players,
        bots: Object.keys(engine.bots),
        options: (engine.options ?? []).map((o) => ({
          name: o.name,
          value: o.value,
          description: o.description,
        })),
      }));
      io.out(`${safeJson(data)}\n`);
      return 0;
    }
    const rows = [["game", "title", "players", "bots", "options"]];
    for (const engine of games) {
      const { min, max } = engine.players;
      rows.push([
        engine.name,
        engine.title,
        min === max ? String(min) : `${min}-${max}`,
        Object.keys(engine.bots).join(", "),
        (engine.options ?? []).map((o) => `--${o.name} ${o.value}`).join(" "),
      ]);
    }
    io.out(`${table(rows, [false, false, true, false, false])}\n`);
    return 0;
  },
};
