import { checkFlags, type ParsedArgs } from "../args";
import { table } from "../format";
import { games } from "../games";
import type { CliIo } from "../io";

export const listHelp = `Usage: arena list [--json]

Lists the games, their player counts, built-in bots and extra options.
`;

/** `arena list`: the games and their built-in bots. */
export function list(args: ParsedArgs, io: CliIo): number {
  checkFlags(args, new Set(["json", "help", "debug"]), "list");
  if (args.flags.has("help")) {
    io.out(listHelp);
    return 0;
  }
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
    io.out(`${JSON.stringify(data, null, 2)}\n`);
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
}
