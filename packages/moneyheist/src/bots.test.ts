import { checkOrdersAccepted, expectSameOrders } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { ReferenceDemoBot } from "./__fixtures__/reference-demo-bot";
import { DemoBot, NullBot } from "./bots";
import type { MoneyHeistConfig } from "./config";
import { engine } from "./engine";

const demo = { rewritten: () => new DemoBot(), reference: () => new ReferenceDemoBot() };
const none = { rewritten: () => new NullBot(), reference: () => new NullBot() };

/**
 * Plays the same match with the rewritten bots and with the reference ones (`seats`: "D" = Demo,
 * "N" = Null) and expects the same orders from every player at every round (`expectSameOrders`).
 */
function lockstep(config: MoneyHeistConfig, seed: number, seats: string) {
  return expectSameOrders(engine, config, seed, seats, { D: demo, N: none });
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

describe("the Demo bot gives only orders the rules accept (issue 40)", () => {
  const seats = (text: string) =>
    [...text].map((k) => (k === "N" ? engine.bots.Null! : engine.bots.Demo!));
  it.each([
    [1, "DDNN"],
    [2, "DDDD"],
    [3, "DDDD"],
  ])("seed %i, seats %s", (seed, text) => {
    const check = checkOrdersAccepted(engine, engine.defaultConfig(), seed, seats(text));
    expect(check.orders).toBeGreaterThan(100);
    expect(check.own).toEqual([]);
    // In the match as played, only orders overtaken by an earlier order of the round: a unit killed earlier in the round.
    expect(check.inMatch.filter((r) => r.reason !== "dead-unit")).toEqual([]);
  });
});
