// Benchmark of @arena/moneyheist (build first: `pnpm build`, or `npx tsup` in packages/core and
// packages/moneyheist).
//   node bench/moneyheist.mjs [repeats]
// 1. A full default match (200 rounds) in-process, engine-level loop, 4×Demo and 4×Null.
// 2. The same through core's runner (per-step collectors, first-order-wins, timing).
// 3. The whole `arena play moneyheist` command (a new Node process, as the original's was).
// The original engine's whole process takes a median 0.13 s with 4×Demo and 0.08 s with 4×Null on
// this machine kind.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { inProcessBot, runMatch } from "../packages/core/dist/index.js";
import { engine } from "../packages/moneyheist/dist/index.js";
import { report, timeMatches } from "./lib.mjs";

const repeats = Number(process.argv[2] ?? 20);
const root = fileURLToPath(new URL("..", import.meta.url));

for (const name of ["Demo", "Null"])
  timeMatches(
    engine,
    engine.defaultConfig(),
    name,
    repeats,
    200,
    `in-process, engine loop, 4×${name}`,
  );

for (const names of [
  ["Demo", "Demo", "Demo", "Demo"],
  ["Null", "Null", "Null", "Null"],
]) {
  const times = [];
  for (let k = 0; k < repeats; k++) {
    const start = performance.now();
    await runMatch(engine, {
      config: engine.defaultConfig(),
      seed: k + 1,
      players: names.map((name) => ({ name, controller: inProcessBot(engine.bots[name], name) })),
    });
    times.push(performance.now() - start);
  }
  report(`in-process, core runner, 4×${names[0]}`, times, 200);
}

const bin = `${root}packages/cli/dist/bin.js`;
if (existsSync(bin)) {
  for (const bot of ["Demo", "Null"]) {
    const times = [];
    for (let k = 0; k < Math.min(repeats, 10); k++) {
      const start = performance.now();
      const run = spawnSync(process.execPath, [
        bin,
        "play",
        "moneyheist",
        bot,
        bot,
        bot,
        bot,
        "--seed",
        String(k + 1),
        "--quiet",
      ]);
      if (run.status !== 0) throw new Error(run.stderr.toString());
      times.push(performance.now() - start);
    }
    report(`whole 'arena play moneyheist' process, 4×${bot}`, times, 200);
  }
} else console.log("packages/cli/dist/bin.js not built: the whole-command figures are skipped");
