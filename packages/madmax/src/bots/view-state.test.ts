// The built-in Demo given a view made by another copy of the package (a second installed
// @arena/madmax, or the one bundled in the arena cli): it reads the public API and gives
// exactly the orders it gives on a view of its own copy.
import { type Bot, OrderCollector } from "@arena/core";
import { describe, expect, it, vi } from "vitest";
import { DemoBot } from "../bots";
import { engine } from "../engine";
import type { MadMaxActions, MadMaxView } from "../view";

type MadMaxBot = Bot<MadMaxView, MadMaxActions>;

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
    const match = engine.create(engine.defaultConfig(), seed, 4);
    expect(copy.ownState(match.view(0))).toBeUndefined();
    const own: MadMaxBot[] = [0, 1, 2, 3].map(() => new DemoBot());
    const foreign: MadMaxBot[] = [0, 1, 2, 3].map(() => new copy.DemoBot());
    let compared = 0;
    while (!match.isOver()) {
      const orders = (bots: MadMaxBot[]) =>
        bots.map((bot, p) => {
          const collector = new OrderCollector<never>();
          bot.play(match.view(p), match.actions(p, collector));
          return collector.orders;
        });
      const want = orders(own);
      const got = orders(foreign);
      expect(got, `round ${match.round()}`).toEqual(want);
      compared += got.reduce((sum, list) => sum + list.length, 0);
      match.step(want as never);
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
