// `pnpm test`: builds what is stale (turbo, cached), then runs every package's tests, one package
// more at a time than the machine has cores (3 on 2 cores: much of the tests' time is waiting on
// a sleeping bot's wall-clock limit, Chromium or Redis, which a third package fills; every time
// limit in the tests is a hang net, so the suite holds on a busy machine too), the longest first,
// so no core idles at the end while one long package runs alone. The examples run together in
// one vitest process (vitest.examples.config.ts; each imports the cli, once for all of them). The output of passing packages is hidden: a line per
// package as it starts and as it ends, every 30 s a line naming the packages still running, the
// whole output of a failed one, then one summary (`.ci/summary.mjs`): a
// line per package and `N passed, N failed`. A process the tests started that is still running
// at the end (marked by this run's `ARENA_TEST_RUN` in its environment) is listed, killed, and
// fails the run.
//
// Options: `--concurrency=N` (packages at a time, default the cores plus one), `--filter=<turbo filter>` / `-F`
// (repeatable; the packages turbo's filter selects, e.g. `--filter @arena/core`).
//
// The order: longest first, by each package's seconds in this runner's last whole-suite run
// (`node_modules/.cache/arena-test-durations.json`); in a fresh clone, by `firstRun` below.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { delimiter, dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * The order of a first run (a fresh clone, or CI): each package's seconds in a whole-suite run on
 * the idle 2-core machine (2026-11-24 11:49, three packages at a time, the cli and core with two
 * forks each; only the order matters). `examples`: the examples, run together.
 */
const firstRun = {
  "@arena/cli": 118,
  "@arena/integration-tests": 94,
  // Core's 83 s before its bot runtime became @arena/bots (issue 37): the two alone, 28 Nov.
  "@arena/bots": 70,
  "@arena/core": 25,
  "@arena/moneyheist": 47,
  "@arena/queue": 35,
  "@arena/server": 100,
  "@arena/madmax-revisited": 28,
  "@arena/dragonball": 27,
  "@arena/madmax": 26,
  "@arena/tournament": 22,
  "@arena/lighthouses": 21,
  examples: 17,
  "@arena/viewer": 7,
};

/** `--name=value` and `--name value` (and `-F value`) arguments; anything else is an error. */
function parseArguments(argv) {
  const filters = [];
  let concurrency = availableParallelism() + 1;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === "--filter" || flag === "-F") filters.push(value());
    else if (flag === "--concurrency") concurrency = Number(value());
    else {
      console.error(`pnpm test: unknown argument ${arg} (--filter <packages>, --concurrency N)`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    console.error("pnpm test: --concurrency must be a whole number of packages, at least 1");
    process.exit(2);
  }
  return { filters, concurrency };
}

const { filters, concurrency } = parseArguments(process.argv.slice(2));
const turboBin = join(root, "node_modules/.bin/turbo");
const filterArgs = filters.map((filter) => `--filter=${filter}`);
const color = process.stdout.isTTY;

/** No colour codes in the output unless it goes to a terminal (vitest reads NO_COLOR). */
function outputEnv(binDirs = []) {
  // turbo finds pnpm on PATH, also when this script is run with plain `node`.
  const path = [...binDirs, join(root, "node_modules/.bin"), process.env.PATH ?? ""].join(
    delimiter,
  );
  if (color) return { ...process.env, PATH: path };
  const { FORCE_COLOR: _, ...env } = process.env;
  return { ...env, PATH: path, NO_COLOR: "1" };
}

// The packages to test: turbo's own reading of the filters.
const listed = spawnSync(turboBin, ["ls", "--output=json", ...filterArgs], {
  cwd: root,
  encoding: "utf8",
  env: outputEnv(),
});
if (listed.status !== 0) {
  process.stderr.write(listed.stderr);
  process.exit(listed.status || 1);
}
let packages = JSON.parse(listed.stdout.slice(listed.stdout.indexOf("{")))
  .packages.items.map(({ name, path }) => {
    const dir = join(root, path);
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    return { name, dir, script: manifest.scripts?.test };
  })
  .filter((pkg) => pkg.script);

/**
 * Each package's seconds in this runner's last whole-suite run (written at its end; a filtered
 * run or a package's own `vitest run`, alone on the machine, would not be comparable).
 */
const durationsFile = join(root, "node_modules/.cache/arena-test-durations.json");
let lastDurations = {};
try {
  lastDurations = JSON.parse(readFileSync(durationsFile, "utf8"));
} catch {
  // None yet (a fresh clone): the list above.
}
for (const pkg of packages) pkg.weight = lastDurations[pkg.name] ?? firstRun[pkg.name] ?? 0;

// The examples, as one package of the run: one vitest process for all of them (see the top),
// whose report is split into each example's own `test-results.json` for the summary.
const examplesDir = join(root, "examples") + sep;
const examples = packages.filter((pkg) => pkg.dir.startsWith(examplesDir));
if (examples.length > 0) {
  packages = packages.filter((pkg) => !examples.includes(pkg));
  const report = join(root, "node_modules/.cache/arena-examples-report.json");
  const quote = (text) => `'${text.replaceAll("'", "'\\''")}'`;
  packages.push({
    key: "examples",
    name: `the examples (${examples.length})`,
    dir: root,
    script: [
      "vitest run --config vitest.examples.config.ts",
      quote(`--outputFile.json=${report}`),
      ...examples.map((pkg) => quote(pkg.dir.slice(root.length) + sep)),
    ].join(" "),
    weight: lastDurations.examples ?? firstRun.examples,
    after: () => {
      splitReport(report, examples);
      rmSync(report, { force: true });
    },
  });
}

/**
 * Writes each example's share of the examples' report (its files, its tests' counts) to its
 * `test-results.json`. An example with no file in the report gets none: the summary counts it
 * as failed ("no test report").
 */
function splitReport(file, members) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return;
  }
  for (const pkg of members) {
    const files = (report.testResults ?? []).filter((result) =>
      result.name.startsWith(pkg.dir + sep),
    );
    if (files.length === 0) continue;
    const tests = files.flatMap((result) => result.assertionResults ?? []);
    const count = (...statuses) => tests.filter((test) => statuses.includes(test.status)).length;
    const share = {
      numPassedTests: count("passed"),
      numFailedTests: count("failed"),
      numPendingTests: count("pending", "skipped"),
      numTodoTests: count("todo"),
      testResults: files,
    };
    writeFileSync(join(pkg.dir, "test-results.json"), `${JSON.stringify(share)}\n`);
  }
}
// A report left by an earlier run must never stand in for a package that did not run this time
// (also in a filtered run, whose summary shows the reports there are).
for (const group of ["packages", "examples"]) {
  const dir = join(root, group);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir))
    rmSync(join(dir, name, "test-results.json"), { force: true });
}
packages.sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name));

// Build first (cached by turbo: nothing to do after `pnpm install`), with the output of failures.
console.log(
  "pnpm test: building what changed since the last build (turbo; cached packages take no time)",
);
const buildStarted = Date.now();
const build = spawnSync(
  turboBin,
  ["run", "build", "--output-logs=errors-only", ...(color ? [] : ["--no-color"]), ...filterArgs],
  { cwd: root, stdio: "inherit", env: outputEnv() },
);
if (build.error) throw build.error;
if (build.status !== 0) {
  console.error("pnpm test: the build failed (above); no test ran");
  process.exit(build.status || 1);
}
console.log(
  `pnpm test: built in ${elapsed(buildStarted)}; testing ${packages.length} package${packages.length === 1 ? "" : "s"}, ${concurrency} at a time`,
);

/** Each package's seconds in this run, kept for the next run's order (`durationsFile`). */
const durations = {};

/** The packages running now, with when each started (for the heartbeat). */
const running = new Map();

/** Seconds since `since` as `1 min 05 s` or `42 s`. */
function elapsed(since) {
  const seconds = Math.round((Date.now() - since) / 1000);
  return seconds < 60
    ? `${seconds} s`
    : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
}

/** How often the heartbeat names the packages still running (ms): often enough, not spammy. */
const HEARTBEAT_MS = 30_000;

/** Runs one package's test script; resolves with its exit code after printing its line. */
function runPackage(pkg) {
  const started = Date.now();
  running.set(pkg.name, started);
  console.log(`${pkg.name}: tests started`);
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", pkg.script], {
      cwd: pkg.dir,
      env: outputEnv([join(pkg.dir, "node_modules/.bin")]),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      running.delete(pkg.name);
      pkg.after?.();
      durations[pkg.key ?? pkg.name] = (Date.now() - started) / 1000;
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (code === 0) console.log(`${pkg.name}: tests passed in ${seconds} s`);
      else {
        process.stdout.write(Buffer.concat(output));
        console.log(
          `${pkg.name}: tests FAILED in ${seconds} s (${signal ?? `exit ${code}`}; its output above)`,
        );
      }
      resolve(code ?? 1);
    });
  });
}

/** A process's start, in clock ticks since boot (`/proc/<pid>/stat`, field 22), or undefined. */
function startTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[2] === "Z" ? undefined : Number(fields[19]);
  } catch {
    return undefined;
  }
}

/** The command line of `pid`, control characters shown as spaces, or "". */
function commandOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return Array.from(text, (c) => (c.charCodeAt(0) < 32 ? " " : c))
      .join("")
      .trim();
  } catch {
    return "";
  }
}

const ourStart = existsSync("/proc/self/stat") ? startTicks(process.pid) : undefined;
// The mark of this run's processes (see `outlivers`).
process.env.ARENA_TEST_RUN = `${process.pid}-${Date.now()}`;

/**
 * The processes the tests started that are still alive at the end (a match process, a bot, a
 * server a test forgot): those whose environment carries this run's mark (`ARENA_TEST_RUN`, set
 * below and inherited by every process the tests start, also once orphaned) and that have not
 * ended within a few seconds. They are killed, and the run fails. Linux only (read from `/proc`);
 * elsewhere nothing is checked.
 */
async function outlivers() {
  if (ourStart === undefined) return [];
  const mark = `ARENA_TEST_RUN=${process.env.ARENA_TEST_RUN}`;
  const mine = (pid) => {
    if (pid === process.pid) return false;
    const start = startTicks(pid);
    if (start === undefined || start < ourStart) return false;
    try {
      if (!readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(mark)) return false;
    } catch {
      return false;
    }
    // turbo's daemon stays on purpose (turbo's own cache service), as pnpm's would.
    return !/turbo.*daemon/.test(commandOf(pid));
  };
  const scan = () =>
    readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter(mine);
  let left = scan();
  for (let i = 0; i < 50 && left.length > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = left.filter(mine);
  }
  const found = left.map((pid) => ({ pid, command: commandOf(pid).slice(0, 200) }));
  for (const { pid } of found) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
  return found;
}

const started = Date.now();
const queue = [...packages];
let worst = 0;
// A line every HEARTBEAT_MS while packages run (on CI too): which, and for how long.
const heartbeat = setInterval(() => {
  if (running.size === 0) return;
  const names = [...running].map(([name, since]) => `${name} (${elapsed(since)})`);
  const waiting = queue.length > 0 ? `; ${queue.length} waiting` : "";
  console.log(`… ${elapsed(started)}: still running ${names.join(", ")}${waiting}`);
}, HEARTBEAT_MS);
await Promise.all(
  Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    for (let pkg = queue.shift(); pkg; pkg = queue.shift())
      worst = Math.max(worst, await runPackage(pkg));
  }),
);
clearInterval(heartbeat);
console.log(
  `${packages.length} package${packages.length === 1 ? "" : "s"} tested in ${((Date.now() - started) / 1000).toFixed(0)} s, ${concurrency} at a time`,
);

if (filters.length === 0) {
  mkdirSync(dirname(durationsFile), { recursive: true });
  writeFileSync(durationsFile, `${JSON.stringify(durations, null, 2)}\n`);
}

const leaked = await outlivers();
if (leaked.length > 0) {
  console.log(
    `${leaked.length} process${leaked.length === 1 ? "" : "es"} started by the tests outlived them (killed now):`,
  );
  for (const { pid, command } of leaked) console.log(`  ${pid} ${command}`);
}
// One more line in the summary (a check passed or failed), where it could be checked.
const leakCheck =
  ourStart === undefined ? [] : [`no-process-outlived-the-tests=${leaked.length > 0 ? 1 : 0}`];

const summary = spawnSync(
  process.execPath,
  [join(root, ".ci/summary.mjs"), ...(filters.length > 0 ? ["--ran-only"] : []), ...leakCheck],
  { cwd: root, stdio: "inherit" },
);
process.exitCode = worst !== 0 ? worst : (summary.status ?? 1);
