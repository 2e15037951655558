// Runs after `pnpm install`: builds every package (turbo, cached), one line per package as it
// starts, so a first install shows what it is doing. On a failure it builds again showing the
// failed packages' full output (the ones that succeeded come from the cache at once).
import { spawnSync } from "node:child_process";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const turbo = join(root, "node_modules/.bin/turbo");
const run = (outputLogs) =>
  spawnSync(turbo, ["run", "build", `--output-logs=${outputLogs}`], {
    cwd: root,
    stdio: "inherit",
    // turbo finds pnpm on PATH, also when this script is run with plain `node`.
    env: {
      ...process.env,
      PATH: `${join(root, "node_modules/.bin")}${delimiter}${process.env.PATH}`,
    },
  });

console.log("arena: building every package (types included; about half a minute on 2 cores)");
const first = run("hash-only");
if (first.error) throw first.error;
if (first.status !== 0) {
  console.log("arena: the build failed; its output:");
  const again = run("errors-only");
  process.exitCode = again.status || 1;
}
