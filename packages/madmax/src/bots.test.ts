import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Bot, OrderCollector } from "@arena/core";
import { describe, expect, it } from "vitest";
import { ReferenceDemoBot } from "./__fixtures__/reference-demo-bot";
import { DemoBot, NullBot } from "./bots";
import type { MadMaxConfig } from "./config";
import { engine } from "./engine";
import type { MadMaxActions, MadMaxView } from "./view";

type MadMaxBot = Bot<MadMaxView, MadMaxActions>;

/**
 * Plays the same match twice in lockstep, once with the rewritten bots and once with the
 * reference ones (`seats`: "D" = Demo, "N" = Null), and checks that every player gives exactly the
 * same orders at every round. Returns the number of orders compared.
 */
function lockstep(config: MadMaxConfig, seed: number, seats: string): number {
  const n = seats.length;
  const fast = engine.create(config, seed, n);
  const slow = engine.create(config, seed, n);
  const make = (reference: boolean) =>
    [...seats].map(
      (seat): MadMaxBot =>
        seat === "N" ? new NullBot() : reference ? new ReferenceDemoBot() : new DemoBot(),
    );
  const fastBots = make(false);
  const slowBots = make(true);
  const orders = (match: typeof fast, bots: MadMaxBot[]) =>
    bots.map((bot, p) => {
      const collector = new OrderCollector<never>();
      bot.play(match.view(p), match.actions(p, collector));
      return collector.orders;
    });
  let compared = 0;
  while (!fast.isOver()) {
    const got = orders(fast, fastBots);
    const want = orders(slow, slowBots);
    expect(got, `round ${fast.round()}`).toEqual(want);
    compared += got.reduce((sum, list) => sum + list.length, 0);
    fast.step(got);
    slow.step(want);
  }
  expect(fast.scores()).toEqual(slow.scores());
  return compared;
}

const fixed = fileURLToPath(
  new URL("../../../../shared/reference/madmax/fixed1.cnf", import.meta.url),
);

describe("the Demo bot rewritten for speed", () => {
  const base = engine.defaultConfig();
  it.each([1, 2, 3, 4])("gives the reference Demo's orders, 4×Demo seed %i", (seed) => {
    expect(lockstep(base, seed, "DDDD")).toBeGreaterThan(10000);
  });

  it.each([
    ["Demo, Null, Demo, Null", "DNDN", 11],
    ["3 Demo and a Null", "NDDD", 12],
  ])("gives the reference Demo's orders, %s", (_, seats, seed) => {
    expect(lockstep(base, seed, seats)).toBeGreaterThan(3000);
  });

  it("gives the reference Demo's orders with other settings", () => {
    const variants: MadMaxConfig[] = [
      { ...base, params: { ...base.params, nb_rounds: 200, nb_cars: 8, nb_warriors: 6 } },
      { ...base, params: { ...base.params, nb_rounds: 200, nb_cities: 3, cars_fuel: 40 } },
    ];
    for (const [k, config] of variants.entries())
      expect(lockstep(config, 20 + k, "DDDD")).toBeGreaterThan(1000);
  });

  it.skipIf(!existsSync(fixed))("gives the reference Demo's orders on the fixed map", () => {
    const config = engine.parseConfig(readFileSync(fixed, "utf8"), fixed);
    expect(lockstep(config, 5, "DDDD")).toBeGreaterThan(1000);
  });
});
