// Rejected orders: one case per reason the engine gives (each checked against the protocol's
// Rejection schema), and the runner's own (malformed, duplicate) reaching the bot's next turn.
import { parseWithSchema, type Rejection as RejectionValue } from "@arena/core";
import { playScripted } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import { Rejection } from "./protocol";
import { tiny } from "./test-universe";

const empty = (rows: number, cols: number) => Array.from({ length: rows }, () => ".".repeat(cols));

const rejectedOf = (t: ReturnType<typeof tiny>, player: number): readonly RejectionValue[] => {
  const list = t.match.feedback.recorded(player);
  for (const r of list) parseWithSchema(Rejection, r);
  return list;
};

describe("Mad Max Revisited rejects", () => {
  it("unknown-unit, not-yours, dead-unit and duplicate (the instructions the original skips)", () => {
    const t = tiny(empty(6, 20), [
      { row: 2, col: 1 },
      { row: 4, col: 1 },
    ]);
    t.play([
      { car: 99, kind: "move", dir: [0, 0] },
      { car: 1, kind: "move", dir: [0, 0] },
      { car: 0, kind: "move", dir: [1, 1] },
      { car: 0, kind: "move", dir: [0, 0] },
      { car: 2, kind: "shoot" },
    ]);
    expect(rejectedOf(t, 0)).toEqual([
      { index: 0, reason: "unknown-unit", message: "no car 99 (cars are 0..3)" },
      { index: 1, reason: "not-yours", message: "car 1 is player 1's" },
      { index: 3, reason: "duplicate", message: "car 0 already has an instruction this round" },
      { index: 4, reason: "not-yours", message: "car 2 is player 2's" },
    ]);
    t.play([], [], [{ car: 2, kind: "shoot" }]);
    expect(rejectedOf(t, 2)).toEqual([{ index: 0, reason: "dead-unit", message: "car 2 is dead" }]);
    expect(rejectedOf(t, 0)).toEqual([]);
  });

  it("illegal-move: off the board, outside the next window, a shot without missiles", () => {
    const t = tiny(empty(6, 20), [
      { row: 0, col: 1 },
      { row: 3, col: 7 },
      { row: 5, col: 1, missiles: 0 },
    ]);
    t.play(
      [{ car: 0, kind: "move", dir: [-1, 1] }],
      [{ car: 1, kind: "move", dir: [0, 2] }],
      [{ car: 2, kind: "shoot" }],
    );
    expect(rejectedOf(t, 0)).toEqual([
      { index: 0, reason: "illegal-move", message: "car 0 cannot move [-1, 1]: off the board" },
    ]);
    expect(rejectedOf(t, 1)).toEqual([
      {
        index: 0,
        reason: "illegal-move",
        message: "car 1 cannot move [0, 2]: outside the window of round 1",
      },
    ]);
    expect(rejectedOf(t, 2)).toEqual([
      { index: 0, reason: "illegal-move", message: "car 2 has no missile to shoot" },
    ]);
  });
});

describe("Mad Max Revisited rejected orders reach the bot", () => {
  it("malformed and duplicate, with the engine's own, at its next turn (not frozen)", async () => {
    const defaults = engine.defaultConfig();
    const config = { ...defaults, params: { ...defaults.params, nb_rnds: 3 } };
    const { result, told } = await playScripted(engine, {
      config,
      seed: 5,
      turns: [
        [
          { car: 0, kind: "fly" },
          { car: 1, kind: "move", dir: [0, 1] },
          { car: 1, kind: "move", dir: [0, 0] },
          { car: 999, kind: "shoot" },
        ],
      ],
      unitField: "car",
    });
    expect(result.players[0]!.frozen).toBe(false);
    expect(told[0]).toEqual([]);
    expect(told[1]!.map((r) => [r.index, r.reason])).toEqual([
      [0, "malformed"],
      [2, "duplicate"],
      [3, "unknown-unit"],
    ]);
    for (const r of told[1]!) parseWithSchema(Rejection, r);
    expect(told[2]).toEqual([]);
  });
});
