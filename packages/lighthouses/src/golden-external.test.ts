import { fileURLToPath } from "node:url";
import * as core from "@arena/core";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import {
  available,
  goldenGames,
  loadGame,
  normaliseMessage,
  normaliseState,
  reference,
  stateOf,
} from "./golden-fixture";
import type { LighthousesMatch } from "./match";

const replayBot = fileURLToPath(new URL("./__fixtures__/replay-bot.mjs", import.meta.url));
const hasRunner =
  typeof (core as Record<string, unknown>).runMatch === "function" &&
  typeof (core as Record<string, unknown>).externalBot === "function";
if (!hasRunner)
  console.warn(
    "Lighthouses external golden tests skipped: @arena/core has no runMatch/externalBot yet",
  );

describe.skipIf(!available || !hasRunner).each(goldenGames)(
  "golden game $name (external processes)",
  ({ name, map }) => {
    it("sends every recorded message and reaches every recorded state", async () => {
      const { transcript, states, config, numPlayers } = loadGame(name, map);
      const file = `${reference}golden/${name}_transcript.jsonl`;
      const messages: Array<{ round: number; player: number; dir: string; msg: unknown }> = [];
      const stepStates: Array<Record<string, unknown>> = [];
      let lastRound = 0;
      const result = await core.runMatch(engine, {
        config,
        seed: 1,
        players: Array.from({ length: numPlayers }, (_, p) => ({
          name: `replay ${p}`,
          controller: core.externalBot(`node ${replayBot} ${file} ${p}`),
        })),
        budget: { startMs: 20_000, turnMs: 20_000 },
        onMessage: (event) => messages.push(event),
        onStep: ({ round, match }) => {
          // After the last turn of a round, the match has scored it and started the next one:
          // record the next round's "pre" state (the "post" ones are checked in-process).
          if (round !== lastRound) {
            lastRound = round;
            if (!match.isOver()) stepStates.push(stateOf(match as LighthousesMatch, "pre"));
          }
        },
      });
      // Round tags: the start exchange is round −1 and a turn's result keeps its turn's round.
      const wrongTags = messages
        .map((m, i) => ({ line: i + 1, got: m.round, expected: transcript[i]?.round }))
        .filter((t) => t.got !== t.expected);
      expect(wrongTags).toEqual([]);
      expect(result.players.map((p) => p.frozen)).toEqual(Array(numPlayers).fill(false));
      // Every message, in order, equals the recorded one (owner null read as −1).
      expect(messages.length).toBe(transcript.length);
      for (let i = 0; i < transcript.length; i++) {
        const recorded = transcript[i]!;
        const sent = messages[i]!;
        const actual = { player: sent.player, dir: sent.dir, msg: normaliseMessage(sent.msg) };
        const expected = {
          player: recorded.player,
          dir: recorded.dir,
          msg: normaliseMessage(recorded.msg),
        };
        if (JSON.stringify(actual) !== JSON.stringify(expected)) {
          expect(actual, `transcript line ${i + 1} (round ${recorded.round})`).toEqual(expected);
        }
      }
      // Every "pre" state from round 1 on equals the dump.
      const pre = states
        .filter((s) => s.phase === "pre")
        .slice(1)
        .map(normaliseState);
      expect(stepStates.length).toBe(pre.length);
      for (let r = 0; r < pre.length; r++) {
        if (JSON.stringify(stepStates[r]) !== JSON.stringify(pre[r]))
          expect(stepStates[r], `pre state of round ${r + 1}`).toEqual(pre[r]);
      }
      expect(result.scores).toEqual(
        (states.at(-1)!.players as Array<{ score: number }>).map((p) => p.score),
      );
    });
  },
);
