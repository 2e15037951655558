import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { GlibcRand } from "./glibc-rand";
import { Lcg31 } from "./lcg31";
import { Minstd } from "./minstd";

const reference = fileURLToPath(new URL("../../../../../shared/reference/", import.meta.url));
const games = ["moneyheist", "madmax", "madmax-revisited", "dragonball"];
const available = existsSync(reference);
if (!available) console.warn(`RNG vector tests skipped: ${reference} (../shared) is absent`);

interface Vectors {
  lcg_843314861: Array<{
    seed: number;
    random_0_59: number[];
    then_random_m10_10: number[];
    then_random_permutation_10: number[];
    then_random_1_1000000: number[];
    state_after: number;
  }>;
  minstd_48271: Array<{ seed: number; randomize: number[]; then_randomize_0_96: number[] }>;
  glibc_rand: Array<{ srand: number; rand: number[] }>;
}

describe.skipIf(!available).each(games)("RNG vectors of %s", (game) => {
  const vectors = available
    ? (JSON.parse(readFileSync(`${reference}${game}/rng_vectors.json`, "utf8")) as Vectors)
    : ({ lcg_843314861: [], minstd_48271: [], glibc_rand: [] } as Vectors);

  it("has vectors for all three generators", () => {
    expect(vectors.lcg_843314861.length).toBeGreaterThan(0);
    expect(vectors.minstd_48271.length).toBeGreaterThan(0);
    expect(vectors.glibc_rand.length).toBeGreaterThan(0);
  });

  it("Lcg31 matches random(l,u), randomPermutation and the final state", () => {
    for (const v of vectors.lcg_843314861) {
      const rng = new Lcg31(v.seed);
      expect(v.random_0_59.map(() => rng.random(0, 59))).toEqual(v.random_0_59);
      expect(v.then_random_m10_10.map(() => rng.random(-10, 10))).toEqual(v.then_random_m10_10);
      expect(rng.randomPermutation(10)).toEqual(v.then_random_permutation_10);
      expect(v.then_random_1_1000000.map(() => rng.random(1, 1_000_000))).toEqual(
        v.then_random_1_1000000,
      );
      expect(rng.state).toBe(v.state_after);
    }
  });

  it("Minstd matches randomize() and randomize(0, 96)", () => {
    for (const v of vectors.minstd_48271) {
      const rng = new Minstd(v.seed);
      expect(v.randomize.map(() => rng.randomize())).toEqual(v.randomize);
      expect(v.then_randomize_0_96.map(() => rng.randomRange(0, 96))).toEqual(
        v.then_randomize_0_96,
      );
    }
  });

  it("GlibcRand matches rand() after srand()", () => {
    for (const v of vectors.glibc_rand) {
      const rng = new GlibcRand(v.srand);
      expect(v.rand.map(() => rng.rand())).toEqual(v.rand);
    }
  });
});

describe("generator state", () => {
  it("Lcg31 state can be read and restored mid-stream", () => {
    const a = new Lcg31(99);
    a.random(0, 10);
    const b = new Lcg31(0);
    b.state = a.state;
    expect([b.random(0, 1000), b.random(0, 1000)]).toEqual([a.random(0, 1000), a.random(0, 1000)]);
  });
  it("Minstd state can be read and restored mid-stream", () => {
    const a = new Minstd(5);
    a.randomize();
    const b = new Minstd(0);
    b.state = a.state;
    expect(b.randomize()).toBe(a.randomize());
  });
  it("GlibcRand state can be read and restored mid-stream", () => {
    const a = new GlibcRand(3);
    a.rand();
    const b = new GlibcRand(0);
    b.state = a.state;
    expect(b.rand()).toBe(a.rand());
  });
  it("Lcg31 random(l,u) returns l for an empty or oversized range, drawing nothing", () => {
    const a = new Lcg31(7);
    const before = a.state;
    expect(a.random(5, 4)).toBe(5);
    expect(a.random(0, 1_000_000)).toBe(0);
    expect(a.state).toBe(before);
  });
});
