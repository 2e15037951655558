import { describe, expect, it } from "vitest";
import { rateRecords } from "./ratings";
import type { MatchRecord } from "./record";

const record = (id: string, seats: string[], ranks: number[]): MatchRecord => ({
  type: "match",
  id,
  game: "g",
  engineVersion: "1",
  seed: 1,
  seats,
  scores: ranks.map((rank) => 10 - rank),
  ranks,
  status: seats.map(() => ({ state: "ok" as const })),
  rounds: 1,
  durationMs: 1,
});

describe("OpenSkill ratings (Plackett–Luce)", () => {
  it("match the openskill README's example: four new players ranked 4 1 3 2", () => {
    // README: rate([[a1],[b1],[c1],[d1]], { rank: [4, 1, 3, 2] }) →
    // mu 20.963 27.795 24.689 26.553, sigma 8.084 8.263 8.084 8.179.
    const ratings = rateRecords(
      [record("a", ["a", "b", "c", "d"], [4, 1, 3, 2])],
      ["a", "b", "c", "d"],
    );
    const mu = ["a", "b", "c", "d"].map((name) => ratings.get(name)!.mu);
    const sigma = ["a", "b", "c", "d"].map((name) => ratings.get(name)!.sigma);
    // (The README prints three decimals; this release gives 20.9625…, hence a 0.005 tolerance.)
    [20.963, 27.795, 24.689, 26.553].forEach((expected, i) => {
      expect(mu[i]).toBeCloseTo(expected, 2);
    });
    [8.084, 8.263, 8.084, 8.179].forEach((expected, i) => {
      expect(sigma[i]).toBeCloseTo(expected, 2);
    });
    expect(ratings.get("b")!.ordinal).toBeCloseTo(27.795 - 3 * 8.263, 2);
  });

  it("match the README's tie example: scores 37 19 37 42 (ranks 2 4 2 1)", () => {
    // README: mu 24.689 22.826 24.689 27.795, sigma 8.179 8.179 8.179 8.263.
    const ratings = rateRecords(
      [record("a", ["a", "b", "c", "d"], [2, 4, 2, 1])],
      ["a", "b", "c", "d"],
    );
    const mu = ["a", "b", "c", "d"].map((name) => ratings.get(name)!.mu);
    [24.689, 22.826, 24.689, 27.795].forEach((expected, i) => {
      expect(mu[i]).toBeCloseTo(expected, 2);
    });
  });

  it("are updated in match-id order, whatever order the records come in", () => {
    const records = [
      record("03", ["a", "b", "c"], [1, 2, 3]),
      record("01", ["a", "b", "c"], [3, 2, 1]),
      record("02", ["c", "a", "b"], [1, 3, 2]),
    ];
    const forward = rateRecords(records, ["a", "b", "c"]);
    const backward = rateRecords([...records].reverse(), ["a", "b", "c"]);
    expect([...backward]).toEqual([...forward]);
    // And the order matters: rated in array order the result would differ.
    const inArrayOrder = rateRecords(
      records.map((r, i) => ({ ...r, id: String(i) })),
      ["a", "b", "c"],
    );
    expect(inArrayOrder.get("a")!.mu).not.toBeCloseTo(forward.get("a")!.mu, 6);
  });

  it("skip failed matches and start unknown names at 25 ± 8.333", () => {
    const failed = { ...record("x", ["a", "b"], []), error: "worker died" };
    const ratings = rateRecords([failed], ["a", "b"]);
    expect(ratings.get("a")!.mu).toBe(25);
    expect(ratings.get("a")!.sigma).toBeCloseTo(25 / 3, 9);
  });
});
