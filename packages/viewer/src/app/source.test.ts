import type { AnyEngine, Replay } from "@arena/core";
import { engine } from "@arena/madmax";
import { describe, expect, it } from "vitest";
import { madmax } from "./games/madmax";
import { ReplaySource } from "./source";
import { expectFrames, play } from "./testing";
import type { GameView } from "./types";

/** The replay as a file still being written reads after `steps` steps. */
const prefix = (replay: Replay, steps: number): Replay => ({
  ...replay,
  steps: replay.steps.slice(0, steps),
  digests: replay.digests.filter((d) => d.step <= steps),
  frozen: replay.frozen.filter((f) => f.step < steps),
  complete: false,
});

/** The view with an engine that counts the matches it creates (a full re-simulation creates some). */
function counting(view: GameView): { view: GameView; created: () => number } {
  let created = 0;
  const counted = new Proxy(view.engine, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== "create") return value;
      return (...args: unknown[]) => {
        created++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as AnyEngine;
  return { view: { ...view, engine: counted }, created: () => created };
}

describe("a replay read again as it grows (live view)", () => {
  const played = play(engine, 7, { maxSteps: 300, freeze: { step: 90, player: 2 } });

  it("simulates only the new steps and shows every frame like a source read at once", () => {
    const { view, created } = counting(madmax as GameView);
    let source = new ReplaySource(view, prefix(played.replay, 1));
    const full = created();
    expect(full).toBeGreaterThan(0);
    // Irregular growth, across snapshots (every 64 steps) and the freeze at step 90.
    for (const steps of [2, 3, 10, 63, 64, 65, 90, 91, 150, 299]) {
      source = new ReplaySource(view, prefix(played.replay, steps), source);
      expect(source.length).toBe(steps + 1);
    }
    source = new ReplaySource(view, played.replay, source);
    expect(created()).toBe(full);
    expect(source.over).toBe(played.replay.final!.over !== false);
    expect(source.scores).toEqual(new ReplaySource(madmax as GameView, played.replay).scores);
    expectFrames(madmax as GameView, source, played);
  });

  it("checks the new steps' digests and the end record; another file starts over", () => {
    const { view, created } = counting(madmax as GameView);
    const early = new ReplaySource(view, prefix(played.replay, 20));
    const forged = { ...prefix(played.replay, 40), digests: [{ step: 30, digest: 12345 }] };
    expect(() => new ReplaySource(view, forged, early)).toThrow(/after step 30 differs/);
    const ended = new ReplaySource(view, prefix(played.replay, 20));
    const wrongEnd = { ...played.replay, final: { ...played.replay.final!, scores: [1, 2, 3, 4] } };
    expect(() => new ReplaySource(view, wrongEnd, ended)).toThrow(/final scores/);
    // A file with another seed (its header differs) is simulated from its start.
    const before = created();
    const other = play(engine, 8, { maxSteps: 30 });
    const base = new ReplaySource(view, prefix(played.replay, 20));
    const next = new ReplaySource(view, other.replay, base);
    expect(created()).toBeGreaterThan(before + 1);
    expectFrames(madmax as GameView, next, other);
  });
});
