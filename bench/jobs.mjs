// `--jobs 2` against `--jobs 1` on the runs students make most, whole `arena` process (build
// first: `pnpm build`). Issue 40's goal: 80 matches ≥ 1.6× faster with `--jobs 2` on a quiet
// 2-core machine.
//   node bench/jobs.mjs [--rounds N] [--matches 40,80,200] [--kind test,tournament]
//                       [--before OTHER/packages/cli/bin/arena.js] [--ceiling]
// Kinds, N matches each (4 seats, seats rotated, so N / 4 seeds):
//   test        arena test moneyheist Mine=Demo --vs Demo --seeds 1..N/4 --quiet
//   tournament  arena tournament moneyheist Demo Demo2=Demo Demo3=Demo Demo4=Demo --seeds 1..N/4 --quiet
//   starter     arena test moneyheist ./mybot.ts --vs Demo --seeds 1..N/4 --quiet, mybot.ts being
//               the cli's TypeScript starter (`arena new`): a bot file, in a bot host process
//               (not in the defaults: `--kind starter`)
// Each round runs every side once (`--jobs 1`, `--jobs 2`, with --before that build's two, and
// with --ceiling two `--jobs 1` processes started together, each over half the seeds: the pair's
// wall time is what two cores give with no pool at all), in an order rotated from round to round
// so that drift on a shared machine falls on every side.
// Per side: the median wall time of the whole process (start to exit), the median CPU of the
// whole process tree (user + system, the pool's processes included: rusage from `wait4`), and
// the speed-up as the median of the rounds' `--jobs 1` / `--jobs 2` ratios (each round's two runs
// are side by side), with the load average before and after. Every run's records (the ceiling's
// two halves together) are checked to be those of the first run of its kind and size, byte for
// byte (but `durationMs` and the order).
import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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
    ceiling: { type: "boolean", default: false },
  },
});
const rounds = Number(values.rounds);
const sizes = values.matches.split(",").map(Number);
const kinds = values.kind.split(",");
const dir = mkdtempSync(join(tmpdir(), "arena-bench-jobs-"));
// The launcher's code cache in a folder of the bench's own, written by the warm-up runs.
const env = { ...process.env, ARENA_CACHE_DIR: join(dir, "cache") };
copyFileSync(
  fileURLToPath(new URL("../packages/cli/templates/bots/moneyheist.ts", import.meta.url)),
  join(dir, "mybot.ts"),
);

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
  return new Promise((resolve, reject) => {
    execFile(
      "python3",
      ["-c", waiter, process.execPath, ...args],
      { cwd: dir, encoding: "utf8", env },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`node ${args.join(" ")} failed: ${stderr}`));
        const [wall, cpu] = stdout.trim().split(" ").map(Number);
        resolve({ wall, cpu });
      },
    );
  });
}

/** The command line of a run of `kind` over seeds `from..to` with `jobs`, writing `out`. */
function command(bin, kind, from, to, jobs, out) {
  const bots = {
    test: ["test", "moneyheist", "Mine=Demo", "--vs", "Demo"],
    tournament: ["tournament", "moneyheist", "Demo", "Demo2=Demo", "Demo3=Demo", "Demo4=Demo"],
    starter: ["test", "moneyheist", "./mybot.ts", "--vs", "Demo"],
  }[kind];
  if (bots === undefined) throw new Error(`unknown kind '${kind}': test, tournament or starter`);
  return [
    bin,
    ...bots,
    "--seeds",
    `${from}..${to}`,
    "--jobs",
    String(jobs),
    "--quiet",
    "--out",
    out,
  ];
}

/**
 * The match records of a results file (its header, which names the seeds, left out), without
 * `durationMs`, sorted: what every run must give.
 */
function records(out) {
  const lines = readFileSync(join(dir, out), "utf8").trim().split("\n");
  return lines
    .filter((line) => !line.startsWith('{"type":"header"'))
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
// The code caches (the launcher's; with a bot file, its compiled module and the engine's bundle).
for (const [, bin] of builds) {
  for (const kind of kinds) await measure(command(bin, kind, 1, 2, 1, "warm.jsonl"));
}
const row = (label, times) =>
  `  ${label.padEnd(32)} ${median(times.wall).toFixed(2).padStart(6)} s wall (${times.wall.map((wall) => wall.toFixed(2)).join(", ")}), CPU ${median(times.cpu).toFixed(2)} s`;
const speedUp = (label, one, two) => {
  const ratios = one.wall.map((wall, k) => wall / two.wall[k]);
  return `  ${label.padEnd(32)} ${median(ratios).toFixed(2)}× median of the rounds' ratios (${ratios.map((ratio) => ratio.toFixed(2)).join(", ")}); ratio of the medians ${(median(one.wall) / median(two.wall)).toFixed(2)}×`;
};
/** The sides of one kind and size: each build's `--jobs 1` and `--jobs 2`, then the ceiling. */
function sidesOf(kind, seeds) {
  let expected;
  /** Records of a run (or of the ceiling's two halves): they must be those of the first run. */
  const check = (outs) => {
    const got = outs
      .flatMap((out) => records(out).split("\n"))
      .sort()
      .join("\n");
    expected ??= got;
    if (got !== expected)
      throw new Error(`${outs.join(" + ")}: other records than the first run's`);
  };
  const sides = builds.flatMap(([label, bin]) =>
    [1, 2].map((jobs) => {
      const name = `${label}--jobs ${jobs}`;
      const out = `${kind}-${name.replace(/\W+/g, "_")}.jsonl`;
      const run = async () => {
        const times = await measure(command(bin, kind, 1, seeds, jobs, out));
        check([out]);
        return times;
      };
      return { name, run };
    }),
  );
  if (values.ceiling) {
    const half = Math.floor(seeds / 2);
    const [, bin] = builds[0];
    const run = async () => {
      const start = performance.now();
      const [a, b] = await Promise.all([
        measure(command(bin, kind, 1, half, 1, "ceiling-a.jsonl")),
        measure(command(bin, kind, half + 1, seeds, 1, "ceiling-b.jsonl")),
      ]);
      check(["ceiling-a.jsonl", "ceiling-b.jsonl"]);
      return { wall: (performance.now() - start) / 1000, cpu: a.cpu + b.cpu };
    };
    sides.push({ name: "ceiling: 2 × --jobs 1, ½ seeds", run });
  }
  return sides;
}

/** Runs every side `rounds` times, the order rotated each round; their wall and CPU times. */
async function alternate(sides) {
  const times = sides.map(() => ({ wall: [], cpu: [] }));
  const loads = [];
  for (let k = 0; k < rounds; k++) {
    loads.push(load());
    for (let i = 0; i < sides.length; i++) {
      const at = (i + k) % sides.length;
      const { wall, cpu } = await sides[at].run();
      times[at].wall.push(wall);
      times[at].cpu.push(cpu);
    }
  }
  loads.push(load());
  return { times, loads };
}

for (const kind of kinds) {
  for (const matches of sizes) {
    const sides = sidesOf(kind, matches / 4);
    const { times, loads } = await alternate(sides);
    console.log(`${kind}, ${matches} matches (load average ${loads.join(" → ")}):`);
    for (let b = 0; b < builds.length; b++) {
      const [label] = builds[b];
      const [one, two] = [times[2 * b], times[2 * b + 1]];
      console.log(row(sides[2 * b].name, one));
      console.log(row(sides[2 * b + 1].name, two));
      console.log(speedUp(`${label}speed-up`, one, two));
    }
    if (values.ceiling) {
      console.log(row(sides.at(-1).name, times.at(-1)));
      console.log(speedUp("ceiling's speed-up", times[0], times.at(-1)));
    }
  }
}
rmSync(dir, { recursive: true, force: true });
