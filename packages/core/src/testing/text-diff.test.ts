import { describe, expect, it } from "vitest";
import { firstDifference } from "./text-diff";

describe("firstDifference", () => {
  it("names the first differing line and the round it belongs to", () => {
    expect(firstDifference("a\nround 3\nx\ny", "a\nround 3\nx\nz")).toBe(
      'first difference at line 4 (after the state of round 3): got "y", want "z"',
    );
    expect(firstDifference("rnd 7\nq", "rnd 7\nq\nmore")).toBe(
      'first difference at line 3 (after the state of round 7): got undefined, want "more"',
    );
    expect(firstDifference("same", "same")).toBeUndefined();
  });
});
