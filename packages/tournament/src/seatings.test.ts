import { describe, expect, it } from "vitest";
import { counterEngine } from "./__fixtures__/bots";
import { combinations, permutations, rotations, tournamentSeatings } from "./seatings";
import { parseSeeds } from "./seeds";
import { tournamentPlan } from "./tournament";

/** How many times each bot sits in each seat over `seatings`: counts[bot][seat]. */
function seatCounts(seatings: number[][], bots: number): number[][] {
  const counts = Array.from({ length: bots }, () => Array(seatings[0]!.length).fill(0));
  for (const seating of seatings) {
    seating.forEach((bot, seat) => {
      counts[bot]![seat]++;
    });
  }
  return counts;
}

describe("seat rotation", () => {
  it("rotations of a b c d: 4 seatings, each bot once in each seat", () => {
    expect(rotations(["a", "b", "c", "d"])).toEqual([
      ["a", "b", "c", "d"],
      ["b", "c", "d", "a"],
      ["c", "d", "a", "b"],
      ["d", "a", "b", "c"],
    ]);
    const seatings = tournamentSeatings(4, 4, "rotate");
    expect(seatings).toHaveLength(4);
    expect(seatCounts(seatings, 4)).toEqual(Array(4).fill([1, 1, 1, 1]));
  });

  it("all: 4! = 24 seatings, each bot 6 times in each seat, none repeated", () => {
    const seatings = tournamentSeatings(4, 4, "all");
    expect(seatings).toHaveLength(24);
    expect(new Set(seatings.map((s) => s.join())).size).toBe(24);
    expect(seatCounts(seatings, 4)).toEqual(Array(4).fill([6, 6, 6, 6]));
    expect(permutations([1, 2, 3])).toEqual([
      [1, 2, 3],
      [1, 3, 2],
      [2, 1, 3],
      [2, 3, 1],
      [3, 1, 2],
      [3, 2, 1],
    ]);
  });

  it("more bots than seats: every combination, rotated (5 bots, 4 seats: C(5,4)·4 = 20)", () => {
    expect(combinations([0, 1, 2, 3, 4], 4)).toHaveLength(5);
    const seatings = tournamentSeatings(5, 4, "rotate");
    expect(seatings).toHaveLength(20);
    // Each bot is in 4 of the 5 groups and sits once in each seat per group.
    expect(seatCounts(seatings, 5)).toEqual(Array(5).fill([4, 4, 4, 4]));
    // 6 bots, 4 seats, all: C(6,4)·24 = 360.
    expect(tournamentSeatings(6, 4, "all")).toHaveLength(360);
  });

  it("a plan has seeds × seatings matches; fewer bots than seats is an error naming --fill", () => {
    const engine = { ...counterEngine, players: { min: 4, max: 4, default: 4 } };
    expect(tournamentPlan(engine, 4, [1, 2, 3], "rotate")).toHaveLength(12);
    expect(() => tournamentPlan(engine, 3, [1], "rotate")).toThrow(/only 3 bots.*--fill/);
  });

  it("a game with a range of players takes the number of players from the bots", () => {
    // The counter game takes 1–8 players (like Lighthouses' 2+).
    const plan = tournamentPlan(counterEngine, 3, [1], "rotate");
    expect(plan.map((match) => match.seats)).toEqual([
      [0, 1, 2],
      [1, 2, 0],
      [2, 0, 1],
    ]);
    expect(tournamentPlan(counterEngine, 3, [1], "rotate", 2)).toHaveLength(6);
  });
});

describe("seed lists", () => {
  it("N, A..B and mixed lists", () => {
    expect(parseSeeds("3")).toEqual([1, 2, 3]);
    expect(parseSeeds("1..10")).toHaveLength(10);
    expect(parseSeeds("5..7,2,6,9")).toEqual([5, 6, 7, 2, 9]);
  });
  it("bad lists name the bad part", () => {
    expect(() => parseSeeds("1..x")).toThrow(/'1\.\.x' is not a seed/);
    expect(() => parseSeeds("9..3")).toThrow(/empty range '9\.\.3'/);
    expect(() => parseSeeds("0")).toThrow(/0 seeds/);
  });
});
