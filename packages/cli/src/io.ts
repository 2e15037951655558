import { systemReason } from "./errors";

/** Where the cli writes: injectable so tests can capture output without spawning processes. */
export interface CliIo {
  /** Writes to standard output. */
  out(text: string): void;
  /** Writes to standard error. */
  err(text: string): void;
  /** True when standard error is a terminal (progress is shown only then). */
  readonly interactive: boolean;
  /** The directory relative paths are read from. */
  readonly cwd: string;
}

/**
 * The exit code when standard output cannot be written (a closed pipe, a full disk): the output
 * is the user's environment, not a bug, so it is 2 with one line on stderr, never a stack trace.
 */
export const OUTPUT_FAILED_EXIT = 2;

/**
 * The process's real streams. A write error on stdout (EPIPE when the reader went away, ENOSPC
 * on a full disk, EIO) ends the process with one line on stderr and exit code 2; external bots
 * are killed by core's exit hook.
 */
export function processIo(): CliIo {
  let failed = false;
  const onError = (error: NodeJS.ErrnoException): void => {
    if (failed) return;
    failed = true;
    try {
      process.stderr.write(`arena: cannot write to standard output: ${systemReason(error.code)}\n`);
    } catch {
      // stderr is gone too: the exit code says it.
    }
    process.exit(OUTPUT_FAILED_EXIT);
  };
  process.stdout.on("error", onError);
  process.stderr.on("error", () => {
    // Nowhere left to report to; stdout's result and the exit code still stand.
  });
  return {
    out: (text) => {
      if (!failed) process.stdout.write(text);
    },
    err: (text) => process.stderr.write(text),
    interactive: Boolean(process.stderr.isTTY),
    cwd: process.cwd(),
  };
}
