// The Jutge profile of C++ players (`limits: "jutge"`, `arena contest --format jutge`): Jutge's
// SecGame limits (`JUTGE_LIMITS`) on real players of the counter kit (real g++). Each test plays
// a 10-round match of the hostile test player (AIHostile.cc, its attack by environment) against
// two copies of AICounter, and says what the player did with its CPU time, memory or stdout.
import { join } from "node:path";
import { type MatchResult, runMatch } from "@arena/core";
import { loadScaled } from "@arena/core/testing";
import { describe, expect, inject, it } from "vitest";
import { engine, kitDir } from "../__fixtures__/cpp-counter-kit";
import { fixture, hasCompiler } from "../__fixtures__/helpers";
import { JUTGE_BUDGET, JUTGE_LIMITS, JUTGE_PROCESS_LIMITS } from "../limits/jutge";
import { cppBot } from "./cpp-bot";

describe.skipIf(!hasCompiler)("C++ players under Jutge's limits", { timeout: 300_000 }, () => {
  const cacheDir = inject("cppCacheDir");

  /** Plays the hostile player (`attack`, `target`) against two AICounter, all in the Jutge profile. */
  async function play(attack: string, target: string): Promise<MatchResult> {
    const hostile = await cppBot(engine, fixture("cpp-players/AIHostile.cc"), {
      cacheDir,
      limits: "jutge",
      wrap: (argv) => ["env", `ARENA_ATTACK=${attack}`, `ARENA_TARGET=${target}`, ...argv],
    });
    const counter = () =>
      cppBot(engine, join(kitDir, "AICounter.cc"), { cacheDir, limits: "jutge" });
    return runMatch(engine, {
      config: { rounds: 10, turnBased: false },
      seed: 7,
      // Jutge's budget, its 6 s wall-clock net a move stretched by the machine's load when the
      // file starts (as every hang net of the suite): on a busy machine (CI beside two busy loops)
      // the net froze a player burning CPU at ~5 s of wall time before its 3 s of CPU, once in a
      // few runs. The net's own value is checked above; these tests are about the CPU budget.
      budget: { ...JUTGE_BUDGET, wallMs: loadScaled(JUTGE_BUDGET.wallMs!) },
      players: [
        { name: "hostile", controller: hostile },
        { name: "a", controller: await counter() },
        { name: "b", controller: await counter() },
      ],
    });
  }

  it("are the numbers of Jutge's SecGame, and a budget of 3 s of CPU time and 6 s a move", () => {
    expect(JUTGE_LIMITS).toMatchObject({
      addressSpaceBytes: 64 * 2 ** 20,
      stackBytes: 64 * 2 ** 20,
      openFiles: 8,
      processes: 1,
      fileSizeBytes: 32 * 2 ** 20,
      matchCpuMs: 3000,
      matchCpuHardMs: 4000,
      moveWallMs: 6000,
    });
    expect(JUTGE_BUDGET).toEqual({ totalMs: 3000, wallMs: 6000 });
    // The kernel's limit is a backstop a second later: it counts at the clock tick (jutge.ts).
    expect(JUTGE_PROCESS_LIMITS).toMatchObject({ cpuMs: 4000, cpuHardMs: 5000 });
  });

  it("a player burning 2.5 s of CPU time over the match plays to the end", async () => {
    const result = await play("burnall", "250");
    const faults = result.players.map((p) => p.fault);
    expect(faults, JSON.stringify(faults)).toEqual([undefined, undefined, undefined]);
    expect(result.players[0]!.timeMs).toBeGreaterThan(2500);
    expect(result.players[0]!.timeMs).toBeLessThan(3000);
  });

  it("a player burning 3.5 s of CPU time is frozen at its budget; the others play on", async () => {
    const result = await play("burn", "3500");
    const hostile = result.players[0]!;
    expect(hostile.frozenAtRound).toBe(3);
    expect(hostile.fault).toMatch(/CPU time|SIGXCPU/);
    expect(result.players.slice(1).map((p) => p.frozen)).toEqual([false, false]);
    expect(result.rounds).toBe(10);
  });

  it("a player allocating 100 MB is frozen (64 MB of address space)", async () => {
    const result = await play("allocate", "100");
    expect(result.players[0]!.frozenAtRound).toBe(3);
    // Frozen for its memory either way: the kernel refused the allocation past its 64 MB of
    // address space (out of memory), or the watchdog saw the box's resident size over 64 MiB
    // first (the box's own processes, bubblewrap and timeout, count there too: a few MiB).
    expect(result.players[0]!.fault).toMatch(/out of memory|over the limit of 64 MiB/);
  });

  it("a player writing to stdout plays on: what it prints never reaches the protocol", async () => {
    const result = await play("stdout", "-");
    expect(result.players.map((p) => p.fault)).toEqual([undefined, undefined, undefined]);
  });
});
