// Node-only: the limits of C++ players' synchronous turns (see CppController). A C++ player's
// turn blocks this thread in a read of its reply; a worker thread watches the pending turns
// through shared memory and SIGKILLs a player (its whole process tree: its box) past a limit,
// which ends the blocked read (end of file): its CPU time for the turn (read from /proc, not
// what the player says), its memory, its wall-clock time less what it waited for a CPU, or an
// abort of the match (a flag `stopPlayersOnAbort` registered). It also keeps the players' stderr
// files from growing without bound. Nothing is sent per turn: the turn's state is one shared
// word, read by the worker every `POLL_MS`; /proc is read only for a turn pending that long.
import { MessageChannel, type MessagePort, Worker } from "node:worker_threads";

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

/** Why the worker stopped a player (`Watch.stopped()`). */
export type StopReason = "wall" | "cpu" | "memory" | "aborted";
const REASONS: readonly StopReason[] = ["wall", "cpu", "memory", "aborted"];

// The worker: a plain loop in Atomics.wait (no event loop), idle while no player is watched.
// Per slot: turn, pid, stderr fd, busy (Int32); wall limit, stderr kept, stderr dropped, CPU
// limit, memory limit, measure (Float64); reason, occupant (Int32: how many players have taken
// the slot, so that a slot freed and taken again between two looks is seen as a new player),
// plumbing (Int32: the levels of the tree that are the box's own processes, not the player's).
const WORKER_SOURCE = `
const { workerData, receiveMessageOnPort } = require("node:worker_threads");
const fs = require("node:fs");
const { control, slots, port, SLOTS, POLL_MS, STDERR_SLACK, KILLED } = workerData;
const live = new Int32Array(control);
const turn = new Int32Array(slots, 0, SLOTS);
const pid = new Int32Array(slots, 4 * SLOTS, SLOTS);
const stderrFd = new Int32Array(slots, 8 * SLOTS, SLOTS);
const busy = new Int32Array(slots, 12 * SLOTS, SLOTS);
const limit = new Float64Array(slots, 16 * SLOTS, SLOTS);
const kept = new Float64Array(slots, 24 * SLOTS, SLOTS);
const dropped = new Float64Array(slots, 32 * SLOTS, SLOTS);
const cpuLimit = new Float64Array(slots, 40 * SLOTS, SLOTS);
const memoryLimit = new Float64Array(slots, 48 * SLOTS, SLOTS);
const measure = new Float64Array(slots, 56 * SLOTS, SLOTS);
const reason = new Int32Array(slots, 64 * SLOTS, SLOTS);
const occupant = new Int32Array(slots, 68 * SLOTS, SLOTS);
const plumbing = new Int32Array(slots, 72 * SLOTS, SLOTS);
const seen = new Int32Array(SLOTS).fill(-2);
const seenOccupant = new Int32Array(SLOTS).fill(-1);
const since = new Float64Array(SLOTS);
const cpuBase = new Float64Array(SLOTS);
const waitBase = new Array(SLOTS).fill(new Map());
const flags = new Map();
const children = (p) => {
  try {
    const text = fs.readFileSync("/proc/" + p + "/task/" + p + "/children", "latin1").trim();
    return text === "" ? [] : text.split(" ").map(Number);
  } catch { return []; }
};
// The process tree of a player (its box: timeout, bubblewrap, its init, the player and what it
// started), each process with its level (the root's 0).
const tree = (root) => {
  const found = [{ p: root, level: 0 }];
  for (let k = 0; k < found.length && found.length < 1000; k++) {
    for (const c of children(found[k].p)) found.push({ p: c, level: found[k].level + 1 });
  }
  return found;
};
// CPU time (ms: utime + stime + cutime + cstime) of a tree, and the resident bytes of its
// processes from level "from" down (the player's, not the box's), from /proc.
const usage = (root, from) => {
  let ticks = 0, pages = 0;
  for (const { p, level } of tree(root)) {
    try {
      const stat = fs.readFileSync("/proc/" + p + "/stat", "latin1");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      if (level >= from) pages += Number(fields[21]);
    } catch {}
  }
  return { cpuMs: ticks * 10, rssBytes: pages * 4096 };
};
// What each process of a tree has waited for a CPU so far (ms, by pid), from schedstat.
const waits = (root) => {
  const found = new Map();
  for (const { p } of tree(root)) {
    try {
      const ns = Number(fs.readFileSync("/proc/" + p + "/schedstat", "latin1").split(" ")[1]);
      found.set(p, ns / 1e6);
    } catch {}
  }
  return found;
};
// What a tree waited for a CPU since base (its processes' waits then): the sum over its
// processes (one that started since counts from zero).
const waitedSince = (root, base) => {
  let sum = 0;
  for (const [p, ms] of waits(root)) sum += ms - (base.get(p) ?? 0);
  return sum;
};
// With ARENA_WATCHDOG_TRACE (a file), each wall-clock stop appends what /proc said of the tree.
const traceFile = process.env.ARENA_WATCHDOG_TRACE;
const trace = (root, elapsed, net, base) => {
  if (!traceFile) return;
  const read = (f) => { try { return fs.readFileSync(f, "latin1").trim(); } catch { return "?"; } };
  const procs = tree(root).map(({ p }) => ({
    pid: p, stat: read("/proc/" + p + "/stat"), schedstat: read("/proc/" + p + "/schedstat"),
    wchan: read("/proc/" + p + "/wchan"), base: base.get(p),
  }));
  const line = JSON.stringify({ at: new Date().toISOString(), elapsed, net, procs,
    loadavg: read("/proc/loadavg"), pressure: read("/proc/pressure/io") });
  try { fs.appendFileSync(traceFile, line + String.fromCharCode(10)); } catch {}
};
const kill = (root) => {
  const all = tree(root).map(({ p }) => p);
  try { process.kill(-root, "SIGKILL"); } catch {}
  for (const p of all) try { process.kill(p, "SIGKILL"); } catch {}
};
// Why first: the main thread reads it once it sees the turn taken (KILLED).
const stop = (s, t, p, why, value) => {
  reason[s] = why;
  measure[s] = value;
  if (Atomics.compareExchange(turn, s, t, KILLED) === t) kill(p);
};
const aborted = () => {
  for (let message; (message = receiveMessageOnPort(port)) !== undefined; ) {
    const { id, flag } = message.message;
    if (flag === undefined) flags.delete(id);
    else flags.set(id, new Int32Array(flag));
  }
  for (const flag of flags.values()) if (Atomics.load(flag, 0) !== 0) return true;
  return false;
};
for (;;) {
  if (Atomics.load(live, 0) === 0) {
    Atomics.wait(live, 0, 0);
    continue;
  }
  const now = performance.now();
  const used = Atomics.load(live, 1);
  const abort = aborted();
  for (let s = 0; s < used; s++) {
    // The slot's player, its pid and its turn, all of one player (the slot taken again meanwhile:
    // looked at next time).
    const o = Atomics.load(occupant, s);
    const p = Atomics.load(pid, s);
    if (p === 0) { seen[s] = -2; continue; }
    const t = Atomics.load(turn, s);
    if (Atomics.load(occupant, s) !== o) continue;
    if (o !== seenOccupant[s]) {
      seenOccupant[s] = o;
      seen[s] = -2;
    }
    if ((t & 1) === 1) {
      if (abort) stop(s, t, p, 3, 0);
      else if (t !== seen[s]) {
        seen[s] = t;
        since[s] = now;
        cpuBase[s] = Number.isFinite(cpuLimit[s]) ? usage(p, 0).cpuMs : 0;
        waitBase[s] = waits(p);
      } else {
        const elapsed = now - since[s];
        const checkUsage = Number.isFinite(cpuLimit[s]) || Number.isFinite(memoryLimit[s]);
        const use = checkUsage ? usage(p, plumbing[s]) : undefined;
        if (use !== undefined && use.cpuMs - cpuBase[s] > cpuLimit[s]) stop(s, t, p, 1, use.cpuMs - cpuBase[s]);
        else if (use !== undefined && use.rssBytes > memoryLimit[s]) stop(s, t, p, 2, use.rssBytes);
        else if (elapsed >= limit[s]) {
          const net = elapsed - waitedSince(p, waitBase[s]);
          if (net >= limit[s]) {
            trace(p, elapsed, net, waitBase[s]);
            stop(s, t, p, 0, net);
          }
        }
      }
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
let port: MessagePort | undefined;
let flagIds = 0;
const control = new SharedArrayBuffer(3 * 4);
const slots = new SharedArrayBuffer(SLOTS * 76);
const live = new Int32Array(control);
const turn = new Int32Array(slots, 0, SLOTS);
const pids = new Int32Array(slots, 4 * SLOTS, SLOTS);
const stderrFds = new Int32Array(slots, 8 * SLOTS, SLOTS);
const busy = new Int32Array(slots, 12 * SLOTS, SLOTS);
const limits = new Float64Array(slots, 16 * SLOTS, SLOTS);
const keptBytes = new Float64Array(slots, 24 * SLOTS, SLOTS);
const droppedBytes = new Float64Array(slots, 32 * SLOTS, SLOTS);
const cpuLimits = new Float64Array(slots, 40 * SLOTS, SLOTS);
const memoryLimits = new Float64Array(slots, 48 * SLOTS, SLOTS);
const measures = new Float64Array(slots, 56 * SLOTS, SLOTS);
const reasons = new Int32Array(slots, 64 * SLOTS, SLOTS);
const occupants = new Int32Array(slots, 68 * SLOTS, SLOTS);
const plumbingLevels = new Int32Array(slots, 72 * SLOTS, SLOTS);
const free: number[] = [];

/**
 * Starts the watchdog's worker thread if it is not running (once per process; it does not keep
 * the process alive). Resolves once it runs.
 */
export function startWatchdog(): Promise<void> {
  if (online !== undefined) return online;
  const channel = new MessageChannel();
  port = channel.port1;
  port.unref();
  const thread = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { control, slots, port: channel.port2, SLOTS, POLL_MS, STDERR_SLACK, KILLED },
    transferList: [channel.port2],
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
 * Stops every C++ player of this thread whose turn is pending once `flag` (an `Int32Array`'s
 * first word) is not zero: a match aborted by another thread (a pool's) while this thread is
 * blocked in a player's turn. Returns the function that stops watching the flag.
 */
export function stopPlayersOnAbort(flag: SharedArrayBuffer): () => void {
  const id = flagIds++;
  void startWatchdog().then(() => port?.postMessage({ id, flag }));
  return () => port?.postMessage({ id });
}

/** The limits of a turn, for the worker (each `Infinity` when there is none). */
export interface TurnLimits {
  /** Wall-clock time, less what the player waited for a CPU (ms). */
  wallMs: number;
  /** CPU time of the player's process tree during the turn (ms). */
  cpuMs: number;
  /** Resident memory of the player's processes (bytes; not the box's own, see `Watch`). */
  memoryBytes: number;
}

/**
 * A watched player: `begin` before its turn's reply is awaited, `end` after it came. The worker
 * SIGKILLs the process tree of `pid` if a turn stays pending past its limits.
 */
export class Watch {
  private readonly slot: number;
  private value = 0;
  private released = false;

  /**
   * `stderrFd`: the player's stderr file (kept at `keptBytes` + a slack), or -1. `boxLevels`:
   * how many levels of the tree below `pid` (itself the first) are the box's own processes
   * (`BOX_LEVELS`; 0 for a player run as `pid`): they count for its CPU time, not its memory.
   */
  constructor(pid: number, stderrFd: number, stderrKept: number, boxLevels = 0) {
    const slot = free.pop() ?? Atomics.load(live, 1);
    if (slot >= SLOTS) throw new Error(`more than ${SLOTS} C++ players at once`);
    this.slot = slot;
    Atomics.store(turn, slot, 0);
    Atomics.add(occupants, slot, 1);
    limits[slot] = Number.POSITIVE_INFINITY;
    cpuLimits[slot] = Number.POSITIVE_INFINITY;
    memoryLimits[slot] = Number.POSITIVE_INFINITY;
    Atomics.store(stderrFds, slot, stderrFd);
    keptBytes[slot] = stderrKept;
    plumbingLevels[slot] = boxLevels;
    droppedBytes[slot] = 0;
    Atomics.store(pids, slot, pid);
    if (slot === Atomics.load(live, 1)) Atomics.store(live, 1, slot + 1);
    Atomics.add(live, 0, 1);
    Atomics.notify(live, 0);
  }

  /** A turn starts: the player is stopped past `turn`'s limits. */
  begin(turnLimits: TurnLimits): void {
    limits[this.slot] = turnLimits.wallMs;
    cpuLimits[this.slot] = turnLimits.cpuMs;
    memoryLimits[this.slot] = turnLimits.memoryBytes;
    this.value += 1;
    Atomics.store(turn, this.slot, this.value);
  }

  /** The turn ended: false when the watchdog stopped the player first. */
  end(): boolean {
    const pending = this.value;
    this.value += 1;
    return Atomics.compareExchange(turn, this.slot, pending, this.value) === pending;
  }

  /**
   * Why the worker stopped the player (after `end()` said it did) and what it measured: the wall
   * time less the waits (ms), the CPU time of the turn (ms) or the resident bytes.
   */
  stopped(): { reason: StopReason; measure: number } {
    return { reason: REASONS[reasons[this.slot]!] ?? "wall", measure: measures[this.slot]! };
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
