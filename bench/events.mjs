// What recording the rules' events (`Match.events()`, always on) costs batch play: the engine-level
// match loop of every game (as bench/<game>.mjs times it) and the re-simulation of a recorded
// original match (the engine alone, where the events' cost shows most), this build against another
// build given with `--before=<its repository root>` (e.g. a worktree of the commit before the
// events). Each process loads both builds (which one first alternates from process to process)
// and plays a match of each in turn, `repeats` pairs after two warm-up pairs, timed in CPU time
// (user + system), so that the machine's load at each moment hits both alike; figures are medians
// over all the matches of all processes, and of the pairs' ratios.
//   node bench/events.mjs [processes] [repeats] --before=/path/to/other/checkout
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { quantile } from "./lib.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const reference = `${root}../shared/reference`;

/**
 * The matches timed: a game package with built-in bots (engine and bots), or a recorded original
 * match re-simulated from its orders (`trace`: the engine alone, where the events' cost shows most).
 */
const CASES = [
  {
    game: "moneyheist",
    trace: `${reference}/moneyheist/traces/default_DuDuDuDu_s1.orders.jsonl.gz`,
    seed: 1,
    label: "Money Heist trace DuDuDuDu_s1, engine only",
  },
  {
    game: "madmax",
    trace: `${reference}/madmax/traces/default_DuDuDuDu_s1.orders.jsonl.gz`,
    seed: 1,
    label: "Mad Max trace DuDuDuDu_s1, engine only",
  },
  {
    game: "madmax-revisited",
    trace: `${reference}/madmax-revisited/traces/default_DuDuDuDu_s1.orders.jsonl.gz`,
    seed: 1,
    times: 10,
    label: "Mad Max Revisited trace DuDuDuDu_s1 ×10, engine only",
  },
  {
    game: "dragonball",
    trace: `${reference}/dragonball/traces/zigzag_1001_seed1.res.gz`,
    config: `${reference}/dragonball/zigzag_1001.cnf`,
    variant: "2012",
    seed: 1,
    times: 20,
    label: "Bola de Drac trace zigzag_1001_seed1 ×20, engine only",
  },
  {
    game: "moneyheist",
    bots: ["Demo", "Demo", "Demo", "Demo"],
    label: "Money Heist 200 rounds, 4×Demo",
  },
  {
    game: "moneyheist",
    bots: ["Null", "Null", "Null", "Null"],
    label: "Money Heist 200 rounds, 4×Null",
  },
  { game: "madmax", bots: ["Demo", "Demo", "Demo", "Demo"], label: "Mad Max 500 rounds, 4×Demo" },
  { game: "madmax", bots: ["Null", "Null", "Null", "Null"], label: "Mad Max 500 rounds, 4×Null" },
  {
    game: "madmax-revisited",
    bots: ["Demo", "Demo", "Demo", "Demo"],
    label: "Mad Max Revisited 300 rounds, 4×Demo",
  },
  {
    game: "dragonball",
    bots: ["Demo", "Demo", "Demo", "Demo"],
    config: `${reference}/dragonball/maze.cnf`,
    label: "Bola de Drac maze.cnf 10 000 rounds, 4×Demo",
  },
  {
    game: "lighthouses",
    bots: ["Demo", "Demo"],
    config: `${reference}/lighthouses/maps/original/island.txt`,
    rounds: 1200,
    label: "Lighthouses island.txt 1200 rounds, 2×Demo",
  },
];

/** A function that plays case `c` once on the build at `base` (its own engine and core). */
async function player(base, c) {
  const { engine } = await import(`${base}/packages/${c.game}/dist/index.js`);
  const { OrderCollector } = await import(`${base}/packages/core/dist/index.js`);
  let config = engine.defaultConfig();
  if (c.config !== undefined && existsSync(c.config))
    config = engine.parseConfig(readFileSync(c.config, "utf8"), c.config);
  if (c.rounds !== undefined) config = { ...config, rounds: c.rounds };
  if (c.variant !== undefined) config = { ...config, variant: c.variant };
  const steps =
    c.trace === undefined
      ? undefined
      : engine.readTrace(gunzipSync(readFileSync(c.trace)).toString("utf8"), c.trace);
  return (seed) => {
    if (steps !== undefined) {
      // Short matches are played several times, so that one timing is tens of milliseconds.
      for (let k = 0; k < (c.times ?? 1); k++) {
        const match = engine.create(config, c.seed, 4);
        for (const orders of steps) match.step(orders);
      }
      return;
    }
    const match = engine.create(config, seed, c.bots.length);
    const bots = c.bots.map((name) => engine.bots[name]());
    while (!match.isOver()) {
      const movers = new Set(match.toMove());
      match.step(
        bots.map((bot, p) => {
          const collector = new OrderCollector();
          if (movers.has(p)) bot.play(match.view(p), match.actions(p, collector));
          return collector.orders;
        }),
      );
    }
  };
}

/** CPU time (user + system, ms) of one call of `play`. */
function cpuTime(play, seed) {
  const start = process.cpuUsage();
  play(seed);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

if (process.argv[2] === "--child") {
  // `--child <before root> <this root> <case index> <repeats> <first>`: prints the CPU times as
  // JSON. `first` is the build loaded (and warmed) first: the second one loaded runs a few per
  // cent slower in the same process (measured with the same build twice), so processes alternate.
  const [, , , beforeRoot, thisRoot, index, repeats, first] = process.argv;
  const c = CASES[Number(index)];
  const plays = {};
  if (first === "this") plays.this = await player(thisRoot, c);
  plays.before = await player(beforeRoot, c);
  plays.this ??= await player(thisRoot, c);
  for (let k = 0; k < 2; k++) for (const play of Object.values(plays)) play(999);
  const times = { before: [], this: [] };
  for (let k = 0; k < Number(repeats); k++) {
    // The order swapped every pair, so that neither build always plays first.
    const order = k % 2 === 0 ? ["before", "this"] : ["this", "before"];
    for (const name of order) times[name].push(cpuTime(plays[name], k + 1));
  }
  console.log(JSON.stringify(times));
  process.exit(0);
}

const before = process.argv.find((arg) => arg.startsWith("--before="))?.slice(9);
const numbers = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const processes = Number(numbers[0] ?? 3);
const repeats = Number(numbers[1] ?? 10);
if (before === undefined) {
  // Nothing to compare with (e.g. in `pnpm bench`): say how, and stop without failing.
  console.log(
    "bench/events.mjs compares two builds: node bench/events.mjs [processes] [repeats] --before=<another built checkout>",
  );
  process.exit(0);
}
if (!existsSync(`${resolve(before)}/packages/core/dist/index.js`)) {
  console.log(`--before=${before}: no built checkout there (packages/core/dist/index.js)`);
  process.exit(2);
}
console.log(
  `${processes} processes × ${repeats} pairs of matches; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
for (const [index, c] of CASES.entries()) {
  const times = { before: [], this: [] };
  for (let k = 0; k < processes; k++) {
    const run = spawnSync(process.execPath, [
      fileURLToPath(import.meta.url),
      "--child",
      resolve(before),
      root.replace(/\/$/, ""),
      String(index),
      String(repeats),
      k % 2 === 0 ? "before" : "this",
    ]);
    if (run.status !== 0) throw new Error(run.stderr.toString());
    const got = JSON.parse(run.stdout.toString());
    times.before.push(...got.before);
    times.this.push(...got.this);
  }
  const b = quantile(times.before, 0.5);
  const t = quantile(times.this, 0.5);
  // Each pair: the two builds' matches played one after the other.
  const ratios = times.this.map((x, k) => x / times.before[k]);
  console.log(
    `${c.label.padEnd(50)} before ${b.toFixed(2).padStart(8)} ms  this ${t.toFixed(2).padStart(8)} ms  (${(t / b).toFixed(3)});  pairs this/before: median ${quantile(ratios, 0.5).toFixed(3)}, quartiles ${quantile(ratios, 0.25).toFixed(3)}–${quantile(ratios, 0.75).toFixed(3)}`,
  );
}
console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
