// Node-only: reading a file arena was handed (a replay, a config or map, a trace, a results file,
// a bot file): bounded in size, and never waiting on a device, a pipe or a FIFO with no writer.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { ArenaError } from "../engine/errors";
import { formatBytes } from "./format-bytes";
import { systemReason } from "./system-reason";

/** Largest input file arena reads (256 MiB), unless a reader asks for less. */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/** Options of `readInputFile`. */
export interface InputFileOptions {
  /** What the file is, for errors: `config file`, `replay file`, … */
  what: string;
  /** The path as the user gave it, named in errors (default: `path`). */
  shown?: string;
  /** Most bytes read (default `MAX_INPUT_BYTES`): a larger file is `TOO_LARGE`. */
  maxBytes?: number;
  /** The `ArenaError` code of a file that is missing, unreadable or not a file (default `NO_FILE`). */
  code?: string;
}

/** What a file that is not a regular file is, in words. */
function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return "a directory";
  if (stat.isFIFO()) return "a pipe (FIFO)";
  if (stat.isCharacterDevice()) return "a character device";
  if (stat.isBlockDevice()) return "a block device";
  if (stat.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * Reads the input file `path`, bounded: only a regular file (a directory, a device such as
 * `/dev/zero`, a FIFO or a socket is refused at once: opened without blocking, so a FIFO with no
 * writer does not hang), at most `maxBytes` (checked before reading, and while reading, for a
 * file that grows). Throws one `ArenaError` naming the file: `code` (default `NO_FILE`) for a file
 * that is missing, unreadable or not a regular file, `TOO_LARGE` past the cap. Typed as a
 * `Uint8Array` (a Node `Buffer` at run time), so that the package's types need no `@types/node`.
 */
export function readInputFile(path: string, options: InputFileOptions): Uint8Array {
  const { what } = options;
  const file = { file: options.shown ?? path };
  const code = options.code ?? "NO_FILE";
  const maxBytes = options.maxBytes ?? MAX_INPUT_BYTES;
  const tooLarge = (size: string) =>
    new ArenaError(
      "TOO_LARGE",
      `${what} is ${size}, more than the ${formatBytes(maxBytes)} arena reads`,
      file,
    );
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code;
    throw new ArenaError(
      code,
      `cannot read ${what}: ${reason === "ENOENT" ? "no such file" : systemReason(reason)}`,
      file,
    );
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      throw new ArenaError(
        code,
        `cannot read ${what}: it is ${kindOf(stat)}, not a regular file (arena reads its inputs from regular files only)`,
        file,
      );
    }
    if (stat.size > maxBytes) throw tooLarge(formatBytes(stat.size));
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, maxBytes + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      total += n;
      if (total > maxBytes) throw tooLarge(`more than ${formatBytes(maxBytes)}`);
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (error instanceof ArenaError) throw error;
    throw new ArenaError(
      code,
      `cannot read ${what}: ${systemReason((error as NodeJS.ErrnoException).code)}`,
      file,
    );
  } finally {
    closeSync(fd);
  }
}
