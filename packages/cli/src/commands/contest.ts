import { ArenaError } from "@arena/core";
import { type ContestSummary, parseBotArgument, runContest } from "@arena/tournament";
import { type FlagSpec, integerFlag, type ParsedArgs, stringFlag } from "../args";
import type { Command } from "../command";
import { compilerColour, compilerLines, placeFirst } from "../compiler-output";
import { escapeControl, table } from "../format";
import { gameFlags } from "../game-flags";
import { loadGame } from "../games";
import type { CliIo } from "../io";
import {
  botNotes,
  commonRun,
  interruptible,
  Progress,
  resumeCommand,
  runFlags,
} from "./tournament";

/** The flags of `arena contest`. */
export const contestFlags: readonly FlagSpec[] = [
  {
    name: "format",
    type: "string",
    value: "jutge",
    help: "the contest format (the only one so far)",
  },
  {
    name: "baseline",
    type: "string",
    value: "BOT",
    help: "the bot to beat and to pad groups with (default Demo)",
  },
  {
    name: "seed",
    type: "integer",
    value: "N",
    help: "the contest seed: every draw comes from it (default 1)",
  },
  {
    name: "finalists",
    type: "integer",
    value: "N",
    help: "players of the final phase (default 16)",
  },
  {
    name: "semifinal-matches",
    type: "integer",
    value: "N",
    help: "matches per semifinal group, seats rotated (default 4)",
  },
  {
    name: "final-matches",
    type: "integer",
    value: "N",
    help: "matches of the final, seats rotated (default 4)",
  },
  ...runFlags,
];

/** `arena contest`. */
export const contestCommand: Command = {
  name: "contest",
  usage: "<game> <player>… --format jutge [options]",
  description: `Runs the Joc d'EDA contest: qualification (a match against copies of itself without being
frozen, then a match in each seat against copies of the baseline, all won), elimination rounds
(random groups of four padded with the baseline; a player is saved by scoring better than two of
its three rivals; the unsaved are regrouped until four or fewer remain, who play until one
finishes behind all the others and is eliminated), then for the last 16 semifinals and a final
scored 4/3/2/1 per match. Prints the standings with the round each player was eliminated in.`,
  flags: contestFlags,
  notes: botNotes,
  minPositionals: 2,
  moreFlags: gameFlags,
  run: (args, io) => contest(args, io),
};

/**
 * The human report of a contest: a head line, the standings, and the compiler's messages of each
 * player disqualified before playing (its file does not compile), in g++'s colours when `colour`.
 */
export function describeContest(summary: ContestSummary, colour = false): string {
  const rows = [["place", "player", "reached", "round out", "points", "note"]];
  for (const standing of summary.standings) {
    rows.push([
      String(standing.place),
      escapeControl(standing.player),
      standing.reached,
      standing.eliminatedInRound !== undefined ? String(standing.eliminatedInRound) : "",
      standing.points !== undefined ? String(standing.points) : "",
      escapeControl(standing.reason ?? ""),
    ]);
  }
  const rounds = `${summary.eliminationRounds} elimination round${summary.eliminationRounds === 1 ? "" : "s"}`;
  const outcome =
    summary.champion !== undefined
      ? ` · champion ${escapeControl(summary.champion)}`
      : summary.qualified === 0
        ? " · nobody qualified: no final, no champion"
        : "";
  const head = `${summary.game} contest · seed ${summary.seed} · ${summary.matches} matches · ${summary.qualified} qualified · ${rounds}${outcome}`;
  const logs = summary.standings
    .filter((standing) => standing.log !== undefined)
    .map((standing) => {
      const log = standing.log!.split("\n");
      const head = `${escapeControl(standing.player)}, ${escapeControl(placeFirst(standing.reason ?? "", log))}:`;
      return `\n${head}\n${compilerLines(log, colour).join("\n")}`;
    });
  return [`${head}\n${table(rows, [true, false, false, true, true, false])}`, ...logs].join("\n");
}

/** `arena contest`: returns the process exit code. */
export async function contest(args: ParsedArgs, io: CliIo): Promise<number> {
  const [gameName, ...playerArgs] = args.positionals;
  const engine = await loadGame(gameName!);
  const format = stringFlag(args, "format") ?? "jutge";
  if (format !== "jutge")
    throw new ArenaError("BAD_FLAG", `option --format takes jutge, got '${format}'`);
  if (playerArgs.length === 0)
    throw new ArenaError("BAD_FLAG", "arena contest needs players (arena contest --help)");
  const common = await commonRun(args, io, engine, "contest");
  const seed = integerFlag(args, "seed");
  const finalists = integerFlag(args, "finalists");
  const semifinalMatches = integerFlag(args, "semifinal-matches");
  const finalMatches = integerFlag(args, "final-matches");
  return interruptible(io, resumeCommand("contest", args), async (signal) => {
    const started = runContest({
      ...common.options,
      signal,
      players: playerArgs.map(parseBotArgument),
      baseline: parseBotArgument(stringFlag(args, "baseline") ?? "Demo"),
      ...(seed !== undefined ? { seed } : {}),
      ...(finalists !== undefined ? { finalists } : {}),
      ...(semifinalMatches !== undefined ? { semifinalMatches } : {}),
      ...(finalMatches !== undefined ? { finalMatches } : {}),
    });
    // The number of matches depends on the results: the bar counts up without a known total.
    const progress = new Progress(io, 0, io.interactive && !common.json && !common.quiet);
    try {
      for await (const record of started) progress.add(record);
    } finally {
      progress.clear();
    }
    const summary = started.summary();
    if (common.json) io.out(`${JSON.stringify(summary, null, 2)}\n`);
    else if (!common.quiet) {
      const colour = compilerColour(io.interactive && Boolean(process.stdout.isTTY));
      io.out(`${describeContest(summary, colour)}\nresults: ${common.out}\n`);
    }
    return 0;
  });
}
