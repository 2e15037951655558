// Benchmark of @arena/dragonball (build first: `pnpm build`).
//   node bench/dragonball.mjs [repeats] [map.cnf]
// A 10 001-round match on maze.cnf (the reference map, when ../shared is beside the repository;
// otherwise the package's default map with 10 001 rounds) in-process with 4×Demo and 4×Null, and
// the whole `arena play dragonball` command. The original engine's whole process takes a median
// 0.50 s with 4×Demo on maze.cnf on this machine kind.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { OrderCollector } from "../packages/core/dist/index.js";
import { engine } from "../packages/dragonball/dist/index.js";

const repeats = Number(process.argv[2] ?? 10);
const root = fileURLToPath(new URL("..", import.meta.url));
const mapFile = process.argv[3] ?? `${root}../shared/reference/dragonball/maze.cnf`;
const config = existsSync(mapFile)
  ? engine.parseConfig(readFileSync(mapFile, "utf8"), mapFile)
  : { ...engine.defaultConfig(), params: { ...engine.defaultConfig().params, nb_rounds: 10001 } };
const label = existsSync(mapFile) ? "maze.cnf" : "default map";
const quantile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const report = (name, times, rounds) => {
  const median = quantile(times, 0.5);
  console.log(
    `${name.padEnd(52)} median ${median.toFixed(1).padStart(7)} ms  p90 ${quantile(times, 0.9).toFixed(1).padStart(7)} ms  (${((median / rounds) * 1000).toFixed(1)} µs/round)`,
  );
};
function engineLoop(name, seed) {
  const match = engine.create(config, seed, 4);
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
  report(
    `${label}, ${config.params.nb_rounds} rounds, in-process, 4×${name}`,
    times,
    config.params.nb_rounds,
  );
}
const bin = `${root}packages/cli/dist/bin.js`;
if (existsSync(bin) && existsSync(mapFile)) {
  const times = [];
  for (let k = 0; k < Math.min(repeats, 5); k++) {
    const start = performance.now();
    const run = spawnSync(process.execPath, [
      bin,
      "play",
      "dragonball",
      "--config",
      mapFile,
      "--seed",
      String(k + 1),
      "--quiet",
    ]);
    if (run.status !== 0) throw new Error(run.stderr.toString());
    times.push(performance.now() - start);
  }
  report(`whole 'arena play dragonball' on ${label}, 4×Demo`, times, config.params.nb_rounds);
}
