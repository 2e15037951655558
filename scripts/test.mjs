// `pnpm test`: builds what is stale (turbo, cached), then runs every package's tests two packages
// at a time (the suite must hold on a busy 2-core machine), the longest first, so no core idles at
// the end while one long package runs alone. The output of passing packages is hidden: a line per
// package as it ends, the whole output of a failed one, then one summary (`.ci/summary.mjs`): a
// line per package and `N passed, N failed`.
//
// Options: `--concurrency=N` (packages at a time, default 2), `--filter=<turbo filter>` / `-F`
// (repeatable; the packages turbo's filter selects, e.g. `--filter @arena/core`).
//
// The order: each package's duration in its last report (`test-results.json`, read before it is
// removed), longest first; a package without one (a fresh clone) goes by `firstRun` below.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * The order of a first run (a fresh clone, or CI, which starts without reports): each package's
 * seconds in a whole-suite run on an idle 2-core machine (2026-11-23 21:38, load average 0.7–3.4;
 * only the order matters). The examples, a few seconds
 * each, come last and fill the gaps.
 */
const firstRun = {
  "@arena/cli": 228,
  "@arena/core": 107,
  "@arena/integration-tests": 63,
  "@arena/queue": 58,
  "@arena/moneyheist": 54,
  "@arena/lighthouses": 46,
  "@arena/madmax": 35,
  "@arena/dragonball": 33,
  "@arena/madmax-revisited": 32,
  "@arena/tournament": 25,
  "@arena/viewer": 24,
};

/** `--name=value` and `--name value` (and `-F value`) arguments; anything else is an error. */
function parseArguments(argv) {
  const filters = [];
  let concurrency = 2;
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
const packages = JSON.parse(listed.stdout.slice(listed.stdout.indexOf("{")))
  .packages.items.map(({ name, path }) => {
    const dir = join(root, path);
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    return { name, dir, script: manifest.scripts?.test };
  })
  .filter((pkg) => pkg.script);

/** Seconds the package's last report took, from its first file's start to its last file's end. */
function lastDuration(dir) {
  try {
    const report = JSON.parse(readFileSync(join(dir, "test-results.json"), "utf8"));
    const files = report.testResults ?? [];
    if (files.length === 0) return undefined;
    const start = Math.min(...files.map((file) => file.startTime));
    const end = Math.max(...files.map((file) => file.endTime));
    return Number.isFinite(end - start) ? (end - start) / 1000 : undefined;
  } catch {
    return undefined;
  }
}
for (const pkg of packages) pkg.weight = lastDuration(pkg.dir) ?? firstRun[pkg.name] ?? 0;
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

/** Runs one package's test script; resolves with its exit code after printing its line. */
function runPackage(pkg) {
  const started = Date.now();
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

const started = Date.now();
const queue = [...packages];
let worst = 0;
await Promise.all(
  Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    for (let pkg = queue.shift(); pkg; pkg = queue.shift())
      worst = Math.max(worst, await runPackage(pkg));
  }),
);
console.log(
  `${packages.length} packages tested in ${((Date.now() - started) / 1000).toFixed(0)} s, ${concurrency} at a time`,
);

const summary = spawnSync(
  process.execPath,
  [join(root, ".ci/summary.mjs"), ...(filters.length > 0 ? ["--ran-only"] : [])],
  { cwd: root, stdio: "inherit" },
);
process.exitCode = worst !== 0 ? worst : (summary.status ?? 1);
