// Input files as an attacker hands them: a device that never ends, a FIFO nobody writes, a
// directory, a file past the cap. Each is one error naming the file, at once.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../__fixtures__/helpers";
import { readReplay } from "../replay/replay-file";
import { readInputFile } from "./input-file";

const refused = (path: string, message: RegExp, code = "NO_FILE") =>
  expect(() => readInputFile(path, { what: "config file", shown: "given.cnf" })).toThrow(
    expect.objectContaining({ code, message: expect.stringMatching(message) }),
  );

describe("readInputFile", () => {
  it("reads a regular file", () => {
    const path = join(tempDir(), "a.cnf");
    writeFileSync(path, "hello\n");
    expect(readInputFile(path, { what: "config file" }).toString()).toBe("hello\n");
  });

  it("refuses /dev/zero at once instead of reading it for ever", () => {
    refused(
      "/dev/zero",
      /^given\.cnf: cannot read config file: it is a character device, not a regular file/,
    );
  });

  it("refuses a FIFO nobody writes to without waiting for a writer", () => {
    const fifo = join(tempDir(), "pipe");
    execFileSync("mkfifo", [fifo]);
    refused(fifo, /it is a pipe \(FIFO\), not a regular file/);
  });

  it("refuses a directory and a missing file, naming them", () => {
    const dir = join(tempDir(), "d");
    mkdirSync(dir);
    refused(dir, /it is a directory/);
    refused(join(dir, "nope"), /^given\.cnf: cannot read config file: no such file$/);
  });

  it("refuses a file past the cap before reading it", () => {
    const path = join(tempDir(), "big");
    writeFileSync(path, Buffer.alloc(2000));
    expect(() => readInputFile(path, { what: "trace file", maxBytes: 1000 })).toThrow(
      expect.objectContaining({
        code: "TOO_LARGE",
        message: expect.stringMatching(/trace file is 2\.0 kB, more than the 1\.0 kB/),
      }),
    );
  });

  it("readReplay of /dev/zero is one BAD_REPLAY line, not a hang", () => {
    expect(() => readReplay("/dev/zero")).toThrow(
      expect.objectContaining({
        code: "BAD_REPLAY",
        message:
          "/dev/zero: cannot read the replay: it is a character device, not a regular file (arena reads its inputs from regular files only)",
      }),
    );
  });
});
