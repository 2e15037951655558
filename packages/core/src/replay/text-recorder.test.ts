import { describe, expect, it } from "vitest";
import { textRecorder } from "./text-recorder";

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
