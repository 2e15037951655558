// The built `arena` as a process: signals, a closed or full standard output, what it loads.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, hasBin } from "./test-bin";
import { runCli } from "./test-io";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-process-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Resolves once one of `paths` exists (polled; the wait is bounded by the test timeout). */
async function until(...paths: string[]): Promise<void> {
  while (!paths.some((path) => existsSync(path))) {
    await new Promise((done) => setTimeout(done, 20));
  }
}

/**
 * A Money Heist bot that answers 5 turns, then writes `ready` and never answers again: the test
 * waits for that file, so it runs with --trust (its box would hide the folder it writes in).
 */
const stallingBot = `const fs = require("node:fs");
let turns = 0;
require("node:readline").createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type !== "turn") return;
  if (++turns <= 5) process.stdout.write('{"orders": []}\\n');
  else if (turns === 6) fs.writeFileSync("ready", "");
});
`;

describe.skipIf(!hasBin)("signals during arena play", () => {
  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)(
    "%s: one line says what was kept, the existing replay is not replaced, exit %i",
    async (signal, exitCode) => {
      const work = mkdtempSync(join(dir, `${signal}-`));
      writeFileSync(join(work, "stall.cjs"), stallingBot);
      // A good replay from an earlier match, which the interrupted one must not replace (played
      // in this process: the claim is about the interrupted process, not this one).
      const earlier = await runCli(["play", "moneyheist", "--out", "m.arena", "--quiet"], work);
      expect(earlier.code, earlier.err).toBe(0);
      const good = readFileSync(join(work, "m.arena"));
      const child = spawn(
        process.execPath,
        [
          bin,
          "play",
          "moneyheist",
          "Null",
          "Null",
          "Null",
          "exec:node stall.cjs",
          "--out",
          "m.arena",
          "--turn-timeout",
          "600000",
          "--trust",
        ],
        { cwd: work, stdio: ["ignore", "pipe", "pipe"] },
      );
      let stderr = "";
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
      await until(join(work, "ready"));
      child.kill(signal);
      expect(await exited).toBe(exitCode);
      expect(stderr).toMatch(
        /^arena: interrupted at round \d+\/200; the replay so far is in m\.arena\.partial\n$/,
      );
      expect(readFileSync(join(work, "m.arena"))).toEqual(good);
      // The prefix is a readable replay of the rounds played, marked as interrupted.
      const round = Number(/round (\d+)\//.exec(stderr)![1]);
      const prefix = await runCli(["replay", "m.arena.partial", "--json"], work);
      expect(prefix.code, prefix.err).toBe(0);
      expect(JSON.parse(prefix.out)).toMatchObject({ rounds: round, interrupted: true });
    },
  );

  it("--res is streamed: an interrupted match leaves its rounds in <res>.partial, <res> untouched", async () => {
    const work = mkdtempSync(join(dir, "res-"));
    writeFileSync(join(work, "stall.cjs"), stallingBot);
    writeFileSync(join(work, "m.res"), "an earlier .res\n");
    const child = spawn(
      process.execPath,
      [bin, "play", "moneyheist", "Null", "Null", "Null", "exec:node stall.cjs"].concat([
        "--res",
        "m.res",
        "--turn-timeout",
        "600000",
        "--trust",
      ]),
      { cwd: work, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
    await until(join(work, "ready"));
    child.kill("SIGINT");
    expect(await exited, stderr).toBe(130);
    expect(readFileSync(join(work, "m.res"), "utf8")).toBe("an earlier .res\n");
    // What was played is there, cut at a state boundary: the header and the rounds before the stall.
    const partial = readFileSync(join(work, "m.res.partial"), "utf8");
    const round = Number(/round (\d+)\//.exec(stderr)![1]);
    expect(round).toBeGreaterThanOrEqual(5);
    expect(partial.startsWith("Game\n\nSeed 1\n")).toBe(true);
    expect(partial.match(/^round \d+$/gm)?.length).toBe(round + 1);
  });
});

describe.skipIf(!hasBin)("signals during a match of in-process bots", () => {
  it("SIGINT stops a match that never waits on the event loop, at once", async () => {
    const work = mkdtempSync(join(dir, "inprocess-"));
    // A million rounds of Lighthouses: far longer than the test waits before interrupting it.
    const child = spawn(
      process.execPath,
      [bin, "play", "lighthouses", "Null", "Null", "--rounds", "1000000", "--out", "l.arena"],
      { cwd: work, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
    await until(join(work, "l.arena.partial"), join(work, "l.arena"));
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    expect(stderr).toMatch(
      /^arena: interrupted at round \d+\/1000000; the replay so far is in l\.arena(\.partial)?\n$/,
    );
  });
});

describe.skipIf(!hasBin)("standard output that cannot be written", () => {
  it("a full disk (/dev/full) is one line and exit 2", () => {
    const run = spawnSync("sh", ["-c", `"${process.execPath}" "${bin}" list --json > /dev/full`], {
      encoding: "utf8",
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      "arena: cannot write to standard output: no space left on the device (ENOSPC)\n",
    );
  });

  it("a closed pipe (EPIPE) is one line and exit 2", () => {
    // Python opens a pipe and closes its reading end before starting arena: no race.
    const run = spawnSync(
      "python3",
      [
        "-c",
        `import os, subprocess, sys
r, w = os.pipe()
os.close(r)
p = subprocess.run(sys.argv[1:], stdout=w, stderr=subprocess.PIPE)
sys.stderr.write(p.stderr.decode())
sys.exit(p.returncode)`,
        process.execPath,
        bin,
        "list",
        "--json",
      ],
      { encoding: "utf8" },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      "arena: cannot write to standard output: the reader closed the pipe (EPIPE)\n",
    );
  });
});

// The refusal is the play and replay commands' own check, before anything is written: the same
// line and exit code in this process as from the built arena.
describe("--out and --res on a device", () => {
  it("are refused (a rename over them would replace the device)", async () => {
    for (const flag of ["--out", "--res"]) {
      const run = await runCli(["play", "moneyheist", flag, "/dev/full", "--quiet"], dir);
      expect(run.code).toBe(2);
      expect(run.err).toBe(
        `arena: /dev/full: ${flag} must be a regular file (it is written beside it, then renamed over it), not a device or pipe\n`,
      );
    }
    const exported = await runCli(
      ["replay", "nope.arena", "--export", "res", "--out", "/dev/null"],
      dir,
    );
    expect(exported.code).toBe(2);
    expect(exported.err).toMatch(/^arena: \/dev\/null: --out must be a regular file/);
    expect(statSync("/dev/full").isCharacterDevice()).toBe(true);
    expect(statSync("/dev/null").isCharacterDevice()).toBe(true);
  });
});

describe.skipIf(!hasBin)("start-up loads only what the command needs", () => {
  /** The `file:` modules that `arena args…` loads, from a module-loading hook. */
  function loaded(args: string[]): string[] {
    writeFileSync(
      join(dir, "hooks.mjs"),
      `import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  appendFileSync(${JSON.stringify(join(dir, "loaded.txt"))}, url + "\\n");
  return next(url, context);
}
`,
    );
    writeFileSync(
      join(dir, "register.mjs"),
      `import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\n`,
    );
    rmSync(join(dir, "loaded.txt"), { force: true });
    const run = spawnSync(process.execPath, ["--import", "./register.mjs", bin, ...args], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, ARENA_CACHE_DIR: join(dir, "cache") },
    });
    expect(run.status, run.stderr).toBe(0);
    return readFileSync(join(dir, "loaded.txt"), "utf8")
      .split("\n")
      .filter((url) => url.startsWith("file:") && !url.endsWith("/register.mjs"));
  }

  it("--version loads the launcher only", () => {
    expect(loaded(["--version"])).toEqual([pathToFileURL(bin).href]);
  });

  it("play loads no module but the launcher: the cli, core, the game and zod are one bundle", () => {
    // Before the bundle, this match loaded ≈ 110 modules (zod's locales among them).
    expect(loaded(["play", "madmax-revisited", "Null", "Null", "Null", "Null", "--quiet"])).toEqual(
      [pathToFileURL(bin).href],
    );
  });
});
