import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { digestNumbers } from "./digest";

/** The element-by-element definition (the implementation before the per-type loops). */
function reference(parts: ReadonlyArray<number | ArrayLike<number>>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const values = typeof part === "number" ? [part] : part;
    for (let k = 0; k < values.length; k++) {
      const v = values[k]! | 0;
      h = Math.imul(h ^ (v & 0xffff), 0x01000193);
      h = Math.imul(h ^ (v >>> 16), 0x01000193);
    }
  }
  return h >>> 0;
}

const kinds = [
  (v: number[]) => Int32Array.from(v),
  (v: number[]) => Uint8Array.from(v),
  (v: number[]) => Int8Array.from(v),
  (v: number[]) => Int16Array.from(v),
  (v: number[]) => Uint16Array.from(v),
  (v: number[]) => Uint32Array.from(v),
  (v: number[]) => Float64Array.from(v),
  (v: number[]) => v,
];

describe("digestNumbers per-type loops", () => {
  it("give the element-by-element value for every array kind and value", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
            fc.record({
              kind: fc.integer({ min: 0, max: kinds.length - 1 }),
              values: fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), {
                maxLength: 20,
              }),
            }),
          ),
          { maxLength: 8 },
        ),
        (spec) => {
          const parts = spec.map((p) => (typeof p === "number" ? p : kinds[p.kind]!(p.values)));
          expect(digestNumbers(parts)).toBe(reference(parts));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("digestNumbers", () => {
  it("is equal for equal inputs and differs when any value, order or sign changes", () => {
    const a = digestNumbers([3, Int32Array.from([1, 2, -5]), [7]]);
    expect(digestNumbers([3, [1, 2, -5], Uint8Array.from([7])])).toBe(a);
    expect(digestNumbers([3, [1, 2, 5], [7]])).not.toBe(a);
    expect(digestNumbers([3, [2, 1, -5], [7]])).not.toBe(a);
    expect(digestNumbers([0x10000])).not.toBe(digestNumbers([0]));
  });
});
