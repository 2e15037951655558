import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import {
  available,
  compareMessage,
  goldenGames,
  loadGame,
  normaliseState,
  recordedMessages,
  stateOf,
} from "./golden-fixture";
import { LighthousesMatch } from "./match";
import type { LighthousesView } from "./view";

/** An in-process view in the shape of the turn message. */
const viewAsMessage = (view: LighthousesView) => ({
  position: view.position,
  score: view.score,
  energy: view.energy,
  view: view.view,
  lighthouses: view.lighthouses.map(({ haveKey, ...rest }) => ({ ...rest, have_key: haveKey })),
});

if (!available)
  console.warn("Lighthouses golden tests skipped: ../shared/reference/lighthouses is absent");

describe.skipIf(!available).each(goldenGames)(
  "golden game $name (in-process protocol)",
  ({ name, map }) => {
    it("produces every recorded message and every per-round state", () => {
      const { transcript, states, rounds, config, numPlayers } = loadGame(name, map);
      const texts = recordedMessages(name);
      const differences: string[] = [];
      const protocol = engine.protocol!;
      let stateIndex = 0;
      let statesChecked = 0;
      const stateErrors: string[] = [];
      const match = new LighthousesMatch(config, numPlayers, {
        observer: (phase, round, m) => {
          const expected = states[stateIndex++];
          const actual = stateOf(m, phase);
          actual.round = round;
          statesChecked++;
          if (
            stateErrors.length === 0 &&
            JSON.stringify(actual) !== JSON.stringify(normaliseState(expected!))
          ) {
            stateErrors.push(`state ${phase} of round ${round} differs`);
            expect(actual, `state ${phase} of round ${round}`).toEqual(normaliseState(expected!));
          }
        },
      });
      let k = 0;
      const next = (player: number, dir: "to_bot" | "from_bot", round: number) => {
        const entry = transcript[k++];
        expect(entry, `transcript line ${k}`).toBeDefined();
        expect(
          { player: entry!.player, dir: entry!.dir, round: entry!.round },
          `transcript line ${k}`,
        ).toEqual({ player, dir, round });
        return entry!.msg;
      };
      // Each message, written as the original writes it, must be the recorded text (owner null
      // included); only each lighthouse's connections are compared as a set.
      const checkSent = (player: number, round: number, msg: unknown) => {
        next(player, "to_bot", round);
        const difference = compareMessage(msg, texts[k - 1]!);
        if (difference && differences.length < 3)
          differences.push(
            `transcript line ${k} (to player ${player}, round ${round}): ${difference}`,
          );
      };
      for (let p = 0; p < numPlayers; p++) {
        checkSent(p, -1, protocol.start(match, p, engine.settingsJson(match)));
        const greeting = next(p, "from_bot", -1) as { name: string };
        expect(protocol.acceptStart!(greeting)).toBe(greeting.name);
      }
      let turns = 0;
      while (!match.isOver()) {
        const round = match.round();
        const [player] = match.toMove();
        checkSent(player!, round, protocol.turn(match, player!));
        // In-process bots see the same: the JSON view, and the view object (haveKey in camelCase).
        for (const [surface, msg] of [
          ["viewJson", match.viewJson(player!)],
          ["view", viewAsMessage(match.view(player!))],
        ] as const) {
          const difference = compareMessage(msg, texts[k - 1]!);
          if (difference && differences.length < 3)
            differences.push(`${surface}, transcript line ${k}: ${difference}`);
        }
        const reply = next(player!, "from_bot", round);
        const orders = protocol.orders(reply).map((o) => engine.parseOrder(o));
        const all = Array.from({ length: numPlayers }, (_, p) => (p === player ? orders : []));
        match.step(all);
        checkSent(player!, round, protocol.result!(match, player!));
        turns++;
      }
      expect(differences).toEqual([]);
      expect(k).toBe(transcript.length);
      expect(turns).toBe(rounds * numPlayers);
      expect(stateErrors).toEqual([]);
      expect(statesChecked).toBe(states.length);
      expect(statesChecked).toBe(2 * rounds - 0);
    });
  },
);
