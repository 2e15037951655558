// Node-only (Linux): the CPU time and memory of a bot's process tree, read from /proc.
import { closeSync, openSync, readFileSync, readSync } from "node:fs";

/** CPU time and resident memory of a process tree at one moment. */
export interface ProcessUsage {
  /** User + system CPU time of every process of the tree, reaped children included, in ms. */
  cpuMs: number;
  /** Resident memory of the bot's processes (the tree's, less its box's own levels), in bytes. */
  rssBytes: number;
  /** Processes counted. */
  processes: number;
}

/** Clock ticks per second of `/proc/<pid>/stat` times (USER_HZ: 100 on every Linux build). */
export const CLOCK_TICKS_PER_SECOND = 100;
/** Resolution of the CPU times read from `/proc`: one clock tick, in ms. */
export const CPU_TICK_MS = 1000 / CLOCK_TICKS_PER_SECOND;
const PAGE_BYTES = 4096;
/** How often the tree below the root is looked for again (ms); its members are read every time. */
const WALK_EVERY_MS = 100;

const buffer = Buffer.alloc(2048);

/**
 * Parses `/proc/<pid>/stat`: utime + stime + cutime + cstime (fields 14–17, in clock ticks; the
 * `c` fields are the children it has reaped) and rss (field 24, in pages). The command name in
 * field 2 may hold spaces and parentheses, so fields are counted from the last ')'. Scans the
 * bytes once, without splitting the text (it is read once per turn of every external bot).
 */
function parseStat(bytes: Buffer, length: number): { ticks: number; rssPages: number } | undefined {
  let at = bytes.lastIndexOf(41 /* ) */, length - 1);
  if (at < 0) return undefined;
  // After ") " comes field 3 (state).
  at += 2;
  let field = 3;
  let ticks = 0;
  let value = 0;
  for (; at < length && field <= 24; at++) {
    const c = bytes[at]!;
    if (c === 32 /* space */ || c === 10) {
      if (field >= 14 && field <= 17) ticks += value;
      else if (field === 24) return { ticks, rssPages: value };
      field++;
      value = 0;
    } else if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
  }
  if (field === 24) return { ticks, rssPages: value };
  return undefined;
}

/** `/proc/<pid>/stat`, kept open: each read is one `pread`. */
class StatFile {
  private fd: number | undefined;
  /** `/proc/<pid>/schedstat`, opened when first read (`waitedMs`). */
  private sched: number | undefined;
  /** Its level in the tree (the root's 0), as last found. */
  level = 0;

  constructor(readonly pid: number) {
    try {
      this.fd = openSync(`/proc/${pid}/stat`, "r");
    } catch {
      this.fd = undefined;
    }
  }

  /**
   * The time its main thread has spent waiting for a CPU (runnable, not running), in ms, from
   * `/proc/<pid>/schedstat` (its second field, in ns); undefined where the kernel does not keep it.
   */
  waitedMs(): number | undefined {
    try {
      this.sched ??= openSync(`/proc/${this.pid}/schedstat`, "r");
      const length = readSync(this.sched, buffer, 0, buffer.length, 0);
      const fields = buffer.toString("latin1", 0, length).split(" ");
      const ns = Number(fields[1]);
      return Number.isFinite(ns) ? ns / 1e6 : undefined;
    } catch {
      return undefined;
    }
  }

  get open(): boolean {
    return this.fd !== undefined;
  }

  read(): { ticks: number; rssPages: number } | undefined {
    if (this.fd === undefined) return undefined;
    try {
      const length = readSync(this.fd, buffer, 0, buffer.length, 0);
      return length === 0 ? undefined : parseStat(buffer, length);
    } catch {
      return undefined; // the process has exited
    }
  }

  close(): void {
    for (const fd of [this.fd, this.sched]) {
      if (fd === undefined) continue;
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
    }
    this.fd = undefined;
    this.sched = undefined;
  }
}

/** Children started by the main thread of `pid` (the only one that forks in Node and most programs). */
function childrenOf(pid: number): number[] {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, "latin1").trim();
    return text === "" ? [] : text.split(" ").map(Number);
  } catch {
    return [];
  }
}

/**
 * Reads the usage of the process `pid` and, with `tree`, of all its descendants (found through
 * `/proc/<pid>/task/<tid>/children`, looked for again every 100 ms or when one exits). A process
 * that has exited is not counted (its time went to its parent's `c` fields when it was reaped).
 * The first `boxLevels` levels (`BOX_LEVELS` for a bot in its box: `timeout`, bubblewrap, its
 * init) count for CPU time, not for resident memory: their few MiB are the box's, not the bot's.
 * `read()` returns undefined when `pid` itself is gone or `/proc` is not available.
 */
export class ProcessUsageReader {
  private readonly root: StatFile;
  private descendants: StatFile[] = [];
  private walkedAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly pid: number,
    private readonly tree: boolean,
    private readonly boxLevels = 0,
  ) {
    this.root = new StatFile(pid);
  }

  /** True when `/proc` could be read for this process (Linux). */
  get available(): boolean {
    return this.root.open;
  }

  read(): ProcessUsage | undefined {
    const root = this.root.read();
    if (root === undefined) return undefined;
    let ticks = root.ticks;
    let rssPages = this.boxLevels > 0 ? 0 : root.rssPages;
    let processes = 1;
    if (this.tree) {
      const now = performance.now();
      if (now - this.walkedAt > WALK_EVERY_MS) {
        this.walkedAt = now;
        this.walk();
      }
      for (const file of this.descendants) {
        const stat = file.read();
        if (stat === undefined) {
          this.walkedAt = Number.NEGATIVE_INFINITY;
          continue;
        }
        ticks += stat.ticks;
        if (file.level >= this.boxLevels) rssPages += stat.rssPages;
        processes++;
      }
    }
    return { cpuMs: ticks * CPU_TICK_MS, rssBytes: rssPages * PAGE_BYTES, processes };
  }

  /**
   * How long each process of the tree (by pid) has waited for a CPU, in ms (its main thread's
   * `schedstat`); empty where the kernel does not say.
   */
  waits(): Map<number, number> {
    const waits = new Map<number, number>();
    for (const file of [this.root, ...(this.tree ? this.descendants : [])]) {
      const waited = file.waitedMs();
      if (waited !== undefined) waits.set(file.pid, waited);
    }
    return waits;
  }

  /** Finds the descendants again, keeping the stat files already open. */
  private walk(): void {
    const old = new Map(this.descendants.map((file) => [file.pid, file]));
    const found: StatFile[] = [];
    const pending = childrenOf(this.pid).map((pid) => ({ pid, level: 1 }));
    const seen = new Set<number>([this.pid]);
    while (pending.length > 0) {
      const { pid, level } = pending.pop()!;
      if (seen.has(pid)) continue;
      seen.add(pid);
      const file = old.get(pid) ?? new StatFile(pid);
      old.delete(pid);
      file.level = level;
      found.push(file);
      for (const child of childrenOf(pid)) pending.push({ pid: child, level: level + 1 });
    }
    for (const file of old.values()) file.close();
    this.descendants = found;
  }

  close(): void {
    this.root.close();
    for (const file of this.descendants) file.close();
    this.descendants = [];
  }
}
