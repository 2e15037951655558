// Files as an attacker hands them to arena (issue 38): devices and FIFOs as inputs, a config of one
// huge line, symbolic links where arena writes its outputs, a disk that fills up mid-match. Each
// is one line on stderr naming the file, exit code 2, at once, and no file written through a link
// or left behind.
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, hasBin } from "./test-bin";
import { runCli } from "./test-io";
import { shortMatchArgs } from "./test-short-match";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-bad-files-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the cli and checks the one-line error contract; returns stderr. */
async function fails(argv: string[], message: RegExp): Promise<string> {
  const { code, err } = await runCli(argv, dir);
  expect(err).toMatch(message);
  expect(code).toBe(2);
  expect(err.trim().split("\n")).toHaveLength(1);
  return err;
}

const four = ["Demo", "Demo", "Demo", "Demo"];

describe("inputs that never end", () => {
  it("arena replay /dev/zero and --config /dev/zero: one line at once, not a hang", async () => {
    await fails(
      ["replay", "/dev/zero"],
      /^arena: \/dev\/zero: cannot read replay file: it is a character device, not a regular file/,
    );
    await fails(
      ["play", "moneyheist", "--config", "/dev/zero"],
      /\/dev\/zero: cannot read config file: it is a character device/,
    );
    await fails(
      ["tournament", "moneyheist", ...four, "--config", "/dev/zero", "--out", "t.jsonl"],
      /\/dev\/zero: cannot read config file: it is a character device/,
    );
    expect(existsSync(join(dir, "t.jsonl"))).toBe(false);
  });

  it("a FIFO nobody writes to as config, trace or replay: one line at once", async () => {
    const fifo = join(dir, "fifo");
    execFileSync("mkfifo", [fifo]);
    await fails(
      ["play", "moneyheist", "--config", "fifo"],
      /fifo: cannot read config file: it is a pipe \(FIFO\)/,
    );
    await fails(["replay", "fifo"], /fifo: cannot read replay file: it is a pipe \(FIFO\)/);
    await fails(
      ["play", "moneyheist", "Demo", "Demo", "Demo", "Demo", "--orders", "fifo"],
      /fifo: cannot read trace file: it is a pipe \(FIFO\)/,
    );
  });

  it("a config of one 8 MB line: the error line quotes a short excerpt of it", async () => {
    writeFileSync(join(dir, "long.cnf"), `${"x".repeat(4_000_000)} ${"y".repeat(4_000_000)}\n`);
    for (const game of ["moneyheist", "madmax", "madmax-revisited", "dragonball"]) {
      const err = await fails(["play", game, "--config", "long.cnf"], /long\.cnf:1: expected/);
      expect(err.length).toBeLessThan(300);
      expect(err).toMatch(/xxx… \(8000001 characters\)'/);
    }
  });
});

describe("outputs through a symbolic link someone put there", () => {
  /** `name` in `dir`, a link to a file elsewhere holding "precious". */
  function trap(name: string): string {
    const victim = join(dir, `victim-${name}`);
    writeFileSync(victim, "precious\n");
    symlinkSync(victim, join(dir, name));
    return victim;
  }

  it("--out, --res, tournament --out, replay --export res --out: refused, the target untouched", async () => {
    const short = shortMatchArgs("moneyheist", 5, dir);
    const victims = [
      [trap("link.arena"), ["play", "moneyheist", ...four, ...short, "--out", "link.arena"]],
      [trap("link.res"), ["play", "moneyheist", ...four, ...short, "--res", "link.res"]],
      [
        trap("link.jsonl"),
        ["tournament", "moneyheist", ...four, "--seeds", "1", ...short, "--out", "link.jsonl"],
      ],
    ] as const;
    for (const [victim, argv] of victims) {
      await fails(
        [...argv],
        /is a symbolic link \(to .*victim-link\.\w+\); arena does not write through a link it did not create/,
      );
      expect(readFileSync(victim, "utf8")).toBe("precious\n");
    }
    const made = await runCli(["play", "moneyheist", ...four, ...short, "--out", "m.arena"], dir);
    expect(made.code, made.err).toBe(0);
    const victim = trap("export.res");
    await fails(["replay", "m.arena", "--export", "res", "--out", "export.res"], /symbolic link/);
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
  });

  it("a link planted at <out>.partial or as a bot log file is not written through", async () => {
    const short = shortMatchArgs("moneyheist", 5, dir);
    const victim = trap("planted.arena.partial");
    const played = await runCli(
      ["play", "moneyheist", ...four, ...short, "--out", "planted.arena"],
      dir,
    );
    expect(played.code, played.err).toBe(0);
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
    mkdirSync(join(dir, "logs"));
    const logVictim = join(dir, "victim-log");
    writeFileSync(logVictim, "precious\n");
    symlinkSync(logVictim, join(dir, "logs", "0-Demo.log"));
    await fails(
      ["play", "moneyheist", ...four, ...short, "--bot-log", "logs"],
      /0-Demo\.log: --bot-log file is a symbolic link/,
    );
    expect(readFileSync(logVictim, "utf8")).toBe("precious\n");
  });
});

/**
 * Runs the built cli with `args` in a folder on a tmpfs of `size` of its own (a mount namespace,
 * gone with the command): its stderr, its exit code and what it left in the folder.
 */
function onSmallDisk(size: string, args: readonly string[]) {
  const disk = mkdtempSync(join(dir, "disk-"));
  const errors = join(dir, `${disk.split("/").pop()}.err`);
  const quoted = [process.execPath, bin, ...args].map((word) => `'${word.replace(/'/g, `'\\''`)}'`);
  const script = `mount -t tmpfs -o size=${size} tmpfs "$1" || exit 99; cd "$1"; ${quoted.join(" ")} 2>"$2"; echo "$?"; ls -A`;
  const run = spawnSync("unshare", ["-rm", "sh", "-c", script, "sh", disk, errors], {
    encoding: "utf8",
    timeout: 120_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const [code, ...left] = run.stdout.trim().split("\n");
  return { err: readFileSync(errors, "utf8"), code: Number(code), left };
}

/** Whether this machine lets a process mount a tmpfs in a namespace of its own. */
const mountable =
  spawnSync("unshare", ["-rm", "sh", "-c", 'mount -t tmpfs -o size=4k tmpfs "$1"', "sh", tmpdir()])
    .status === 0;
if (!mountable)
  console.warn("unshare -rm cannot mount a tmpfs here: the full-disk tests are skipped");

describe.skipIf(!hasBin || !mountable)("a disk that fills up mid-match", () => {
  it("--res and --out on a full disk: one line naming the file, exit 2, no .partial left", () => {
    const res = onSmallDisk("64k", [
      "play",
      "moneyheist",
      ...four,
      "--seed",
      "1",
      "--res",
      "m.res",
    ]);
    expect(res.err).toMatch(
      /^arena: m\.res: cannot write the \.res file: no space left on the device \(ENOSPC\)\n$/,
    );
    expect(res.code).toBe(2);
    expect(res.left).toEqual([]);
    const replay = onSmallDisk("4k", [
      "play",
      "moneyheist",
      ...four,
      "--seed",
      "1",
      "--out",
      "m.arena",
    ]);
    expect(replay.err).toMatch(
      /^arena: m\.arena: cannot write the replay: no space left on the device \(ENOSPC\)\n$/,
    );
    expect(replay.code).toBe(2);
    expect(replay.left).toEqual([]);
  });
});
