import { describe, expect, it } from "vitest";
import { EMPTY, GAS, TYRE, WATER } from "./state";
import { tiny } from "./test-universe";

const empty = (rows: number, cols: number) => Array.from({ length: rows }, () => ".".repeat(cols));
const withCell = (map: string[], row: number, col: number, letter: string) =>
  map.map((line, r) => (r === row ? line.slice(0, col) + letter + line.slice(col + 1) : line));

describe("moves pass through their cells in the original order", () => {
  it("DOWN collects a water at (0,1) and a gas at (1,0) and lands on (1,1)", () => {
    let map = withCell(empty(6, 20), 1, 2, "W");
    map = withCell(map, 2, 1, "G");
    const t = tiny(map, [{ row: 1, col: 1 }]);
    t.play([{ car: 0, kind: "move", dir: [1, 1] }]);
    expect(t.car(0)).toEqual({ row: 2, col: 2, alive: true });
    expect(t.s.score[0]).toBe(10);
    expect(t.s.carGas[0]).toBe(60 + 30 - 1);
    expect(t.s.done[0]).toEqual([{ car: 0, kind: "move", dir: [1, 1] }]);
  });

  it("FAST_UP passes (0,1),(−1,0),(−1,1),(0,2),(−1,2): a tyre at (−1,0) kills the car there", () => {
    const t = tiny(withCell(empty(6, 20), 2, 1, "X"), [{ row: 3, col: 1 }]);
    t.play([{ car: 0, kind: "move", dir: [-1, 2] }]);
    expect(t.car(0)).toEqual({ row: 2, col: 1, alive: false });
    expect(t.s.cell[t.at(2, 1)]).toBe(EMPTY);
    expect(t.s.carTime[0]).toBe(29);
  });

  it("a car in the way: both die, nobody scores", () => {
    const t = tiny(empty(6, 20), [
      { row: 2, col: 1 },
      { row: 2, col: 3 },
    ]);
    // Car 1 moves first or second: either way car 0's FAST move meets it.
    t.play([{ car: 0, kind: "move", dir: [0, 2] }], [{ car: 1, kind: "move", dir: [0, 0] }]);
    expect(t.s.carAlive[0]).toBe(0);
    expect(t.s.score[0]).toBe(0);
    expect(t.s.score[1]).toBe(0);
  });

  it("SLOW stays; a move whose destination leaves the next window fails and the car drives on", () => {
    const t = tiny(empty(6, 20), [{ row: 2, col: 0 }]);
    t.play([{ car: 0, kind: "move", dir: [0, 0] }]);
    // Round 0 → 1: column 0 is outside the window of round 1 (columns 1..8): the SLOW fails.
    expect(t.s.done[0]).toEqual([]);
    expect(t.car(0)).toEqual({ row: 2, col: 1, alive: true });
  });

  it("columns wrap around the cylinder", () => {
    const t = tiny(empty(6, 12), [{ row: 2, col: 11 }], { nb_win_cols: 12 });
    t.play([{ car: 0, kind: "move", dir: [0, 1] }]);
    expect(t.car(0)).toEqual({ row: 2, col: 0, alive: true });
  });
});

describe("missiles", () => {
  it("fly two columns first; a bonus on the way destroys both", () => {
    const t = tiny(withCell(empty(6, 20), 4, 6, "W"), [{ row: 1, col: 1 }]);
    t.addMissile(0, 0, 4, 5);
    t.addMissile(1, 0, 3, 2);
    t.play();
    expect(t.s.missiles.has(0)).toBe(false);
    expect(t.s.cell[t.at(4, 6)]).not.toBe(WATER);
    expect(t.s.missiles.get(1)!.pos).toBe(t.at(3, 4));
  });

  it("a missile that hits another player's car scores the kill points; one's own car scores nothing", () => {
    const t = tiny(empty(6, 20), [
      { row: 1, col: 5 },
      { row: 3, col: 5 },
    ]);
    t.addMissile(0, 0, 3, 3); // car 0's missile hits car 1 (another player)
    t.addMissile(1, 1, 1, 4); // car 1's missile hits car 0
    t.addMissile(2, 0, 5, 5);
    t.play();
    expect(t.s.carAlive[0]).toBe(0);
    expect(t.s.carAlive[1]).toBe(0);
    expect([t.s.score[0], t.s.score[1]]).toEqual([30, 30]);
    const u = tiny(empty(6, 20), [{ row: 1, col: 5 }]);
    u.addMissile(0, 0, 1, 4);
    u.play();
    expect(u.s.carAlive[0]).toBe(0);
    expect(u.s.score[0]).toBe(0);
  });

  it("a missile with another one 1 or 2 columns ahead waits for it (no collision)", () => {
    const t = tiny(empty(6, 20), [{ row: 0, col: 1 }]);
    t.addMissile(0, 0, 4, 5);
    t.addMissile(1, 0, 4, 6);
    t.play();
    expect(t.s.missiles.get(0)!.pos).toBe(t.at(4, 7));
    expect(t.s.missiles.get(1)!.pos).toBe(t.at(4, 8));
  });

  it("shoot: one missile less, a new missile flies at once, the car drives one column; without missiles it fails", () => {
    const t = tiny(empty(6, 20), [{ row: 2, col: 1, missiles: 1 }]);
    t.play([{ car: 0, kind: "shoot" }]);
    expect(t.s.carMiss[0]).toBe(0);
    expect([...t.s.missiles.values()]).toEqual([{ cid: 0, pos: t.at(2, 3) }]);
    expect(t.car(0)).toEqual({ row: 2, col: 2, alive: true });
    t.play([{ car: 0, kind: "shoot" }]);
    expect(t.s.done[0]).toEqual([]);
    expect(t.car(0)).toEqual({ row: 2, col: 3, alive: true });
  });

  it("driving into a missile kills the car and scores for the missile's player", () => {
    const t = tiny(empty(6, 20), [
      { row: 2, col: 1 },
      { row: 5, col: 1 },
    ]);
    t.addMissile(0, 1, 3, 0); // flies to (3, 2) first
    t.play([{ car: 0, kind: "move", dir: [1, 1] }]);
    expect(t.s.carAlive[0]).toBe(0);
    expect(t.s.score[1]).toBe(30);
    expect(t.s.missiles.size).toBe(0);
  });
});

describe("gas, regeneration and bonuses", () => {
  it("a car out of gas dies, shows 29 next, and is back 31 rounds later inside the window with full gas", () => {
    const t = tiny(empty(8, 60), [{ row: 2, col: 1, gas: 1, missiles: 3 }], { nb_win_cols: 20 });
    t.play();
    expect(t.s.carAlive[0]).toBe(0);
    expect(t.s.carTime[0]).toBe(29);
    while (t.s.round < 31) {
      expect(t.s.carAlive[0]).toBe(0);
      t.play();
    }
    expect(t.s.carAlive[0]).toBe(1);
    expect(t.s.carGas[0]).toBe(60);
    expect(t.s.carMiss[0]).toBe(3);
    expect(t.s.withinWindow(t.s.carPos[0]!, t.s.round)).toBe(true);
  });

  it("a taken bonus is put back outside the new window", () => {
    const t = tiny(withCell(withCell(empty(8, 60), 2, 2, "G"), 6, 40, "X"), [{ row: 2, col: 1 }], {
      nb_win_cols: 20,
    });
    t.play([{ car: 0, kind: "move", dir: [0, 1] }]);
    const gas = [...t.s.cell.keys()].filter((q) => t.s.cell[q] === GAS);
    expect(gas).toHaveLength(1);
    expect(t.s.withinWindow(gas[0]!, 1)).toBe(false);
    expect(t.s.cell[t.at(6, 40)]).toBe(TYRE);
  });
});
