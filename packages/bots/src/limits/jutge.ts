// The limits Jutge's SecGame gave every player of a Joc d'EDA game (one table, for native C++
// players here and for any other kind of player that runs students' code the same way).
import type { Budget } from "@arena/core";
import { mebibytes, type ProcessLimits } from "./process-limits";

/**
 * Jutge's per-process limits of a player (SecGame): 64 MB of address space and of stack, 8 open
 * files, one process, 32 MB of file output; 3 s of CPU time for the whole match (the kernel's
 * soft limit; 4 s hard); killed when one move takes more than 6 s of wall-clock time; what the
 * player writes on stdout is swallowed.
 */
export const JUTGE_LIMITS = {
  /** Address space, bytes. */
  addressSpaceBytes: mebibytes(64),
  /** Stack, bytes. */
  stackBytes: mebibytes(64),
  /** Open files. */
  openFiles: 8,
  /** Processes (the player itself). */
  processes: 1,
  /** Largest file written, bytes. */
  fileSizeBytes: mebibytes(32),
  /** CPU time for the whole match, ms (soft limit: the player is frozen past it). */
  matchCpuMs: 3000,
  /** CPU time at which the kernel kills the process, ms (hard limit). */
  matchCpuHardMs: 4000,
  /** Wall-clock time one move may take, ms. */
  moveWallMs: 6000,
  /** What happens to the player's stdout. */
  stdout: "swallowed",
} as const;

/**
 * How far past Jutge's CPU-time limits the kernel's own limits (`RLIMIT_CPU`) are set (ms). The
 * kernel counts a process's CPU time for that limit at the clock tick: the process running at a
 * tick is charged the whole tick, and a CPU-bound player sharing its CPU with short-lived tasks
 * (on a busy machine) is charged their time too. Seen here: a player whose own clock said 2.52 s
 * (2.7 s on a CPU shared with six tasks waking every 50 µs) got SIGXCPU at a 3 s limit, 4 runs of
 * 4. arena's budget (`JUTGE_BUDGET`), counted by the player's precise clock, freezes it at Jutge's
 * 3 s; the kernel's limit is the backstop behind it.
 */
export const KERNEL_CPU_SLACK_MS = 1000;

/** `JUTGE_LIMITS` as the kernel's limits of the player's process (the CPU time's a backstop). */
export const JUTGE_PROCESS_LIMITS: ProcessLimits = {
  addressSpaceBytes: JUTGE_LIMITS.addressSpaceBytes,
  stackBytes: JUTGE_LIMITS.stackBytes,
  openFiles: JUTGE_LIMITS.openFiles,
  processes: JUTGE_LIMITS.processes,
  fileSizeBytes: JUTGE_LIMITS.fileSizeBytes,
  coreBytes: 0,
  cpuMs: JUTGE_LIMITS.matchCpuMs + KERNEL_CPU_SLACK_MS,
  cpuHardMs: JUTGE_LIMITS.matchCpuHardMs + KERNEL_CPU_SLACK_MS,
};

/**
 * `JUTGE_LIMITS` as a match budget (core's `Budget`): 3 s of CPU time for the whole match, no
 * limit per turn, 6 s of wall-clock time per move (the safety net).
 */
export const JUTGE_BUDGET: Budget = {
  totalMs: JUTGE_LIMITS.matchCpuMs,
  wallMs: JUTGE_LIMITS.moveWallMs,
};
