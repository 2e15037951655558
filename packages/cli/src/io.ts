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

/** The process's real streams. */
export function processIo(): CliIo {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    interactive: Boolean(process.stderr.isTTY),
    cwd: process.cwd(),
  };
}
