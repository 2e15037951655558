import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expectSameOrders } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { ReferenceDemoBot } from "./__fixtures__/reference-demo-bot";
import { DemoBot, NullBot } from "./bots";
import type { MadMaxRevisitedConfig } from "./config";
import { engine } from "./engine";

const demo = { rewritten: () => new DemoBot(), reference: () => new ReferenceDemoBot() };
const none = { rewritten: () => new NullBot(), reference: () => new NullBot() };

/**
 * Plays the same match with the rewritten bots and with the reference ones (`seats`: "D" = Demo,
 * "N" = Null) and expects the same orders from every player at every round (`expectSameOrders`).
 */
function lockstep(config: MadMaxRevisitedConfig, seed: number, seats: string) {
  return expectSameOrders(engine, config, seed, seats, { D: demo, N: none }).compared;
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
