import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as bots from "@arena/bots";
import * as core from "@arena/core";
import { describe, expect, it, onTestFinished } from "vitest";
import { engine } from "./engine";
import {
  available,
  compareMessage,
  goldenGames,
  loadGame,
  normaliseState,
  recordedMessages,
  reference,
  stateOf,
} from "./golden-fixture";
import type { LighthousesMatch } from "./match";

const replayBot = fileURLToPath(new URL("./__fixtures__/replay-bot.mjs", import.meta.url));
const hasRunner =
  typeof (core as Record<string, unknown>).runMatch === "function" &&
  typeof (bots as Record<string, unknown>).externalBot === "function";
if (!hasRunner)
  console.warn(
    "Lighthouses external golden tests skipped: @arena/core has no runMatch or @arena/bots no externalBot",
  );

describe.skipIf(!available || !hasRunner).each(goldenGames)(
  "golden game $name (external processes)",
  ({ name, map }) => {
    it("sends every recorded message and reaches every recorded state", async () => {
      const { transcript, states, config, numPlayers } = loadGame(name, map);
      const file = `${reference}golden/${name}_transcript.jsonl`;
      const texts = recordedMessages(name);
      const dir = mkdtempSync(join(tmpdir(), "lighthouses-golden-"));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      const received = (p: number) => join(dir, `received-${p}.jsonl`);
      const messages: Array<{ round: number; player: number; dir: string; msg: unknown }> = [];
      const stepStates: Array<Record<string, unknown>> = [];
      let lastRound = 0;
      const result = await core.runMatch(engine, {
        config,
        seed: 1,
        players: Array.from({ length: numPlayers }, (_, p) => ({
          name: `replay ${p}`,
          // It writes what it received in the test's folder: without its box (`--trust`).
          controller: bots.externalBot(`node ${replayBot} ${file} ${p} ${received(p)}`, {
            sandbox: false,
          }),
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
      // Every message, in order, is the recorded one exactly (owner null included); only each
      // lighthouse's connections are compared as a set.
      expect(messages.length).toBe(transcript.length);
      const differences: string[] = [];
      for (let i = 0; i < transcript.length && differences.length < 3; i++) {
        const recorded = transcript[i]!;
        const sent = messages[i]!;
        const where = `transcript line ${i + 1} (round ${recorded.round})`;
        if (sent.player !== recorded.player || sent.dir !== recorded.dir)
          differences.push(`${where}: ${sent.dir} player ${sent.player}`);
        const difference = compareMessage(sent.msg, texts[i]!);
        if (difference) differences.push(`${where}: ${difference}`);
      }
      // What each bot read on its stdin, line by line, is the recorded messages to it.
      for (let p = 0; p < numPlayers; p++) {
        const lines = readFileSync(received(p), "utf8").split("\n").slice(0, -1);
        const expected = transcript.flatMap((e, i) =>
          e.player === p && e.dir === "to_bot" ? [texts[i]!] : [],
        );
        // The last line, the result of the last turn, may arrive as the match ends and the bot is
        // closed, so it may be missing from the file (the runner's events above include it).
        expect(lines.length, `lines read by player ${p}`).toBeLessThanOrEqual(expected.length);
        expect(lines.length, `lines read by player ${p}`).toBeGreaterThanOrEqual(
          expected.length - 1,
        );
        for (let i = 0; i < lines.length && differences.length < 3; i++) {
          const difference = compareMessage(JSON.parse(lines[i]!), expected[i]!);
          if (difference) differences.push(`line ${i + 1} read by player ${p}: ${difference}`);
        }
      }
      expect(differences).toEqual([]);
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
