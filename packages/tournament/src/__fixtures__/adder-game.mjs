// The counter game of core's fixtures with more built-in bots: `add1`…`add9` (each unit adds that
// amount every round) and `crash` (adds 9, throws from round 3 on), the in-process twins of the bot
// files of `bots.ts`. Plain JS so that the pool's worker threads can import it (`module`). For the
// tests whose claim is a run's logic (plans, summaries, contests, verdicts), not a bot's process:
// a bot file costs a process per seat and thread, ≈ 0.5 s of CPU each on a busy machine.
import { engine as counter } from "../../../core/src/__fixtures__/counter-game.mjs";

class Adder {
  constructor(amount) {
    this.amount = amount;
  }
  play(view, actions) {
    for (const unit of view.units()) actions.add(unit, this.amount);
  }
}

class Crash {
  play(view, actions) {
    if (view.round() >= 3) throw new Error(`boom at round ${view.round()}`);
    for (const unit of view.units()) actions.add(unit, 9);
  }
}

const adders = Object.fromEntries(
  [1, 2, 3, 4, 5, 6, 7, 8, 9].map((amount) => [`add${amount}`, () => new Adder(amount)]),
);

/** The counter game (same name, version and rules) with the extra built-in bots. */
export const engine = {
  ...counter,
  module: new URL(import.meta.url).href,
  bots: { ...counter.bots, ...adders, crash: () => new Crash() },
};
