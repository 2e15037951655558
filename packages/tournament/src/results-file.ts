import { closeSync, existsSync, ftruncateSync, readSync, writeSync } from "node:fs";
import { ArenaError, openOutputFile, readInputFile } from "@arena/core";
import { type MatchRecord, RESULTS_FORMAT, type ResultsHeader } from "./record";

/** A results file as read back. */
export interface ResultsFile {
  header: ResultsHeader;
  /** The match records, in file order (a record id appears once: later duplicates are dropped). */
  records: MatchRecord[];
  /** Problems that did not stop the read (a torn last line). */
  warnings: string[];
  /** Bytes of the file that hold complete lines (a torn last line is cut from here on). */
  validBytes: number;
}

/**
 * Reads a JSONL results file: a header line, then one match record per line. A last line without
 * its newline that does not parse (a run killed while writing) is ignored with a warning; any
 * other bad line is an `ArenaError` `BAD_RESULTS` naming the file and line. Bounded like every
 * input (`readInputFile`): a device or a FIFO is refused at once.
 */
export function readResults(path: string): ResultsFile {
  const text = new TextDecoder().decode(
    readInputFile(path, { what: "results file", code: "BAD_RESULTS" }),
  );
  const warnings: string[] = [];
  const lines = text.split("\n");
  let validBytes = 0;
  let header: ResultsHeader | undefined;
  const records: MatchRecord[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const last = index === lines.length - 1;
    if (last && line === "") break;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (last) {
        warnings.push(
          `${path}:${index + 1}: ignoring a torn last line (${line.length} bytes; the run was interrupted while writing it)`,
        );
        break;
      }
      throw new ArenaError("BAD_RESULTS", "not a JSON line", { file: path, line: index + 1 });
    }
    const type = (value as { type?: unknown } | null)?.type;
    if (index === 0) {
      if (type !== "header" || (value as ResultsHeader).format !== RESULTS_FORMAT) {
        throw new ArenaError(
          "BAD_RESULTS",
          `the first line is not an ${RESULTS_FORMAT} header (field 'type'/'format')`,
          { file: path, line: 1 },
        );
      }
      header = value as ResultsHeader;
    } else {
      const record = value as MatchRecord;
      if (type !== "match" || typeof record.id !== "string" || !Array.isArray(record.seats)) {
        throw new ArenaError("BAD_RESULTS", "not a match record (field 'type', 'id' or 'seats')", {
          file: path,
          line: index + 1,
        });
      }
      if (!seen.has(record.id)) {
        seen.add(record.id);
        records.push(record);
      }
    }
    validBytes += Buffer.byteLength(line) + (last ? 0 : 1);
  }
  if (header === undefined) {
    throw new ArenaError("BAD_RESULTS", "empty results file (no header line)", { file: path });
  }
  return { header, records, warnings, validBytes };
}

/** Appends records to a results file, one line each, written through at once. */
export class ResultsWriter {
  private fd: number | undefined;

  private constructor(fd: number) {
    this.fd = fd;
  }

  /**
   * Creates (or truncates) `path` and writes `header`. A symbolic link at `path` is refused
   * (`BAD_OUTPUT`): the results are never written through a link arena did not create.
   */
  static create(path: string, header: ResultsHeader): ResultsWriter {
    const fd = openOutputFile(path, { what: "the results file" });
    writeSync(fd, `${JSON.stringify(header)}\n`);
    return new ResultsWriter(fd);
  }

  /** Opens `path` to append after its first `validBytes` bytes (cutting a torn last line). */
  static append(path: string, validBytes: number): ResultsWriter {
    if (!existsSync(path)) throw new ArenaError("BAD_RESULTS", "no such file", { file: path });
    const writer = new ResultsWriter(
      openOutputFile(path, { what: "the results file" }, { append: true, read: true }),
    );
    ftruncateSync(writer.fd!, validBytes);
    // A complete last line without its newline: end it before appending.
    const last = Buffer.alloc(1);
    if (
      validBytes > 0 &&
      readSync(writer.fd!, last, 0, 1, validBytes - 1) === 1 &&
      last[0] !== 10
    ) {
      writeSync(writer.fd!, "\n");
    }
    return writer;
  }

  /** Writes one record as a line (one `write` call, so a kill leaves at most a torn last line). */
  write(record: MatchRecord): void {
    if (this.fd === undefined) throw new Error("results writer is closed");
    writeSync(this.fd, `${JSON.stringify(record)}\n`);
  }

  /** Closes the file. */
  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }
}
