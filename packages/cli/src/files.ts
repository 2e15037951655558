import { readFileSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { ArenaError } from "@arena/core";

/**
 * Reads a text file given on the command line, gunzipping it when it is gzip data.
 * `what` names the file's role in errors ("config", "trace", …).
 */
export function readInputFile(path: string, what: string): string {
  let bytes = readInputBytes(path, `${what} file`);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes);
    } catch {
      throw new ArenaError("BAD_FILE", `${what} file is corrupt gzip data`, { file: path });
    }
  }
  return bytes.toString("utf8");
}

/** Reads a file given on the command line; `what` names it in the error ("config file", …). */
export function readInputBytes(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : String(code);
    throw new ArenaError("NO_FILE", `cannot read ${what}: ${reason}`, { file: path });
  }
}

/** Writes an output file, turning file-system errors into one clear `ArenaError`. */
export function writeOutputFile(path: string, text: string, what: string): void {
  try {
    writeFileSync(path, text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ArenaError("CANNOT_WRITE", `cannot write ${what} file (${String(code)})`, {
      file: path,
    });
  }
}
