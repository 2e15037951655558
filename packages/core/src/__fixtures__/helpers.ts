// Test helpers shared by core's tests (and, re-exported, by the bots' tests).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Lcg31 } from "../rng/lcg31";

/** Absolute path of a fixture file. */
export const fixture = (name: string): string => fileURLToPath(new URL(`./${name}`, import.meta.url));

/** File URL of a fixture file. */
export const fixtureUrl = (name: string): string => new URL(`./${name}`, import.meta.url).href;

const made: string[] = [];
/**
 * Removes the directories `tempDir` made: after every test file (`temp-dirs-setup.ts`, a setup
 * file). With `isolate: false` one fork runs several files and evaluates this module once, so an
 * `afterAll` here belonged to the first file only and the others' directories were left behind
 * (about 60 a run; vitest's forks end without an "exit" event).
 */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A fresh temporary directory, removed after the test file. */
export const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "arena-core-test-"));
  made.push(dir);
  return dir;
};

/**
 * The bonus points of each player in a counter match: one per step, to player `random(0, n−1)`
 * of core's Lcg31 seeded with `seed` (derived from the game's rules, independently of the fixture).
 */
export function counterBonus(seed: number, numPlayers: number, steps: number): number[] {
  const rng = new Lcg31(seed);
  const bonus = new Array<number>(numPlayers).fill(0);
  for (let s = 0; s < steps; s++) bonus[rng.random(0, numPlayers - 1)]!++;
  return bonus;
}

/**
 * Whether process `pid` is still running. A zombie (dead, not yet reaped) counts as not running:
 * in this sandbox, orphaned grandchildren are re-parented to an init that does not reap them.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
  const stat = `/proc/${pid}/stat`;
  if (existsSync(stat)) {
    const text = readFileSync(stat, "utf8");
    const state = text.slice(text.lastIndexOf(")") + 2, text.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  }
  return true;
}

/**
 * Looks at `look()` every `everyMs` until it is empty, at most `ms / everyMs` times (a count of
 * looks, not the clock: on a busy machine it waits longer, never less); returns the last list.
 */
export async function untilEmpty<T>(look: () => T[], ms: number, everyMs: number): Promise<T[]> {
  for (let k = Math.ceil(ms / everyMs); ; k--) {
    const left = look();
    if (left.length === 0 || k <= 0) return left;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Waits up to `ms` until none of `pids` runs; returns those still running. */
export function stillRunning(pids: number[], ms = 2000): Promise<number[]> {
  return untilEmpty(() => pids.filter(isRunning), ms, 25);
}
