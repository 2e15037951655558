// Node-only: keeps a thread, and the processes it starts from then on, on one CPU (Linux). A
// match of C++ players is a strict alternation: this thread writes a turn and blocks in the read
// of the reply while the player computes, then the player blocks while this thread plays the
// round. On two CPUs each hand-over wakes the other CPU, which on a virtual machine whose idle
// CPUs halt costs tens of microseconds a turn (Bola de Drac's 40 000 turns: more than a second).
// On one CPU a hand-over is a switch between two runnable tasks, as in the original engine, which
// ran the players in its own process.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** The CPUs a task may run on, from its `/proc/…/status` (`Cpus_allowed_list: 0-3,6`). */
function allowedCpus(statusFile: string): number[] {
  const status = readFileSync(statusFile, "latin1");
  const list = /^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1] ?? "";
  const cpus: number[] = [];
  for (const range of list.split(",")) {
    const [from, to] = range.split("-").map(Number);
    if (from === undefined || !Number.isInteger(from)) continue;
    for (let cpu = from; cpu <= (to ?? from); cpu++) cpus.push(cpu);
  }
  return cpus;
}

/** Sets the CPUs of task `task` (a list such as `0-3,6`): whether it was done. */
function taskset(cpus: string, task: string): boolean {
  return spawnSync("taskset", ["-p", "-c", cpus, task], { stdio: "ignore" }).status === 0;
}

/** The CPU this thread last ran on (`/proc/thread-self/stat`, field 39). */
function currentCpu(): number | undefined {
  const stat = readFileSync("/proc/thread-self/stat", "latin1");
  // Fields after the command (which may contain spaces), counted from field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const cpu = Number(fields[39 - 3]);
  return Number.isInteger(cpu) ? cpu : undefined;
}

/** The tasks' ids of a process (empty when it is gone). */
function tasks(pid: number | string): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

/** The processes `parent` started (its tasks' children, as `/proc` lists them). */
export function childrenOf(parent: number): string[] {
  const children: string[] = [];
  for (const task of tasks(parent)) {
    try {
      const list = readFileSync(`/proc/${parent}/task/${task}/children`, "latin1");
      for (const pid of list.split(" ")) if (pid !== "") children.push(pid);
    } catch {
      // A task that ended.
    }
  }
  return children;
}

/**
 * The CPUs that tasks of `processes` other than `except` are kept on (allowed on that CPU
 * alone): how many are kept on each.
 */
export function keptCpus(processes: Iterable<string>, except: string): Map<number, number> {
  const kept = new Map<number, number>();
  for (const pid of processes) {
    for (const task of tasks(pid)) {
      if (task === except) continue;
      try {
        const cpus = allowedCpus(`/proc/${pid}/task/${task}/status`);
        if (cpus.length === 1) kept.set(cpus[0]!, (kept.get(cpus[0]!) ?? 0) + 1);
      } catch {
        // A task that ended.
      }
    }
  }
  return kept;
}

/**
 * Of the `allowed` CPUs, the one to keep a thread on: among those the fewest other tasks are
 * kept on (`kept`), the one it runs on `now` if it is one of them, else the first.
 */
export function chooseCpu(
  allowed: readonly number[],
  kept: ReadonlyMap<number, number>,
  now: number | undefined,
): number {
  const load = (cpu: number) => kept.get(cpu) ?? 0;
  const least = Math.min(...allowed.map(load));
  return now !== undefined && allowed.includes(now) && load(now) === least
    ? now
    : allowed.find((cpu) => load(cpu) === least)!;
}

/** The CPU this thread is kept on, and the CPUs it had before (`taskset`'s list). */
let keptOn: number | undefined;
let before: string | undefined;

/**
 * Keeps this thread on one CPU, and with it every process it starts from then on (a child
 * inherits its parent thread's CPUs): the CPU it runs on now, unless another thread of this
 * process or of a process beside it is kept there and another allowed CPU is free. Returns the
 * CPU, or undefined where it cannot be done (not Linux, no `taskset` from util-linux, no
 * `/proc`); once done, later calls return the same CPU at no cost. The thread stays there: call
 * it in a process or worker thread that plays matches of C++ players (`arena play` does, when a
 * seat is one), or give the thread its CPUs back with `freeCpu` after the match.
 */
export function keepOnOneCpu(): number | undefined {
  if (keptOn !== undefined) return keptOn;
  if (process.platform !== "linux") return undefined;
  try {
    const self = readlinkSync("/proc/thread-self").split("/").pop()!;
    const allowed = allowedCpus("/proc/thread-self/status");
    if (allowed.length === 1) {
      keptOn = allowed[0];
      return keptOn;
    }
    // The other threads of this process, and the processes beside it (its parent's other
    // children: a pool's match processes, a shell's background jobs).
    const beside = new Set([String(process.pid), ...childrenOf(process.ppid)]);
    const cpu = chooseCpu(allowed, keptCpus(beside, self), currentCpu());
    if (!taskset(String(cpu), self)) return undefined;
    keptOn = cpu;
    before = allowed.join(",");
    return cpu;
  } catch {
    return undefined;
  }
}

/** The CPU `keepOnOneCpu` keeps this thread on, or undefined. */
export function keptCpu(): number | undefined {
  return keptOn;
}

/**
 * Gives this thread back the CPUs it had before `keepOnOneCpu` (the processes it started
 * meanwhile stay on the one CPU). Nothing when it is not kept on one.
 */
export function freeCpu(): void {
  const cpus = before;
  keptOn = undefined;
  before = undefined;
  if (cpus === undefined) return;
  try {
    taskset(cpus, readlinkSync("/proc/thread-self").split("/").pop()!);
  } catch {
    // No /proc: nothing was kept either.
  }
}
