// Benchmark of @arena/queue (build first: `pnpm build`; needs Debian's redis-server).
//   node bench/queue.mjs [seeds] [repeats]   seeds default 25 (100 matches), repeats default 3
// A Money Heist tournament of four built-in bots (Demo, Null, Demo2=Demo, Null2=Null, seats
// rotated: 4 matches per seed), played
//   - by the local pool with --jobs 1 and --jobs 2,
//   - over a real Redis (started here on a free loopback port, no persistence, stopped by pid)
//     by 1 worker and by 2 workers (separate processes, each playing one match at a time in a
//     sandboxed child process).
// Prints the median wall time of each over `repeats` runs, matches per second, and the queue's
// overhead per match: (1 worker − local --jobs 1) / matches. Wall times move with the machine's
// load, which is printed; quote it with the figures.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { engine } from "../packages/moneyheist/dist/index.js";
import { queueRunner } from "../packages/queue/dist/index.js";
import { runTournament } from "../packages/tournament/dist/index.js";

const seeds = Number(process.argv[2] ?? 25);
const repeats = Number(process.argv[3] ?? 3);
if (spawnSync("redis-server", ["--version"]).status !== 0) {
  console.log("redis-server is not installed (apt-get install redis-server): nothing measured");
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), "arena-bench-queue-"));
const engineUrl = pathToFileURL(
  fileURLToPath(new URL("../packages/moneyheist/dist/index.js", import.meta.url)),
).href;
const bots = [
  { spec: "Demo" },
  { spec: "Null" },
  { spec: "Demo", name: "Demo2" },
  { spec: "Null", name: "Null2" },
];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () => loadavg()[0].toFixed(1);

const port = await new Promise((resolve) => {
  const server = createServer();
  server.listen(0, "127.0.0.1", () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});
const url = `redis://127.0.0.1:${port}`;
const waitFor = (child, text) =>
  new Promise((resolve, reject) => {
    let seen = "";
    child.stdout.on("data", (chunk) => {
      seen += chunk;
      if (seen.includes(text)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`exited (${code}): ${seen}`)));
  });
const redis = spawn(
  "redis-server",
  ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
  { stdio: ["ignore", "pipe", "inherit"] },
);
await waitFor(redis, "Ready to accept connections");

const workerScript = fileURLToPath(
  new URL("../packages/queue/src/__fixtures__/worker.mjs", import.meta.url),
);
let queueCount = 0;
// The queue's shared secret (jobs and results are signed with it).
const secret = randomBytes(32).toString("hex");
async function startWorkers(count, queue) {
  const workers = [];
  for (let i = 0; i < count; i++) {
    const child = spawn(
      process.execPath,
      [workerScript, JSON.stringify({ redis: url, queue, dir, concurrency: 1, secret })],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await waitFor(child, "worker ready");
    workers.push(child);
  }
  return workers;
}
const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });

async function play(how, first) {
  const list = Array.from({ length: seeds }, (_, i) => first + i);
  let runner;
  let workers = [];
  if (how.workers !== undefined) {
    const queue = `bench-${++queueCount}`;
    workers = await startWorkers(how.workers, queue);
    runner = queueRunner({ redis: url, queue, sweepMs: 1000, secret });
  }
  const start = performance.now();
  let matches = 0;
  for await (const _ of runTournament({
    engine,
    engineUrl,
    bots,
    seeds: list,
    cwd: dir,
    ...(how.jobs !== undefined ? { jobs: how.jobs } : {}),
    ...(runner !== undefined ? { runner } : {}),
  }))
    matches++;
  const ms = performance.now() - start;
  await Promise.all(workers.map(stop));
  return { matches, ms };
}

const setups = [
  { label: "local pool --jobs 1", jobs: 1 },
  { label: "local pool --jobs 2", jobs: 2 },
  { label: "queue, 1 worker", workers: 1 },
  { label: "queue, 2 workers", workers: 2 },
];
console.log(
  `machine: ${availableParallelism()} cores, Node ${process.version}, load average ${load()} at the start`,
);
try {
  // Warm-up: the JIT, the queue's scripts in Redis.
  await play({ jobs: 1 }, 10_000);
  await play({ workers: 1 }, 10_000);
  const times = new Map(setups.map((setup) => [setup.label, []]));
  let matches = 0;
  // Alternated, so that a change of the machine's load hits every setup alike.
  for (let r = 0; r < repeats; r++) {
    for (const setup of setups) {
      const result = await play(setup, 1);
      matches = result.matches;
      times.get(setup.label).push(result.ms);
    }
  }
  console.log(
    `${matches} matches per run (${seeds} seeds × 4 rotations), median of ${repeats} runs:`,
  );
  for (const setup of setups) {
    const ms = median(times.get(setup.label));
    console.log(
      `  ${setup.label.padEnd(22)} ${(ms / 1000).toFixed(2)} s  ${((matches * 1000) / ms).toFixed(1)} matches/s  ${(ms / matches).toFixed(1)} ms/match`,
    );
  }
  const overhead =
    (median(times.get("queue, 1 worker")) - median(times.get("local pool --jobs 1"))) / matches;
  console.log(`queue overhead per match (1 worker vs local --jobs 1): ${overhead.toFixed(1)} ms`);
  const speedup = median(times.get("queue, 1 worker")) / median(times.get("queue, 2 workers"));
  console.log(`2 workers vs 1: ×${speedup.toFixed(2)}`);
  console.log(`load average ${load()} at the end`);
} finally {
  await new Promise((resolve) => {
    redis.once("exit", resolve);
    redis.kill("SIGKILL");
  });
  rmSync(dir, { recursive: true, force: true });
}
