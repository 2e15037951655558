// What the cli says while bot files are compiled (issue 40: the first compile was silent for
// minutes): "compiling AIMine.cc…" on a terminal when it takes more than a moment, nothing when
// piped, and a line for a file that fails.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CliIo } from "./io";
import { prepareReporter } from "./prepare-report";

function capture(interactive: boolean): { io: CliIo; err: () => string } {
  let err = "";
  const io: CliIo = {
    out: () => {},
    err: (text) => {
      err += text;
    },
    interactive,
    cwd: "/",
  };
  return { io, err: () => err };
}

const start = { bot: "Mine", spec: "AIMine.cc", state: "start" } as const;

describe("prepareReporter", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("on a terminal: 'compiling AIMine.cc…' after 300 ms, then its time", () => {
    const { io, err } = capture(true);
    const report = prepareReporter(io, true);
    report(start);
    vi.advanceTimersByTime(299);
    expect(err()).toBe("");
    vi.advanceTimersByTime(1);
    expect(err()).toBe("compiling AIMine.cc…\n");
    report({ ...start, state: "done", ms: 41_234 });
    expect(err()).toBe("compiling AIMine.cc…\ncompiled AIMine.cc in 41.2 s\n");
  });

  it("a compile from the cache (under 300 ms) says nothing; neither does anything when piped", () => {
    const fast = capture(true);
    const report = prepareReporter(fast.io, true);
    report(start);
    report({ ...start, state: "done", ms: 12 });
    vi.advanceTimersByTime(1000);
    expect(fast.err()).toBe("");
    const piped = capture(false);
    const quiet = prepareReporter(piped.io, false);
    quiet(start);
    vi.advanceTimersByTime(60_000);
    quiet({ ...start, state: "done", ms: 60_000 });
    expect(piped.err()).toBe("");
  });

  it("a file that fails: one warning line, piped too, its first error's line first (not for play and test, whose error follows)", () => {
    const failed = {
      ...start,
      state: "failed",
      ms: 900,
      error: "AIMine.cc: does not compile (g++ -std=c++17 -O2):\nAIMine.cc:3:1: error: boom",
    } as const;
    const piped = capture(false);
    const report = prepareReporter(piped.io, false);
    report(start);
    report(failed);
    expect(piped.err()).toBe(
      "warning: Mine cannot play, frozen from the start of each of its matches: AIMine.cc:3: does not compile (g++ -std=c++17 -O2)\n",
    );
    const contest = capture(false);
    prepareReporter(contest.io, false, "disqualified")(failed);
    expect(contest.err()).toBe(
      "warning: Mine is disqualified: AIMine.cc:3: does not compile (g++ -std=c++17 -O2)\n",
    );
    const play = capture(true);
    const forPlay = prepareReporter(play.io, true, "stops");
    forPlay(start);
    forPlay(failed);
    vi.advanceTimersByTime(1000);
    expect(play.err()).toBe("");
  });
});
