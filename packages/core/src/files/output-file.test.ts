// Outputs as an attacker prepares them: a symbolic link to someone's file where arena will write
// (the output itself, or its `.partial`), and a write that fails halfway (a full disk).
import {
  closeSync,
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../__fixtures__/helpers";
import type { ReplayHeader } from "../replay/replay";
import { ReplayWriter } from "../replay/replay-file";
import { TextFileWriter } from "../replay/text-file-writer";
import { openOutputFile, writeFileAtomically } from "./output-file";

const header: ReplayHeader = {
  format: 3,
  game: "counter",
  engineVersion: "1",
  config: {},
  seed: 1,
  players: ["a"],
  digestEvery: 100,
};

/** A directory holding `victim` (someone's file) and `link` → it, where arena is asked to write. */
function trap(linkName = "out") {
  const dir = tempDir();
  const elsewhere = join(dir, "elsewhere");
  mkdirSync(elsewhere);
  const victim = join(elsewhere, "victim.txt");
  writeFileSync(victim, "precious\n");
  const link = join(dir, linkName);
  symlinkSync(victim, link);
  return { dir, victim, link };
}

const badOutput = expect.objectContaining({
  code: "BAD_OUTPUT",
  message: expect.stringMatching(
    /is a symbolic link \(to .*victim\.txt\); arena does not write through a link it did not create/,
  ),
});

describe("outputs are never written through a symbolic link arena did not create", () => {
  it("openOutputFile and writeFileAtomically refuse a link to a file elsewhere", () => {
    const { victim, link } = trap();
    expect(() => openOutputFile(link, { what: "--out" })).toThrow(badOutput);
    expect(() => openOutputFile(link, { what: "--out" }, { append: true })).toThrow(badOutput);
    expect(() => writeFileAtomically(link, "overwritten\n", { what: "--out" })).toThrow(badOutput);
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
  });

  it("a replay or .res whose path is such a link is refused", () => {
    const { victim, link } = trap("m.arena");
    expect(() => ReplayWriter.open(link, header)).toThrow(badOutput);
    expect(() => TextFileWriter.open(link)).toThrow(badOutput);
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
  });

  it("a link planted at <path>.partial is removed, not written through", () => {
    const { dir, victim } = trap("m.arena.partial");
    const writer = ReplayWriter.open(join(dir, "m.arena"), header);
    writer.writeStep([[]]);
    writer.close({ over: true, scores: [0], faults: [null] });
    expect(writer.committed).toBe(true);
    symlinkSync(victim, join(dir, "m.res.partial"));
    const res = TextFileWriter.open(join(dir, "m.res"));
    res.write("text\n");
    res.close(true);
    expect(readFileSync(join(dir, "m.res"), "utf8")).toBe("text\n");
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
  });

  it("a device, also through a link to it, is written as it is", () => {
    const dir = tempDir();
    symlinkSync("/dev/null", join(dir, "null"));
    closeSync(openOutputFile(join(dir, "null"), { what: "--out" }));
    writeFileAtomically("/dev/null", "gone\n", { what: "--out" });
    expect(existsSync("/dev/null")).toBe(true);
  });
});

describe("a write that fails leaves no partial file", () => {
  it("the replay's .partial is removed on a write error, with one error naming the file", () => {
    const path = join(tempDir(), "m.arena");
    const writer = ReplayWriter.open(path, header);
    // The file's descriptor closed under the writer: its next write fails as on a full disk.
    closeSync((writer as unknown as { fd: number }).fd);
    writer.writeStep([[]]);
    expect(() => writer.flush()).toThrow(
      expect.objectContaining({
        code: "CANNOT_WRITE",
        message: `${path}: cannot write the replay (EBADF)`,
      }),
    );
    expect(existsSync(writer.partialPath)).toBe(false);
    expect(() => writer.close({ over: true, scores: [0] })).not.toThrow();
    expect(existsSync(path)).toBe(false);
  });

  it("the streamed text's .partial too", () => {
    const path = join(tempDir(), "m.res");
    const writer = TextFileWriter.open(path);
    closeSync((writer as unknown as { fd: number }).fd);
    writer.write("text\n");
    expect(() => writer.flush()).toThrow(expect.objectContaining({ code: "CANNOT_WRITE" }));
    expect(existsSync(writer.partialPath)).toBe(false);
    expect(() => writer.close(true)).not.toThrow();
    expect(existsSync(path)).toBe(false);
  });
});
