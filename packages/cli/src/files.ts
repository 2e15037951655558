import { statSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import {
  ArenaError,
  checkOutputPath,
  MAX_INPUT_BYTES,
  readInputFile as readBoundedFile,
  writeFileAtomically,
} from "@arena/core";
import { formatBytes } from "./format";

/** Largest input file the cli reads, and largest size it inflates a gzipped one to (core's). */
export { MAX_INPUT_BYTES };

/**
 * How far a gzipped input of `compressed` bytes may inflate: 100 times its size (text such as
 * traces and `.res` files compresses 10–40 times), at least 32 MiB, at most `MAX_INPUT_BYTES`.
 */
export function inflateCap(compressed: number): number {
  return Math.min(MAX_INPUT_BYTES, Math.max(32 * 1024 * 1024, 100 * compressed));
}

/**
 * Gunzips `bytes` read from `path`, refusing (with `ArenaError` `TOO_LARGE`) data that inflates
 * past `inflateCap` — a decompression bomb is stopped by zlib's `maxOutputLength`, not after
 * the memory is spent — and naming the file when the data is corrupt.
 */
export function gunzipInput(bytes: Buffer, path: string, what: string): Buffer {
  const cap = inflateCap(bytes.length);
  try {
    return gunzipSync(bytes, { maxOutputLength: cap });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) {
      throw new ArenaError(
        "TOO_LARGE",
        `${what} inflates past ${formatBytes(cap)} (from ${formatBytes(bytes.length)} of gzip data); refusing it`,
        { file: path },
      );
    }
    throw new ArenaError("BAD_FILE", `${what} is corrupt gzip data`, { file: path });
  }
}

/** True when `bytes` start like gzip data. */
export const isGzip = (bytes: Uint8Array): boolean => bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * Reads a text file given on the command line, gunzipping it when it is gzip data (with the cap
 * of `gunzipInput`). `what` names the file's role in errors ("config", "trace", …).
 */
export function readInputFile(path: string, what: string, shown = path): string {
  let bytes = readInputBytes(path, `${what} file`, shown);
  if (isGzip(bytes)) bytes = gunzipInput(bytes, shown, `${what} file`);
  return bytes.toString("utf8");
}

/**
 * Reads a file given on the command line; `what` names it in the error ("config file", …).
 * Bounded (core's `readInputFile`): a regular file only, at once refused for a directory, a device
 * (`/dev/zero`), a FIFO or a socket, and no larger than `MAX_INPUT_BYTES`. Errors name `shown`
 * (the path as the user gave it).
 */
export function readInputBytes(path: string, what: string, shown = path): Buffer {
  const bytes = readBoundedFile(path, { what, shown, maxBytes: MAX_INPUT_BYTES });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** True when `path` exists and is not a regular file (a device such as /dev/null, a pipe, …). */
function isSpecialFile(path: string): boolean {
  try {
    return !statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Refuses an output path that exists and is not a regular file (`/dev/null`, `/dev/stdout`, a
 * FIFO) for the outputs core writes as `<path>.partial` renamed into place when complete (the
 * replay, the streamed `.res`): a rename would replace the device itself. A symbolic link is
 * refused too (core's `checkOutputPath`). Throws `BAD_OUTPUT`.
 */
export function checkRegularOutput(path: string, shown: string, what: string): void {
  checkOutputPath(path, { what, shown });
  if (isSpecialFile(path)) {
    throw new ArenaError(
      "BAD_OUTPUT",
      `${what} must be a regular file (it is written beside it, then renamed over it), not a device or pipe`,
      { file: shown },
    );
  }
}

/**
 * Writes an output file atomically (core's `writeFileAtomically`): the text goes to a temporary
 * file beside it, made with `O_EXCL | O_NOFOLLOW`, then renamed over `path`, so a run that fails
 * or is killed midway never leaves a half-written file in place of a good one, and a symbolic
 * link at `path` is refused, never written through. A device or pipe (`/dev/stdout`, a FIFO) is
 * written directly. Errors are one `ArenaError` (`CANNOT_WRITE`, `BAD_OUTPUT`) naming the file.
 */
export function writeOutputFile(path: string, text: string | Uint8Array, what: string): void {
  writeFileAtomically(path, text, { what: `the ${what} file` });
}
