// Node-only (Linux): the wall-clock safety net of a bot's call, measured so that a busy machine
// does not count against the bot: wall-clock time less the time its processes waited for a CPU.
import type { ProcessUsageReader } from "./process-usage";

/**
 * The time a pending call has taken for its safety net: the wall-clock time since `begin`, less
 * the longest time one of the bot's processes spent waiting for a CPU meanwhile (runnable but
 * not running: the machine was busy), read from `/proc/<pid>/schedstat` when `elapsed` is asked.
 * A bot that sleeps or blocks reaches the net at the wall clock's pace; one that computes on a
 * busy machine does not reach it before its CPU limit. Without `/proc` (or a reader): wall time.
 */
export class WallNet {
  private start = 0;
  private base: Map<number, number> | undefined;

  constructor(private readonly reader: () => ProcessUsageReader | undefined) {}

  /** A call starts now. */
  begin(now = performance.now()): void {
    this.start = now;
    this.base = undefined;
  }

  /**
   * Takes the waits so far as the call's base, the first time it is called for a call (a call is
   * first looked at a watch period after it started; a shorter call is never read).
   */
  look(): void {
    this.base ??= this.reader()?.waits() ?? new Map();
  }

  /** The wall-clock time since `begin` (ms). */
  wall(now = performance.now()): number {
    return now - this.start;
  }

  /**
   * The call's time so far for the safety net (ms): `wall()` less the longest wait for a CPU of
   * one of its processes since `look()` (wall time when nothing was looked at).
   */
  elapsed(now = performance.now()): number {
    const wall = now - this.start;
    const waits = this.base === undefined ? undefined : this.reader()?.waits();
    if (waits === undefined || waits.size === 0 || this.base === undefined) return wall;
    let waited = 0;
    for (const [pid, total] of waits) waited = Math.max(waited, total - (this.base.get(pid) ?? 0));
    return wall - waited;
  }
}
