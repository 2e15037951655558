// Rejected orders: one case per reason the engine gives (each checked against the protocol's
// Rejection schema), and the runner's own (malformed, duplicate) reaching the bot's next turn.
import { parseWithSchema, type Rejection as RejectionValue } from "@arena/core";
import { playScripted } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { arena as smallArena } from "./__fixtures__/arena";
import type { DragonBallConfig } from "./config";
import { engine } from "./engine";
import { Rejection } from "./protocol";

/**
 * The small arena of the scenario tests, with the rejections each player was told (each checked
 * against the protocol's Rejection schema).
 */
function arena(edit?: (config: DragonBallConfig) => void) {
  const a = smallArena(edit);
  const rejected = (player: number): readonly RejectionValue[] => {
    const list = a.match.feedback.recorded(player);
    for (const r of list) parseWithSchema(Rejection, r);
    return list;
  };
  return { ...a, rejected };
}

describe("Bola de Drac rejects", () => {
  it("illegal-move: a rock ahead; an odd round without a kinton; too weak to pay the move", () => {
    const a = arena();
    a.play({ kind: "move", dir: "t" });
    expect(a.rejected(0)).toEqual([
      { index: 0, reason: "illegal-move", message: "goku 0 cannot move 't': a rock" },
    ]);
    a.play({ kind: "move", dir: "r" });
    expect(a.rejected(0)).toEqual([
      {
        index: 0,
        reason: "illegal-move",
        message: "without a kinton a goku moves only in even rounds",
      },
    ]);
    a.s.gokuStrength[0] = 0;
    a.play({ kind: "move", dir: "r" });
    expect(a.rejected(0).map((r) => [r.index, r.reason])).toEqual([[0, "illegal-move"]]);
    expect(a.rejected(0)[0]!.message).toMatch(
      /^moving without a kinton in this round costs \d+ strength$/,
    );
  });

  it("illegal-move: a Kame Hame without the strength it costs (whatever the draws)", () => {
    const a = arena();
    a.s.gokuStrength[2] = 0;
    a.play(undefined, undefined, { kind: "throw", dir: "l" });
    expect(a.rejected(2)).toEqual([
      {
        index: 0,
        reason: "illegal-move",
        message: `a Kame Hame needs ${a.s.p.kamehame_penalty} strength, goku 2 has 0`,
      },
    ]);
  });

  it("dead-unit: a dead goku's move", () => {
    const a = arena((config) => {
      config.gokus[1] = { ...config.gokus[1]!, alive: false, time: 3 };
    });
    a.play(undefined, { kind: "move", dir: "b" });
    expect(a.rejected(1)).toEqual([
      { index: 0, reason: "dead-unit", message: "goku 1 is dead (3 rounds to revive)" },
    ]);
  });

  it("nothing for a move that applies", () => {
    const a = arena();
    a.play({ kind: "move", dir: "b" });
    expect(a.rejected(0)).toEqual([]);
  });
});

describe("Bola de Drac rejected orders reach the bot", () => {
  it("malformed and duplicate at its next turn (not frozen)", async () => {
    const defaults = engine.defaultConfig();
    const config = { ...defaults, params: { ...defaults.params, nb_rounds: 3 } };
    const { result, told } = await playScripted(engine, {
      config,
      seed: 5,
      turns: [
        [{ kind: "jump", dir: "t" }],
        [
          { kind: "move", dir: "n" },
          { kind: "move", dir: "b" },
        ],
      ],
    });
    expect(result.players[0]!.frozen).toBe(false);
    expect(told[0]).toEqual([]);
    expect(told[1]!.map((r) => [r.index, r.reason])).toEqual([[0, "malformed"]]);
    expect(told[2]!.map((r) => [r.index, r.reason])).toEqual([[1, "duplicate"]]);
    for (const r of [...told[1]!, ...told[2]!]) parseWithSchema(Rejection, r);
  });
});
