// Node-only: a text output file written as it goes (the original `.res` of a match being played).
import { closeSync, renameSync } from "node:fs";
import { ArenaError } from "../engine/errors";
import { openPartialFile, removeQuietly, writeFully } from "../files/output-file";

/** Text buffered before one `write` (the `.res` of one state can be a few KiB). */
const FLUSH_CHARS = 64 * 1024;

/**
 * Writes a text file piece by piece, in order, with one synchronous write per 64 KiB, so that a
 * long match's output never sits whole in memory. Like `ReplayWriter`, it writes `<path>.partial`
 * and renames it to `<path>` only on `close(true)`: a match that is interrupted never replaces an
 * existing good file, and what was written stays readable at `partialPath`.
 */
export class TextFileWriter {
  private fd: number | undefined;
  private pending: string[] = [];
  private pendingChars = 0;
  /** Where the text is written until `close(true)` (`<path>.partial`). */
  readonly partialPath: string;
  /** Whether `close(true)` renamed the file to `path`. */
  committed = false;

  private constructor(readonly path: string) {
    this.partialPath = `${path}.partial`;
    // A fresh file of arena's own (never written through a link someone put at either path).
    try {
      this.fd = openPartialFile(this.partialPath, path, { what: "the file", shown: path });
    } catch (error) {
      throw error instanceof ArenaError ? error : this.cannotWrite(error);
    }
  }

  /** Creates (or truncates) `<path>.partial`. Throws `ArenaError("CANNOT_WRITE")` naming `path`. */
  static open(path: string): TextFileWriter {
    return new TextFileWriter(path);
  }

  private cannotWrite(error: unknown): ArenaError {
    const code = (error as { code?: string }).code;
    return new ArenaError(
      "CANNOT_WRITE",
      `cannot write the file (${code ?? (error as Error).message})`,
      {
        file: this.path,
      },
    );
  }

  /** Appends `text` (buffered). A sink for `Engine.res` and `verifyReplay`'s `res`. */
  readonly write = (text: string): void => {
    if (this.fd === undefined)
      throw new ArenaError("CANNOT_WRITE", "the file is already closed", { file: this.path });
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= FLUSH_CHARS) this.flush();
  };

  /** Writes the buffered text now. */
  flush(): void {
    if (this.fd === undefined || this.pendingChars === 0) return;
    const text = this.pending.join("");
    this.pending = [];
    this.pendingChars = 0;
    try {
      writeFully(this.fd, Buffer.from(text, "utf8"));
    } catch (error) {
      // A full disk or another write error: the text is cut short, so the file goes and the
      // writer is closed (`close` then does nothing).
      const fd = this.fd;
      this.fd = undefined;
      try {
        closeSync(fd);
      } catch {
        // It may fail the same way; the file goes anyway.
      }
      removeQuietly(this.partialPath);
      throw this.cannotWrite(error);
    }
  }

  /**
   * Writes what is buffered and closes the file; with `commit`, renames it to `path` (the text is
   * whole). Without, it stays at `partialPath`. Safe to call twice.
   */
  close(commit: boolean): void {
    if (this.fd === undefined) return;
    try {
      this.flush();
    } finally {
      // A failed write has closed and removed the file already.
      const fd = this.fd;
      this.fd = undefined;
      if (fd !== undefined) closeSync(fd);
    }
    if (commit) {
      try {
        renameSync(this.partialPath, this.path);
      } catch (error) {
        throw this.cannotWrite(error);
      }
      this.committed = true;
    }
  }
}
