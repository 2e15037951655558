// Ctrl-C during a tournament whose C++ player loops (issue 40, item 4): the terminal's SIGINT goes
// to arena's whole process group; the in-flight matches end at once (the player's process, or its
// box, is in that group, and the watchdog stops a turn the worker thread is waiting in), arena
// exits 130, and no process arena started is left. Real g++, the built `arena`, the default box.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadScaled } from "@arena/core/testing";
import { afterAll, describe, expect, it } from "vitest";
import { bin, hasBin } from "../test-bin";
import { shortMatchArgs } from "../test-short-match";

const compiler = process.env.ARENA_CXX ?? "g++";
const hasCompiler = spawnSync(compiler, ["--version"], { stdio: "ignore" }).status === 0;

/** A player of the original kit that loops forever in its first turn. */
const LOOPING = `#include "Player.hh"
#define PLAYER_NAME Loop
struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    for (volatile unsigned long k = 0;; k++) {}
  }
};
RegisterPlayer(PLAYER_NAME);
`;

/** The programs that are not the player: arena itself, its box, the compiler. */
const NOT_THE_PLAYER = new Set(["node", "bwrap", "prlimit", "cc1plus", "as", "ld", "collect2"]);

/** `pid`'s parent, name and CPU time (ticks), or undefined when it is gone or a zombie. */
function statOf(pid: number): { ppid: number; comm: string; ticks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    const close = stat.lastIndexOf(")");
    const fields = stat.slice(close + 2).split(" ");
    if (fields[0] === "Z" || fields[0] === "X") return undefined;
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    return { ppid: Number(fields[1]), comm, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** The living descendants of `root` (walked through /proc's parent links). */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = statOf(Number(name));
    if (stat !== undefined) parents.set(Number(name), stat.ppid);
  }
  const found: number[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const [pid, ppid] of parents) if (frontier.includes(ppid)) next.push(pid);
    found.push(...next);
    frontier = next;
  }
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!hasCompiler || !hasBin)(
  "Ctrl-C while a C++ player loops",
  { timeout: loadScaled(300_000) },
  () => {
    process.env.ARENA_CACHE_DIR ??= join(tmpdir(), "arena-cpp-test-cache");
    const dir = mkdtempSync(join(tmpdir(), "arena-cli-interrupt-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, "AILoop.cc"), LOOPING);

    it("ends the matches in flight, exits 130, and leaves no process behind", async () => {
      // A turn limit far beyond the test: only the interruption can end the looping turns.
      const argv = ["tournament", "moneyheist", "AILoop.cc", "Demo", "Null", "Demo2=Demo"];
      const options = ["--seeds", "1..4", "--jobs", "2", "--turn-timeout", "600000"];
      const child = spawn(
        process.execPath,
        [bin, ...argv, ...options, ...shortMatchArgs("moneyheist", 20, dir), "--out", "t.jsonl"],
        // A process group of its own, as a terminal gives a command.
        { cwd: dir, stdio: ["ignore", "pipe", "pipe"], detached: true },
      );
      let err = "";
      child.stderr.on("data", (chunk) => {
        err += chunk;
      });
      const exited = new Promise<number | null>((done) => child.on("close", done));
      const seen = new Set<number>();
      // Wait (polling /proc, not the clock) until the player has looped for half a second.
      for (;;) {
        expect(child.exitCode, err).toBeNull();
        const tree = descendants(child.pid!);
        for (const pid of tree) seen.add(pid);
        const looping = tree.some((pid) => {
          const stat = statOf(pid);
          return stat !== undefined && !NOT_THE_PLAYER.has(stat.comm) && stat.ticks >= 50;
        });
        if (looping) break;
        await sleep(50);
      }
      const interruptedAt = performance.now();
      process.kill(-child.pid!, "SIGINT");
      const code = await exited;
      const ms = performance.now() - interruptedAt;
      expect(code, err).toBe(130);
      expect(err).toMatch(/interrupted/);
      // A hang net, not a measure (the claim is a second; a busy machine may take longer).
      expect(ms, `${Math.round(ms)} ms from SIGINT to exit`).toBeLessThan(loadScaled(15_000));
      // Nothing of the run is left: every process it had started is gone (a killed process takes
      // a moment to go).
      let left = [...seen].filter((pid) => statOf(pid) !== undefined);
      for (let k = 0; k < 60 && left.length > 0; k++) {
        await sleep(50);
        left = left.filter((pid) => statOf(pid) !== undefined);
      }
      expect(left, left.map((pid) => statOf(pid)?.comm).join(" ")).toEqual([]);
    });
  },
);
