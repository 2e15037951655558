import { describe, expect, it } from "vitest";
import { formatDuration, ProgressLine, totalRounds } from "./progress";
import { runCli } from "./test-io";

describe("ProgressLine", () => {
  it("shows round/total, percent and an ETA from the time per round, redrawn in place", () => {
    let now = 0;
    let screen = "";
    const line = new ProgressLine(
      (text) => (screen += text),
      "Money Heist",
      200,
      () => now,
    );
    now = 100;
    line.update(10, [1, 2]);
    expect(screen).toBe(""); // too early: short matches print nothing
    now = 1000;
    line.update(50, [3, 4]);
    // 1 s for 50 rounds: 150 rounds left take 3 s.
    expect(screen).toBe("\r\x1b[KMoney Heist  round 50/200  25%  ETA 3s  scores 3 4");
    now = 1050;
    line.update(52, [3, 4]);
    expect(screen).not.toContain("round 52"); // at most one redraw per 100 ms
    now = 41_000;
    line.update(100, [5, 6]);
    expect(screen.endsWith("round 100/200  50%  ETA 41s  scores 5 6")).toBe(true);
    line.clear();
    expect(screen.endsWith("\r\x1b[K")).toBe(true);
  });

  it("without a known total shows the round only", () => {
    const line = new ProgressLine(() => {}, "Game", undefined);
    expect(line.text(7, [1], 500)).toBe("Game  round 7  scores 1");
  });

  it("formats durations and finds the rounds of every game's config", () => {
    expect(formatDuration(7.2)).toBe("7s");
    expect(formatDuration(83.4)).toBe("1m23s");
    expect(totalRounds({ numRounds: 200 })).toBe(200);
    expect(totalRounds({ params: { nb_rnds: 300 } })).toBe(300);
    expect(totalRounds({ map: [] })).toBeUndefined();
  });
});

describe("progress when piped", () => {
  it("prints nothing on stderr when it is not a terminal", async () => {
    const run = await runCli(["play", "madmax"], process.cwd());
    expect(run.code).toBe(0);
    expect(run.err).toBe("");
  });
});
