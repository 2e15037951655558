// The kernel's limits of each kind of bot process in its box (the defaults; `--limits jutge`
// gives C++ players Jutge's instead: ./jutge.ts).
import { mebibytes, type ProcessLimits } from "./process-limits";

/** Size of a bot's private scratch directory (`/tmp` in its box, a tmpfs), bytes. */
export const SCRATCH_BYTES = mebibytes(64);

/**
 * The largest file a bot process may write (its scratch directory is smaller: writing there
 * fails with "no space left" first; a C++ player's stderr is a file arena keeps cut back).
 */
const FILE_SIZE_BYTES = mebibytes(256);

/** Open files, processes (threads included) and file size every bot process may have. */
const COMMON: ProcessLimits = {
  openFiles: 256,
  processes: 64,
  fileSizeBytes: FILE_SIZE_BYTES,
  coreBytes: 0,
};

/**
 * A module bot's host process (Node): its data segment capped at its memory cap + 256 MiB (a
 * huge `Buffer` fails at once; Node reserves address space it never uses, so the address space
 * itself is not capped), besides the heap cap and the resident-size watch.
 */
export const moduleHostLimits = (memoryMiB: number): ProcessLimits => ({
  ...COMMON,
  dataBytes: mebibytes(memoryMiB + 256),
});

/**
 * An `exec:` program (any runtime: a JVM or Node reserve much address space, so the data segment
 * is capped, at twice the memory cap + 256 MiB: the resident-size watch is the limit, this the
 * kernel's backstop against a burst between two looks).
 */
export const programLimits = (memoryMiB: number): ProcessLimits => ({
  ...COMMON,
  dataBytes: mebibytes(2 * memoryMiB + 256),
});

/** A C++ player: a plain native program, its address space capped at its memory cap. */
export const cppPlayerLimits = (memoryMiB: number): ProcessLimits => ({
  addressSpaceBytes: mebibytes(memoryMiB),
  openFiles: 64,
  processes: 16,
  fileSizeBytes: FILE_SIZE_BYTES,
  coreBytes: 0,
});

/**
 * The compiler (g++, each of its processes: cc1plus, as, ld): 2 GiB of address space, 60 s of
 * CPU time (65 s: killed), files of at most 256 MiB; plus `COMPILE_WALL_MS` of wall-clock time
 * for the whole compilation and `COMPILE_OUTPUT_BYTES` of messages.
 */
export const COMPILER_LIMITS: ProcessLimits = {
  addressSpaceBytes: mebibytes(2048),
  cpuMs: 60_000,
  cpuHardMs: 65_000,
  fileSizeBytes: mebibytes(256),
  openFiles: 256,
  processes: 16,
  coreBytes: 0,
};

/**
 * @yowasp/clang (LLVM compiled to WebAssembly, run by Node in a process of its own for each step):
 * V8 reserves far more address space than it uses (a WebAssembly memory's guard regions), so its
 * data segment is capped instead, at 2 GiB — what a memory of LLVM can grow to, plus Node's
 * own (a compile bomb's `memory.grow` fails there); 300 s of CPU time (LLVM runs ≈ 6 times
 * slower as WebAssembly than Debian's clang), files of at most 256 MiB, Node's threads.
 */
export const YOWASP_COMPILER_LIMITS: ProcessLimits = {
  dataBytes: mebibytes(2048),
  cpuMs: 300_000,
  cpuHardMs: 305_000,
  fileSizeBytes: mebibytes(256),
  openFiles: 256,
  processes: 64,
  coreBytes: 0,
};

/** Wall-clock time a compilation may take (a compiler that blocks; CPU time is the limit). */
export const COMPILE_WALL_MS = 600_000;
/** Bytes of messages a compilation may print. */
export const COMPILE_OUTPUT_BYTES = mebibytes(1);
