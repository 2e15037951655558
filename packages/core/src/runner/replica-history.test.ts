// A replica of the match (a bot host's, a worker's) is rebuilt from `ctx.history`, which it reads
// when its seat is asked, possibly after other seats have played the next step: each recorded
// step must keep the orders it was given. A seat that gave no orders used to be recorded with its
// collector's empty list, which the collector keeps for the next step: the seats asked before the
// replica's then filled it, and the replica replayed the wrong orders (Mad Max, seed 5: a module
// bot in seat 2 or 3, in its own process or a worker, saw another match from round 389 on).
import { describe, expect, it } from "vitest";
import type { CounterActions, CounterView } from "../__fixtures__/counter-game.mjs";
import { engine } from "../__fixtures__/counter-game.mjs";
import type { Bot, Match } from "../engine/engine";
import type { Controller, PlayContext, StartContext } from "./controller";
import { inProcessBot } from "./in-process-bot";
import { runMatch } from "./run-match";

/** Gives an order every other round only (no orders at all in the others). */
class EveryOther implements Bot<CounterView, CounterActions> {
  play(view: CounterView, actions: CounterActions): void {
    if (view.round() % 2 === 1) actions.add(0, 1 + view.round());
  }
}

/** A controller that keeps a replica from `ctx.history` and notes whether it matches the match. */
function replicaController(): Controller & { matched: boolean[] } {
  let replica: Match | undefined;
  let sent = 0;
  const matched: boolean[] = [];
  return {
    label: "replica",
    wantsHistory: true,
    matched,
    start(ctx: StartContext) {
      replica = ctx.engine.create(structuredClone(ctx.config), ctx.seed, ctx.numPlayers) as Match;
    },
    play(ctx: PlayContext) {
      for (const event of ctx.history.slice(sent)) {
        // As a bot host or a worker gets them: a copy, parsed again.
        if (event.kind === "freeze") replica!.freeze(event.player);
        else
          replica!.step(structuredClone(event.orders).map((list) => list.map(engine.parseOrder)));
      }
      sent = ctx.history.length;
      matched.push(replica!.digest() === ctx.match.digest());
    },
  };
}

describe("a replica rebuilt from ctx.history", () => {
  it("matches the match at every turn, also after steps in which a seat gave no orders", async () => {
    const replica = replicaController();
    const other = () => inProcessBot(() => new EveryOther() as Bot, "EveryOther");
    await runMatch(engine, {
      config: { rounds: 10, turnBased: false },
      seed: 3,
      players: [
        { name: "a", controller: other() },
        { name: "b", controller: other() },
        { name: "replica", controller: replica },
      ],
    });
    expect(replica.matched).toHaveLength(10);
    expect(replica.matched.every(Boolean)).toBe(true);
  });
});
