// Shared pieces of the benchmark scripts: timing figures and the plain engine-level match loop.
import { OrderCollector } from "../packages/core/dist/index.js";

/** The q-quantile (0..1) of `values`. */
export const quantile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

/** Prints the median and p90 of `times` (ms per match) and the median per round. */
export function report(label, times, rounds) {
  const median = quantile(times, 0.5);
  console.log(
    `${label.padEnd(56)} median ${median.toFixed(1).padStart(7)} ms  p90 ${quantile(times, 0.9).toFixed(1).padStart(7)} ms  (${((median / rounds) * 1000).toFixed(1)} µs/round)`,
  );
}

/** Plays one whole match in-process with the built-in bots `names`, the engine-level loop. */
export function engineLoop(engine, config, names, seed) {
  const match = engine.create(config, seed, names.length);
  const bots = names.map((name) => engine.bots[name]());
  while (!match.isOver()) {
    match.step(
      bots.map((bot, p) => {
        const collector = new OrderCollector();
        bot.play(match.view(p), match.actions(p, collector));
        return collector.orders;
      }),
    );
  }
  return match.scores();
}

/** Times `repeats` matches (after one warm-up) with 4 × `name` and reports them. */
export function timeMatches(engine, config, name, repeats, rounds, label) {
  const names = [name, name, name, name];
  engineLoop(engine, config, names, 999);
  const times = [];
  for (let k = 0; k < repeats; k++) {
    const start = performance.now();
    engineLoop(engine, config, names, k + 1);
    times.push(performance.now() - start);
  }
  report(label, times, rounds);
}
