import { resolve } from "node:path";
import {
  ArenaError,
  readReplay,
  TextFileWriter,
  type VerifyResult,
  verifyReplay,
} from "@arena/core";
import { checkFlags, type ParsedArgs, stringFlag } from "../args";
import { table } from "../format";
import { findGame } from "../games";
import type { CliIo } from "../io";

export const replayHelp = `Usage: arena replay <file> [options]

Reads an arena replay, re-simulates it with the game's engine and checks every
state digest, then prints the players and the final scores.

Options:
  --scores              also print the scores after every round
  --export res          write the original engine's .res replay (to --out, or stdout)
  --out FILE            where --export writes
  --json                print the result as JSON
  --debug               show stack traces of errors
`;

/** `arena replay`: returns the process exit code. */
export function replay(args: ParsedArgs, io: CliIo): number {
  checkFlags(args, new Set(["scores", "export", "out", "json", "help", "debug"]), "replay");
  const [file, ...extra] = args.positionals;
  if (args.flags.has("help") || file === undefined) {
    io.out(replayHelp);
    return file === undefined && !args.flags.has("help") ? 2 : 0;
  }
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
  const engine = findGame(recorded.header.game);
  if (exportFormat === "res" && engine.res === undefined) {
    throw new ArenaError("BAD_FLAG", `${engine.name} has no .res format`);
  }
  // An exported .res file is written as the replay is re-simulated (renamed into place at the end).
  const resFile =
    exportFormat === "res" && outPath !== undefined
      ? TextFileWriter.open(resolve(io.cwd, outPath))
      : undefined;
  let verified: VerifyResult | undefined;
  try {
    verified = verifyReplay(engine, recorded, { res: resFile?.write ?? exportFormat === "res" });
  } finally {
    resFile?.close(verified !== undefined);
  }
  const { header } = recorded;

  if (exportFormat === "res" && outPath === undefined) {
    io.out(verified.res ?? "");
    return 0;
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
