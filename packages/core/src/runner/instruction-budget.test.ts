// Instruction budgets (`Budget.turnInstructions` / `totalInstructions`) with a controller that
// counts the instructions of its bot (`Controller.instructions`), and the replay's `usage` records.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { engine, Null } from "../__fixtures__/counter-game.mjs";
import { tempDir } from "../__fixtures__/helpers";
import type { Bot } from "../engine/engine";
import { parseReplayText, type Replay, verifyReplay } from "../replay/replay";
import { readReplay } from "../replay/replay-file";
import type { Controller, PlayContext } from "./controller";
import { inProcessBot } from "./in-process-bot";
import { runMatch } from "./run-match";

const config = { rounds: 10, turnBased: false };

/**
 * A bot that "executes" `cost(round)` instructions a turn (and 7 to start), counted as a
 * WebAssembly player counts them, and stops at its limit as such a player does (one past it).
 */
function counting(cost: (round: number) => number): Controller & { limits: number[] } {
  let executed = 0;
  const limits: number[] = [];
  const run = (count: number, limit: number | undefined) => {
    const allowed = limit ?? Number.POSITIVE_INFINITY;
    limits.push(allowed);
    executed += Math.min(count, allowed + 1);
    if (count > allowed) throw new Error("stopped at its instruction limit");
  };
  return {
    label: "counting",
    limits,
    instructions: () => executed,
    start: (ctx) => run(7, ctx.instructionLimit),
    play: (ctx: PlayContext) => {
      run(cost(ctx.round), ctx.instructionLimit);
      ctx.collector.add(ctx.match.orderKey({ unit: 0, add: 1 }), { unit: 0, add: 1 });
    },
  };
}

const nullSeat = () => ({
  name: "null",
  controller: inProcessBot(() => new Null() as Bot, "Null"),
});

describe("instruction budgets", () => {
  it("freezes a bot over its turn's instructions at that turn, with the exact count, and records every turn's count", async () => {
    const dir = tempDir();
    const replay = join(dir, "m.arena");
    const bot = counting((round) => (round === 4 ? 5000 : 100 + round));
    const result = await runMatch(engine, {
      config,
      seed: 1,
      players: [{ name: "c", controller: bot }, nullSeat()],
      budget: { turnInstructions: 1000 },
      replay,
    });
    const player = result.players[0]!;
    expect(player.fault).toBe(
      "executed 1001 instructions for its turn, over the limit of 1000 instructions",
    );
    expect(player.frozenAtRound).toBe(4);
    expect(player.instructions).toBe(7 + 100 + 101 + 102 + 103 + 1001);
    const read = readReplay(replay);
    expect(read.header.instructionLimits).toEqual([{ turn: 1000 }, null]);
    expect(read.usage).toEqual([
      { step: 0, start: true, instructions: [7, null] },
      ...[0, 1, 2, 3].map((round) => ({ step: round, instructions: [100 + round, null] })),
      { step: 4, instructions: [1001, null] },
    ]);
    expect(read.frozen).toEqual([{ step: 4, player: 0 }]);
    expect(() => verifyReplay(engine, read)).not.toThrow();
  });

  it("caps a call by what is left of the match's total and freezes it with the match's count", async () => {
    const bot = counting(() => 300);
    const result = await runMatch(engine, {
      config,
      seed: 1,
      players: [{ name: "c", controller: bot }, nullSeat()],
      budget: { totalInstructions: 1000 },
    });
    // 7 + 300 × 3 = 907 used, 93 left for the fourth turn: it runs to 94.
    expect(bot.limits).toEqual([1000, 993, 693, 393, 93]);
    expect(result.players[0]!.fault).toBe(
      "executed 1001 instructions in the match, over its total budget of 1000 instructions",
    );
    expect(result.players[0]!.frozenAtRound).toBe(3);
  });

  it("a bot that does not count instructions ignores them; unlimited counting bots get Infinity", async () => {
    const bot = counting(() => 10);
    const result = await runMatch(engine, {
      config,
      seed: 1,
      players: [{ name: "c", controller: bot }, nullSeat()],
      budget: { turnInstructions: 1 },
    });
    expect(result.players[1]!.frozen).toBe(false);
    expect(result.players[1]!.instructions).toBeUndefined();
    const free = counting(() => 10);
    await runMatch(engine, {
      config,
      seed: 1,
      players: [{ name: "c", controller: free }, nullSeat()],
    });
    expect(free.limits.every((limit) => limit === Number.POSITIVE_INFINITY)).toBe(true);
  });
});

describe("verifying the usage records (the attacker edits a replay)", () => {
  /** The replay of a match whose counting bot is frozen at round 4, decoded, for editing. */
  async function recorded(): Promise<Replay> {
    const path = join(tempDir(), "m.arena");
    const bot = counting((round) => (round === 4 ? 5000 : 100));
    await runMatch(engine, {
      config,
      seed: 1,
      players: [{ name: "c", controller: bot }, nullSeat()],
      budget: { turnInstructions: 1000 },
      replay: path,
    });
    return readReplay(path);
  }
  const turn = (replay: Replay, step: number) =>
    replay.usage!.find((record) => record.step === step && record.start === undefined)!;

  it("a count lowered or raised, a freeze moved, a count after the freeze: REPLAY_MISMATCH naming the player", async () => {
    const lowered = await recorded();
    turn(lowered, 4).instructions![0] = 999;
    expect(() => verifyReplay(engine, lowered)).toThrow(
      "player 0: the end record says it was frozen after 1001 instructions, the usage records say it was never over its budget",
    );
    const raised = await recorded();
    turn(raised, 1).instructions![0] = 1500;
    expect(() => verifyReplay(engine, raised)).toThrow(
      /^player 0, step 2: 1500 instructions \(1607 in the match\) are over its instruction budget .* but the player was not frozen then$/,
    );
    const moved = await recorded();
    moved.frozen[0]!.step = 3;
    expect(() => verifyReplay(engine, moved)).toThrow(
      /player 0, step 5: instructions are recorded after/,
    );
    const after = await recorded();
    after.usage!.push({ step: 6, instructions: [5, null] });
    expect(() => verifyReplay(engine, after)).toThrow(
      "player 0, step 7: instructions are recorded after the player was frozen",
    );
    const budget = await recorded();
    budget.header.instructionLimits = [{ turn: 2000 }, null];
    expect(() => verifyReplay(engine, budget)).toThrow(/the usage records say it was never over/);
  });

  it("a malformed usage record or budget is BAD_REPLAY", async () => {
    const header = JSON.stringify({
      arena: "replay",
      format: 2,
      game: engine.name,
      engineVersion: engine.version,
      config,
      seed: 1,
      players: ["a", "b"],
      digestEvery: 100,
    });
    for (const usage of ['{"instructions":[-3,null]}', '{"instructions":[1]}', '{"start":1}']) {
      expect(() => parseReplayText(`${header}\n{"usage":${usage}}\n[[],[]]\n`)).toThrow(
        /corrupt usage record/,
      );
    }
    // A record of a kind this version does not know is read (the keys it knows are kept).
    const later = parseReplayText(`${header}\n{"usage":{"cpuMs":[1,2]}}\n[[],[]]\n`);
    expect(later.usage).toEqual([{ step: 0 }]);
    const forged = await recorded();
    forged.header.instructionLimits = [{ turn: -1 }, null];
    expect(() => verifyReplay(engine, forged)).toThrow(
      /corrupt replay header: instructionLimits\[0\]/,
    );
  });
});
