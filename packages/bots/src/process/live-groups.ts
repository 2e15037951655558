// Node-only: the process groups of live bots, killed when this process exits or is told to stop.
import { readdirSync, readFileSync } from "node:fs";

/**
 * Live bots (the pid of each one's process, or of its group's leader) and the `ARENA_BOT` token
 * of its environment, killed when this process exits or is told to stop.
 */
const liveGroups = new Map<number, string | undefined>();
let hooksInstalled = false;

/** Kills the process group led by `pid`, and `pid` itself. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/** The descendants of `pid` (children first found through `/proc/<pid>/task/<tid>/children`). */
function descendantsOf(pid: number): number[] {
  const found: number[] = [];
  const pending = [pid];
  while (pending.length > 0 && found.length < 10_000) {
    const parent = pending.pop()!;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      let text = "";
      try {
        text = readFileSync(`/proc/${parent}/task/${task}/children`, "latin1").trim();
      } catch {
        // gone
      }
      if (text === "") continue;
      for (const child of text.split(" ")) {
        found.push(Number(child));
        pending.push(Number(child));
      }
    }
  }
  return found;
}

/**
 * Kills `pid`, its process group if it leads one, and every descendant still attached to it
 * (found through `/proc` before anything is killed). Descendants that were re-parented away
 * (`setsid -f`, a double fork) are found by their token: `killByToken`.
 */
export function killTree(pid: number): void {
  const descendants = process.platform === "linux" ? descendantsOf(pid) : [];
  killGroup(pid);
  for (const child of descendants) {
    try {
      process.kill(child, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

/**
 * Kills every process whose environment holds one of `tokens` (`ARENA_BOT=<token>`, given to
 * each external bot): its descendants that left its process tree (`setsid -f`, a double fork)
 * and were re-parented away. A process that clears its environment before it double-forks still
 * escapes: `--sandbox` (a PID namespace) is the guarantee. One scan of `/proc` for all tokens.
 */
export function killByToken(...tokens: string[]): void {
  if (process.platform !== "linux" || tokens.length === 0) return;
  const needles = tokens.map((token) => Buffer.from(`ARENA_BOT=${token}\0`));
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return;
  }
  for (const name of names) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${name}/environ`);
      if (needles.some((needle) => environ.includes(needle))) process.kill(pid, "SIGKILL");
    } catch {
      // gone, or not ours to read
    }
  }
}

function killAllGroups(): void {
  const tokens: string[] = [];
  for (const [pid, token] of liveGroups) {
    killTree(pid);
    if (token !== undefined) tokens.push(token);
  }
  liveGroups.clear();
  killByToken(...tokens);
}

function onSignal(signal: NodeJS.Signals): void {
  killAllGroups();
  // Restore the default behaviour and re-raise, so the process ends as it would have.
  removeHooks();
  process.kill(process.pid, signal);
}

const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * Tracks the bot process `pid` (killed with its group and descendants if this process exits or is
 * stopped), and the processes carrying its `token`.
 */
export function trackGroup(pid: number, token?: string): void {
  installHooks();
  liveGroups.set(pid, token);
}

/** Stops tracking the group of `pid` (it has ended). */
export function untrackGroup(pid: number): void {
  liveGroups.delete(pid);
  if (liveGroups.size === 0) removeHooks();
}

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on("exit", killAllGroups);
  for (const signal of signals) process.on(signal, onSignal);
}

function removeHooks(): void {
  if (!hooksInstalled) return;
  hooksInstalled = false;
  process.off("exit", killAllGroups);
  for (const signal of signals) process.off(signal, onSignal);
}
