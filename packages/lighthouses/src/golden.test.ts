import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import {
  available,
  goldenGames,
  loadGame,
  normaliseMessage,
  normaliseState,
  stateOf,
} from "./golden-fixture";
import { LighthousesMatch } from "./match";

if (!available)
  console.warn("Lighthouses golden tests skipped: ../shared/reference/lighthouses is absent");

describe.skipIf(!available).each(goldenGames)(
  "golden game $name (in-process protocol)",
  ({ name, map }) => {
    it("produces every recorded message and every per-round state", () => {
      const { transcript, states, rounds, config, numPlayers } = loadGame(name, map);
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
      const checkSent = (player: number, round: number, msg: unknown) => {
        const recorded = next(player, "to_bot", round);
        const line = k;
        expect(
          msg,
          `message to player ${player} in round ${round} (transcript line ${line})`,
        ).toEqual(normaliseMessage(recorded));
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
        checkSent(player!, round, normaliseMessage(protocol.turn(match, player!)));
        const reply = next(player!, "from_bot", round);
        const orders = protocol.orders(reply).map((o) => engine.parseOrder(o));
        const all = Array.from({ length: numPlayers }, (_, p) => (p === player ? orders : []));
        match.step(all);
        checkSent(player!, round, protocol.result!(match, player!));
        turns++;
      }
      expect(k).toBe(transcript.length);
      expect(turns).toBe(rounds * numPlayers);
      expect(stateErrors).toEqual([]);
      expect(statesChecked).toBe(states.length);
      expect(statesChecked).toBe(2 * rounds - 0);
    });
  },
);
