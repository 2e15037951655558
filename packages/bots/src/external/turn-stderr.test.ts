// Moved from core's runner/run-match.test.ts (the runner with an external bot's stderr).
import { join } from "node:path";
import {
  type Bot,
  inProcessBot,
  readReplay,
  runMatch,
  STDERR_TURN_LIMIT,
  verifyReplay,
} from "@arena/core";
import { describe, expect, it } from "vitest";
import type { CounterActions, CounterView } from "../../../core/src/__fixtures__/counter-game.mjs";
import { Demo, engine, Null } from "../../../core/src/__fixtures__/counter-game.mjs";
import { fixture, tempDir } from "../__fixtures__/helpers";
import { externalBot } from "./external";

type CounterBot = Bot<CounterView, CounterActions>;
const seat = (name: string, make: () => CounterBot) => ({
  name,
  controller: inProcessBot(make as () => Bot, name),
});
const config = { rounds: 10, turnBased: false };

describe("per-turn stderr in the replay", () => {
  it("records what an external bot wrote on stderr during each turn beside its note, capped", async () => {
    const path = join(tempDir(), "match.arena");
    const logs: string[] = [];
    const result = await runMatch(engine, {
      config,
      seed: 5,
      players: [
        { name: "log", controller: externalBot(`node ${fixture("stderr-bot.mjs")}`) },
        seat("d", () => new Demo()),
        seat("n", () => new Null()),
      ],
      replay: path,
      onBotOutput: (event) => {
        if (event.kind === "stderr") logs.push(event.text);
      },
    });
    expect(result.players[0]!.fault).toBeUndefined();
    const replay = readReplay(path);
    expect(replay.notes?.map((n) => n.step)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const { step, notes } of replay.notes!) {
      const [note, ...others] = notes;
      // Only the external bot's seat has a note; the in-process bots' seats stay empty.
      expect(others).toEqual([null, null]);
      if (step === 3) {
        const written = `turn 3\n${"x".repeat(5000)}`;
        expect(note).toEqual({
          text: "note 3",
          stderr: written.slice(0, STDERR_TURN_LIMIT),
          stderrDropped: written.length - STDERR_TURN_LIMIT,
          stderrCap: { per: "turn", characters: STDERR_TURN_LIMIT },
        });
      } else expect(note).toEqual({ text: `note ${step}`, stderr: `turn ${step}\n` });
    }
    // onBotOutput still gets all of it, uncapped.
    expect(logs.join("")).toContain("x".repeat(5000));
    // The notes (and their stderr) never reach the engine: stripped, the replay plays the same.
    expect(verifyReplay(engine, replay).finalScores).toEqual(result.scores);
    const { notes: _, ...stripped } = replay;
    expect(verifyReplay(engine, stripped).finalScores).toEqual(result.scores);
  });
});
