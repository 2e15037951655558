import { resolve } from "node:path";
import { ArenaError, readReplay, verifyReplay } from "@arena/core";
import { type ParsedArgs, stringFlag } from "../args";
import type { Command } from "../command";
import { writeOutputFile } from "../files";
import { table } from "../format";
import { loadGame } from "../games";
import type { CliIo } from "../io";

/** `arena replay`: re-simulates a replay and prints its result. */
export const replayCommand: Command = {
  name: "replay",
  usage: "<file> [options]",
  description: `Reads an arena replay, re-simulates it with the game's engine and checks every
state digest, then prints the players and the final scores.`,
  flags: [
    { name: "scores", type: "boolean", help: "also print the scores after every round" },
    {
      name: "export",
      type: "string",
      value: "res",
      help: "write the original engine's .res replay (to --out, or stdout)",
    },
    { name: "out", type: "string", value: "FILE", help: "where --export writes" },
    { name: "json", type: "boolean", help: "print the result as JSON" },
  ],
  minPositionals: 1,
  run: (args, io) => replay(args, io),
};

/** `arena replay`: returns the process exit code. */
export async function replay(args: ParsedArgs, io: CliIo): Promise<number> {
  const [file, ...extra] = args.positionals;
  if (file === undefined) throw new ArenaError("BAD_FLAG", "'arena replay' needs a file");
  if (extra.length > 0) {
    throw new ArenaError("BAD_FLAG", `'arena replay' takes one file, got also: ${extra.join(" ")}`);
  }
  const exportFormat = stringFlag(args, "export");
  if (exportFormat !== undefined && exportFormat !== "res") {
    throw new ArenaError("BAD_FLAG", `--export supports only 'res', got '${exportFormat}'`);
  }
  const outPath = stringFlag(args, "out");
  if (outPath !== undefined && exportFormat === undefined) {
    throw new ArenaError("BAD_FLAG", "--out goes with --export res");
  }
  const path = resolve(io.cwd, file);
  const recorded = readReplay(path);
  const engine = await loadGame(recorded.header.game, file);
  if (exportFormat === "res" && engine.res === undefined) {
    throw new ArenaError("BAD_FLAG", `${engine.name} has no .res format`);
  }
  const verified = verifyReplay(engine, recorded, { res: exportFormat === "res" });
  const { header } = recorded;

  if (exportFormat === "res") {
    const text = verified.res ?? "";
    if (outPath !== undefined) writeOutputFile(resolve(io.cwd, outPath), text, ".res");
    else {
      io.out(text);
      return 0;
    }
  }
  if (args.flags.has("json")) {
    io.out(
      `${JSON.stringify(
        {
          game: header.game,
          engineVersion: header.engineVersion,
          seed: header.seed,
          players: header.players,
          rounds: verified.rounds,
          steps: verified.steps,
          finalScores: verified.finalScores,
          ranking: verified.ranking,
          verified: true,
          ...(args.flags.has("scores") ? { scoresByRound: verified.scoresByRound } : {}),
        },
        null,
        2,
      )}\n`,
    );
    return 0;
  }
  const lines = [
    `${engine.title} · seed ${header.seed} · ${verified.rounds} rounds · engine ${header.engineVersion}`,
    `verified: ${verified.steps} steps re-simulated, every state digest matches`,
  ];
  const rows = [["rank", "p", "name", "score"]];
  const order = header.players.map((name, p) => ({ name, p }));
  order.sort((a, b) => verified.ranking[a.p]! - verified.ranking[b.p]! || a.p - b.p);
  for (const { name, p } of order) {
    rows.push([String(verified.ranking[p]), String(p), name, String(verified.finalScores[p])]);
  }
  lines.push(table(rows, [true, true, false, true]));
  if (args.flags.has("scores")) {
    lines.push(
      "",
      table(
        [
          ["round", ...header.players],
          ...verified.scoresByRound.map((scores, r) => [String(r), ...scores.map(String)]),
        ],
        [true, ...header.players.map(() => true)],
      ),
    );
  }
  if (outPath !== undefined) lines.push(`res: ${outPath}`);
  io.out(`${lines.join("\n")}\n`);
  return 0;
}
