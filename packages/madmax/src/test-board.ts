// Test helper: a Mad Max match on a hand-made FIXED board where a test moves the units it needs.
import type { MadMaxConfig } from "./config";
import { defaultConfig } from "./config";
import { MadMaxMatch } from "./match";
import type { DirLetter, MadMaxOrder } from "./state";

/** 60 × 60 desert; roads on rows and columns 28–31; two 3 × 10 cities per player; water; a station. */
export function board(): MadMaxConfig {
  const grid: string[][] = Array.from({ length: 60 }, (_, i) =>
    Array.from({ length: 60 }, (_, j) =>
      (i >= 28 && i <= 31) || (j >= 28 && j <= 31) ? "R" : ".",
    ),
  );
  const city = (i: number, j: number, owner: number) => {
    for (let a = i; a < i + 3; a++) for (let b = j; b < j + 10; b++) grid[a]![b] = String(owner);
  };
  city(2, 2, 0);
  city(8, 2, 0);
  city(2, 40, 1);
  city(8, 40, 1);
  city(45, 2, 2);
  city(51, 2, 2);
  city(45, 40, 3);
  city(51, 40, 3);
  for (let j = 15; j < 18; j++) grid[20]![j] = "W";
  grid[29]![40] = "S";
  return { ...defaultConfig(), board: "FIXED", map: grid.map((row) => row.join("")) };
}

/**
 * A match on `board()` (seed 7) with helpers: `at(i, j)` a cell, `move(id, i, j)` puts a unit
 * there, `firstOf(type, player, skip)` a unit id, `play(...[id, dir])` one round of those orders.
 */
export function setup() {
  const match = new MadMaxMatch(board(), 7);
  const s = match.state;
  const at = (i: number, j: number) => i * 60 + j;
  const move = (id: number, i: number, j: number) => {
    s.unitAt[s.pos[id]!] = -1;
    s.place(id, at(i, j));
  };
  const firstOf = (type: number, player: number, skip = 0) => {
    for (let id = 0, seen = 0; id < s.numUnits; id++)
      if (s.type[id] === type && s.player[id] === player && seen++ === skip) return id;
    throw new Error("no such unit");
  };
  const play = (...orders: Array<[number, DirLetter]>) => {
    const lists: MadMaxOrder[][] = [[], [], [], []];
    for (const [unit, dir] of orders) lists[s.player[unit]!]!.push({ unit, dir });
    match.step(lists);
  };
  return { match, s, at, move, firstOf, play };
}
