import {
  type Bot,
  inProcessBot,
  type Json,
  OrderCollector,
  reachableFrom,
  runMatch,
  tamperWith,
} from "@arena/core";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import type { MadMaxActions, MadMaxView } from "./view";

const config = engine.defaultConfig();

describe("the player view is a read-only façade", () => {
  it("leads to nothing of the match but frozen objects and code (no state, no generator)", () => {
    const match = engine.create(config, 5, engine.players.default);
    // Everything the match holds, walked as data (its methods are not called).
    const internals = new Set(reachableFrom(match, { callMethods: false }).map((r) => r.value));
    const leaks: string[] = [];
    const roots: object[] = [
      match.view(1),
      match.actions(1, new OrderCollector<never>(1000)) as MadMaxActions,
    ];
    for (const [k, root] of roots.entries()) {
      for (const { path, value } of reachableFrom(root, { callMethods: k === 0 })) {
        // Shared code (methods, getters) is not state; any other object must be frozen.
        if (internals.has(value) && typeof value !== "function" && !Object.isFrozen(value)) {
          leaks.push(path);
        }
      }
    }
    expect(leaks).toEqual([]);
    const view = match.view(1) as unknown as Record<string, unknown>;
    for (const name of ["state", "s", "rng", "raw", "match", "generator", "player"]) {
      expect(view[name]).toBeUndefined();
    }
  });

  it("a bot that tries to change everything it reaches changes nothing in the match", async () => {
    class Tamperer implements Bot<MadMaxView, MadMaxActions> {
      turns = 0;
      play(view: MadMaxView, actions: MadMaxActions) {
        // A few rounds are enough: the walk is long.
        if (this.turns++ >= 3) return;
        tamperWith(view);
        tamperWith(actions, { callMethods: false });
      }
    }
    const run = async (first: () => Bot) => {
      const rounds: number[][] = [];
      const result = await runMatch(engine, {
        config: config as unknown as Json,
        seed: 3,
        players: [
          { name: "x", controller: inProcessBot(first, "x") },
          ...[1, 2, 3].map((p) => ({
            name: `d${p}`,
            controller: inProcessBot(engine.bots.Demo!, "Demo"),
          })),
        ],
        onStep: ({ scores, match }) => rounds.push([...scores, match.digest()]),
      });
      return { rounds, result };
    };
    const tampered = await run(() => new Tamperer() as Bot);
    const honest = await run(engine.bots.Null! as () => Bot);
    expect(tampered.result.players[0]!.fault).toBeUndefined();
    expect(tampered.rounds).toEqual(honest.rounds);
    expect(tampered.result.scores).toEqual(honest.result.scores);
  });
});
