// `--jobs 2` against `--jobs 1` on the runs students make most, whole `arena` process (build
// first: `pnpm build`). Issue 40's goal: 80 matches ≥ 1.6× faster with `--jobs 2` on a quiet
// 2-core machine.
//   node bench/jobs.mjs [--rounds N] [--matches 40,80,200] [--kind test,tournament]
//                       [--before OTHER/packages/cli/bin/arena.js]
// Kinds, N matches each (4 seats, seats rotated, so N / 4 seeds):
//   test        arena test moneyheist Mine=Demo --vs Demo --seeds 1..N/4 --quiet
//   tournament  arena tournament moneyheist Demo Demo2=Demo Demo3=Demo Demo4=Demo --seeds 1..N/4 --quiet
// Each round runs every side once (`--jobs 1`, `--jobs 2`, and with --before that build's two),
// in an order rotated from round to round so that drift on a shared machine falls on every side.
// Per side: the median wall time of the whole process (start to exit), the median CPU of the
// whole process tree (user + system, the pool's processes included: rusage from `wait4`), and
// the speed-up as the median of the rounds' `--jobs 1` / `--jobs 2` ratios (each round's two runs
// are side by side), with the load average before and after. Every run's records are checked to
// be those of the first run of its kind and size, byte for byte (but `durationMs` and the order).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    matches: { type: "string", default: "40,80,200" },
    kind: { type: "string", default: "test,tournament" },
    bin: {
      type: "string",
      default: fileURLToPath(new URL("../packages/cli/bin/arena.js", import.meta.url)),
    },
    before: { type: "string" },
  },
});
const rounds = Number(values.rounds);
const sizes = values.matches.split(",").map(Number);
const kinds = values.kind.split(",");
const dir = mkdtempSync(join(tmpdir(), "arena-bench-jobs-"));
// The launcher's code cache in a folder of the bench's own, written by the warm-up runs.
const env = { ...process.env, ARENA_CACHE_DIR: join(dir, "cache") };

// Wall time from just before the fork to the exit, and the rusage of the process with every
// descendant it waited for (the pool's match processes), from Python's os.wait4.
const waiter = `import os, subprocess, sys, time
start = time.monotonic()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = p.stderr.read()
_, status, ru = os.wait4(p.pid, 0)
wall = time.monotonic() - start
if status != 0: sys.stderr.write(err.decode()); sys.exit(1)
print(wall, ru.ru_utime + ru.ru_stime)`;

/** Wall and CPU seconds of one run of `node args…`. */
function measure(args) {
  const run = spawnSync("python3", ["-c", waiter, process.execPath, ...args], {
    cwd: dir,
    encoding: "utf8",
    env,
  });
  if (run.status !== 0) throw new Error(`node ${args.join(" ")} failed: ${run.stderr}`);
  const [wall, cpu] = run.stdout.trim().split(" ").map(Number);
  return { wall, cpu };
}

/** The command line of a run of `kind` over `matches` matches with `jobs`, writing `out`. */
function command(bin, kind, matches, jobs, out) {
  const seeds = `1..${matches / 4}`;
  const bots =
    kind === "test"
      ? ["test", "moneyheist", "Mine=Demo", "--vs", "Demo"]
      : ["tournament", "moneyheist", "Demo", "Demo2=Demo", "Demo3=Demo", "Demo4=Demo"];
  return [bin, ...bots, "--seeds", seeds, "--jobs", String(jobs), "--quiet", "--out", out];
}

/** The records of a results file, `durationMs` left out, sorted: what every run must give. */
function records(out) {
  const lines = readFileSync(join(dir, out), "utf8").trim().split("\n");
  return lines
    .map((line) => line.replace(/,"durationMs":[0-9.e+-]+/, ""))
    .sort()
    .join("\n");
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const load = () => loadavg()[0].toFixed(1);

const builds = [
  ["", resolve(values.bin)],
  ...(values.before !== undefined ? [["before ", resolve(values.before)]] : []),
];
console.log(
  `machine: ${availableParallelism()} cores, Node ${process.version}, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}; ${rounds} rounds, whole process`,
);
for (const [, bin] of builds) measure(command(bin, "test", 8, 1, "warm.jsonl")); // code caches
for (const kind of kinds) {
  for (const matches of sizes) {
    const sides = builds.flatMap(([label, bin]) =>
      [1, 2].map((jobs) => ({ label: `${label}--jobs ${jobs}`, bin, jobs, wall: [], cpu: [] })),
    );
    let expected;
    const loads = [];
    for (let k = 0; k < rounds; k++) {
      loads.push(load());
      for (let i = 0; i < sides.length; i++) {
        const side = sides[(i + k) % sides.length];
        const out = `${kind}-${matches}-${side.label.replace(/\W+/g, "_")}.jsonl`;
        const { wall, cpu } = measure(command(side.bin, kind, matches, side.jobs, out));
        side.wall.push(wall);
        side.cpu.push(cpu);
        const got = records(out);
        expected ??= got;
        if (got !== expected) throw new Error(`${out}: other records than the first run's`);
      }
    }
    loads.push(load());
    console.log(`${kind}, ${matches} matches (load average ${loads.join(" → ")}):`);
    for (let b = 0; b < sides.length; b += 2) {
      const [one, two] = [sides[b], sides[b + 1]];
      const ratios = one.wall.map((wall, k) => wall / two.wall[k]);
      for (const side of [one, two]) {
        console.log(
          `  ${side.label.padEnd(18)} ${median(side.wall).toFixed(2).padStart(6)} s wall (${side.wall.map((wall) => wall.toFixed(2)).join(", ")}), CPU ${median(side.cpu).toFixed(2)} s`,
        );
      }
      console.log(
        `  ${`${one.label.replace("--jobs 1", "")}speed-up`.padEnd(18)} ${median(ratios).toFixed(2)}× median of the rounds' ratios (${ratios.map((ratio) => ratio.toFixed(2)).join(", ")}); ratio of the medians ${(median(one.wall) / median(two.wall)).toFixed(2)}×`,
      );
    }
  }
}
rmSync(dir, { recursive: true, force: true });
