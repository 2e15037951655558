#!/usr/bin/env node
// Reads an arena replay and charts every player's score round by round: as text (one sparkline
// per player) on stdout, and as an SVG line chart with --svg FILE.
//
//   node chart.mjs <replay.arena> [--svg chart.svg] [--width 60]
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { findGame } from "@arena/cli";
import { ArenaError, readReplay, verifyReplay } from "@arena/core";

const BLOCKS = "▁▂▃▄▅▆▇█";
const COLORS = [
  "#e53935",
  "#1e88e5",
  "#43a047",
  "#fdd835",
  "#00acc1",
  "#8e24aa",
  "#fb8c00",
  "#ec407a",
];

/**
 * Re-simulates the replay at `path` (checking its digests) and returns its scores by round:
 * `scores[r][p]` is player p's score when round r ended (`scores[0]`: before the first round).
 * @param {string} path
 */
export function scoresOf(path) {
  const replay = readReplay(path);
  const { header } = replay;
  const engine = findGame(header.game);
  const verified = verifyReplay(engine, replay);
  return {
    game: engine.title,
    seed: header.seed,
    players: header.players,
    scores: verified.scoresByRound,
  };
}

/**
 * One line per player: name, final score and a sparkline `width` characters wide, all on one
 * scale (the best score of the match is the tallest block).
 * @param {ReturnType<typeof scoresOf>} data
 * @param {number} width
 */
export function textChart(data, width = 60) {
  const { scores, players } = data;
  const top = Math.max(1, ...scores.flat());
  const last = scores.at(-1);
  const nameWidth = Math.max(...players.map((name) => name.length));
  const scoreWidth = Math.max(...last.map((score) => String(score).length));
  const lines = [`${data.game} · seed ${data.seed} · ${scores.length - 1} rounds`];
  players.forEach((name, p) => {
    let line = "";
    for (let x = 0; x < width; x++) {
      const round = Math.round((x * (scores.length - 1)) / Math.max(1, width - 1));
      const value = Math.max(0, scores[round][p]);
      line += BLOCKS[Math.min(BLOCKS.length - 1, Math.floor((value / top) * BLOCKS.length))];
    }
    lines.push(`${name.padEnd(nameWidth)}  ${String(last[p]).padStart(scoreWidth)}  ${line}`);
  });
  return lines.join("\n");
}

/** @param {string} text */
const xml = (text) =>
  text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]);

/**
 * An SVG line chart: x = round, y = score (0 at the bottom, the best score at the top), one
 * polyline per player, in the order of `players`, with a legend.
 * @param {ReturnType<typeof scoresOf>} data
 */
export function svgChart(data, { width = 640, height = 360, margin = 40 } = {}) {
  const { scores, players } = data;
  const rounds = Math.max(1, scores.length - 1);
  const top = Math.max(1, ...scores.flat());
  const x = (round) => margin + (round / rounds) * (width - 2 * margin);
  const y = (score) => height - margin - (Math.max(0, score) / top) * (height - 2 * margin);
  const round2 = (v) => Math.round(v * 100) / 100;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${xml(`${data.game}, seed ${data.seed}: scores by round`)}</title>`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<line x1="${margin}" y1="${height - margin}" x2="${width - margin}" y2="${height - margin}" stroke="#888"/>`,
    `<line x1="${margin}" y1="${margin}" x2="${margin}" y2="${height - margin}" stroke="#888"/>`,
    `<text x="${margin - 4}" y="${margin + 4}" text-anchor="end">${top}</text>`,
    `<text x="${margin - 4}" y="${height - margin + 4}" text-anchor="end">0</text>`,
    `<text x="${width - margin}" y="${height - margin + 16}" text-anchor="end">round ${rounds}</text>`,
  ];
  players.forEach((name, p) => {
    const color = COLORS[p % COLORS.length];
    const points = scores.map((row, r) => `${round2(x(r))},${round2(y(row[p]))}`).join(" ");
    parts.push(
      `<polyline fill="none" stroke="${color}" stroke-width="1.5" points="${points}"><title>${xml(name)}</title></polyline>`,
      `<text x="${margin + 8}" y="${margin + 16 * (p + 1)}" fill="${color}">${xml(`${name}: ${scores.at(-1)[p]}`)}</text>`,
    );
  });
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}

/**
 * The command: returns the exit code (0, or 2 for bad input, with one line on stderr).
 * @param {string[]} argv
 * @param {{ out: (text: string) => void, err: (text: string) => void }} io
 */
export async function main(argv, io) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { svg: { type: "string" }, width: { type: "string", default: "60" } },
      allowPositionals: true,
    });
    if (positionals.length !== 1)
      throw new ArenaError(
        "BAD_ARGS",
        "usage: node chart.mjs <replay.arena> [--svg FILE] [--width N]",
      );
    const width = Number(values.width);
    if (!Number.isInteger(width) || width < 2 || width > 1000)
      throw new ArenaError(
        "BAD_ARGS",
        `--width: expected 2 to 1000 characters, got "${values.width}"`,
      );
    const data = scoresOf(positionals[0]);
    io.out(`${textChart(data, width)}\n`);
    if (values.svg) writeFileSync(values.svg, svgChart(data));
    return 0;
  } catch (error) {
    // Bad input (an ArenaError names the file; node's argument parser) is one line; else a bug.
    if (!(error instanceof ArenaError) && !String(error?.code).startsWith("ERR_PARSE_ARGS"))
      throw error;
    io.err(`chart: ${error.message}\n`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const io = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };
  process.exitCode = await main(process.argv.slice(2), io);
}
