// Benchmark of @arena/tournament (build first: `pnpm build`).
//   node bench/tournament.mjs [seeds] [part…] [rounds]   seeds default 100; parts: speedup cli
//   ceiling overhead sweep reuse; rounds of parts 1 (default 3)
// On a shared machine wall times move with the load (printed): run it when the machine is quiet.
// 1. A Money Heist tournament of four built-in bots (Demo, Null, Demo2=Demo, Null2=Null, seats
//    rotated: 4 matches per seed) with --jobs 1 and --jobs 2, each in a fresh Node process as
//    `arena tournament` runs (start-up, the engine's loading and the JIT's warm-up included on
//    both sides), alternated, 3 rounds: the medians of matches per second and of the speed-up.
//    `cli`: the same with the command itself, `arena tournament moneyheist Demo Null Demo2=Demo
//    Null2=Null --seeds N --jobs 1|2 --quiet` (its bundle, its results file and summary).
//    `ceiling`, in the same rounds: two independent --jobs 1 processes started together, each
//    over half the seeds (the pair's wall time), the most two cores give without any pool.
//    --before=<another build's dist/index.js> adds that build's --jobs 2 (`speedup`).
// 2. The tournament layer's overhead per match against bare `runMatch`: the same matches played by
//    a plain loop of `runMatch` and by `runTournament --jobs 1` (ids, records, the JSONL file,
//    ratings), alternated in batches of 20 seeds; the median of the per-batch ratios.
// 3. 100 matches of 4×Demo with --jobs 2 (a seed sweep: Node's start-up paid once per worker);
//    the original engine takes about 0.13 s of whole process per match, 6.5 s for 100 run two
//    at a time on 2 cores.
// 4. A module bot (Money Heist's Demo as a file) in a batch with the tournament's kept bot
//    host processes and without (a new process per match): wall and CPU time per match, the
//    bot processes' CPU included; the difference is the start-up a kept process saves.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { inProcessBot, runMatch } from "../packages/core/dist/index.js";
import { engine } from "../packages/moneyheist/dist/index.js";

/** `--before=<dist/index.js of another build>`: that build's --jobs 2 beside this one's (part 1). */
const before = process.argv.find((arg) => arg.startsWith("--before="))?.slice("--before=".length);
/** `--dist=<dist/index.js>`: the build a child run of part 1 plays with. */
const dist = process.argv.find((arg) => arg.startsWith("--dist="))?.slice("--dist=".length);
const { runTournament, testBot } = await import(dist ?? "../packages/tournament/dist/index.js");

const seeds = Number(process.argv[2] ?? 100);
const parts = process.argv.slice(3).filter((part) => !/^(\d+|--.*)$/.test(part));
/** Rounds of the whole-process runs (a number among the parts, default 3). */
const pairs = Number(process.argv.slice(3).find((part) => /^\d+$/.test(part)) ?? 3);
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

/** CPU time (ms) of this process's children that have ended (the bot processes), from /proc. */
const childrenCpuMs = () => {
  const fields = readFileSync("/proc/self/stat", "latin1").split(") ")[1].split(" ");
  // Fields 16 and 17 of stat (cutime, cstime), in clock ticks of 10 ms.
  return (Number(fields[13]) + Number(fields[14])) * 10;
};

async function tournament(jobs, list, out, extra = {}) {
  const start = performance.now();
  // The pool's child processes included (they have ended when the run returns).
  const cpu = cpuMs() + childrenCpuMs();
  let matches = 0;
  for await (const _ of runTournament({
    engine,
    engineUrl,
    bots,
    seeds: list,
    jobs,
    cwd: dir,
    out,
    ...extra,
  }))
    matches++;
  return { matches, ms: performance.now() - start, cpu: cpuMs() + childrenCpuMs() - cpu };
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

// A child run of part 1: one tournament in this fresh process, its figures as JSON.
if (process.argv[2] === "--child") {
  const jobs = Number(process.argv[3]);
  const count = Number(process.argv[4]);
  const from = Number(process.argv[5]);
  const run = await tournament(jobs, seedList(from, count), `child-jobs${jobs}-${from}.jsonl`);
  console.log(JSON.stringify(run));
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

const load = () => loadavg()[0].toFixed(1);
console.log(
  `machine: ${availableParallelism()} cores, Node ${process.version}, load average ${load()}`,
);
// Warm-up (JIT) on a few seeds, then the figures.
await tournament(1, seedList(10_000, 2), "warm.jsonl");
await bare(seedList(10_000, 2));

/** Runs `node args…` to its end; resolves with its stdout and wall time (ms). */
function node(args) {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { encoding: "utf8", cwd: dir, maxBuffer: 1 << 24 },
      (error, stdout) =>
        error ? reject(error) : resolve({ stdout, whole: performance.now() - start }),
    );
  });
}

/**
 * The whole-process runs of part 1 (`speedup`) or of the command (`cli`), alternated by rounds:
 * --jobs 1 over every seed, --jobs 2 over every seed, and the ceiling (`ceiling`): two --jobs 1
 * processes started together, each over half the seeds (the wall time of the pair). With
 * --before (the `dist/index.js` of another build of @arena/tournament), also that
 * build's --jobs 2 (part `speedup` only), for a before/after in the same run.
 */
async function speedup(kind) {
  const script = fileURLToPath(import.meta.url);
  const bin = fileURLToPath(new URL("../packages/cli/dist/bin.js", import.meta.url));
  /** Runs a tournament in a fresh process over `count` seeds from `from`: its whole wall time. */
  const fresh = async (jobs, from, count, ...extra) => {
    if (kind === "cli") {
      const cpuBefore = childrenCpuMs();
      const run = await node([
        bin,
        "tournament",
        "moneyheist",
        ...["Demo", "Null", "Demo2=Demo", "Null2=Null"],
        ...["--seeds", `${from}..${from + count - 1}`, "--jobs", String(jobs), "--quiet"],
        ...["--out", join(dir, `cli-jobs${jobs}-${from}.jsonl`)],
      ]);
      return { matches: count * 4, cpu: childrenCpuMs() - cpuBefore, whole: run.whole };
    }
    const run = await node([
      script,
      "--child",
      String(jobs),
      String(count),
      String(from),
      ...extra,
    ]);
    return { ...JSON.parse(run.stdout), whole: run.whole };
  };
  const half = Math.floor(seeds / 2);
  const sides = {
    one: () => fresh(1, 1, seeds),
    two: () => fresh(2, 1, seeds),
    ...(want("ceiling")
      ? {
          ceiling: async () => {
            const start = performance.now();
            const [a, b] = await Promise.all([fresh(1, 1, half), fresh(1, half + 1, seeds - half)]);
            return { matches: a.matches + b.matches, whole: performance.now() - start };
          },
        }
      : {}),
    ...(kind !== "cli" && before !== undefined
      ? { before: () => fresh(2, 1, seeds, `--dist=${before}`) }
      : {}),
  };
  const names = Object.keys(sides);
  const rounds = [];
  for (let k = 0; k < pairs; k++) {
    // Rotate which goes first, so drift on a shared machine falls on every side.
    const order = names.map((_, i) => names[(i + k) % names.length]);
    const round = {};
    for (const name of order) round[name] = await sides[name]();
    rounds.push(round);
    console.log(
      `  round ${k + 1}: ${names.map((name) => `${label[name]} ${(round[name].whole / 1000).toFixed(2)} s`).join(", ")} whole process (load average ${load()})`,
    );
  }
  const matches = seeds * 4;
  const what = kind === "cli" ? "arena tournament" : "runTournament";
  console.log(
    `${seeds}-seed tournament (${what}), 4 built-in bots, ${matches} matches, whole process, medians of ${pairs} rounds:`,
  );
  for (const name of names) {
    const rate = median(rounds.map((round) => (matches / round[name].whole) * 1000));
    const ratio = median(rounds.map((round) => round.one.whole / round[name].whole));
    const cpu = rounds[0][name].cpu;
    const cpuText =
      cpu === undefined
        ? ""
        : `, CPU of all threads ${median(rounds.map((round) => round[name].cpu / matches)).toFixed(1)} ms/match`;
    console.log(
      `  ${label[name].padEnd(30)} ${rate.toFixed(1).padStart(6)} matches/s  ${ratio.toFixed(2)}× --jobs 1${cpuText}`,
    );
  }
  console.log(`  (load average now ${load()})`);
}

const label = {
  one: "--jobs 1",
  two: "--jobs 2",
  ceiling: "ceiling: 2 × --jobs 1, ½ seeds",
  before: "--jobs 2 of --before",
};

if (want("speedup")) await speedup("speedup");
if (want("cli")) await speedup("cli");

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
// A module bot in a batch: kept bot host processes against a new process per match.
if (want("reuse")) {
  const moneyheist = new URL("../packages/moneyheist/dist/index.js", import.meta.url).href;
  writeFileSync(
    join(dir, "demo-bot.mjs"),
    `import { engine } from ${JSON.stringify(moneyheist)};\nexport default engine.bots.Demo;\n`,
  );
  const moduleBots = [
    { spec: "demo-bot.mjs" },
    { spec: "Null" },
    { spec: "Demo" },
    { spec: "Null", name: "Null2" },
  ];
  const batch = async (reuseHosts, list) => {
    const start = performance.now();
    const cpu = cpuMs() + childrenCpuMs();
    let matches = 0;
    for await (const record of runTournament({
      engine,
      engineUrl,
      bots: moduleBots,
      seeds: list,
      jobs: 1,
      cwd: dir,
      reuseHosts,
    })) {
      if (record.error !== undefined || record.status.some((seat) => seat.state !== "ok")) {
        throw new Error(
          `match ${record.id} failed: ${record.error ?? JSON.stringify(record.status)}`,
        );
      }
      matches++;
    }
    return {
      ms: (performance.now() - start) / matches,
      cpu: (cpuMs() + childrenCpuMs() - cpu) / matches,
    };
  };
  await batch(true, seedList(20_000, 1));
  const kept = [];
  const fresh = [];
  const count = Math.max(5, Math.floor(seeds / 10));
  for (let k = 0; k < 3; k++) {
    const list = seedList(30_000 + k * count, count);
    if (k % 2 === 0) {
      fresh.push(await batch(false, list));
      kept.push(await batch(true, list));
    } else {
      kept.push(await batch(true, list));
      fresh.push(await batch(false, list));
    }
  }
  const ms = (runs, field) => median(runs.map((run) => run[field]));
  console.log(
    `module bot in a batch (Money Heist, demo-bot.mjs + 3 built-ins, --jobs 1, ${count * 4} matches × 3, medians):`,
  );
  console.log(
    `  a new bot process per match   ${ms(fresh, "ms").toFixed(1).padStart(6)} ms/match wall, ${ms(fresh, "cpu").toFixed(1).padStart(6)} ms/match CPU (bot processes included)`,
  );
  console.log(
    `  kept bot host processes       ${ms(kept, "ms").toFixed(1).padStart(6)} ms/match wall, ${ms(kept, "cpu").toFixed(1).padStart(6)} ms/match CPU (bot processes included)`,
  );
  console.log(
    `  start-up saved per match: ${(ms(fresh, "ms") - ms(kept, "ms")).toFixed(1)} ms wall, ${(ms(fresh, "cpu") - ms(kept, "cpu")).toFixed(1)} ms CPU (load average ${load()})`,
  );
}
rmSync(dir, { recursive: true, force: true });
