#!/usr/bin/env node
// A grader on arena's library API: plays a student's bot against the baselines and prints a mark.
//
//   node grade.mjs <game> <student bot> [--seeds 1-5] [--timeout MS]
//
// For every seed the student plays two matches, one against Null bots and one against Demo bots,
// moving to another seat every seed (seat = seed mod players). A match is won when the student's
// score is strictly above every other score. Mark out of 10: 4 × (share of matches won against
// Null) + 6 × (share won against Demo), to one decimal. A bot that faults (crashes, times out,
// gives bad orders) is frozen and usually loses; its faults are listed.
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { resolveBot } from "@arena/bots";
import { findGame } from "@arena/cli";
import { ArenaError, runMatch } from "@arena/core";

/** Weight of each baseline in the mark (they add up to 10). */
export const WEIGHTS = { Null: 4, Demo: 6 };

/**
 * Plays and marks `student` (a bot spec as for `arena play`). `budget` overrides the game's time
 * limits (`{ startMs, turnMs }`, in milliseconds), as `arena play --turn-timeout` does; `config`
 * the game's default config (a contest's own map or length: for instance
 * `{ ...engine.defaultConfig(), rounds: 200 }` for a shorter Lighthouses match).
 * @param {{ game: string, student: string, seeds: number[], cwd?: string, budget?: { startMs?: number, turnMs?: number }, config?: unknown }} options
 */
export async function grade({ game, student, seeds, cwd = process.cwd(), budget, config }) {
  const engine = findGame(game);
  const players = engine.players.default;
  if (players < 2) throw new ArenaError("BAD_ARGS", `${engine.title} needs an opponent`);
  const matches = [];
  for (const baseline of Object.keys(WEIGHTS)) {
    for (const seed of seeds) {
      const seat = seed % players;
      const specs = Array.from({ length: players }, (_, p) => (p === seat ? student : baseline));
      const seats = await Promise.all(
        specs.map(async (spec, p) => ({
          name: p === seat ? "student" : baseline,
          controller: await resolveBot(engine, spec, { cwd }),
        })),
      );
      const result = await runMatch(engine, {
        config: config ?? engine.defaultConfig(),
        seed,
        players: seats,
        ...(budget ? { budget: { ...engine.budget, ...budget } } : {}),
      });
      const mine = result.scores[seat];
      const won = result.scores.every((score, p) => p === seat || mine > score);
      matches.push({
        baseline,
        seed,
        seat,
        scores: result.scores,
        won,
        fault: result.players[seat].fault ?? null,
      });
    }
  }
  const share = (baseline) => {
    const games = matches.filter((m) => m.baseline === baseline);
    return games.filter((m) => m.won).length / games.length;
  };
  const mark = Object.entries(WEIGHTS).reduce((sum, [b, weight]) => sum + weight * share(b), 0);
  return { game: engine.name, student, matches, mark: Math.round(mark * 10) / 10 };
}

/**
 * The report: one line per match, then the mark.
 * @param {Awaited<ReturnType<typeof grade>>} report
 */
export function formatGrade(report) {
  const lines = [`${report.game} · ${report.student}`];
  for (const m of report.matches) {
    const result = m.won ? "won " : "lost";
    const fault = m.fault ? ` (fault: ${m.fault})` : "";
    lines.push(
      `vs ${m.baseline.padEnd(4)} seed ${String(m.seed).padStart(3)} seat ${m.seat}: ${result}  scores ${m.scores.join(" ")}${fault}`,
    );
  }
  lines.push(`mark: ${report.mark.toFixed(1)} / 10`);
  return lines.join("\n");
}

/**
 * Reads a seed list: "1-5", "3", or "1,5,9".
 * @param {string} text
 */
export function parseSeeds(text) {
  const seeds = [];
  for (const part of text.split(",")) {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const from = Number(range?.[1]);
    const to = range?.[2] === undefined ? from : Number(range[2]);
    if (!range || to < from || to - from >= 10_000)
      throw new ArenaError("BAD_ARGS", `--seeds: expected e.g. 1-5 or 1,5,9, got "${text}"`);
    for (let seed = from; seed <= to; seed++) seeds.push(seed);
  }
  return seeds;
}

/**
 * The command: returns the exit code (0, or 2 for bad arguments, with one line on stderr).
 * @param {string[]} argv
 * @param {{ out: (text: string) => void, err: (text: string) => void, cwd?: string }} io
 */
export async function main(argv, io) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { seeds: { type: "string", default: "1-5" }, timeout: { type: "string" } },
      allowPositionals: true,
    });
    const [game, student, ...rest] = positionals;
    if (!game || !student || rest.length > 0)
      throw new ArenaError(
        "BAD_ARGS",
        "usage: node grade.mjs <game> <student bot> [--seeds 1-5] [--timeout MS]",
      );
    const seeds = parseSeeds(values.seeds);
    const ms = Number(values.timeout);
    if (values.timeout !== undefined && !(Number.isInteger(ms) && ms > 0))
      throw new ArenaError("BAD_ARGS", `--timeout: expected milliseconds, got "${values.timeout}"`);
    const budget = values.timeout === undefined ? undefined : { startMs: ms, turnMs: ms };
    io.out(`${formatGrade(await grade({ game, student, seeds, cwd: io.cwd, budget }))}\n`);
    return 0;
  } catch (error) {
    // Bad input (ours, or node's argument parser) is one line; anything else is a bug: rethrow.
    if (!(error instanceof ArenaError) && !String(error?.code).startsWith("ERR_PARSE_ARGS"))
      throw error;
    io.err(`grade: ${error.message}\n`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const io = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };
  process.exitCode = await main(process.argv.slice(2), io);
}
