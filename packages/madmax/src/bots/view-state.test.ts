// The built-in Demo given a view made by another copy of the package (a second installed
// @arena/madmax, or the one bundled in the arena cli): it reads the public API and gives
// exactly the orders it gives on a view of its own copy.
import { expectSameOrders } from "@arena/core/testing";
import { beforeAll, describe, expect, it, vi } from "vitest";
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
  // One second copy for the three matches: loading every module again is most of a match's cost
  // here, and the copy's Demo keeps no state between matches (a new bot object per seat each time).
  let copy: Awaited<ReturnType<typeof secondCopy>>;
  beforeAll(async () => {
    copy = await secondCopy();
  });

  it.each([1, 2, 3])("gives the same orders every round, 4×Demo seed %i", (seed) => {
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
