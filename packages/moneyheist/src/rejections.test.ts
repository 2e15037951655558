// Rejected orders: one case per reason the engine gives (each checked against the protocol's
// Rejection schema), and the runner's own (malformed, duplicate) reaching the bot's next turn.
import { parseWithSchema, type Rejection as RejectionValue } from "@arena/core";
import { playScripted } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import { Rejection } from "./protocol";
import { testBoard } from "./test-board";

/** Player 0's rejections of the last step, each valid against the published schema. */
const rejectedOf = (b: ReturnType<typeof testBoard>, player = 0): readonly RejectionValue[] => {
  const list = b.match.feedback.recorded(player);
  for (const r of list) parseWithSchema(Rejection, r);
  return list;
};

const HINTS = [1, 2, 3, 4, 5, 9, -1, -1, -2, 0, 7, 7, 10, -3, 7];

describe("Money Heist rejects", () => {
  it("unknown-unit and not-yours (the collect phase's warnings), by index", () => {
    const b = testBoard();
    b.put(4, 10, 10);
    b.put(24, 20, 20);
    b.play([
      { unit: 4, kind: "move", dir: "r" },
      { unit: 999, kind: "move", dir: "r" },
      { unit: 24, kind: "move", dir: "r" },
    ]);
    expect(rejectedOf(b)).toEqual([
      { index: 1, reason: "unknown-unit", message: "no unit 999 (units are 0..83)" },
      { index: 2, reason: "not-yours", message: "unit 24 is player 1's" },
    ]);
    expect(b.state.unitPos[4]).toBe(b.at(10, 11));
  });

  it("dead-unit: a dead professor's order", () => {
    const b = testBoard();
    b.state.unitRebirth[0] = 5;
    b.play([{ unit: 0, kind: "heal" }]);
    expect(rejectedOf(b)).toEqual([
      { index: 0, reason: "dead-unit", message: "professor 0 is dead (reborn in 5 rounds)" },
    ]);
  });

  it("illegal-move: a wall, the board's edge, a professor onto a unit, heal by a soldier", () => {
    const b = testBoard();
    b.put(4, 0, 0);
    b.put(5, 8, 8);
    b.state.wall[b.at(8, 9)] = 1;
    b.put(0, 5, 5);
    b.put(24, 5, 6);
    b.put(6, 30, 30);
    b.play([
      { unit: 4, kind: "move", dir: "u" },
      { unit: 5, kind: "move", dir: "r" },
      { unit: 0, kind: "move", dir: "r" },
      { unit: 6, kind: "heal" },
    ]);
    expect(rejectedOf(b).map((r) => [r.index, r.reason, r.message])).toEqual([
      [0, "illegal-move", "unit 4 cannot move 'u': off the board"],
      [1, "illegal-move", "unit 5 cannot move 'r': a wall"],
      [2, "illegal-move", "professor 0 cannot move onto unit 24"],
      [3, "illegal-move", "unit 6 is a soldier: only professors heal"],
    ]);
  });

  it("wrong-key: open with a solution that does not open the safe (and nothing else changes)", () => {
    const b = testBoard(3);
    b.state.hints.push(Int32Array.from(HINTS));
    b.state.placeSafe(0);
    const door = b.state.safeDoor[0]!;
    const gold = b.state.safeGold[0]!;
    const outside = door + (door - gold);
    const dir = ["d", "r", "u", "l"][[60, 1, -60, -1].indexOf(door - outside)] as "d";
    b.state.placeUnit(0, outside);
    b.play([{ unit: 0, kind: "open", dir, solution: new Array(15).fill(0) }]);
    expect(rejectedOf(b)).toEqual([
      { index: 0, reason: "wrong-key", message: "the solution does not open safe 0" },
    ]);
    expect(b.state.safeDoor[0]).toBe(door);
    expect(b.state.score[0]).toBe(0);
  });

  it("nothing for orders that apply", () => {
    const b = testBoard();
    b.put(4, 10, 10);
    b.play([{ unit: 4, kind: "move", dir: "r" }]);
    expect(rejectedOf(b)).toEqual([]);
  });
});

describe("Money Heist rejected orders reach the bot", () => {
  it("malformed and duplicate, with the engine's own, at its next turn (not frozen)", async () => {
    const match = engine.create(engine.defaultConfig(), 5, 4);
    const soldier = (match.view(0) as { soldiers(p: number): number[] }).soldiers(0)[0]!;
    const { result, told } = await playScripted(engine, {
      config: { ...engine.defaultConfig(), numRounds: 3 },
      seed: 5,
      turns: [
        [
          { unit: soldier, kind: "fly" },
          { unit: soldier + 1, kind: "charge" },
          { unit: soldier + 1, kind: "charge" },
          { unit: 999, kind: "charge" },
        ],
      ],
      unitField: "unit",
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
