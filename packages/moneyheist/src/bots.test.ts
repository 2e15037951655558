import { type Bot, OrderCollector } from "@arena/core";
import { describe, expect, it } from "vitest";
import { ReferenceDemoBot } from "./__fixtures__/reference-demo-bot";
import { DemoBot, NullBot } from "./bots";
import type { MoneyHeistConfig } from "./config";
import { engine } from "./engine";
import type { MoneyHeistActions, MoneyHeistView } from "./view";

type MoneyHeistBot = Bot<MoneyHeistView, MoneyHeistActions>;

/**
 * Plays the same match twice in lockstep, once with the rewritten bots and once with the
 * reference ones (`seats`: "D" = Demo, "N" = Null), and checks that every player gives exactly the
 * same orders at every round. Returns the number of orders compared and the final scores.
 */
function lockstep(config: MoneyHeistConfig, seed: number, seats: string) {
  const n = seats.length;
  const fast = engine.create(config, seed, n);
  const slow = engine.create(config, seed, n);
  const make = (reference: boolean) =>
    [...seats].map(
      (seat): MoneyHeistBot =>
        seat === "N" ? new NullBot() : reference ? new ReferenceDemoBot() : new DemoBot(),
    );
  const fastBots = make(false);
  const slowBots = make(true);
  let compared = 0;
  while (!fast.isOver()) {
    const orders = (match: typeof fast, bots: MoneyHeistBot[]) =>
      bots.map((bot, p) => {
        const collector = new OrderCollector<never>();
        bot.play(match.view(p), match.actions(p, collector));
        return collector.orders;
      });
    const got = orders(fast, fastBots);
    const want = orders(slow, slowBots);
    expect(got, `round ${fast.round()}`).toEqual(want);
    compared += got.reduce((sum, list) => sum + list.length, 0);
    fast.step(got as never);
    slow.step(want as never);
  }
  expect(fast.scores()).toEqual(slow.scores());
  return { compared, scores: fast.scores() };
}

describe("the Demo bot rewritten for speed", () => {
  const base = engine.defaultConfig();
  it.each([1, 2, 3, 4, 5])("gives the reference Demo's orders, 4×Demo seed %i", (seed) => {
    const { compared } = lockstep(base, seed, "DDDD");
    expect(compared).toBeGreaterThan(5000);
  });

  it.each([
    ["Demo, Null, Demo, Null", "DNDN", 11],
    ["3 Demo and a Null", "DDDN", 12],
  ])("gives the reference Demo's orders, %s", (_, seats, seed) => {
    expect(lockstep(base, seed, seats).compared).toBeGreaterThan(1000);
  });

  it("gives the reference Demo's orders on other boards and settings", () => {
    const variants: MoneyHeistConfig[] = [
      { ...base, numRounds: 120 },
      { ...base, numMoney: 5, numHealthKits: 1, numPoisonKits: 1, numSafetyBoxes: 4 },
      { ...base, initialSoldiersPerClan: 12, professorRoundsRebirth: 3 },
    ];
    for (const [k, config] of variants.entries())
      expect(lockstep(config, 20 + k, "DDDD").compared).toBeGreaterThan(500);
  });
});
