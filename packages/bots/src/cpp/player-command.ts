// Node-only: how a compiled C++ player is run — in its box by default, under the kernel's limits
// of its profile (the defaults, or Jutge's: `--limits jutge`).
import type { Budget, StartContext } from "@arena/core";
import { cppPlayerLimits, SCRATCH_BYTES } from "../limits/bot-limits";
import { JUTGE_BUDGET, JUTGE_LIMITS, JUTGE_PROCESS_LIMITS } from "../limits/jutge";
import { mebibytes, type ProcessLimits, withLimits } from "../limits/process-limits";
import { type SandboxMode, sandboxed, usesBox } from "../sandbox/sandbox";

/**
 * The limits a C++ player plays under: `default` (its memory cap as its address space, the
 * budget of the match) or `jutge` (Jutge's SecGame: `JUTGE_LIMITS`, a process per seat).
 */
export type CppLimitsProfile = "default" | "jutge";

/** Default memory cap of a C++ player (MiB): its address space. */
export const DEFAULT_CPP_MEMORY_MIB = 1024;

/** How a player's process is run. */
export interface PlayerRun {
  /** Its box (`"auto"`: wherever it can run; `false`: `--trust`). */
  sandbox: SandboxMode | undefined;
  /** Its limits' profile. */
  profile: CppLimitsProfile;
  /** Its memory cap (MiB; the default profile's address space). */
  memoryMiB: number;
}

/** The profile's default budget of a seat (the match's own budget overrides it). */
export function profileBudget(profile: CppLimitsProfile): Budget | undefined {
  return profile === "jutge" ? JUTGE_BUDGET : undefined;
}

/** The kernel's limits of the player's process under `run`, in a match with `ctx`'s budget. */
export function playerLimits(run: PlayerRun, ctx: StartContext): ProcessLimits {
  if (run.profile === "jutge") return JUTGE_PROCESS_LIMITS;
  const total = ctx.budget.totalMs;
  const grace = ctx.budget.graceMs ?? 20;
  return {
    ...cppPlayerLimits(run.memoryMiB),
    // A backstop of a total budget (arena stops the player at it, from /proc).
    ...(total !== undefined
      ? { cpuMs: total + grace + 1000, cpuHardMs: total + grace + 2000 }
      : {}),
  };
}

/** The player's memory cap as the watchdog checks it (bytes; the resident size of its processes). */
export function playerMemoryBytes(run: PlayerRun): number {
  return run.profile === "jutge" ? JUTGE_LIMITS.addressSpaceBytes : mebibytes(run.memoryMiB);
}

/**
 * The command line that runs `argv` (the player's binary, as `wrap` made it): in its box with the
 * binary readable, under `playerLimits`; without the box, under the limits of the Jutge profile
 * only (`--trust` otherwise runs the player as before, with arena's rights).
 */
export function playerCommand(
  argv: readonly string[],
  binary: string,
  run: PlayerRun,
  ctx: StartContext,
): string[] {
  const limits = playerLimits(run, ctx);
  if (!usesBox(run.sandbox)) return run.profile === "jutge" ? withLimits(argv, limits) : [...argv];
  return sandboxed(argv, {
    cwd: "/tmp",
    readable: [binary],
    scratchBytes: run.profile === "jutge" ? 0 : SCRATCH_BYTES,
    limits,
  });
}
