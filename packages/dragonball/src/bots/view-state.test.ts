// The built-in Demo given a view made by another copy of the package (a second installed
// @arena/dragonball, or the one bundled in the arena cli): it reads the public API and gives
// exactly the orders it gives on a view of its own copy.
import { expectSameOrders } from "@arena/core/testing";
import { describe, expect, it, vi } from "vitest";
import { DemoBot } from "../bots";
import { engine } from "../engine";

/** Every module of the package loaded again: other classes, other private fields. */
async function secondCopy() {
  vi.resetModules();
  const index = (await import("../index")) as typeof import("../index");
  const view = (await import("../view")) as typeof import("../view");
  return { DemoBot: index.DemoBot, ownState: view.ownState };
}

describe("Demo on a view of another copy of the package", () => {
  it.each([1, 2, 3])("gives the same orders every round, 4×Demo seed %i", async (seed) => {
    const copy = await secondCopy();
    expect(copy.DemoBot).not.toBe(DemoBot);
    const config = engine.defaultConfig();
    expect(copy.ownState(engine.create(config, seed, 4).view(0))).toBeUndefined();
    // The other copy's Demo plays this copy's views; this copy's Demo is the reference.
    const { compared } = expectSameOrders(engine, config, seed, "DDDD", {
      D: { reference: () => new DemoBot(), rewritten: () => new copy.DemoBot() },
    });
    expect(compared).toBeGreaterThan(1000);
  });
});
