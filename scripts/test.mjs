// `pnpm test`: every package's tests through turbo, two packages at a time (the suite must hold
// on a busy 2-core machine), the output of passing packages hidden, then one summary: a line per
// package and `N passed, N failed`. Extra arguments go to `turbo run test` (e.g. `--filter`).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

// A report left by an earlier run must never stand in for a package that did not run this time.
for (const group of ["packages", "examples"]) {
  const dir = join(root, group);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir))
    rmSync(join(dir, name, "test-results.json"), { force: true });
}

/** No colour codes in the output unless it goes to a terminal (vitest reads NO_COLOR). */
function outputEnv() {
  // turbo finds pnpm on PATH, also when this script is run with plain `node`.
  const path = `${join(root, "node_modules/.bin")}${delimiter}${process.env.PATH ?? ""}`;
  if (process.stdout.isTTY) return { ...process.env, PATH: path };
  const { FORCE_COLOR: _, ...env } = process.env;
  return { ...env, PATH: path, NO_COLOR: "1" };
}

const turbo = spawnSync(
  join(root, "node_modules/.bin/turbo"),
  [
    "run",
    "test",
    "--continue",
    // At most two packages at a time unless asked otherwise (`pnpm test --concurrency=4`).
    ...(process.argv.some((arg) => arg.startsWith("--concurrency")) ? [] : ["--concurrency=2"]),
    "--output-logs=errors-only",
    ...(process.stdout.isTTY ? [] : ["--no-color"]),
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: "inherit", env: outputEnv() },
);
if (turbo.error) throw turbo.error;
const filtered = process.argv.slice(2).some((arg) => arg.startsWith("--filter") || arg === "-F");
const summary = spawnSync(
  process.execPath,
  [join(root, ".ci/summary.mjs"), ...(filtered ? ["--ran-only"] : [])],
  { cwd: root, stdio: "inherit" },
);
process.exitCode = turbo.status !== 0 ? turbo.status || 1 : (summary.status ?? 1);
