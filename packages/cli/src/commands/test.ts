import { ArenaError } from "@arena/core";
import { parseBotArgument, type TestSummary, testBot } from "@arena/tournament";
import { type FlagSpec, integerFlag, type ParsedArgs, stringFlag } from "../args";
import type { Command } from "../command";
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
  seedsFlag,
} from "./tournament";

/** The flags of `arena test`. */
export const testFlags: readonly FlagSpec[] = [
  { name: "vs", type: "string", value: "BOT", help: "the baseline (required)" },
  {
    name: "opponents",
    type: "string",
    value: "A,B,…",
    help: "paired design against these opponents (cycled over the other seats)",
  },
  {
    name: "seeds",
    type: "string",
    value: "LIST",
    help: "N (1..N), A..B, or a list 1,5,9..12 (default 20)",
  },
  {
    name: "sprt",
    type: "boolean",
    help: "stop as soon as a sequential probability ratio test on the win outcome concludes (α = β = 0.05; H0: win rate 1/players, H1: --p1)",
  },
  { name: "p1", type: "string", value: "P", help: "the win rate of H1 (default 1/players + 0.1)" },
  {
    name: "players",
    type: "integer",
    value: "N",
    help: "players per match (games with a range: default the game's default)",
  },
  ...runFlags,
];

/** `arena test`. */
export const testCommand: Command = {
  name: "test",
  usage: "<game> <candidate> --vs <baseline> [options]",
  description: `Is the candidate better than the baseline? Default design: the candidate in each seat against
copies of the baseline (no better: a win rate of 1/players). With --opponents, a paired design:
for each seed and seat, the candidate and the baseline each play that seat against the same
opponents, and the paired differences of placement and score are reported.

Prints the win rate with its 95 % interval, the mean score difference with its interval, the
likelihood of superiority and a verdict: better, worse, or inconclusive (with about how many more
seeds would settle it).`,
  flags: testFlags,
  notes: botNotes,
  minPositionals: 2,
  moreFlags: gameFlags,
  run: (args, io) => test(args, io),
};

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const signed = (value: number, digits = 2) => {
  const rounded = Number(value.toFixed(digits)) || 0; // no "-0.0"
  return `${rounded >= 0 ? "+" : ""}${rounded.toFixed(digits)}`;
};

/** The human report of a test. */
export function describeTest(summary: TestSummary): string {
  const lines: string[] = [];
  const design =
    summary.design === "paired"
      ? "paired design"
      : `against ${summary.players - 1} × ${summary.baseline}`;
  lines.push(
    `${summary.candidate} vs ${summary.baseline} · ${summary.game} · ${design} · ${summary.seeds} seeds · ${summary.matches} matches`,
  );
  lines.push(
    `win rate          ${percent(summary.winRate)}  95% interval ${percent(summary.winRateCI[0])}–${percent(summary.winRateCI[1])}  (no better: ${percent(summary.nullWinRate)})`,
  );
  const score = summary.scoreDifference;
  lines.push(
    `score difference  ${signed(score.mean, 1)}  95% interval ${signed(score.interval[0], 1)} … ${signed(score.interval[1], 1)}${summary.design === "paired" ? " (candidate − baseline, same seat and seed)" : " (candidate − mean of the others)"}`,
  );
  if (summary.placementDifference !== undefined) {
    const placement = summary.placementDifference;
    lines.push(
      `placement gain    ${signed(placement.mean)}  95% interval ${signed(placement.interval[0])} … ${signed(placement.interval[1])} (baseline's place − candidate's)`,
    );
  }
  lines.push(`likelihood of superiority ${percent(summary.likelihoodOfSuperiority)}`);
  if (summary.candidate === summary.baseline) {
    lines.push("(the same bot on both sides: each seed is one match, seen from every seat)");
  }
  if (summary.candidateFaults > 0)
    lines.push(`candidate frozen in ${summary.candidateFaults} matches`);
  if (summary.errors > 0) lines.push(`${summary.errors} matches failed`);
  if (summary.sprt !== undefined) {
    const test = summary.sprt;
    const outcome =
      test.result === "H1"
        ? "H1 accepted: better"
        : test.result === "H0"
          ? `H0 accepted: not better by the margin (p1 ${test.p1.toFixed(3)})`
          : "no conclusion yet";
    lines.push(
      `SPRT p0 ${test.p0.toFixed(3)} p1 ${test.p1.toFixed(3)} α ${test.alpha} β ${test.beta}: log-likelihood ratio ${test.llr.toFixed(3)} in bounds [${test.lower.toFixed(3)}, ${test.upper.toFixed(3)}] → ${outcome}`,
    );
  }
  lines.push(`verdict: ${verdictLine(summary)}`);
  lines.push(`score:   ${scoreVerdictLine(summary)}`);
  return lines.join("\n");
}

/** Where a 95 % interval lies against `value`, as its verdict says. */
const where = (verdict: string, value: string): string =>
  verdict === "better"
    ? `is above ${value}`
    : verdict === "worse"
      ? `is below ${value}`
      : `holds ${value}`;

/** The verdict and what it tested: the wins (default design) or the placement (paired). */
function verdictLine(summary: TestSummary): string {
  const tested =
    summary.verdictOn === "wins"
      ? `on wins: the win rate's 95% interval ${where(summary.verdict, percent(summary.nullWinRate))} (one win in ${summary.players})`
      : `on placement: the placement gain's 95% interval ${where(summary.verdict, "0")}`;
  let more = "";
  if (summary.verdict === "inconclusive") {
    more =
      summary.moreSeeds === null
        ? "; no difference measured: more seeds are unlikely to tell them apart"
        : `; about ${summary.moreSeeds} more seeds would settle it`;
  }
  return `${summary.verdict} ${tested}${more}`;
}

/** The verdict on the score difference, which may differ from the wins' (more small gains). */
function scoreVerdictLine(summary: TestSummary): string {
  return `${summary.scoreVerdict} on score: the score difference's 95% interval ${where(summary.scoreVerdict, "0")}`;
}

/** `arena test`: returns the process exit code. */
export async function test(args: ParsedArgs, io: CliIo): Promise<number> {
  const [gameName, candidate, ...extra] = args.positionals;
  const engine = await loadGame(gameName!);
  if (candidate === undefined)
    throw new ArenaError("BAD_FLAG", "arena test needs a candidate bot (arena test --help)");
  if (extra.length > 0)
    throw new ArenaError(
      "BAD_FLAG",
      `arena test takes one candidate, got also '${extra.join(" ")}'`,
    );
  const baseline = stringFlag(args, "vs");
  if (baseline === undefined)
    throw new ArenaError("BAD_FLAG", "arena test needs --vs <baseline bot>");
  const opponents = stringFlag(args, "opponents");
  const p1Text = stringFlag(args, "p1");
  const p1 = p1Text !== undefined ? Number(p1Text) : undefined;
  if (p1 !== undefined && !(p1 > 0 && p1 < 1))
    throw new ArenaError(
      "BAD_FLAG",
      `option --p1 needs a probability between 0 and 1, got '${p1Text}'`,
    );
  const players = integerFlag(args, "players");
  const common = await commonRun(args, io, engine, "test");
  return interruptible(io, resumeCommand("test", args), async (signal) => {
    const started = testBot({
      ...common.options,
      signal,
      candidate: parseBotArgument(candidate),
      baseline: parseBotArgument(baseline),
      ...(opponents !== undefined
        ? {
            opponents: opponents
              .split(",")
              .filter((o) => o !== "")
              .map(parseBotArgument),
          }
        : {}),
      seeds: seedsFlag(args, "20"),
      ...(args.flags.has("sprt") ? { sprt: p1 !== undefined ? { p1 } : true } : {}),
      ...(players !== undefined ? { players } : {}),
    });
    const progress = new Progress(
      io,
      started.planned,
      io.interactive && !common.json && !common.quiet,
    );
    try {
      for await (const record of started) progress.add(record);
    } finally {
      progress.clear();
    }
    const summary = started.report();
    if (common.json) io.out(`${JSON.stringify(summary, null, 2)}\n`);
    else if (!common.quiet) io.out(`${describeTest(summary)}\nresults: ${common.out}\n`);
    return 0;
  });
}
