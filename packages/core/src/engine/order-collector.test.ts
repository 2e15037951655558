// Moved from core's runner/rejections.test.ts.
import { describe, expect, it } from "vitest";
import { OrderCollector } from "./engine";

describe("OrderCollector", () => {
  it("records duplicates and rejected orders by the index they were offered at", () => {
    const c = new OrderCollector<string>(5);
    c.add(1, "a");
    c.reject("malformed", "bad", 2);
    c.add(2, "b");
    c.add(1, "c");
    c.reject("malformed", "no key");
    c.add(3, "d");
    expect(c.orders).toEqual(["a", "d"]);
    expect(c.given).toEqual([0, 5]);
    expect(c.rejected.map((r) => [r.index, r.reason])).toEqual([
      [1, "malformed"],
      [2, "duplicate"],
      [3, "duplicate"],
      [4, "malformed"],
    ]);
    c.drop(0, "malformed", "dropped");
    expect(c.orders).toEqual(["d"]);
    expect(c.given).toEqual([5]);
    expect(c.rejected.at(-1)).toEqual({ index: 0, reason: "malformed", message: "dropped" });
    c.reset();
    expect([c.orders, c.given, c.rejected, c.offered]).toEqual([[], [], [], 0]);
  });
});
