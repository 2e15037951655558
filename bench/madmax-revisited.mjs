// Benchmark of @arena/madmax-revisited (build first: `pnpm build`).
//   node bench/madmax-revisited.mjs [repeats]
// A full default match (300 rounds) in-process, engine-level loop, 4×Demo and 4×Null, and the
// whole `arena play madmax-revisited` command. The original engine's whole process takes a median
// 0.034 s with 4×Demo on this machine kind.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { engine } from "../packages/madmax-revisited/dist/index.js";
import { report, timeMatches } from "./lib.mjs";

const repeats = Number(process.argv[2] ?? 20);
const root = fileURLToPath(new URL("..", import.meta.url));

for (const name of ["Demo", "Null"])
  timeMatches(
    engine,
    engine.defaultConfig(),
    name,
    repeats,
    300,
    `in-process, engine loop, 4×${name}`,
  );
const bin = `${root}packages/cli/dist/bin.js`;
if (existsSync(bin)) {
  const times = [];
  for (let k = 0; k < Math.min(repeats, 10); k++) {
    const start = performance.now();
    const run = spawnSync(process.execPath, [
      bin,
      "play",
      "madmax-revisited",
      "--seed",
      String(k + 1),
      "--quiet",
    ]);
    if (run.status !== 0) throw new Error(run.stderr.toString());
    times.push(performance.now() - start);
  }
  report("whole 'arena play madmax-revisited' process, 4×Demo", times, 300);
} else console.log("packages/cli/dist/bin.js not built: the whole-command figure is skipped");
