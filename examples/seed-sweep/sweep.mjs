#!/usr/bin/env node
// A seed sweep on arena's library API: plays the same seats over many seeds and prints, for each
// seat, how often it finished first and its score statistics.
//
//   node sweep.mjs <game> [bot …] [--seeds 1-20]
//
// Bots are built-in names (Demo, Null), paths to JavaScript modules, or "exec:<command>", as for
// `arena play`. With no bots: Demo in seat 0 and Null in the others.
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { resolveBot } from "@arena/bots";
import { findGame } from "@arena/cli";
import { ArenaError, runMatch } from "@arena/core";

/**
 * Reads a seed list: "1-20", "3", or "1,5,9" (integers ≥ 0).
 * @param {string} text
 * @returns {number[]}
 */
export function parseSeeds(text) {
  const seeds = [];
  for (const part of text.split(",")) {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!range)
      throw new ArenaError("BAD_ARGS", `--seeds: expected e.g. 1-20 or 1,5,9, got "${text}"`);
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (to < from || to - from >= 100_000)
      throw new ArenaError("BAD_ARGS", `--seeds: "${part.trim()}" is not an increasing range`);
    for (let seed = from; seed <= to; seed++) seeds.push(seed);
  }
  return seeds;
}

/** @param {number[]} values */
const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Plays `bots` (one per seat) on every seed with the game's default config.
 * @param {{ game: string, bots: string[], seeds: number[], cwd?: string }} options
 * @returns {Promise<{ game: string, matches: Array<{ seed: number, scores: number[], ranking: number[], faults: Array<string | null> }>, seats: Array<{ seat: number, bot: string, firsts: number, mean: number, median: number, min: number, max: number }> }>}
 */
export async function sweep({ game, bots, seeds, cwd = process.cwd() }) {
  const engine = findGame(game);
  const { min, max } = engine.players;
  if (bots.length < min || bots.length > max)
    throw new ArenaError(
      "BAD_ARGS",
      `${engine.title} is played by ${min}–${max} players, got ${bots.length} bots`,
    );
  const matches = [];
  for (const seed of seeds) {
    // Fresh controllers for every match: a bot keeps its memory for one match only.
    const players = await Promise.all(
      bots.map(async (bot) => ({ name: bot, controller: await resolveBot(engine, bot, { cwd }) })),
    );
    const result = await runMatch(engine, { config: engine.defaultConfig(), seed, players });
    matches.push({
      seed,
      scores: result.scores,
      ranking: result.ranking,
      faults: result.players.map((p) => p.fault ?? null),
    });
  }
  const seats = bots.map((bot, seat) => {
    const scores = matches.map((m) => m.scores[seat]);
    return {
      seat,
      bot,
      firsts: matches.filter((m) => m.ranking[seat] === 1).length,
      mean: mean(scores),
      median: median(scores),
      min: Math.min(...scores),
      max: Math.max(...scores),
    };
  });
  return { game: engine.name, matches, seats };
}

/**
 * The results as a text table.
 * @param {Awaited<ReturnType<typeof sweep>>} result
 */
export function formatSweep(result) {
  const rows = [["seat", "bot", "firsts", "mean", "median", "min", "max"]];
  for (const s of result.seats) {
    rows.push([s.seat, s.bot, s.firsts, s.mean.toFixed(1), s.median, s.min, s.max].map(String));
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const lines = rows.map((row) =>
    row
      .map((cell, c) => cell.padEnd(widths[c]))
      .join("  ")
      .trimEnd(),
  );
  const faults = result.matches.flatMap((m) =>
    m.faults.flatMap((fault, seat) => (fault ? [`seed ${m.seed}, seat ${seat}: ${fault}`] : [])),
  );
  const head = `${result.game} · ${result.matches.length} seeds (ties for first count for each)`;
  return [head, ...lines, ...faults.map((f) => `fault: ${f}`)].join("\n");
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
      options: { seeds: { type: "string", default: "1-10" } },
      allowPositionals: true,
    });
    const [game, ...bots] = positionals;
    if (!game)
      throw new ArenaError("BAD_ARGS", "usage: node sweep.mjs <game> [bot …] [--seeds 1-20]");
    const engine = findGame(game);
    const seats =
      bots.length > 0
        ? bots
        : Array.from({ length: engine.players.default }, (_, p) => (p === 0 ? "Demo" : "Null"));
    const result = await sweep({ game, bots: seats, seeds: parseSeeds(values.seeds), cwd: io.cwd });
    io.out(`${formatSweep(result)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof ArenaError) && error?.code !== "ERR_PARSE_ARGS_UNKNOWN_OPTION")
      throw error;
    io.err(`sweep: ${error.message}\n`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const io = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };
  process.exitCode = await main(process.argv.slice(2), io);
}
