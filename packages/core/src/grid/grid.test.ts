import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BreadthFirst } from "./breadth-first";
import { directions } from "./directions";
import { Grid } from "./grid";

// Money Heist order: Down, Right, Up, Left.
const four = directions([
  ["d", 1, 0],
  ["r", 0, 1],
  ["u", -1, 0],
  ["l", 0, -1],
]);
const eight = directions([
  ["B", 1, 0],
  ["BR", 1, 1],
  ["R", 0, 1],
  ["RT", -1, 1],
  ["T", -1, 0],
  ["TL", -1, -1],
  ["L", 0, -1],
  ["LB", 1, -1],
]);

describe("directions", () => {
  it("keeps the game's order and letters", () => {
    expect(four.size).toBe(4);
    expect(four.indexOf("r")).toBe(1);
    expect(four.indexOf("x")).toBe(-1);
    expect(four.letter(2)).toBe("u");
    expect(Array.from(four.dr)).toEqual([1, 0, -1, 0]);
    expect(Array.from(four.dc)).toEqual([0, 1, 0, -1]);
    expect(four.opposite(0)).toBe(2);
    expect(eight.opposite(1)).toBe(5);
    expect(() => four.letter(4)).toThrow(RangeError);
    expect(() =>
      directions([
        ["a", 0, 1],
        ["a", 1, 0],
      ]),
    ).toThrow(/duplicate/);
  });
});

describe("Grid", () => {
  it("indexes row-major and checks bounds", () => {
    const grid = new Grid(3, 5);
    expect(grid.size).toBe(15);
    expect(grid.index(2, 4)).toBe(14);
    expect(grid.row(13)).toBe(2);
    expect(grid.col(13)).toBe(3);
    expect(grid.position(13)).toEqual({ row: 2, col: 3 });
    expect(grid.inside(0, 0)).toBe(true);
    expect(grid.inside(3, 0)).toBe(false);
    expect(grid.inside(0, -1)).toBe(false);
    expect(grid.at(1, 5)).toBe(-1);
    expect(grid.neighbour(grid.index(0, 0), four, 2)).toBe(-1); // up from the top row
    expect(grid.neighbour(grid.index(0, 0), four, 0)).toBe(grid.index(1, 0));
    expect(grid.neighbour(grid.index(1, 4), eight, 1)).toBe(-1); // down-right off the right edge
    expect(() => new Grid(0, 3)).toThrow(RangeError);
  });

  it("wraps columns on a cylinder, never rows", () => {
    const grid = new Grid(3, 5, true);
    expect(grid.inside(1, -1)).toBe(true);
    expect(grid.at(1, -1)).toBe(grid.index(1, 4));
    expect(grid.at(1, 5)).toBe(grid.index(1, 0));
    expect(grid.at(1, -11)).toBe(grid.index(1, 4));
    expect(grid.at(-1, 0)).toBe(-1);
    expect(grid.wrapCol(-1)).toBe(4);
    expect(grid.neighbour(grid.index(2, 0), four, 3)).toBe(grid.index(2, 4));
    expect(grid.neighbour(grid.index(2, 0), four, 0)).toBe(-1);
  });
});

describe("BreadthFirst", () => {
  // A 5×7 board; # = wall.
  const rows = ["..#....", "..#.#..", "..#.#..", "....#..", "###.#.."];
  const grid = new Grid(rows.length, rows[0]!.length);
  const free = (i: number) => rows[grid.row(i)]![grid.col(i)] === ".";

  it("computes 4-neighbour distances around walls", () => {
    const bfs = new BreadthFirst(grid, four);
    const distance = bfs.run([grid.index(0, 0)], free);
    expect(distance[grid.index(0, 0)]).toBe(0);
    expect(distance[grid.index(3, 3)]).toBe(6);
    expect(distance[grid.index(0, 3)]).toBe(9);
    expect(distance[grid.index(0, 5)]).toBe(11); // 0,3 → 0,4 → 0,5
    // 0,5 → 1,5 → 2,5 → 3,5 → 4,5 → 4,6
    expect(distance[grid.index(4, 5)]).toBe(15);
    expect(distance[grid.index(4, 6)]).toBe(16);
    expect(distance[grid.index(4, 3)]).toBe(7);
    expect(distance[grid.index(0, 2)]).toBe(-1); // a wall
    expect(distance[grid.index(4, 0)]).toBe(-1);
    const path = bfs.pathTo(grid.index(3, 3))!;
    expect(path).toHaveLength(6);
    let cell = grid.index(0, 0);
    for (const d of path) {
      cell = grid.neighbour(cell, four, d);
      expect(free(cell)).toBe(true);
    }
    expect(cell).toBe(grid.index(3, 3));
    expect(bfs.pathTo(grid.index(0, 2))).toBeUndefined();
  });

  it("takes several sources, 8 neighbours, a distance cap, and wraps on a cylinder", () => {
    const open = new Grid(4, 6);
    const bfs = new BreadthFirst(open, eight);
    const distance = bfs.run([open.index(0, 0), open.index(3, 5)], () => true);
    expect(distance[open.index(3, 0)]).toBe(3);
    expect(distance[open.index(1, 3)]).toBe(2); // from (3,5): max(2, 2)
    expect(bfs.reached).toBe(24);
    bfs.run([open.index(0, 0)], () => true, 1);
    expect(bfs.reached).toBe(4);
    expect(bfs.distance[open.index(2, 2)]).toBe(-1);

    const cylinder = new Grid(2, 6, true);
    const around = new BreadthFirst(cylinder, four);
    around.run([cylinder.index(0, 0)], () => true);
    expect(around.distance[cylinder.index(0, 5)]).toBe(1);
    expect(around.distance[cylinder.index(1, 3)]).toBe(4);
  });

  it("agrees with a naive shortest-path computation on random boards", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 7 }),
        fc.boolean(),
        fc.array(fc.boolean(), { minLength: 49, maxLength: 49 }),
        fc.nat(48),
        (r, c, wrap, walls, sourceSeed) => {
          const g = new Grid(r, c, wrap);
          const passable = (i: number) => !walls[i];
          const source = sourceSeed % g.size;
          const bfs = new BreadthFirst(g, four);
          const distance = bfs.run([source], passable);
          // Bellman–Ford style relaxation as the reference.
          const reference = new Array<number>(g.size).fill(Number.POSITIVE_INFINITY);
          reference[source] = 0;
          for (let changed = true; changed; ) {
            changed = false;
            for (let i = 0; i < g.size; i++) {
              if (reference[i] === Number.POSITIVE_INFINITY) continue;
              for (let d = 0; d < 4; d++) {
                const j = g.neighbour(i, four, d);
                if (j >= 0 && passable(j) && reference[j]! > reference[i]! + 1) {
                  reference[j] = reference[i]! + 1;
                  changed = true;
                }
              }
            }
          }
          for (let i = 0; i < g.size; i++) {
            expect(distance[i]).toBe(reference[i] === Number.POSITIVE_INFINITY ? -1 : reference[i]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
