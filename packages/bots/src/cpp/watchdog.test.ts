// The watchdog's slots: a slot freed and taken again by another player between two of the
// worker's looks is a new player, whose turn is timed from its own start (not the last one's).
import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { startWatchdog, Watch } from "./watchdog";

const unlimited = {
  wallMs: Number.POSITIVE_INFINITY,
  cpuMs: Number.POSITIVE_INFINITY,
  memoryBytes: Number.POSITIVE_INFINITY,
};

describe("the C++ players' watchdog", () => {
  const started: ChildProcess[] = [];
  /** A process that waits (a player thinking without using CPU). */
  const sleeper = (): number => {
    const child = spawn("sleep", ["60"], { stdio: "ignore" });
    started.push(child);
    return child.pid!;
  };
  afterEach(() => {
    for (const child of started.splice(0)) child.kill("SIGKILL");
  });

  it("times a player that takes a freed slot from its own turn, not from the last player's", async () => {
    await startWatchdog();
    // The first player's first turn stays pending long enough for the worker to see it.
    const first = new Watch(sleeper(), -1, 0);
    first.begin(unlimited);
    await sleep(1500);
    // Then, without a pause the worker could look in, it ends, and the next player takes the
    // slot and begins its own first turn with a 1 s net.
    expect(first.end()).toBe(true);
    first.release();
    const next = new Watch(sleeper(), -1, 0);
    next.begin({ ...unlimited, wallMs: 1000 });
    await sleep(300);
    // 0.3 s into its turn, the net of 1 s has not been reached.
    expect(next.end()).toBe(true);
    next.release();
  });
});
