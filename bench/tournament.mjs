// Benchmark of @arena/tournament (build first: `pnpm build`).
//   node bench/tournament.mjs [seeds] [part…]   seeds default 100; parts: speedup overhead sweep
// On a shared machine wall times move with the load (printed): the overhead is measured in CPU
// time of this process (`process.cpuUsage`, which a busy neighbour hardly changes) as well.
// 1. A Money Heist tournament of four built-in bots (Demo, Null, Demo2=Demo, Null2=Null, seats
//    rotated: 4 matches per seed) with --jobs 1 and --jobs 2: matches per second and the speed-up.
// 2. The tournament layer's overhead per match against bare `runMatch`: the same matches played by
//    a plain loop of `runMatch` and by `runTournament --jobs 1` (ids, records, the JSONL file,
//    ratings), alternated in batches of 20 seeds; the median of the per-batch ratios.
// 3. 100 matches of 4×Demo with --jobs 2 (a seed sweep: Node's start-up paid once per worker);
//    the original engine takes about 0.13 s of whole process per match, 6.5 s for 100 run two
//    at a time on 2 cores.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inProcessBot, runMatch } from "../packages/core/dist/index.js";
import { engine } from "../packages/moneyheist/dist/index.js";
import { runTournament, testBot } from "../packages/tournament/dist/index.js";

const seeds = Number(process.argv[2] ?? 100);
const parts = process.argv.slice(3);
const want = (part) => parts.length === 0 || parts.includes(part);
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const dir = mkdtempSync(join(tmpdir(), "arena-bench-tournament-"));
const engineUrl = pathToFileURL(
  new URL("../packages/moneyheist/dist/index.js", import.meta.url).pathname,
).href;
const bots = [
  { spec: "Demo" },
  { spec: "Null" },
  { spec: "Demo", name: "Demo2" },
  { spec: "Null", name: "Null2" },
];
const seedList = (from, count) => Array.from({ length: count }, (_, i) => from + i);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function tournament(jobs, list, out) {
  const start = performance.now();
  const cpu = cpuMs();
  let matches = 0;
  for await (const _ of runTournament({
    engine,
    engineUrl,
    bots,
    seeds: list,
    jobs,
    cwd: dir,
    out,
  }))
    matches++;
  return { matches, ms: performance.now() - start, cpu: cpuMs() - cpu };
}

/** The same matches as `tournament` (same seeds, same rotations), by a bare loop of runMatch. */
async function bare(list) {
  const start = performance.now();
  const cpu = cpuMs();
  let matches = 0;
  for (const seed of list) {
    for (let shift = 0; shift < 4; shift++) {
      const seats = bots.map((_, seat) => bots[(seat + shift) % 4]);
      await runMatch(engine, {
        config: engine.defaultConfig(),
        seed,
        players: seats.map((bot) => ({
          name: bot.name ?? bot.spec,
          controller: inProcessBot(engine.bots[bot.spec], bot.spec),
        })),
      });
      matches++;
    }
  }
  return { matches, ms: performance.now() - start, cpu: cpuMs() - cpu };
}

const load = () => loadavg()[0].toFixed(1);
console.log(
  `machine: ${availableParallelism()} cores, Node ${process.version}, load average ${load()}`,
);
// Warm-up (JIT) on a few seeds, then the figures.
await tournament(1, seedList(10_000, 2), "warm.jsonl");
await bare(seedList(10_000, 2));

if (want("speedup")) {
  const one = await tournament(1, seedList(1, seeds), "jobs1.jsonl");
  const two = await tournament(2, seedList(1, seeds), "jobs2.jsonl");
  const rate = (run) => (run.matches / run.ms) * 1000;
  console.log(`${seeds}-seed tournament, 4 built-in bots, ${one.matches} matches:`);
  console.log(
    `  --jobs 1  ${rate(one).toFixed(1).padStart(6)} matches/s  (${(one.ms / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  --jobs 2  ${rate(two).toFixed(1).padStart(6)} matches/s  (${(two.ms / 1000).toFixed(1)} s)`,
  );
  console.log(`  speed-up  ${(rate(two) / rate(one)).toFixed(2)}×  (load average now ${load()})`);
}

if (want("overhead")) {
  const ratios = [];
  const cpuRatios = [];
  const batch = 20;
  const batches = Math.max(3, Math.floor(seeds / batch));
  for (let k = 0; k < batches; k++) {
    const list = seedList(1000 + k * batch, batch);
    // Alternate which goes first, so drift on a shared machine falls on both sides.
    const first = k % 2 === 0 ? await bare(list) : await tournament(1, list, `overhead${k}.jsonl`);
    const second = k % 2 === 0 ? await tournament(1, list, `overhead${k}.jsonl`) : await bare(list);
    const [plain, layered] = k % 2 === 0 ? [first, second] : [second, first];
    ratios.push(layered.ms / plain.ms);
    cpuRatios.push(layered.cpu / plain.cpu);
    const per = (run, field) => (run[field] / run.matches).toFixed(2);
    console.log(
      `  batch ${k + 1}: bare runMatch ${per(plain, "ms")} ms/match (CPU ${per(plain, "cpu")} ms), tournament ${per(layered, "ms")} ms/match (CPU ${per(layered, "cpu")} ms)`,
    );
  }
  const percent = (values) => `${((median(values) - 1) * 100).toFixed(1)} %`;
  console.log(
    `tournament layer overhead per match against bare runMatch, median of ${batches} batches of ${batch * 4} matches: CPU time ${percent(cpuRatios)}, wall time ${percent(ratios)} (load average ${load()})`,
  );
}

// A seed sweep of 4×Demo: what `arena test` and contests spend their time on.
if (want("sweep")) {
  const start = performance.now();
  let matches = 0;
  const sweep = testBot({
    engine,
    engineUrl,
    candidate: { spec: "Demo" },
    baseline: { spec: "Demo", name: "Demo-copy" },
    seeds: seedList(1, 25),
    jobs: 2,
    cwd: dir,
  });
  for await (const _ of sweep) matches++;
  const ms = performance.now() - start;
  console.log(
    `seed sweep, ${matches} Money Heist 4×Demo matches, --jobs 2 (workers started included): ${(ms / 1000).toFixed(2)} s (original engine, two at a time: ≈ ${((matches * 0.13) / 2).toFixed(1)} s)`,
  );
}
rmSync(dir, { recursive: true, force: true });
