// Benchmark of @arena/madmax-revisited (build first: `pnpm build`).
//   node bench/madmax-revisited.mjs [repeats]
// A full default match (300 rounds) in-process, engine-level loop, 4×Demo and 4×Null, and the
// whole `arena play madmax-revisited` command. The original engine's whole process takes a median
// 0.034 s with 4×Demo on this machine kind.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { OrderCollector } from "../packages/core/dist/index.js";
import { engine } from "../packages/madmax-revisited/dist/index.js";

const repeats = Number(process.argv[2] ?? 20);
const root = fileURLToPath(new URL("..", import.meta.url));
const quantile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const report = (label, times, rounds) => {
  const median = quantile(times, 0.5);
  console.log(
    `${label.padEnd(50)} median ${median.toFixed(1).padStart(7)} ms  p90 ${quantile(times, 0.9).toFixed(1).padStart(7)} ms  (${((median / rounds) * 1000).toFixed(0)} µs/round)`,
  );
};

function engineLoop(name, seed) {
  const match = engine.create(engine.defaultConfig(), seed, 4);
  const bots = [0, 1, 2, 3].map(() => engine.bots[name]());
  while (!match.isOver()) {
    match.step(
      bots.map((bot, p) => {
        const collector = new OrderCollector();
        bot.play(match.view(p), match.actions(p, collector));
        return collector.orders;
      }),
    );
  }
}

for (const name of ["Demo", "Null"]) {
  engineLoop(name, 999);
  const times = [];
  for (let k = 0; k < repeats; k++) {
    const start = performance.now();
    engineLoop(name, k + 1);
    times.push(performance.now() - start);
  }
  report(`in-process, engine loop, 4×${name}`, times, 300);
}
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
