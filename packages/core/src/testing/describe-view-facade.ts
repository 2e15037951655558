// Test helper (`@arena/core/testing`): the read-only-façade tests every game's view must pass.
import { describe, expect, it } from "vitest";
import {
  type AnyEngine,
  type Bot,
  type BotFactory,
  type Json,
  OrderCollector,
} from "../engine/engine";
import { inProcessBot } from "../runner/in-process-bot";
import { runMatch } from "../runner/run-match";
import { reachableFrom, tamperWith } from "./view-probe";

/** Names a view must not carry: the match's state, generator or the match itself. */
const HIDDEN_NAMES = ["state", "s", "rng", "raw", "match", "generator", "player"];

/**
 * Declares (with vitest's `describe`/`it`) the tests that show `engine`'s player view and actions
 * are a read-only façade: from a view and an actions object nothing of the match is reachable but
 * frozen objects and code, none of the `HIDDEN_NAMES` is on the view, and a bot that tries to change
 * everything it reaches (`tamperWith`) for three rounds plays the same match, round by round
 * (scores and digests), as the `Null` bot. The match is the default config with
 * `engine.players.default` players (seed 5) and, for the tampering test, four seats (seed 3): the
 * tamperer and three `Demo` bots. The engine must have the built-in bots `Null` and `Demo`.
 */
export function describeViewFacade(engine: AnyEngine): void {
  const config = engine.defaultConfig();

  describe("the player view is a read-only façade", () => {
    it("leads to nothing of the match but frozen objects and code (no state, no generator)", () => {
      const match = engine.create(config, 5, engine.players.default);
      // Everything the match holds, walked as data (its methods are not called).
      const internals = new Set(reachableFrom(match, { callMethods: false }).map((r) => r.value));
      const leaks: string[] = [];
      const roots: object[] = [match.view(1), match.actions(1, new OrderCollector<never>(1000))];
      for (const [k, root] of roots.entries()) {
        for (const { path, value } of reachableFrom(root, { callMethods: k === 0 })) {
          // Shared code (methods, getters) is not state; any other object must be frozen.
          if (internals.has(value) && typeof value !== "function" && !Object.isFrozen(value)) {
            leaks.push(path);
          }
        }
      }
      expect(leaks).toEqual([]);
      const view = match.view(1) as Record<string, unknown>;
      for (const name of HIDDEN_NAMES) {
        expect(view[name]).toBeUndefined();
      }
    });

    it("a bot that tries to change everything it reaches changes nothing in the match", async () => {
      class Tamperer implements Bot<object, object> {
        turns = 0;
        play(view: object, actions: object) {
          // A few rounds are enough: the walk is long.
          if (this.turns++ >= 3) return;
          tamperWith(view);
          tamperWith(actions, { callMethods: false });
        }
      }
      const run = async (first: BotFactory) => {
        const rounds: number[][] = [];
        const result = await runMatch(engine, {
          config: config as Json,
          seed: 3,
          players: [
            { name: "x", controller: inProcessBot(first, "x") },
            ...[1, 2, 3].map((p) => ({
              name: `d${p}`,
              controller: inProcessBot(builtin(engine, "Demo"), "Demo"),
            })),
          ],
          onStep: ({ scores, match }) => rounds.push([...scores, match.digest()]),
        });
        return { rounds, result };
      };
      const tampered = await run(() => new Tamperer() as Bot);
      const honest = await run(builtin(engine, "Null"));
      expect(tampered.result.players[0]!.fault).toBeUndefined();
      expect(tampered.rounds).toEqual(honest.rounds);
      expect(tampered.result.scores).toEqual(honest.result.scores);
    });
  });
}

/** The built-in bot `name` of `engine` (the tests need `Null` and `Demo`). */
function builtin(engine: AnyEngine, name: string): BotFactory {
  const factory = engine.bots[name];
  if (factory === undefined) throw new Error(`${engine.title} has no built-in bot ${name}`);
  return factory;
}
