import { describe, expect, it } from "vitest";
import { ranking } from "./ranking";

describe("ranking", () => {
  it("ranks by score, best first, ties sharing a rank", () => {
    expect(ranking([5, 9, 9, 1])).toEqual([3, 1, 1, 4]);
    expect(ranking([0, 0])).toEqual([1, 1]);
    expect(ranking([-1, 3])).toEqual([2, 1]);
    expect(ranking([])).toEqual([]);
  });
});
