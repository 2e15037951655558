// Node-only: the process groups of live bots, killed when this process exits or is told to stop.
import { readdirSync, readFileSync } from "node:fs";

/** Process groups of live bots, killed when this process exits or is told to stop. */
const liveGroups = new Set<number>();
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

/**
 * Kills every process whose environment holds `token` (`ARENA_BOT=<token>`, given to each
 * external bot): its descendants that left its process group (`setsid`, `set -m`) and were
 * re-parented away. A process that clears its environment before it double-forks still escapes:
 * `--sandbox` (a PID namespace) is the guarantee.
 */
export function killByToken(token: string): void {
  if (process.platform !== "linux") return;
  const needle = Buffer.from(`ARENA_BOT=${token}\0`);
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
      if (readFileSync(`/proc/${name}/environ`).includes(needle)) process.kill(pid, "SIGKILL");
    } catch {
      // gone, or not ours to read
    }
  }
}

function killAllGroups(): void {
  for (const pid of liveGroups) killGroup(pid);
  liveGroups.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  killAllGroups();
  // Restore the default behaviour and re-raise, so the process ends as it would have.
  removeHooks();
  process.kill(process.pid, signal);
}

const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/** Tracks the process group led by `pid` (killed if this process exits or is stopped). */
export function trackGroup(pid: number): void {
  installHooks();
  liveGroups.add(pid);
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
