// Node-only: opening the files arena writes (replays, `.res` files, results, logs, pages) without
// writing through a symbolic link it did not create, and without leaving half-written files.
import {
  closeSync,
  constants,
  lstatSync,
  openSync,
  readlinkSync,
  renameSync,
  type Stats,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { ArenaError } from "../engine/errors";
import { systemReason } from "./system-reason";

/** How an output path is written: absent or a regular file, or a device or pipe as it is. */
export type OutputKind = "file" | "special";

/** Where to name an output in errors. */
export interface OutputNames {
  /** What the file is, for errors: `the replay`, `--out`, … */
  what: string;
  /** The path as the user gave it (default: the path). */
  shown?: string;
}

const statOrUndefined = (stat: (path: string) => Stats, path: string): Stats | undefined => {
  try {
    return stat(path);
  } catch {
    return undefined;
  }
};

/** Links the system makes (`/dev/stdout` → `/proc/self/fd/1`, `/dev/fd/3`): written through. */
const systemLink = (path: string): boolean => /^\/(dev|proc)\//.test(path);

/**
 * Checks an output path before anything is written: a symbolic link is refused (`BAD_OUTPUT`,
 * naming its target) unless it is one the system made (under `/dev` or `/proc`, such as
 * `/dev/stdout`) or leads to a device or a pipe; a directory is refused. Returns `special` for a
 * device or pipe (written as it is, never replaced), `file` otherwise (absent or a regular file).
 */
export function checkOutputPath(path: string, names: OutputNames): OutputKind {
  const file = { file: names.shown ?? path };
  const link = statOrUndefined(lstatSync, path);
  if (link === undefined) return "file";
  const target = link.isSymbolicLink() ? statOrUndefined(statSync, path) : link;
  if (target?.isDirectory()) {
    throw new ArenaError("BAD_OUTPUT", `${names.what} is a directory, not a file`, file);
  }
  if (link.isSymbolicLink()) {
    const special = target !== undefined && !target.isFile();
    if (special || systemLink(path)) return "special";
    let to = "";
    try {
      to = ` (to ${readlinkSync(path)})`;
    } catch {
      // Gone meanwhile: the message still says what it was.
    }
    throw new ArenaError(
      "BAD_OUTPUT",
      `${names.what} is a symbolic link${to}; arena does not write through a link it did not create: remove the link or name another file`,
      file,
    );
  }
  return link.isFile() ? "file" : "special";
}

/** The error of a failed open or write of an output, naming it (a link swapped in: `BAD_OUTPUT`). */
export function outputError(error: unknown, path: string, names: OutputNames): ArenaError {
  if (error instanceof ArenaError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const file = { file: names.shown ?? path };
  if (code === "ELOOP" || code === "EEXIST") {
    return new ArenaError(
      "BAD_OUTPUT",
      `${names.what} changed while arena opened it (${code === "ELOOP" ? "a symbolic link" : "a file"} appeared there); arena does not write through a link it did not create`,
      file,
    );
  }
  return new ArenaError("CANNOT_WRITE", `cannot write ${names.what}: ${systemReason(code)}`, file);
}

/**
 * Opens an output file for writing (created, truncated unless `append`): a regular file is opened
 * with `O_NOFOLLOW`, so a link put in its place meanwhile is refused too; a device or pipe as it
 * is. `read` opens it for reading as well. Throws `BAD_OUTPUT` / `CANNOT_WRITE` naming the file.
 */
export function openOutputFile(
  path: string,
  names: OutputNames,
  options: { append?: boolean; read?: boolean } = {},
): number {
  const kind = checkOutputPath(path, names);
  const flags =
    (options.read ? constants.O_RDWR : constants.O_WRONLY) |
    constants.O_CREAT |
    (options.append ? constants.O_APPEND : constants.O_TRUNC) |
    (kind === "file" ? constants.O_NOFOLLOW : 0);
  try {
    return openSync(path, flags, 0o666);
  } catch (error) {
    throw outputError(error, path, names);
  }
}

/**
 * Creates `partialPath` afresh for an output that will be renamed to `finalPath` once complete:
 * `finalPath` is checked (`checkOutputPath`), what is at `partialPath` (a file left by a killed
 * run, or a link someone put there) is removed, and the file is created with `O_EXCL` and
 * `O_NOFOLLOW`: arena writes only into a file it has just made. Throws `BAD_OUTPUT` for a link
 * (also one that appears meanwhile), and the system's error otherwise (the caller names it).
 */
export function openPartialFile(
  partialPath: string,
  finalPath: string,
  names: OutputNames,
): number {
  checkOutputPath(finalPath, names);
  const there = statOrUndefined(lstatSync, partialPath);
  try {
    if (there !== undefined && !there.isDirectory()) unlinkSync(partialPath);
    return openSync(
      partialPath,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o666,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP" || code === "EEXIST") throw outputError(error, finalPath, names);
    throw error;
  }
}

/** Removes `path` if it is there (a partial output after a failure); never throws. */
export function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone, or never made.
  }
}

/** Writes all of `data` to `fd` (a write may take less than asked). */
export function writeFully(fd: number, data: Uint8Array): void {
  for (let done = 0; done < data.length; ) done += writeSync(fd, data, done, data.length - done);
}

let temporaries = 0;

/**
 * Writes an output file whole or not at all: into a temporary file beside it (created with
 * `O_EXCL | O_NOFOLLOW`), renamed over `path` once written, removed if anything fails. A device
 * or pipe (`/dev/stdout`, a FIFO) is written as it is. Throws `BAD_OUTPUT` (a symbolic link, a
 * directory) or `CANNOT_WRITE` (a full disk, …) naming the file.
 */
export function writeFileAtomically(
  path: string,
  data: string | Uint8Array,
  names: OutputNames,
): void {
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  if (checkOutputPath(path, names) === "special") {
    const fd = openOutputFile(path, names);
    try {
      writeFully(fd, bytes);
    } catch (error) {
      throw outputError(error, path, names);
    } finally {
      closeSync(fd);
    }
    return;
  }
  const temporary = join(
    dirname(path),
    `.${basename(path)}.${process.pid}.${++temporaries}.${Date.now().toString(36)}.tmp`,
  );
  try {
    const fd = openSync(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o666,
    );
    try {
      writeFully(fd, bytes);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    removeQuietly(temporary);
    throw outputError(error, path, names);
  }
}
