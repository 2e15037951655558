// The hostile-bot tests' match: the counter game, Demo, the hostile seat, Demo; every attack at
// round 3. What a test checks after it: the hostile seat's fault, the others' scores against a
// match where that seat is Null from round 3 (or Demo throughout), the replay verified, and no
// process of the test left (counted in /proc).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type Bot,
  type Budget,
  type Controller,
  inProcessBot,
  type MatchResult,
  readReplay,
  runMatch,
  verifyReplay,
} from "@arena/core";
import { expect } from "vitest";
import type { CounterActions, CounterView } from "../../../core/src/__fixtures__/counter-game.mjs";
import { Demo, engine as counter } from "../../../core/src/__fixtures__/counter-game.mjs";
import { tempDir, untilEmpty } from "./helpers";

export const config = { rounds: 10, turnBased: false };
export const seed = 31;

/** Plays like Demo until round 3, then nothing: what a bot frozen at round 3 leaves. */
class DemoUntilThree {
  play(view: CounterView, actions: CounterActions) {
    if (view.round() < 3) new Demo().play(view, actions);
  }
}

/**
 * Processes still running (not zombies) whose command line holds one of `markers`, or whose name
 * (`comm`) is one of them: bot hosts, hostile programs, what they started.
 */
export function processesWith(markers: readonly string[]): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "latin1");
      const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
      if (state === "Z" || state === "X") continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, "latin1");
      const comm = readFileSync(`/proc/${name}/comm`, "latin1").trim();
      if (markers.some((marker) => cmdline.includes(marker) || comm === marker)) {
        found.push(Number(name));
      }
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Processes left with `markers`, polled for up to 3 s (a killed process takes a moment to go). */
export function processesLeft(markers: readonly string[]): Promise<number[]> {
  return untilEmpty(() => processesWith(markers), 3000, 50);
}

const seat = (controller: Controller, name: string) => ({ name, controller });
const demo = () =>
  seat(
    inProcessBot(() => new Demo() as Bot, "Demo"),
    "demo",
  );

/** The match with the hostile seat replaced: Null from round 3 (`frozen`) or Demo throughout. */
export async function reference(frozen: boolean): Promise<MatchResult> {
  return runMatch(counter, {
    config,
    seed,
    players: [
      demo(),
      seat(
        inProcessBot(() => (frozen ? new DemoUntilThree() : new Demo()) as Bot, "ref"),
        "ref",
      ),
      demo(),
    ],
  });
}

/**
 * Plays Demo, the hostile seat, Demo (with `budget`); checks the replay and that no process with
 * `markers` is left.
 */
export async function playHostile(
  hostile: Controller,
  markers: readonly string[],
  budget: Budget = {},
): Promise<MatchResult> {
  const replayPath = join(tempDir(), "hostile.arena");
  const result = await runMatch(counter, {
    config,
    seed,
    players: [demo(), seat(hostile, "hostile"), demo()],
    budget,
    replay: replayPath,
  });
  expect(verifyReplay(counter, readReplay(replayPath)).finalScores).toEqual(result.scores);
  expect(await processesLeft(markers)).toEqual([]);
  return result;
}

/** The hostile seat frozen at round 3 with `fault`, the others as with Null from round 3. */
export async function expectFrozenAtThree(result: MatchResult, fault: RegExp): Promise<void> {
  expect(result.players[1]!.fault).toMatch(fault);
  expect(result.players[1]!.frozenAtRound).toBe(3);
  expect(result.scores).toEqual((await reference(true)).scores);
}

/** The hostile seat not frozen, every score as with Demo throughout (its attack changed nothing). */
export async function expectPlayedOn(result: MatchResult): Promise<void> {
  expect(result.players[1]!.fault).toBeUndefined();
  expect(result.scores).toEqual((await reference(false)).scores);
}
