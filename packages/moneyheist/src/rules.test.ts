import { describe, expect, it } from "vitest";
import { solveSafe } from "./bots";
import type { MoneyHeistOrder } from "./orders";
import { validSolution } from "./round";
import { HEALTH_KIT, NO_KIT, POISON_KIT, PROFESSOR } from "./state";
import { seedDrawing, testBoard } from "./test-board";

const HINTS = [1, 2, 3, 4, 5, 9, -1, -1, -2, 0, 7, 7, 10, -3, 7];
// Triples: (1,2,3) (4,5,9) (-1,-1,-2) (0,7,7) (10,-3,7).
const KEY = [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4];

describe("soldier attacks", () => {
  it("kill an enemy soldier: the victim is re-placed with a drawn owner, the attacker stays, loses a poison and scores 10", () => {
    const b = testBoard(5);
    b.put(4, 10, 10);
    b.put(24, 10, 11);
    b.play([{ unit: 4, kind: "move", dir: "r" }]);
    expect(b.state.unitPos[4]).toBe(b.at(10, 10));
    expect(b.state.unitPoison[4]).toBe(0);
    expect(b.state.score[0]).toBe(10);
    expect(b.state.unitAt[b.at(10, 11)]).toBe(-1);
    const newCell = b.state.unitPos[24]!;
    expect(newCell).toBeGreaterThanOrEqual(0);
    expect(b.state.unitAt[newCell]).toBe(24);
    // The new position is at least 3 rows or columns away from the attacker (5×5 rule).
    const [r, c] = [Math.floor(newCell / 60), newCell % 60];
    expect(Math.max(Math.abs(r - 10), Math.abs(c - 10))).toBeGreaterThan(2);
    expect(b.state.unitPoison[24]).toBe(1);
    expect(b.state.lastCommands).toEqual(["4\tm\tr\t\n"]);
  });

  it("the new owner is the killer's team 7 times in 10 and each team once in 10", () => {
    const owners = [0, 0, 0, 0];
    for (let seed = 1; seed <= 400; seed++) {
      const b = testBoard(seed);
      b.put(4, 10, 10);
      b.put(44, 10, 11);
      b.play([{ unit: 4, kind: "move", dir: "r" }]);
      owners[b.state.unitPlayer[44]!]!++;
    }
    // Expected 280 / 40 / 40 / 40; allow sampling noise.
    expect(owners[0]).toBeGreaterThan(240);
    for (const team of [1, 2, 3]) {
      expect(owners[team]).toBeGreaterThan(15);
      expect(owners[team]).toBeLessThan(70);
    }
  });

  it("fails against its own team, and without poison", () => {
    const b = testBoard();
    b.put(4, 10, 10);
    b.put(5, 10, 11);
    b.put(6, 20, 20);
    b.put(24, 20, 21);
    b.state.unitPoison[6] = 0;
    b.play([
      { unit: 4, kind: "move", dir: "r" },
      { unit: 6, kind: "move", dir: "r" },
    ]);
    expect(b.state.unitPos[5]).toBe(b.at(10, 11));
    expect(b.state.unitPos[24]).toBe(b.at(20, 21));
    expect(b.state.unitPoison[4]).toBe(1);
    expect(b.state.score[0]).toBe(0);
    expect(b.state.lastCommands).toEqual([]);
  });

  it("hurt an enemy professor by 20; at 0 it dies, scores 50, and is back 41 rounds later with full health", () => {
    const b = testBoard();
    b.put(1, 30, 30);
    b.put(4, 30, 29);
    b.put(5, 29, 30);
    b.state.unitPoison[5] = 5;
    b.play([{ unit: 4, kind: "move", dir: "r" }]);
    expect(b.state.unitHealth[1]).toBe(80);
    expect(b.state.score[0]).toBe(0);
    b.state.unitHealth[1] = 20;
    b.play([{ unit: 5, kind: "move", dir: "d" }]);
    const killedIn = b.state.round - 1;
    expect(b.state.unitHealth[1]).toBe(0);
    expect(b.state.unitAt[b.at(30, 30)]).toBe(-1);
    expect(b.state.unitPos[1]).toBe(b.at(30, 30)); // shown where it died
    expect(b.state.unitRebirth[1]).toBe(40);
    expect(b.state.score[0]).toBe(50);
    expect(b.state.unitPos[4]).toBe(b.at(30, 29)); // attackers never move
    while (b.state.round < killedIn + 41) {
      expect(b.state.unitRebirth[1]).toBeGreaterThan(0);
      b.play([], [{ unit: 1, kind: "move", dir: "u" }]); // a dead professor's command fails
    }
    expect(b.state.round).toBe(killedIn + 41);
    expect(b.state.unitRebirth[1]).toBe(0);
    expect(b.state.unitHealth[1]).toBe(100);
    expect(b.state.unitAt[b.state.unitPos[1]!]).toBe(1);
  });

  it("a unit killed earlier in the round does not act", () => {
    const b = testBoard();
    b.put(4, 10, 10);
    b.put(24, 10, 11);
    // Player 0 must act first: random(1, 2) = 1.
    const seed = seedDrawing(2, 1);
    b.state.rng.setSeed(seed);
    b.play([{ unit: 4, kind: "move", dir: "r" }], [{ unit: 24, kind: "move", dir: "r" }]);
    expect(b.state.lastCommands).toEqual(["4\tm\tr\t\n"]);
  });
});

describe("moves", () => {
  it("a professor cannot move onto any unit; nobody moves onto a wall, a door or off the board", () => {
    const b = testBoard();
    b.put(0, 5, 5);
    b.put(24, 5, 6);
    b.put(4, 0, 0);
    b.put(5, 8, 8);
    b.state.wall[b.at(8, 9)] = 1;
    b.put(6, 12, 12);
    b.state.door[b.at(13, 12)] = 0;
    b.play([
      { unit: 0, kind: "move", dir: "r" },
      { unit: 4, kind: "move", dir: "u" },
      { unit: 5, kind: "move", dir: "r" },
      { unit: 6, kind: "move", dir: "d" },
    ]);
    expect([
      b.state.unitPos[0],
      b.state.unitPos[4],
      b.state.unitPos[5],
      b.state.unitPos[6],
    ]).toEqual([b.at(5, 5), b.at(0, 0), b.at(8, 8), b.at(12, 12)]);
    expect(b.state.lastCommands).toEqual([]);
  });

  it("picking up a kit fills the team pot and the kit reappears elsewhere; money scores at the end of the round", () => {
    const b = testBoard();
    b.put(4, 10, 10);
    b.put(5, 20, 20);
    b.put(6, 40, 40);
    b.state.setKit(b.at(10, 11), HEALTH_KIT);
    b.state.setKit(b.at(20, 21), POISON_KIT);
    b.state.setMoney(b.at(40, 41), 13);
    b.play([
      { unit: 4, kind: "move", dir: "r" },
      { unit: 5, kind: "move", dir: "r" },
      { unit: 6, kind: "move", dir: "r" },
    ]);
    expect(b.state.potHealth[0]).toBe(1);
    expect(b.state.potPoison[0]).toBe(1);
    expect(b.state.score[0]).toBe(13);
    expect(b.state.unitPos[4]).toBe(b.at(10, 11));
    const count = (f: (cell: number) => boolean) => {
      let n = 0;
      for (let cell = 0; cell < 3600; cell++) if (f(cell)) n++;
      return n;
    };
    expect(count((c) => b.state.kit[c] === HEALTH_KIT)).toBe(1);
    expect(count((c) => b.state.kit[c] === POISON_KIT)).toBe(1);
    expect(count((c) => b.state.money[c]! > 0)).toBe(1);
    expect(b.state.kit[b.at(10, 11)]).toBe(NO_KIT);
  });
});

describe("charge and heal", () => {
  it("charge takes from the pot up to the soldier's maximum, and logs even when nothing is taken", () => {
    const b = testBoard();
    b.put(4, 10, 10);
    b.put(5, 20, 20);
    b.state.unitPoison[4] = 3;
    b.state.unitPoison[5] = 0;
    b.state.potPoison[0] = 3;
    b.play([{ unit: 4, kind: "charge" }]);
    expect(b.state.unitPoison[4]).toBe(5);
    expect(b.state.potPoison[0]).toBe(1);
    b.play([{ unit: 5, kind: "charge" }]);
    expect(b.state.unitPoison[5]).toBe(1);
    expect(b.state.potPoison[0]).toBe(0);
    b.play([{ unit: 5, kind: "charge" }]);
    expect(b.state.unitPoison[5]).toBe(1);
    expect(b.state.lastCommands).toEqual(["5\tc\t\n"]);
  });

  it("heal takes from the pot up to the professor's maximum; a soldier cannot heal nor a professor charge", () => {
    const b = testBoard();
    b.put(0, 10, 10);
    b.put(4, 20, 20);
    b.state.unitHealth[0] = 50;
    b.state.potHealth[0] = 70;
    b.state.potPoison[0] = 5;
    b.play([
      { unit: 0, kind: "heal" },
      { unit: 4, kind: "heal" },
    ]);
    expect(b.state.unitHealth[0]).toBe(100);
    expect(b.state.potHealth[0]).toBe(20);
    b.play([{ unit: 0, kind: "charge" }]);
    expect(b.state.potPoison[0]).toBe(5);
    expect(b.state.lastCommands).toEqual([]);
  });
});

describe("safes", () => {
  const withSafe = () => {
    const b = testBoard(3);
    b.state.hints.push(Int32Array.from(HINTS));
    b.state.placeSafe(0);
    const door = b.state.safeDoor[0]!;
    const gold = b.state.safeGold[0]!;
    // Stand outside the door, facing it.
    const outside = door + (door - gold);
    const dir = ["d", "r", "u", "l"][[60, 1, -60, -1].indexOf(door - outside)] as "d";
    b.state.placeUnit(0, outside);
    return { b, door, dir };
  };

  it("the key check: each label used three times, each triple a sum", () => {
    expect(validSolution(HINTS, KEY)).toBe(true);
    expect(validSolution(HINTS, [1, 1, 1, 0, 0, 0, 2, 2, 2, 3, 3, 3, 4, 4, 4])).toBe(true);
    expect(validSolution(HINTS, [0, 0, 1, 1, 0, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])).toBe(false);
    expect(validSolution(HINTS, [...KEY.slice(0, 14), 5])).toBe(false);
    expect(validSolution(HINTS, KEY.slice(0, 14))).toBe(false);
    expect(validSolution(HINTS, [0, 0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])).toBe(false);
    expect(validSolution(HINTS, solveSafe(HINTS)!)).toBe(true);
  });

  it("opening scores the gold value and the safe reappears elsewhere with the same hints", () => {
    const { b, door, dir } = withSafe();
    b.play([{ unit: 0, kind: "open", dir, solution: KEY }]);
    expect(b.state.score[0]).toBe(200);
    expect(b.state.safeDoor[0]).not.toBe(door);
    expect(b.state.door[door]).toBe(-1);
    expect(Array.from(b.state.hints[0]!)).toEqual(HINTS);
    expect(b.state.lastCommands).toEqual([`0\to\t${dir}\t15\t ${KEY.join(" ")}\n`]);
  });

  it("a wrong key, a wrong direction, or a soldier opening all fail", () => {
    const { b, dir } = withSafe();
    const wrong = [...KEY];
    [wrong[0], wrong[3]] = [wrong[3]!, wrong[0]!];
    const other = ({ d: "u", u: "d", l: "r", r: "l" } as const)[dir];
    b.play([{ unit: 0, kind: "open", dir, solution: wrong }]);
    b.play([{ unit: 0, kind: "open", dir: other, solution: KEY }]);
    expect(b.state.score[0]).toBe(0);
    expect(b.state.lastCommands).toEqual([]);
  });
});

describe("safes opened by several teams in one round", () => {
  type Open = { professor: number; safe: number };
  /**
   * A board with `safes` safes (same hints) and, for each entry of `opens`, that professor standing
   * outside that safe's door; `asProfessor` lists soldier ids turned into professors of their team.
   * After set-up the board generator is reseeded with `seed`, so the round's draws start there.
   */
  const board = (safes: number, opens: Open[], seed: number, asProfessor: number[] = []) => {
    const b = testBoard(7);
    for (const id of asProfessor) {
      b.state.unitType[id] = PROFESSOR;
      b.state.unitHealth[id] = 100;
      b.state.unitPoison[id] = -1;
      b.state.unitRebirth[id] = 0;
    }
    for (let s = 0; s < safes; s++) {
      b.state.hints.push(Int32Array.from(HINTS));
      b.state.placeSafe(s);
    }
    const dirs: Record<number, "d" | "r" | "u" | "l"> = {};
    for (const { professor, safe } of opens) {
      const door = b.state.safeDoor[safe]!;
      const outside = door + (door - b.state.safeGold[safe]!);
      dirs[professor] = (["d", "r", "u", "l"] as const)[[60, 1, -60, -1].indexOf(door - outside)]!;
      expect(b.state.wall[outside]! + b.state.door[outside]! + b.state.unitAt[outside]!).toBe(-2);
      b.state.placeUnit(professor, outside);
    }
    b.state.rng.setSeed(seed);
    const orders = (kind: "open" | "heal") => {
      const byTeam: MoneyHeistOrder[][] = [[], [], [], []];
      for (const { professor } of opens) {
        const team = b.state.unitPlayer[professor]!;
        byTeam[team]!.push(
          kind === "open"
            ? { unit: professor, kind, dir: dirs[professor]!, solution: KEY }
            : { unit: professor, kind },
        );
      }
      return byTeam;
    };
    return { b, orders };
  };
  /**
   * Where the safes end up if, after the same round with no draws of its own (heals at full health
   * draw nothing, but take part in the interleaving draws exactly as the opens do), all the listed
   * safes are erased and then re-placed in `order`.
   */
  const placedInOrder = (make: () => ReturnType<typeof board>, order: number[]) => {
    const { b, orders } = make();
    b.play(...orders("heal"));
    for (const safe of order) b.state.eraseSafe(safe);
    for (const safe of order) b.state.placeSafe(safe);
    return order.map((safe) => [b.state.safeGold[safe], b.state.safeDoor[safe]]);
  };

  it("team 1 opening first in the interleaving still has its safe re-placed after team 0's", () => {
    // Professor 1 opens safe 0, professor 0 opens safe 1; the first draw random(1, 2) = 2 makes
    // player 1 execute first, so execution order and safe ids both say "safe 0 first".
    const make = () =>
      board(
        2,
        [
          { professor: 0, safe: 1 },
          { professor: 1, safe: 0 },
        ],
        seedDrawing(2, 2),
      );
    const { b, orders } = make();
    b.play(...orders("open"));
    expect(b.state.lastCommands.map((line) => line.split("\t")[0])).toEqual(["1", "0"]);
    expect(Array.from(b.state.score)).toEqual([200, 200, 0, 0]);
    const actual = [1, 0].map((safe) => [b.state.safeGold[safe], b.state.safeDoor[safe]]);
    expect(actual).toEqual(placedInOrder(make, [1, 0]));
    // The scenario tells the orders apart: execution (= safe id) order would place them elsewhere.
    const other = placedInOrder(make, [0, 1]);
    expect([other[1], other[0]]).not.toEqual(actual);
    for (const safe of [0, 1]) expect(Array.from(b.state.hints[safe]!)).toEqual(HINTS);
  });

  it("one team opening two is re-placed in its own opening order, after the lower team", () => {
    // Team 1 (professor 1) opens safe 2 and executes first; team 0 opens safe 1 (with soldier 4
    // made a professor: a real team has one professor, but the order within a team is the
    // original's) and then safe 0. Team order: 1, 0, 2; execution: 2, 1, 0; ids: 0, 1, 2.
    const make = () =>
      board(
        3,
        [
          { professor: 4, safe: 1 },
          { professor: 0, safe: 0 },
          { professor: 1, safe: 2 },
        ],
        seedDrawing(2, 2),
        [4],
      );
    const { b, orders } = make();
    b.play(...orders("open"));
    expect(b.state.lastCommands.map((line) => line.split("\t")[0])).toEqual(["1", "4", "0"]);
    expect(Array.from(b.state.score)).toEqual([400, 200, 0, 0]);
    const actual = [1, 0, 2].map((safe) => [b.state.safeGold[safe], b.state.safeDoor[safe]]);
    expect(actual).toEqual(placedInOrder(make, [1, 0, 2]));
    // Neither the execution order nor the safe ids would give the same board.
    for (const order of [
      [2, 1, 0],
      [0, 1, 2],
    ]) {
      const placed = placedInOrder(make, order);
      const bySafe = [1, 0, 2].map((safe) => placed[order.indexOf(safe)]);
      expect(bySafe).not.toEqual(actual);
    }
  });
});

describe("commands of other players' units, unknown ids and duplicates are ignored", () => {
  it("only the first command for a unit counts, foreign and unknown units are dropped", () => {
    const b = testBoard();
    b.put(4, 10, 10);
    b.put(24, 30, 30);
    b.play([
      { unit: 4, kind: "move", dir: "r" },
      { unit: 4, kind: "move", dir: "l" },
      { unit: 24, kind: "move", dir: "r" },
      { unit: 999, kind: "move", dir: "r" },
      { unit: -1, kind: "heal" },
    ]);
    expect(b.state.unitPos[4]).toBe(b.at(10, 11));
    expect(b.state.unitPos[24]).toBe(b.at(30, 30));
    expect(b.state.lastCommands).toEqual(["4\tm\tr\t\n"]);
  });
});
