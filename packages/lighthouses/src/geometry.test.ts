import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { onSegment, orient, segmentsCross, triangleCells } from "./geometry";

const cells = (a: number[], b: number[], c: number[]) => {
  const out: string[] = [];
  triangleCells(a[0]!, a[1]!, b[0]!, b[1]!, c[0]!, c[1]!, (x, y) => out.push(`${x},${y}`));
  return out.sort();
};

describe("triangle cells (top-left rule, y up)", () => {
  it("(0,0),(5,0),(0,5): 10 cells — the left edge x = 0 in, bottom edge and hypotenuse out, no vertex", () => {
    const inside = cells([0, 0], [5, 0], [0, 5]);
    expect(inside.length).toBe(10);
    expect(inside).toContain("0,1");
    expect(inside).toContain("0,4");
    expect(inside).not.toContain("0,0");
    expect(inside).not.toContain("1,0");
    expect(inside).not.toContain("1,4");
    expect(inside).not.toContain("0,5");
  });

  it("(5,5),(5,0),(0,5): 15 cells — the top row y = 5 in except (5,5), the hypotenuse in", () => {
    const inside = cells([5, 5], [5, 0], [0, 5]);
    expect(inside.length).toBe(15);
    expect(inside).toContain("0,5");
    expect(inside).toContain("4,5");
    expect(inside).not.toContain("5,5");
    expect(inside).toContain("1,4");
    expect(inside).not.toContain("5,1");
  });

  it("square.txt's two triangles score 10 each on an all-land 6×6 (the corners (1,1),(6,1),(1,6),(6,6))", () => {
    expect(cells([1, 1], [6, 1], [6, 6]).length).toBe(10);
    expect(cells([1, 1], [1, 6], [6, 1]).length).toBe(10);
  });

  it("does not depend on vertex order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -6, max: 6 }), { minLength: 6, maxLength: 6 }),
        (v) => {
          const a = [v[0]!, v[1]!];
          const b = [v[2]!, v[3]!];
          const c = [v[4]!, v[5]!];
          const reference = cells(a, b, c);
          for (const [p, q, r] of [
            [a, c, b],
            [b, a, c],
            [b, c, a],
            [c, a, b],
            [c, b, a],
          ]) {
            expect(cells(p!, q!, r!)).toEqual(reference);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("the two halves of any w×h rectangle cut along a diagonal count exactly w·h cells, none twice", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 5 }),
        fc.integer({ min: -5, max: 5 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.boolean(),
        (x, y, w, h, other) => {
          const [p, q, r, s] = [
            [x, y],
            [x + w, y],
            [x + w, y + h],
            [x, y + h],
          ];
          const halves = other
            ? [cells(p!, q!, r!), cells(p!, r!, s!)]
            : [cells(p!, q!, s!), cells(q!, r!, s!)];
          const all = [...halves[0]!, ...halves[1]!];
          expect(all.length).toBe(w * h);
          expect(new Set(all).size).toBe(w * h);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a vertex is in only when both of its edges are top or left edges", () => {
    // (1,5) in (1,5),(5,1),(5,5): its edges are the hypotenuse (left) and y = 5 (top).
    expect(cells([1, 5], [5, 1], [5, 5])).toContain("1,5");
    expect(cells([1, 5], [5, 1], [5, 5])).not.toContain("5,5");
    expect(cells([1, 5], [5, 1], [5, 5]).length).toBe(10);
  });
});

describe("segments", () => {
  it("orient is positive counter-clockwise (y up)", () => {
    expect(orient(0, 0, 1, 0, 0, 1)).toBeGreaterThan(0);
    expect(orient(0, 0, 1, 0, 0, -1)).toBeLessThan(0);
    expect(orient(0, 0, 2, 2, 1, 1)).toBe(0);
  });

  it("proper crossings only: shared ends, touching and collinear overlap do not cross", () => {
    expect(segmentsCross(0, 0, 4, 4, 0, 4, 4, 0)).toBe(true);
    expect(segmentsCross(0, 0, 4, 4, 4, 4, 8, 0)).toBe(false);
    expect(segmentsCross(0, 0, 4, 0, 2, 0, 2, 3)).toBe(false);
    expect(segmentsCross(0, 0, 4, 0, 2, 0, 6, 0)).toBe(false);
    expect(segmentsCross(0, 0, 4, 0, 5, -1, 5, 1)).toBe(false);
  });

  it("a point is on a segment when collinear and inside its bounding box", () => {
    expect(onSegment(1, 1, 9, 1, 5, 1)).toBe(true);
    expect(onSegment(1, 1, 9, 5, 5, 3)).toBe(true);
    expect(onSegment(1, 1, 9, 5, 11, 6)).toBe(false);
    expect(onSegment(1, 1, 4, 3, 2, 2)).toBe(false);
  });
});
