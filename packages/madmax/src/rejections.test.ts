// Rejected orders: one case per reason the engine gives (each checked against the protocol's
// Rejection schema), and the runner's own (malformed, duplicate) reaching the bot's next turn.
import { parseWithSchema, type Rejection as RejectionValue } from "@arena/core";
import { playScripted } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import type { MadMaxMatch } from "./match";
import { Rejection } from "./protocol";
import { CAR, DESERT, type MadMaxOrder, ROAD, WALL, WARRIOR } from "./state";

/** A fresh match (round 0: player 0's round) with a free 3×4 block of desert at rows 1..3, cols c..c+3. */
function board() {
  const match = engine.create(engine.defaultConfig(), 11, 4) as MadMaxMatch;
  const s = match.state;
  let c = 1;
  const free = (c0: number) => {
    for (let i = 1; i <= 3; i++)
      for (let j = c0; j < c0 + 4; j++) if (s.unitAt[i * s.cols + j]! >= 0) return false;
    return true;
  };
  while (!free(c)) c++;
  for (let i = 1; i <= 3; i++) for (let j = c; j < c + 4; j++) s.cell[i * s.cols + j] = DESERT;
  const at = (i: number, j: number) => i * s.cols + c + j;
  const put = (id: number, cell: number) => {
    s.unitAt[s.pos[id]!] = -1;
    s.place(id, cell);
  };
  const unit = (player: number, type: number) => {
    for (let id = 0; id < s.numUnits; id++)
      if (s.player[id] === player && s.type[id] === type) return id;
    throw new Error("no such unit");
  };
  const rejected = (player: number): readonly RejectionValue[] => {
    const list = match.feedback.recorded(player);
    for (const r of list) parseWithSchema(Rejection, r);
    return list;
  };
  const play = (...orders: MadMaxOrder[][]) => match.step([0, 1, 2, 3].map((p) => orders[p] ?? []));
  return { match, s, at, put, unit, rejected, play };
}

describe("Mad Max rejects", () => {
  it("unknown-unit, not-yours and cannot-move (the collect phase's warnings), by index", () => {
    const b = board();
    const mine = b.unit(0, WARRIOR);
    const theirs = b.unit(1, WARRIOR);
    b.put(mine, b.at(2, 1));
    b.put(theirs, b.at(2, 3));
    b.play(
      [
        { unit: mine, dir: "r" },
        { unit: 999, dir: "r" },
        { unit: theirs, dir: "l" },
      ],
      [{ unit: theirs, dir: "l" }],
    );
    expect(b.rejected(0)).toEqual([
      {
        index: 1,
        reason: "unknown-unit",
        message: `no unit 999 (units are 0..${b.s.numUnits - 1})`,
      },
      { index: 2, reason: "not-yours", message: `unit ${theirs} is player 1's` },
    ]);
    expect(b.rejected(1).map((r) => [r.index, r.reason])).toEqual([[0, "cannot-move"]]);
    expect(b.s.pos[mine]).toBe(b.at(2, 2));
  });

  it("illegal-move: terrain the unit cannot enter", () => {
    const b = board();
    const mine = b.unit(0, WARRIOR);
    b.put(mine, b.at(2, 1));
    b.s.cell[b.at(2, 2)] = WALL;
    b.play([{ unit: mine, dir: "r" }]);
    expect(b.rejected(0)).toEqual([
      {
        index: 0,
        reason: "illegal-move",
        message: `unit ${mine} cannot move 'r': only desert, road and city`,
      },
    ]);
    expect(b.s.pos[mine]).toBe(b.at(2, 1));
  });

  it("dead-unit: two cars driving into each other are both captured; the second one's order is skipped", () => {
    const b = board();
    const a = b.unit(0, CAR);
    const c = b.unit(1, CAR);
    b.put(a, b.at(2, 1));
    b.put(c, b.at(2, 2));
    // Player 1's car may move in round 0: it has fuel and stands on a road.
    b.s.cell[b.at(2, 2)] = ROAD;
    b.play([{ unit: a, dir: "r" }], [{ unit: c, dir: "l" }]);
    const all = [...b.rejected(0), ...b.rejected(1)];
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ index: 0, reason: "dead-unit" });
    expect(all[0]!.message).toMatch(/^unit \d+ was captured earlier in this round$/);
  });
});

describe("Mad Max rejected orders reach the bot", () => {
  it("malformed and duplicate, with the engine's own, at its next turn (not frozen)", async () => {
    const defaults = engine.defaultConfig();
    const config = { ...defaults, params: { ...defaults.params, nb_rounds: 3 } };
    const mine = board().unit(0, WARRIOR);
    const { result, told } = await playScripted(engine, {
      config,
      seed: 11,
      turns: [
        [
          { unit: 0, dir: "north" },
          { unit: mine, dir: "n" },
          { unit: mine, dir: "n" },
          { unit: 999, dir: "n" },
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
