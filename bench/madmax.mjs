// Benchmark of @arena/madmax (build first: `pnpm build`).
//   node bench/madmax.mjs [repeats]
// A full default match (500 rounds) in-process, engine-level loop, 4×Demo and 4×Null. The
// original engine's whole process takes a median 0.19 s (4×Demo) and 0.25 s (4×Null) here.
import { OrderCollector } from "../packages/core/dist/index.js";
import { engine } from "../packages/madmax/dist/index.js";

const repeats = Number(process.argv[2] ?? 10);
const quantile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
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
  console.log(
    `in-process, engine loop, 4×${name}`.padEnd(40),
    `median ${quantile(times, 0.5).toFixed(1)} ms  p90 ${quantile(times, 0.9).toFixed(1)} ms`,
  );
}
