// Test helper (`@arena/core/testing`): hang nets and bot limits of tests that grow with the
// machine's load, so that a busy machine gives a slow pass, not a failure.
import { availableParallelism, loadavg } from "node:os";

/** The most a limit is stretched (a hang is still caught, after at most this many times its net). */
const MAX_FACTOR = 10;

/**
 * How busy the machine is: its one-minute load average per core, at least 1 (an idle or a fully
 * used machine) and at most `MAX_FACTOR`. 1 where the load average is unknown (Windows gives 0).
 */
export function loadFactor(): number {
  const perCore = loadavg()[0]! / Math.max(1, availableParallelism());
  return Math.min(MAX_FACTOR, Math.max(1, perCore));
}

/**
 * `ms` stretched by the machine's load (`loadFactor`, read when called): for a test's hang net or
 * a limit a healthy bot must stay under (a start, a turn), never for what a test asserts is slow.
 * 2 cores at load 4: as given; at load 20: ten times.
 */
export function loadScaled(ms: number): number {
  return Math.round(ms * loadFactor());
}
