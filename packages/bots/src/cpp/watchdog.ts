// Node-only: the wall-clock safety net of C++ players' synchronous turns (see CppController).
// A C++ player's turn blocks this thread in a read of its reply; a worker thread watches the
// pending turns through shared memory and SIGKILLs a player over its limit, which ends the
// blocked read (end of file). It also keeps the players' stderr files from growing without
// bound. Nothing is sent per turn: the turn's state is one shared word, read by the worker every
// `POLL_MS`.
import { Worker } from "node:worker_threads";

/** Players watched at once, at most. */
const SLOTS = 1024;
/** How often the worker looks at the pending turns (ms): a player is stopped at most that late. */
const POLL_MS = 20;
/** A player's stderr file is cut back to its kept head once it is this much longer (bytes). */
const STDERR_SLACK = 8 * 1024 * 1024;

/**
 * Words per slot: `turn` is even (the count of turns answered, ×2) between turns, odd while a
 * turn is pending, and `KILLED` once the worker stopped the player.
 */
const KILLED = -1;

// The worker: a plain loop in Atomics.wait (no event loop), idle while no player is watched.
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const fs = require("node:fs");
const { control, slots, SLOTS, POLL_MS, STDERR_SLACK, KILLED } = workerData;
const live = new Int32Array(control);
const turn = new Int32Array(slots, 0, SLOTS);
const pid = new Int32Array(slots, 4 * SLOTS, SLOTS);
const stderrFd = new Int32Array(slots, 8 * SLOTS, SLOTS);
const busy = new Int32Array(slots, 12 * SLOTS, SLOTS);
const limit = new Float64Array(slots, 16 * SLOTS, SLOTS);
const kept = new Float64Array(slots, 24 * SLOTS, SLOTS);
const dropped = new Float64Array(slots, 32 * SLOTS, SLOTS);
const seen = new Int32Array(SLOTS).fill(-2);
const since = new Float64Array(SLOTS);
const kill = (p) => {
  try { process.kill(-p, "SIGKILL"); } catch {}
  try { process.kill(p, "SIGKILL"); } catch {}
};
for (;;) {
  if (Atomics.load(live, 0) === 0) {
    Atomics.wait(live, 0, 0);
    continue;
  }
  const now = performance.now();
  const used = Atomics.load(live, 1);
  for (let s = 0; s < used; s++) {
    const p = Atomics.load(pid, s);
    if (p === 0) { seen[s] = -2; continue; }
    const t = Atomics.load(turn, s);
    if ((t & 1) === 1) {
      if (t !== seen[s]) { seen[s] = t; since[s] = now; }
      else if (now - since[s] >= limit[s] && Atomics.compareExchange(turn, s, t, KILLED) === t) kill(p);
    }
    // The stderr file's descriptor is only used under the slot's lock (release() takes it
    // before the file is closed: a descriptor number reused for another file is never touched).
    Atomics.store(busy, s, 1);
    const fd = Atomics.load(stderrFd, s);
    if (fd >= 0) {
      try {
        const size = fs.fstatSync(fd).size;
        if (size > kept[s] + STDERR_SLACK) {
          // The writer appends (O_APPEND): what it writes next goes after the kept head.
          fs.ftruncateSync(fd, kept[s]);
          dropped[s] += size - kept[s];
        }
      } catch {}
    }
    Atomics.store(busy, s, 0);
    Atomics.notify(busy, s);
  }
  Atomics.wait(live, 2, 0, POLL_MS);
}
`;

let worker: Worker | undefined;
let online: Promise<void> | undefined;
const control = new SharedArrayBuffer(3 * 4);
const slots = new SharedArrayBuffer(SLOTS * 40);
const live = new Int32Array(control);
const turn = new Int32Array(slots, 0, SLOTS);
const pids = new Int32Array(slots, 4 * SLOTS, SLOTS);
const stderrFds = new Int32Array(slots, 8 * SLOTS, SLOTS);
const busy = new Int32Array(slots, 12 * SLOTS, SLOTS);
const limits = new Float64Array(slots, 16 * SLOTS, SLOTS);
const keptBytes = new Float64Array(slots, 24 * SLOTS, SLOTS);
const droppedBytes = new Float64Array(slots, 32 * SLOTS, SLOTS);
const free: number[] = [];

/**
 * Starts the watchdog's worker thread if it is not running (once per process; it does not keep
 * the process alive). Resolves once it runs.
 */
export function startWatchdog(): Promise<void> {
  if (online !== undefined) return online;
  const thread = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { control, slots, SLOTS, POLL_MS, STDERR_SLACK, KILLED },
  });
  worker = thread;
  online = new Promise<void>((resolve, reject) => {
    thread.once("online", () => {
      // From now on it must not keep the process alive (the players' processes do).
      thread.unref();
      resolve();
    });
    thread.once("error", (error) => {
      worker = undefined;
      online = undefined;
      reject(error);
    });
  });
  return online;
}

/** True while the watchdog's worker runs. */
export function watchdogRunning(): boolean {
  return worker !== undefined;
}

/**
 * A watched player: `begin` before its turn's reply is awaited, `end` after it came. The worker
 * SIGKILLs the process group `pid` if a turn stays pending longer than its limit.
 */
export class Watch {
  private readonly slot: number;
  private value = 0;
  private released = false;

  /** `stderrFd`: the player's stderr file (kept at `keptBytes` + a slack), or -1. */
  constructor(pid: number, stderrFd: number, stderrKept: number) {
    const slot = free.pop() ?? Atomics.load(live, 1);
    if (slot >= SLOTS) throw new Error(`more than ${SLOTS} C++ players at once`);
    this.slot = slot;
    Atomics.store(turn, slot, 0);
    limits[slot] = Number.POSITIVE_INFINITY;
    Atomics.store(stderrFds, slot, stderrFd);
    keptBytes[slot] = stderrKept;
    droppedBytes[slot] = 0;
    Atomics.store(pids, slot, pid);
    if (slot === Atomics.load(live, 1)) Atomics.store(live, 1, slot + 1);
    Atomics.add(live, 0, 1);
    Atomics.notify(live, 0);
  }

  /** A turn starts: the player is stopped if it has not answered within `limitMs`. */
  begin(limitMs: number): void {
    limits[this.slot] = limitMs;
    this.value += 1;
    Atomics.store(turn, this.slot, this.value);
  }

  /** The turn ended: false when the watchdog stopped the player first. */
  end(): boolean {
    const pending = this.value;
    this.value += 1;
    return Atomics.compareExchange(turn, this.slot, pending, this.value) === pending;
  }

  /** Bytes of stderr the watchdog cut (between the kept head and what followed). */
  stderrDropped(): number {
    return droppedBytes[this.slot]!;
  }

  /** The player is gone: its slot is free again. */
  release(): void {
    if (this.released) return;
    this.released = true;
    // The stderr file is about to be closed: the worker must not touch it any more (it may be
    // using it right now: wait for it to finish).
    Atomics.store(stderrFds, this.slot, -1);
    while (Atomics.load(busy, this.slot) === 1) Atomics.wait(busy, this.slot, 1, 5);
    Atomics.store(pids, this.slot, 0);
    Atomics.sub(live, 0, 1);
    free.push(this.slot);
  }
}
