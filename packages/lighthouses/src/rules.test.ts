import { describe, expect, it } from "vitest";
import { CELL_CAP } from "./match";
import {
  capture,
  connect,
  lighthouse,
  matchOn,
  nextRound,
  openMap,
  passTurn,
  place,
  play,
  untilTurn,
} from "./test-helpers";

// Land x 1..9, y 1..5 (width 11, height 7); lighthouses as on a 3×3 lattice plus (7,3).
const lattice = () =>
  openMap(9, 5, {
    "1,1": "!",
    "5,1": "!",
    "9,1": "!",
    "1,5": "!",
    "5,5": "!",
    "9,5": "!",
    "7,3": "!",
    "3,3": "A",
    "4,3": "B",
  });

const sum = (a: ArrayLike<number>) => Array.from(a).reduce((s, v) => s + v, 0);

describe("energy growth", () => {
  it("one lighthouse gives 5 − ⌈√d²⌉ to 49 cells, 97 units in total, in the first round already", () => {
    const match = matchOn(openMap(13, 13, { "7,7": "!", "1,1": "A" }), 1);
    expect(sum(match.energy)).toBe(97);
    expect(Array.from(match.energy).filter((e) => e > 0).length).toBe(49);
    const at = (dx: number, dy: number) => match.cellEnergy(7 + dx, 7 + dy);
    // d² 0→5, 1→4, 2/4→3, 5/8/9→2, 10/13/16→1, 17 and 18→0.
    expect([
      at(0, 0),
      at(1, 0),
      at(1, 1),
      at(2, 0),
      at(2, 1),
      at(2, 2),
      at(3, 0),
      at(3, 1),
      at(3, 2),
      at(4, 0),
      at(4, 1),
      at(3, 3),
    ]).toEqual([5, 4, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0]);
    expect([at(0, -4), at(-4, 0), at(-3, -1)]).toEqual([1, 1, 1]);
  });

  it("cells are capped at 100 and several lighthouses add up", () => {
    const match = matchOn(openMap(13, 7, { "4,4": "!", "6,4": "!", "12,1": "A" }), 1, 100);
    expect(match.cellEnergy(5, 4)).toBe(8);
    expect(match.cellEnergy(4, 4)).toBe(5 + 3);
    for (let r = 0; r < 12; r++) nextRound(match);
    // Round 12: 13 rounds of growth: 8 × 13 = 104, capped.
    expect(match.cellEnergy(5, 4)).toBe(CELL_CAP);
    expect(match.cellEnergy(1, 1)).toBe(Math.min(100, 13 * 0));
    expect(Math.max(...match.energy)).toBe(100);
  });

  it("water cells never hold energy", () => {
    const match = matchOn(["#######", "#     #", "# #!  #", "#  A  #", "#######"], 1);
    expect(match.cellEnergy(2, 2)).toBe(0);
    expect(match.cellEnergy(4, 2)).toBe(4);
  });
});

describe("collection and keys", () => {
  it("a player collects its cell at the start of a round; the cell is then 0", () => {
    const match = matchOn(openMap(9, 5, { "5,3": "!", "6,3": "A" }), 1);
    expect(match.playerEnergy[0]).toBe(4);
    expect(match.cellEnergy(6, 3)).toBe(0);
    nextRound(match);
    expect(match.playerEnergy[0]).toBe(8);
  });

  it("players sharing a cell get floor(E / k) each; the remainder is lost", () => {
    const match = matchOn(openMap(9, 5, { "5,3": "!", "1,1": "A", "2,1": "B", "3,1": "C" }), 3);
    for (let p = 0; p < 3; p++) place(match, p, 5, 3);
    const before = Array.from(match.playerEnergy);
    expect(match.cellEnergy(5, 3)).toBe(5);
    nextRound(match);
    // 5 + 5 = 10 on the cell, three players: 3 each, 1 lost.
    expect(Array.from(match.playerEnergy).map((e, p) => e - before[p]!)).toEqual([3, 3, 3]);
    expect(match.cellEnergy(5, 3)).toBe(0);
    // And each got the (neutral) lighthouse's key.
    for (let p = 0; p < 3; p++) expect(match.hasKey(p, 0)).toBe(true);
  });

  it("keys: any number held (original), kept when ownership changes, used up only as a connect destination", () => {
    const match = matchOn(lattice(), 2);
    place(match, 0, 1, 1);
    nextRound(match);
    place(match, 0, 5, 1);
    nextRound(match);
    expect([
      match.hasKey(0, lighthouse(match, 1, 1)),
      match.hasKey(0, lighthouse(match, 5, 1)),
    ]).toEqual([true, true]);
    const message = match.turnMessage(0) as { lighthouses: Array<{ have_key: boolean }> };
    expect(message.lighthouses.map((lh) => lh.have_key)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(match.hasKey(1, lighthouse(match, 1, 1))).toBe(false);
  });

  it("keys with the statement's single-key rule: a new key replaces the one held", () => {
    const match = matchOn(lattice(), 2, 100, { singleKey: true });
    place(match, 0, 1, 1);
    nextRound(match);
    place(match, 0, 5, 1);
    nextRound(match);
    expect([
      match.hasKey(0, lighthouse(match, 1, 1)),
      match.hasKey(0, lighthouse(match, 5, 1)),
    ]).toEqual([false, true]);
  });
});

describe("decay and neutralisation", () => {
  it("a lighthouse loses 10 per round and turns neutral at 0, losing its connections and triangles", () => {
    const match = matchOn(lattice(), 2);
    capture(match, 0, 1, 1, 500);
    capture(match, 0, 5, 1, 500);
    capture(match, 0, 1, 5, 500);
    expect(connect(match, 0, [5, 1], [1, 1])).toEqual({ success: true });
    expect(connect(match, 0, [1, 5], [5, 1])).toEqual({ success: true });
    expect(connect(match, 0, [1, 5], [1, 1])).toEqual({ success: true });
    expect(match.connections.length).toBe(3);
    expect(match.triangles.map((t) => t.cells)).toEqual([6]);
    const l = lighthouse(match, 1, 5);
    place(match, 0, 3, 3);
    match.lhEnergy[l] = 15;
    nextRound(match);
    expect([match.lhOwner[l], match.lhEnergy[l]]).toEqual([0, 5]);
    nextRound(match);
    expect([match.lhOwner[l], match.lhEnergy[l]]).toEqual([-1, 0]);
    expect(match.connections.map(([a, b]) => [a, b])).toEqual([
      [lighthouse(match, 5, 1), lighthouse(match, 1, 1)],
    ]);
    expect(match.triangles).toEqual([]);
    expect(match.lhConnections[l]).toEqual([]);
    expect(match.lhConnections[lighthouse(match, 1, 1)]).toEqual([lighthouse(match, 5, 1)]);
  });

  it("a lighthouse captured with ≤ 10 energy scores for that round and is neutral at the next start", () => {
    const match = matchOn(lattice(), 2);
    place(match, 0, 1, 1);
    match.playerEnergy[0] = 10;
    expect(play(match, 0, { command: "attack", energy: 10 })).toEqual({ success: true });
    expect(match.lhOwner[lighthouse(match, 1, 1)]).toBe(0);
    passTurn(match);
    expect([match.round(), match.playerScore[0]]).toEqual([1, 2]);
    expect(match.lhOwner[lighthouse(match, 1, 1)]).toBe(-1);
  });
});

describe("attack", () => {
  it("checks, in order, with the original's messages", () => {
    const match = matchOn(lattice(), 2);
    match.playerEnergy[0] = 50;
    expect(play(match, 0, { command: "attack" })).toEqual({
      success: false,
      message: "Attack command requires integer energy",
    });
    for (const energy of [1.5, "10", null, [10], { a: 1 }]) {
      expect(play(match, 0, { command: "attack", energy })).toEqual({
        success: false,
        message: "Attack command requires integer energy",
      });
    }
    // Not on a lighthouse: an error even for 0.
    expect(play(match, 0, { command: "attack", energy: 0 })).toEqual({
      success: false,
      message: "Player must be located at target lighthouse",
    });
    place(match, 0, 1, 1);
    expect(play(match, 0, { command: "attack", energy: -1 })).toEqual({
      success: false,
      message: "Strength must be positive",
    });
    expect(match.lhOwner[lighthouse(match, 1, 1)]).toBe(-1);
    expect(match.playerEnergy[0]).toBeGreaterThanOrEqual(50);
  });

  it("arithmetic: partial attack, exact neutralisation, capture, recharge, surplus, clamp, 0 and true", () => {
    const match = matchOn(lattice(), 2);
    const l = lighthouse(match, 1, 1);
    /** On player 0's turn, sets the lighthouse and player 0's energy, attacks, returns [owner, lighthouse, player]. */
    const attack = (
      owner: number,
      lighthouseEnergy: number,
      playerEnergy: number,
      energy: unknown,
    ) => {
      untilTurn(match, 0);
      place(match, 0, 1, 1);
      match.lhOwner[l] = owner;
      match.lhEnergy[l] = lighthouseEnergy;
      match.playerEnergy[0] = playerEnergy;
      expect(play(match, 0, { command: "attack", energy: energy as number })).toEqual({
        success: true,
      });
      return [match.lhOwner[l], match.lhEnergy[l], match.playerEnergy[0]];
    };
    expect(attack(1, 70, 1000, 10)).toEqual([1, 60, 990]); // enemy at 70, attack 10
    expect(attack(1, 50, 1000, 50)).toEqual([-1, 0, 950]); // exactly its energy: neutral
    expect(attack(-1, 0, 1000, 5)).toEqual([0, 5, 995]); // neutral: captured with 5
    expect(attack(0, 5, 1000, 0)).toEqual([0, 5, 1000]); // 0: no change
    expect(attack(1, 50, 1000, 80)).toEqual([0, 30, 920]); // surplus captures
    expect(attack(0, 40, 1000, 80)).toEqual([0, 120, 920]); // recharge
    expect(attack(1, 90, 1000, 80)).toEqual([1, 10, 920]); // the statement's examples
    expect(attack(1, 80, 1000, 80)).toEqual([-1, 0, 920]);
    expect(attack(-1, 0, 314, 100000)).toEqual([0, 314, 0]); // clamped to the player's energy
    expect(attack(0, 7, 3, true)).toEqual([0, 8, 2]); // true is 1
    expect(attack(1, 7, 0, 50)).toEqual([1, 7, 0]); // nothing to give
  });

  it("neutralising an enemy lighthouse removes its connections and triangles; the surplus captures it", () => {
    const match = matchOn(lattice(), 2);
    capture(match, 1, 1, 1, 100);
    capture(match, 1, 5, 1, 100);
    expect(connect(match, 1, [5, 1], [1, 1])).toEqual({ success: true });
    place(match, 0, 1, 1);
    match.playerEnergy[0] = 500;
    const l = lighthouse(match, 1, 1);
    const e = match.lhEnergy[l]!;
    expect(play(match, 0, { command: "attack", energy: e + 7 })).toEqual({ success: true });
    expect([match.lhOwner[l], match.lhEnergy[l]]).toEqual([0, 7]);
    expect(match.connections).toEqual([]);
    expect(match.lhConnections[lighthouse(match, 5, 1)]).toEqual([]);
  });
});

describe("move", () => {
  it("checks and messages", () => {
    const match = matchOn(lattice(), 2);
    place(match, 0, 1, 1);
    expect(play(match, 0, { command: "move" })).toEqual({
      success: false,
      message: "Move command requires x, y",
    });
    expect(play(match, 0, { command: "move", x: 1 })).toEqual({
      success: false,
      message: "Move command requires x, y",
    });
    for (const [x, y] of [
      [2, 0],
      [0, -2],
      ["1", 0],
      [null, 0],
      [0.5, 0],
      [[1], 0],
    ]) {
      expect(play(match, 0, { command: "move", x: x as never, y: y as never })).toEqual({
        success: false,
        message: "Delta must be 1 cell away",
      });
    }
    expect(play(match, 0, { command: "move", x: -1, y: 0 })).toEqual({
      success: false,
      message: "Target pos is not in island",
    });
    expect(play(match, 0, { command: "move", x: 0, y: -1 })).toEqual({
      success: false,
      message: "Target pos is not in island",
    });
    expect([match.playerX[0], match.playerY[0]]).toEqual([1, 1]);
    expect(play(match, 0, { command: "move", x: 0, y: 0 })).toEqual({ success: true });
    expect([match.playerX[0], match.playerY[0]]).toEqual([1, 1]);
    expect(play(match, 0, { command: "move", x: 1, y: 1 })).toEqual({ success: true });
    expect([match.playerX[0], match.playerY[0]]).toEqual([2, 2]);
    // JSON booleans are integers for the original (True == 1).
    expect(play(match, 0, { command: "move", x: true, y: false })).toEqual({ success: true });
    expect([match.playerX[0], match.playerY[0]]).toEqual([3, 2]);
  });

  it("any other command value is answered with its Python repr", () => {
    const match = matchOn(lattice(), 2);
    expect(play(match, 0, { command: "foo" }).message).toBe("Invalid command 'foo'");
    expect(play(match, 0, { command: 5 }).message).toBe("Invalid command 5");
    expect(play(match, 0, { command: null }).message).toBe("Invalid command None");
    expect(play(match, 0, { command: "it's" }).message).toBe(`Invalid command "it's"`);
    expect(play(match, 0, { command: ["a", true] }).message).toBe("Invalid command ['a', True]");
    expect(play(match, 0, { command: "PASS" }).message).toBe("Invalid command 'PASS'");
    expect(play(match, 0, { command: "pass" })).toEqual({ success: true });
  });
});

describe("connect", () => {
  it("checks, in the original's order, with its messages", () => {
    const match = matchOn(lattice(), 2);
    const fail = (message: string) => ({ success: false, message });
    place(match, 0, 3, 3);
    expect(play(match, 0, { command: "connect" })).toEqual(
      fail("Connect command requires destination"),
    );
    for (const destination of [
      5,
      null,
      true,
      [
        [1, 1],
        [2, 2],
      ],
      [{ x: 1 }],
    ]) {
      expect(play(match, 0, { command: "connect", destination })).toEqual(
        fail("Destination must be a coordinate pair"),
      );
    }
    expect(play(match, 0, { command: "connect", destination: [1, 1] })).toEqual(
      fail("Player must be located at the origin lighthouse"),
    );
    place(match, 0, 1, 1);
    for (const destination of [[2, 2], "ab", [1, 1, 0], { x: 1, y: 1 }, ["1", "1"], [1.5, 1]]) {
      expect(play(match, 0, { command: "connect", destination })).toEqual(
        fail("Destination must be an existing lighthouse"),
      );
    }
    expect(play(match, 0, { command: "connect", destination: [5, 1] })).toEqual(
      fail("Both lighthouses must be player-owned"),
    );
    capture(match, 0, 5, 1, 100);
    place(match, 0, 1, 1);
    expect(play(match, 0, { command: "connect", destination: [5, 1] })).toEqual(
      fail("Both lighthouses must be player-owned"),
    );
    capture(match, 0, 1, 1, 100);
    untilTurn(match, 0);
    match.keys.fill(0);
    expect(play(match, 0, { command: "connect", destination: [5, 1] })).toEqual(
      fail("Player does not have the destination key"),
    );
    untilTurn(match, 0);
    // (Standing on (1,1) at the start of the round gave its key back: drop it again.)
    match.keys.fill(0);
    expect(play(match, 0, { command: "connect", destination: [1, 1] })).toEqual(
      fail("Player does not have the destination key"),
    );
    match.keys[lighthouse(match, 1, 1)] = 1;
    expect(play(match, 0, { command: "connect", destination: [1, 1] })).toEqual(
      fail("Cannot connect lighthouse to itself"),
    );
    match.keys[lighthouse(match, 5, 1)] = 1;
    // [true, 1] is (1, 1) for Python; here from (5,1) to (1,1).
    untilTurn(match, 0);
    place(match, 0, 5, 1);
    expect(play(match, 0, { command: "connect", destination: [true, 1] })).toEqual({
      success: true,
    });
    expect(match.hasKey(0, lighthouse(match, 1, 1))).toBe(false);
    expect(match.hasKey(0, lighthouse(match, 5, 1))).toBe(true);
    match.keys[lighthouse(match, 1, 1)] = 1;
    expect(play(match, 0, { command: "connect", destination: [1, 1] })).toEqual(
      fail("Connection already exists"),
    );
    place(match, 0, 1, 1);
    expect(play(match, 0, { command: "connect", destination: [5, 1] })).toEqual(
      fail("Connection already exists"),
    );
    // The key is not used up by a failed connect.
    expect(match.hasKey(0, lighthouse(match, 5, 1))).toBe(true);
  });

  it("a third lighthouse exactly on the segment (even neutral) blocks it; collinear connections sharing an end are fine", () => {
    const match = matchOn(lattice(), 2);
    capture(match, 0, 1, 1, 100);
    capture(match, 0, 9, 1, 100);
    expect(connect(match, 0, [9, 1], [1, 1])).toEqual({
      success: false,
      message: "Connection cannot intersect a lighthouse",
    });
    capture(match, 0, 5, 1, 100);
    expect(connect(match, 0, [5, 1], [1, 1])).toEqual({ success: true });
    expect(connect(match, 0, [5, 1], [9, 1])).toEqual({ success: true });
    expect(match.connections.length).toBe(2);
  });

  it("a segment through a lighthouse cell but not its centre is allowed", () => {
    // (1,1)→(4,3) passes x = 2.5 at y = 2: the cell of (2,2)… but not its centre; and (3,2)? y = 2.33.
    const match = matchOn(openMap(6, 4, { "1,1": "!", "4,3": "!", "3,2": "!", "6,4": "A" }), 1);
    capture(match, 0, 1, 1, 100);
    capture(match, 0, 4, 3, 100);
    expect(connect(match, 0, [4, 3], [1, 1])).toEqual({ success: true });
  });

  it("may not properly cross any connection (any owner); touching at an end is fine", () => {
    const match = matchOn(lattice(), 2);
    capture(match, 0, 1, 1, 100);
    capture(match, 0, 5, 5, 100);
    expect(connect(match, 0, [5, 5], [1, 1])).toEqual({ success: true });
    capture(match, 1, 5, 1, 100);
    capture(match, 1, 1, 5, 100);
    expect(connect(match, 1, [1, 5], [5, 1])).toEqual({
      success: false,
      message: "Connection cannot intersect another connection",
    });
    // Player 0's own connection is in the way too.
    capture(match, 0, 9, 5, 100);
    capture(match, 0, 7, 3, 100);
    expect(connect(match, 0, [7, 3], [5, 5])).toEqual({ success: true });
    expect(connect(match, 1, [5, 1], [1, 5])).toEqual({
      success: false,
      message: "Connection cannot intersect another connection",
    });
    // Sharing an end with (1,1)–(5,5) and (5,5)–(7,3) is not crossing.
    expect(connect(match, 0, [9, 5], [5, 5])).toEqual({ success: true });
    expect(match.connections.length).toBe(3);
  });
});

describe("triangles and scoring", () => {
  it("closing a triangle records (origin, destination, third) and its land cells; score 2 + 2 + cells per round", () => {
    const match = matchOn(lattice(), 2);
    capture(match, 0, 1, 1, 500);
    capture(match, 0, 5, 1, 500);
    capture(match, 0, 1, 5, 500);
    expect(connect(match, 0, [5, 1], [1, 1])).toEqual({ success: true });
    expect(connect(match, 0, [1, 5], [1, 1])).toEqual({ success: true });
    expect(match.triangles).toEqual([]);
    expect(connect(match, 0, [5, 1], [1, 5])).toEqual({ success: true });
    const L = (x: number, y: number) => lighthouse(match, x, y);
    expect(match.triangles).toEqual([{ a: L(5, 1), b: L(1, 5), t: L(1, 1), cells: 6 }]);
    while (match.turn !== 0) passTurn(match);
    const before = match.playerScore[0]!;
    nextRound(match);
    // 3 lighthouses × 2 + 3 connections × 2 + 6 cells.
    expect(match.playerScore[0]! - before).toBe(18);
    expect(match.turnMessage(0)).toMatchObject({ score: match.playerScore[0] });
  });

  it("one connection can close two triangles", () => {
    const match = matchOn(lattice(), 2);
    for (const [x, y] of [
      [1, 1],
      [5, 1],
      [1, 5],
      [5, 5],
    ] as const)
      capture(match, 0, x, y, 500);
    match.keys.fill(1, 0, match.numLighthouses);
    expect(connect(match, 0, [5, 1], [1, 1])).toEqual({ success: true });
    expect(connect(match, 0, [5, 5], [1, 5])).toEqual({ success: true });
    expect(connect(match, 0, [1, 5], [1, 1])).toEqual({ success: true });
    match.keys.fill(1, 0, match.numLighthouses);
    expect(connect(match, 0, [5, 5], [5, 1])).toEqual({ success: true });
    match.keys.fill(1, 0, match.numLighthouses);
    expect(match.triangles.length).toBe(0);
    expect(connect(match, 0, [1, 5], [5, 1])).toEqual({ success: true });
    // (5,1),(1,5),(1,1): 3 inside + 3 on the left edge x = 1 = 6. (1,5),(5,1),(5,5): 3 inside + 3 on
    // the hypotenuse (a left edge) + 3 on the top edge y = 5 + the vertex (1,5) = 10. 6 + 10 = 4 × 4.
    expect(match.triangles.map((t) => t.cells).sort((a, b) => a - b)).toEqual([6, 10]);
  });

  it("water inside a triangle does not count", () => {
    // Right triangle (1,1),(5,1),(1,5) would have 6 cells; (2,2) is water here.
    const rows = openMap(5, 5, { "1,1": "!", "5,1": "!", "1,5": "!", "3,5": "A", "2,2": "#" });
    const match = matchOn(rows, 1);
    expect(match.countCells(0, 1, 2)).toBe(5);
  });
});

describe("turns and views", () => {
  it("players move in order each round and see earlier turns of the same round", () => {
    const match = matchOn(lattice(), 2);
    expect(match.toMove()).toEqual([0]);
    place(match, 0, 1, 1);
    match.playerEnergy[0] = 30;
    play(match, 0, { command: "attack", energy: 30 });
    expect(match.toMove()).toEqual([1]);
    expect(match.round()).toBe(0);
    expect((match.turnMessage(1) as { lighthouses: unknown[] }).lighthouses[0]).toEqual({
      position: [1, 1],
      owner: 0,
      energy: 30,
      connections: [],
      have_key: false,
    });
    passTurn(match);
    expect([match.round(), match.toMove()]).toEqual([1, [0]]);
  });

  it("the 7×7 view: −1 beyond radius 3 (29 cells inside), 0 on water and off the map, centre 0", () => {
    const match = matchOn(lattice(), 2);
    place(match, 0, 1, 1);
    const view = match.energyView(0);
    expect(view.length).toBe(7);
    expect(view.flat().filter((v) => v !== -1).length).toBe(29);
    expect(view[0]).toEqual([-1, -1, -1, 0, -1, -1, -1]);
    // Row 3 is y = 1: x = −2..4; x ≤ 0 are water/off-map; (1,1) is the centre.
    expect(view[3]!.slice(0, 3)).toEqual([0, 0, 0]);
    expect(view[3]![4]).toBe(match.cellEnergy(2, 1));
    expect(view[4]![4]).toBe(match.cellEnergy(2, 2));
    nextRound(match);
    expect(match.energyView(0)[3]![3]).toBe(0);
  });

  it("a frozen player only passes; its lighthouses stay until they decay", () => {
    const match = matchOn(lattice(), 2);
    capture(match, 1, 9, 5, 25);
    match.freeze(1);
    place(match, 1, 9, 4);
    const e = match.playerEnergy[1]!;
    play(match, 1, { command: "move", x: 0, y: 1 });
    expect([match.playerX[1], match.playerY[1]]).toEqual([9, 4]);
    nextRound(match);
    expect(match.playerEnergy[1]).toBeGreaterThan(e);
    expect(match.lhOwner[lighthouse(match, 9, 5)]).toBe(1);
    nextRound(match);
    nextRound(match);
    expect(match.lhOwner[lighthouse(match, 9, 5)]).toBe(-1);
  });

  it("the match ends after the configured rounds", () => {
    const match = matchOn(lattice(), 2, 3);
    let steps = 0;
    while (!match.isOver()) {
      passTurn(match);
      steps++;
    }
    expect([steps, match.round(), match.toMove()]).toEqual([6, 3, []]);
    expect(() => passTurn(match)).toThrow(/over/);
  });
});
