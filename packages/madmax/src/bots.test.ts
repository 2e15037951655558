import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { checkOrdersAccepted, expectSameOrders } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { ReferenceDemoBot } from "./__fixtures__/reference-demo-bot";
import { DemoBot, NullBot } from "./bots";
import type { MadMaxConfig } from "./config";
import { engine } from "./engine";

const demo = { rewritten: () => new DemoBot(), reference: () => new ReferenceDemoBot() };
const none = { rewritten: () => new NullBot(), reference: () => new NullBot() };

/**
 * Plays the same match with the rewritten bots and with the reference ones (`seats`: "D" = Demo,
 * "N" = Null) and expects the same orders from every player at every round (`expectSameOrders`).
 */
function lockstep(config: MadMaxConfig, seed: number, seats: string) {
  return expectSameOrders(engine, config, seed, seats, { D: demo, N: none }).compared;
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

describe("the Demo bot gives only orders the rules accept (issue 40)", () => {
  const seats = (text: string) =>
    [...text].map((k) => (k === "N" ? engine.bots.Null! : engine.bots.Demo!));
  it.each([
    [1, "DDDD"],
    [2, "DDDD"],
    [3, "DDDD"],
  ])("seed %i, seats %s", (seed, text) => {
    const check = checkOrdersAccepted(engine, engine.defaultConfig(), seed, seats(text));
    expect(check.orders).toBeGreaterThan(100);
    expect(check.own).toEqual([]);
    // In the match as played, only orders overtaken by an earlier order of the round: a unit captured earlier in the round.
    expect(check.inMatch.filter((r) => r.reason !== "dead-unit")).toEqual([]);
  });
});
