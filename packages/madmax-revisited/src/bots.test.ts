import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Bot, OrderCollector } from "@arena/core";
import { describe, expect, it } from "vitest";
import { ReferenceDemoBot } from "./__fixtures__/reference-demo-bot";
import { DemoBot, NullBot } from "./bots";
import type { MadMaxRevisitedConfig } from "./config";
import { engine } from "./engine";
import type { MadMaxRevisitedActions, MadMaxRevisitedView } from "./view";

type MmrBot = Bot<MadMaxRevisitedView, MadMaxRevisitedActions>;

/**
 * Plays the same match twice in lockstep, once with the rewritten bots and once with the
 * reference ones (`seats`: "D" = Demo, "N" = Null), and checks that every player gives exactly the
 * same orders at every round. Returns the number of orders compared.
 */
function lockstep(config: MadMaxRevisitedConfig, seed: number, seats: string): number {
  const n = seats.length;
  const fast = engine.create(config, seed, n);
  const slow = engine.create(config, seed, n);
  const make = (reference: boolean) =>
    [...seats].map(
      (seat): MmrBot =>
        seat === "N" ? new NullBot() : reference ? new ReferenceDemoBot() : new DemoBot(),
    );
  const fastBots = make(false);
  const slowBots = make(true);
  const orders = (match: typeof fast, bots: MmrBot[]) =>
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

const mazes = fileURLToPath(
  new URL("../../../../shared/reference/madmax-revisited", import.meta.url),
);

describe("the Demo bot rewritten for speed", () => {
  const base = engine.defaultConfig();
  it.each([1, 2, 3, 4])("gives the reference Demo's orders, 4×Demo seed %i", (seed) => {
    expect(lockstep(base, seed, "DDDD")).toBeGreaterThan(1000);
  });

  it.each([
    ["Demo, Null, Demo, Null", "DNDN", 11],
    ["3 Demo and a Null", "NDDD", 12],
  ])("gives the reference Demo's orders, %s", (_, seats, seed) => {
    expect(lockstep(base, seed, seats)).toBeGreaterThan(300);
  });

  it.skipIf(!existsSync(mazes))("gives the reference Demo's orders on the original mazes", () => {
    for (const name of ["default", "maze2", "maze3", "maze4", "maze5", "maze6"]) {
      const file = `${mazes}/${name}.cnf`;
      const config = engine.parseConfig(readFileSync(file, "utf8"), file);
      expect(lockstep(config, 7, "DDDD"), name).toBeGreaterThan(300);
    }
  });
});
