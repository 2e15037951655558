// The built-in Demo bots on a view made by another copy of their package (a second install, or
// the copy bundled in the arena cli, as a module bot delegating to `DemoBot` gets with
// --in-process): they read the view's public API each round instead of the live state. Prints
// ms per call of one bot's play, on its own copy's view and on another copy's, medians of N
// 4×Demo matches per game, the two measured alternately in one run.
//   node bench/demo-other-copy.mjs [matches]
import { OrderCollector } from "../packages/core/dist/index.js";
import { quantile } from "./lib.mjs";

const matches = Number(process.argv[2] ?? 5);
const games = ["moneyheist", "madmax", "madmax-revisited", "dragonball"];

/** One 4×Demo match of `engine`, its bots made by `bots`; ms per call of one bot's `play`. */
function timeMatch(engine, bots, seed) {
  const numPlayers = engine.players.default;
  const match = engine.create(engine.defaultConfig(), seed, numPlayers);
  const players = Array.from({ length: numPlayers }, () => bots.Demo());
  let botMs = 0;
  let calls = 0;
  while (!match.isOver()) {
    const orders = Array.from({ length: numPlayers }, () => []);
    const t0 = performance.now();
    for (const p of match.toMove()) {
      const collector = new OrderCollector();
      players[p].play(match.view(p), match.actions(p, collector));
      orders[p] = collector.orders;
      calls++;
    }
    botMs += performance.now() - t0;
    match.step(orders);
  }
  return botMs / calls;
}

console.log(
  `Demo bots on their own copy's view and on another copy's, ms per call of play (median of ${matches} 4×Demo matches)`,
);
for (const game of games) {
  const own = await import(`../packages/${game}/dist/index.js`);
  // The same file under another URL: a second instance of every class of the package.
  const other = await import(`../packages/${game}/dist/index.js?other-copy`);
  const { engine } = own;
  timeMatch(engine, engine.bots, 999); // warm-up
  timeMatch(engine, other.engine.bots, 999);
  const times = { own: [], other: [] };
  for (let k = 0; k < matches; k++) {
    times.own.push(timeMatch(engine, engine.bots, k + 1));
    times.other.push(timeMatch(engine, other.engine.bots, k + 1));
  }
  const own50 = quantile(times.own, 0.5);
  const other50 = quantile(times.other, 0.5);
  console.log(
    `${game.padEnd(18)} own ${own50.toFixed(3).padStart(7)} ms   other copy ${other50.toFixed(3).padStart(7)} ms   (+${(other50 - own50).toFixed(3)} ms)`,
  );
}
