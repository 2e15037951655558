import { describe, expect, it } from "vitest";
import { solveSafe } from "./bots";
import { validSolution } from "./round";
import { HEALTH_KIT, NO_KIT, POISON_KIT } from "./state";
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
