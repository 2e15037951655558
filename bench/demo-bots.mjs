// The built-in Demo bots' own cost: milliseconds per round of one Demo bot (its `play` alone,
// timed around each call, the engine's step not counted), medians of N matches of 4×Demo per
// game with default configs, next to the engine's own step time in the same matches.
//   node bench/demo-bots.mjs [matches]
import { OrderCollector } from "../packages/core/dist/index.js";
import { quantile } from "./lib.mjs";

const matches = Number(process.argv[2] ?? 7);
const games = ["moneyheist", "madmax", "madmax-revisited", "dragonball", "lighthouses"];

/** Plays one 4×Demo match; returns ms per round spent in one bot's `play` and in `step`. */
function timeMatch(engine, seed) {
  const numPlayers = engine.players.default;
  const match = engine.create(engine.defaultConfig(), seed, numPlayers);
  const bots = Array.from({ length: numPlayers }, () => engine.bots.Demo());
  let botMs = 0;
  let stepMs = 0;
  let rounds = 0;
  let calls = 0;
  while (!match.isOver()) {
    const orders = Array.from({ length: numPlayers }, () => []);
    const t0 = performance.now();
    for (const p of match.toMove()) {
      const collector = new OrderCollector();
      bots[p].play(match.view(p), match.actions(p, collector));
      orders[p] = collector.orders;
      calls++;
    }
    const t1 = performance.now();
    match.step(orders);
    stepMs += performance.now() - t1;
    botMs += t1 - t0;
    rounds++;
  }
  return { perCall: botMs / calls, perStep: stepMs / rounds };
}

console.log(
  `Demo bots, ms per call of one bot's play (median of ${matches} 4×Demo matches, default config)`,
);
for (const game of games) {
  const { engine } = await import(`../packages/${game}/dist/index.js`);
  timeMatch(engine, 999); // warm-up
  const bot = [];
  const step = [];
  for (let k = 0; k < matches; k++) {
    const { perCall, perStep } = timeMatch(engine, k + 1);
    bot.push(perCall);
    step.push(perStep);
  }
  console.log(
    `${game.padEnd(18)} Demo ${quantile(bot, 0.5).toFixed(3).padStart(7)} ms/round   engine step ${quantile(step, 0.5).toFixed(3).padStart(7)} ms`,
  );
}
