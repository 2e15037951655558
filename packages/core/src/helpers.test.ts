import { describe, expect, it } from "vitest";
import { digestNumbers } from "./digest";
import { readOrderTrace } from "./order-trace";
import { firstDifference } from "./text-diff";
import { textRecorder } from "./text-recorder";

describe("digestNumbers", () => {
  it("is equal for equal inputs and differs when any value, order or sign changes", () => {
    const a = digestNumbers([3, Int32Array.from([1, 2, -5]), [7]]);
    expect(digestNumbers([3, [1, 2, -5], Uint8Array.from([7])])).toBe(a);
    expect(digestNumbers([3, [1, 2, 5], [7]])).not.toBe(a);
    expect(digestNumbers([3, [2, 1, -5], [7]])).not.toBe(a);
    expect(digestNumbers([0x10000])).not.toBe(digestNumbers([0]));
  });
});

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

describe("textRecorder", () => {
  it("joins the initial piece and one piece per step", () => {
    let n = 0;
    const recorder = textRecorder(
      () => "a",
      () => `-${++n}`,
    );
    recorder.afterStep();
    recorder.afterStep();
    expect(recorder.text()).toBe("a-1-2");
  });

  it("streams the same pieces to a sink, keeping nothing", () => {
    let n = 0;
    const chunks: string[] = [];
    const recorder = textRecorder(
      () => "a",
      () => `-${++n}`,
      (text) => chunks.push(text),
    );
    expect(chunks).toEqual(["a"]);
    recorder.afterStep();
    recorder.afterStep();
    expect(chunks).toEqual(["a", "-1", "-2"]);
    expect(recorder.text()).toBe("");
  });
});

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
