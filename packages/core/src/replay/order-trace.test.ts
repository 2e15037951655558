import { describe, expect, it } from "vitest";
import { readOrderTrace } from "./order-trace";

describe("readOrderTrace", () => {
  const parse = (v: unknown) => {
    if (typeof v !== "number") throw new Error("not a number");
    return v;
  };
  it("reads rounds in order and names the line of a bad one", () => {
    expect(
      readOrderTrace(
        '{"round":0,"orders":[[1,2],[]]}\n{"round":1,"orders":[[],[3]]}\n',
        "t",
        parse,
      ),
    ).toEqual([
      [[1, 2], []],
      [[], [3]],
    ]);
    expect(() =>
      readOrderTrace('{"round":0,"orders":[[]]}\n{"round":3,"orders":[[]]}', "t", parse),
    ).toThrow(/^t:2: expected round 1, found 3$/);
    expect(() => readOrderTrace('{"round":0,"orders":[["x"]]}', "t", parse)).toThrow(
      /^t:1: not a number$/,
    );
    expect(() => readOrderTrace("nope", "t", parse)).toThrow(/^t:1: not a JSON line$/);
    expect(() => readOrderTrace("\n", "t", parse)).toThrow(/^t: the trace has no rounds$/);
  });
});
