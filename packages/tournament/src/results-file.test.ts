import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type MatchRecord, RESULTS_FORMAT, type ResultsHeader } from "./record";
import { ResultsWriter, readResults } from "./results-file";

const dir = mkdtempSync(join(tmpdir(), "arena-results-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const header: ResultsHeader = {
  type: "header",
  format: RESULTS_FORMAT,
  kind: "tournament",
  game: "counter",
  engineVersion: "1",
  config: null,
  bots: [],
  options: {},
};
const record = (id: string): MatchRecord => ({
  type: "match",
  id,
  game: "counter",
  engineVersion: "1",
  seed: 1,
  seats: ["a"],
  scores: [1],
  ranks: [1],
  status: [{ state: "ok" }],
  rounds: 1,
  durationMs: 1,
});

describe("results files", () => {
  it("round-trip: header, records, later duplicates of an id dropped", () => {
    const path = join(dir, "a.jsonl");
    const writer = ResultsWriter.create(path, header);
    writer.write(record("aa"));
    writer.write(record("bb"));
    writer.write(record("aa"));
    writer.close();
    const file = readResults(path);
    expect(file.header).toEqual(header);
    expect(file.records.map((r) => r.id)).toEqual(["aa", "bb"]);
    expect(file.warnings).toEqual([]);
  });

  it("a torn last line is ignored with a warning and cut when appending", () => {
    const path = join(dir, "b.jsonl");
    writeFileSync(path, `${JSON.stringify(header)}\n${JSON.stringify(record("aa"))}\n{"type":"ma`);
    const file = readResults(path);
    expect(file.records).toHaveLength(1);
    expect(file.warnings[0]).toBe(
      `${path}:3: ignoring a torn last line (11 bytes; the run was interrupted while writing it)`,
    );
    const writer = ResultsWriter.append(path, file.validBytes);
    writer.write(record("bb"));
    writer.close();
    expect(readResults(path).records.map((r) => r.id)).toEqual(["aa", "bb"]);
  });

  it("a complete last line without its newline gets one before the next record", () => {
    const path = join(dir, "c.jsonl");
    writeFileSync(path, `${JSON.stringify(header)}\n${JSON.stringify(record("aa"))}`);
    const file = readResults(path);
    expect(file.warnings).toEqual([]);
    const writer = ResultsWriter.append(path, file.validBytes);
    writer.write(record("bb"));
    writer.close();
    expect(readFileSync(path, "utf8").split("\n")).toHaveLength(4);
    expect(readResults(path).records.map((r) => r.id)).toEqual(["aa", "bb"]);
  });

  it("a bad line inside the file or a missing header is an error naming file and line", () => {
    const path = join(dir, "d.jsonl");
    writeFileSync(path, `${JSON.stringify(header)}\nnot json\n${JSON.stringify(record("aa"))}\n`);
    expect(() => readResults(path)).toThrow(`${path}:2: not a JSON line`);
    writeFileSync(path, `${JSON.stringify(record("aa"))}\n`);
    expect(() => readResults(path)).toThrow(
      `${path}:1: the first line is not an arena-results/1 header`,
    );
    writeFileSync(path, `${JSON.stringify(header)}\n{"type":"match"}\n`);
    expect(() => readResults(path)).toThrow(`${path}:2: not a match record`);
  });
});

describe("results files attacked", () => {
  it("--out as a symbolic link to someone's file: refused, creating or resuming, the file untouched", () => {
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "precious\n");
    const link = join(dir, "link.jsonl");
    symlinkSync(victim, link);
    const refused = expect.objectContaining({
      code: "BAD_OUTPUT",
      message: expect.stringMatching(
        /is a symbolic link \(to .*victim\.txt\); arena does not write through/,
      ),
    });
    expect(() => ResultsWriter.create(link, header)).toThrow(refused);
    expect(() => ResultsWriter.append(link, 3)).toThrow(refused);
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
  });

  it("a device or a FIFO given to resume from: one error at once, no hang", () => {
    expect(() => readResults("/dev/zero")).toThrow(
      expect.objectContaining({
        code: "BAD_RESULTS",
        message: expect.stringMatching(
          /^\/dev\/zero: cannot read results file: it is a character device/,
        ),
      }),
    );
    const fifo = join(dir, "fifo.jsonl");
    execFileSync("mkfifo", [fifo]);
    expect(() => readResults(fifo)).toThrow(expect.objectContaining({ code: "BAD_RESULTS" }));
  });
});
