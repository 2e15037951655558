// C++ players compiled to WebAssembly, with core's counter game and its test kit (real clang for
// wasm32-wasi, or @yowasp/clang): the same matches as natively, deterministic by construction,
// instruction budgets that freeze at the same round with the same count on every run, memory
// capped, and the hostile player's attempts.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  type Budget,
  type Controller,
  type MatchResult,
  readReplay,
  runMatch,
  verifyReplay,
} from "@arena/core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { engine, kitDir } from "../__fixtures__/cpp-counter-kit";
import { fixture } from "../__fixtures__/helpers";
import { buildCppPlayer } from "../cpp/compile";
import { cppBot } from "../cpp/cpp-bot";
import { METERING_VERSION, meterModule } from "./metering";
import { capPages } from "./player-module";
import { wasmBot } from "./wasm-bot";
import { wasmToolchain } from "./wasm-toolchain";

const hasWasm = await wasmToolchain().then(
  () => true,
  (error: Error) => {
    console.warn(`WebAssembly player tests skipped: ${error.message}`);
    return false;
  },
);

const hasClang = await wasmToolchain("clang").then(
  () => true,
  () => false,
);

const scratch = mkdtempSync(join(tmpdir(), "arena-wasm-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.skipIf(!hasWasm)("C++ players as WebAssembly (counter kit)", { timeout: 300_000 }, () => {
  const cacheDir = inject("cppCacheDir");
  const counter = join(kitDir, "AICounter.cc");
  const behaviours = fixture("cpp-players/AIBehaviours.cc");
  const wasm = (mode: string, options: Parameters<typeof wasmBot>[2] = {}) =>
    wasmBot(engine, behaviours, { cacheDir, env: { ARENA_BEHAVIOUR: mode }, ...options });
  const seats = async (make: () => Promise<Controller>, count: number) => {
    const players: Array<{ name: string; controller: Controller }> = [];
    for (let p = 0; p < count; p++) players.push({ name: `p${p}`, controller: await make() });
    return players;
  };
  let runs = 0;
  /** A counter match of `players` with a replay: the result and the replay's text records. */
  const play = async (
    players: Array<{ name: string; controller: Controller }>,
    options: { rounds?: number; seed?: number; budget?: Budget; verify?: boolean } = {},
  ) => {
    const replay = join(scratch, `run-${runs++}.arena`);
    const result = await runMatch(engine, {
      config: { rounds: options.rounds ?? 30, turnBased: false },
      seed: options.seed ?? 5,
      players,
      replay,
      ...(options.budget !== undefined ? { budget: options.budget } : {}),
    });
    const read = readReplay(replay);
    // A player drawing from the engine's stream changes the engine's draws: no re-simulation.
    if (options.verify !== false) verifyReplay(engine, read);
    const { arenaVersion: _version, ...header } = read.header;
    const record = JSON.stringify({ ...read, header });
    return { result, record };
  };
  const faults = (result: MatchResult) => result.players.map((p) => p.fault);

  it("plays the match it plays natively: the same orders, scores and shared stream, copies in one instance", async () => {
    const unverified = { verify: false };
    const native = await play(
      await seats(() => cppBot(engine, counter, { cacheDir }), 3),
      unverified,
    );
    const wasmRun = await play(
      await seats(() => wasmBot(engine, counter, { cacheDir }), 3),
      unverified,
    );
    expect(faults(native.result)).toEqual([undefined, undefined, undefined]);
    expect(faults(wasmRun.result)).toEqual([undefined, undefined, undefined]);
    expect(wasmRun.result.scores).toEqual(native.result.scores);
    const steps = (record: string) => JSON.parse(record).steps;
    expect(steps(wasmRun.record)).toEqual(steps(native.record));
    // The three copies shared one instance, its instructions charged seat by seat.
    const counts = wasmRun.result.players.map((p) => p.instructions!);
    for (const count of counts) expect(count).toBeGreaterThan(1000);
    const again = await play(
      await seats(() => wasmBot(engine, counter, { cacheDir, process: "seat" }), 3),
      unverified,
    );
    expect(again.result.scores).toEqual(native.result.scores);
  });

  it("an address-dependent player plays the same match on ten runs (no addresses move)", async () => {
    const records = new Set<string>();
    for (let run = 0; run < 10; run++) {
      const { result, record } = await play(await seats(() => wasm("address"), 2));
      expect(faults(result)).toEqual([undefined, undefined]);
      records.add(record);
    }
    expect(records.size).toBe(1);
  });

  it("clocks and random_device read the instructions and a seeded stream: the same digits every run", async () => {
    const first = await play(await seats(() => wasm("clocks"), 2));
    const second = await play(await seats(() => wasm("clocks"), 2));
    expect(faults(first.result)).toEqual([undefined, undefined]);
    expect(second.record).toBe(first.record);
  });

  /** Starts two busy loops beside the test (killed by `stop`). */
  const busyLoops = () => {
    const loops = [0, 1].map(() =>
      spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
    );
    return () => {
      for (const loop of loops) loop.kill("SIGKILL");
    };
  };

  it("an endless loop from round 50 is frozen at round 50 with the same count and replay on 10 runs, with and without two busy loops", async () => {
    const budget: Budget = { turnInstructions: 5_000_000 };
    const outcomes = new Set<string>();
    const records = new Set<string>();
    const runTen = async () => {
      for (let run = 0; run < 10; run++) {
        const players = [
          { name: "loop", controller: await wasm("loop") },
          { name: "work", controller: await wasm("work") },
        ];
        const { result, record } = await play(players, { rounds: 60, budget });
        const looping = result.players[0]!;
        outcomes.add(JSON.stringify([looping.frozenAtRound, looping.fault, looping.instructions]));
        records.add(record);
        expect(result.players[1]!.frozen).toBe(false);
      }
    };
    await runTen();
    const stop = busyLoops();
    try {
      await runTen();
    } finally {
      stop();
    }
    expect(outcomes.size).toBe(1);
    expect(records.size).toBe(1);
    const [round, fault] = JSON.parse([...outcomes][0]!) as [number, string];
    expect(round).toBe(50);
    expect(fault).toMatch(
      /^executed 5000\d{3} instructions for its turn, over the limit of 5000000 instructions$/,
    );
    // The replay has every turn's count: the 50 turns within the limit and the one over it.
    const usage = JSON.parse([...records][0]!).usage as Array<{ instructions: number[] }>;
    expect(usage.filter((u) => u.instructions[0] !== null)).toHaveLength(1 + 51);
  });

  it("a match's total instruction budget freezes the player at its total; status(me) is its fraction", async () => {
    const players = [{ name: "work", controller: await wasm("work") }];
    const { result } = await play(players, {
      // The player's 40 rounds count ≈ 2.5 × 10⁶ instructions (metering version 2).
      rounds: 40,
      budget: { totalInstructions: 2_000_000 },
    });
    const player = result.players[0]!;
    expect(player.frozen).toBe(true);
    expect(player.fault).toMatch(/in the match, over its total budget of 2000000 instructions$/);
  });

  it("memcpy and memset count by their bytes: a player that copies megabytes is frozen by its instructions", async () => {
    // 8 copies and 8 fills of 1 MiB a round: at least 2 MiB of counted instructions a round (one
    // per 8 bytes), however few instructions memory.copy and memory.fill are.
    const copying = await play([{ name: "copy", controller: await wasm("copy") }], { rounds: 3 });
    expect(faults(copying.result)).toEqual([undefined]);
    expect(copying.result.players[0]!.instructions).toBeGreaterThan(3 * 16 * 2 ** 17);
    const budget: Budget = { turnInstructions: 1_000_000 };
    const frozen = await play([{ name: "copy", controller: await wasm("copy") }], {
      rounds: 3,
      budget,
    });
    expect(frozen.result.players[0]!.frozenAtRound).toBe(0);
    // Stopped at the copy that went over (a copy's count is taken before it runs).
    const fault = frozen.result.players[0]!.fault ?? "";
    expect(fault).toMatch(
      /^executed \d+ instructions for its turn, over the limit of 1000000 instructions$/,
    );
    const executed = Number(/executed (\d+)/.exec(fault)![1]);
    expect(executed).toBeGreaterThan(1_000_000);
    expect(executed).toBeLessThanOrEqual(1_000_000 + 2 ** 17 + 1000);
  });

  it("a damaged or unmetered module kept in the cache is metered again, not played as it is", async () => {
    const built = await buildCppPlayer(await wasmToolchain(), engine.cpp!, behaviours, {
      cacheDir,
    });
    const dir = dirname(built.binary);
    // Caps no other test uses, so that this process has not loaded these modules yet.
    const damaged = join(dir, `metered-v${METERING_VERSION}-${capPages(40)}.wasm`);
    writeFileSync(damaged, readFileSync(built.binary).subarray(0, 1000));
    const unmetered = join(dir, `metered-v${METERING_VERSION}-${capPages(41)}.wasm`);
    writeFileSync(unmetered, readFileSync(built.binary));
    for (const memoryMiB of [40, 41]) {
      const budget: Budget = { turnInstructions: 5_000_000 };
      const players = [{ name: "loop", controller: await wasm("loop", { memoryMiB }) }];
      const { result } = await play(players, { rounds: 52, budget });
      expect(result.players[0]!.frozenAtRound, `${memoryMiB} MiB`).toBe(50);
      expect(result.players[0]!.fault).toMatch(/instructions for its turn, over the limit/);
    }
    const metered = meterModule(readFileSync(built.binary), capPages(40));
    expect(new Uint8Array(readFileSync(damaged))).toEqual(metered);
  });

  it("memory past its cap freezes the player, saying so; the others play on", async () => {
    const players = [
      { name: "grow", controller: await wasm("grow") },
      { name: "plain", controller: await wasm("") },
    ];
    const { result } = await play(players, { rounds: 40 });
    const grow = result.players[0]!;
    expect(grow.fault).toMatch(
      /^ran out of memory: it could not grow its memory: it has 6\d MiB, the cap of its WebAssembly memory/,
    );
    expect(grow.frozenAtRound).toBeGreaterThan(5);
    expect(grow.frozenAtRound).toBeLessThan(20);
    expect(result.players[1]!.frozen).toBe(false);
  });

  it("the hostile player: no file system, exit and abort are faults, stdout cannot forge a reply", async () => {
    const marker = "/tmp/arena-wasm-was-here";
    rmSync(marker, { force: true });
    const files = await play([{ name: "files", controller: await wasm("files") }], { rounds: 3 });
    expect(faults(files.result)).toEqual([undefined]);
    // Unit 0's numbers: 0 = neither file opened.
    const steps = JSON.parse(files.record).steps as Array<Array<Array<{ add: number }>>>;
    expect(steps.map((step) => step[0]![0]!.add)).toEqual([0, 0, 0]);
    expect(existsSync(marker)).toBe(false);
    const exit = await play([{ name: "exit", controller: await wasm("exit") }], { rounds: 5 });
    expect(exit.result.players[0]!.fault).toBe("exited with code 3");
    expect(exit.result.players[0]!.frozenAtRound).toBe(3);
    const abort = await play([{ name: "abort", controller: await wasm("abort") }], { rounds: 5 });
    expect(abort.result.players[0]!.fault).toMatch(/^crashed with an abort/);
    const stdout = await play([{ name: "out", controller: await wasm("stdout") }], { rounds: 3 });
    expect(faults(stdout.result)).toEqual([undefined]);
    expect(stdout.result.players[0]!.stderr).toContain("not an order");
  });

  it("each turn's annotations and output go to the replay with that round, each seat its own, in one instance or not", async () => {
    const modes = fixture("cpp-players/AIModes.cc");
    for (const mode of ["shared", "seat"] as const) {
      const players = await seats(
        () =>
          wasmBot(engine, modes, { cacheDir, process: mode, env: { ARENA_TEST_PLAYER: "chatty" } }),
        3,
      );
      const replay = join(scratch, `run-${runs++}.arena`);
      const outputs: Array<{ player: number; round: number; text: string }> = [];
      const result = await runMatch(engine, {
        config: { rounds: 4, turnBased: false },
        seed: 3,
        players,
        replay,
        onBotOutput: ({ player, round, kind, text }) => {
          if (kind === "stderr") outputs.push({ player, round, text });
        },
      });
      expect(faults(result), mode).toEqual([undefined, undefined, undefined]);
      const read = readReplay(replay);
      expect(
        read.notes?.map((n) => n.step),
        mode,
      ).toEqual([0, 1, 2, 3]);
      for (const { step, notes } of read.notes!)
        notes.forEach((note, p) => {
          const warning =
            step === 1
              ? "warning: annotate: colour 'not a colour' is not a CSS colour (#rgb, #rrggbb or a name): drawn in the player's own\n"
              : "";
          expect(note, `${mode} step ${step} player ${p}`).toEqual({
            text: `round ${step}\nsecond line`,
            units: [{ id: 0, text: "unit zero" }],
            marks: [{ cell: [p, step], text: "here", ...(step === 1 ? {} : { color: "#d55e00" }) }],
            lines: [{ from: [0, 0], to: [p, step] }],
            stderr: `seat ${p} round ${step}\ncout of seat ${p}\n${warning}`,
          });
        });
      expect(outputs.filter((o) => o.player === 2).map((o) => o.round)).toEqual([0, 1, 2, 3]);
      expect(outputs.find((o) => o.player === 1 && o.round === 2)?.text).toBe(
        "seat 1 round 2\ncout of seat 1\n",
      );
    }
  });

  it("a feature WebAssembly players lack is one line naming it and where", async () => {
    const file = join(scratch, "AIThrows.cc");
    writeFileSync(
      file,
      '#include "Player.hh"\n#define PLAYER_NAME Throws\nstruct PLAYER_NAME : public Player {\n  static Player* factory() { return new PLAYER_NAME; }\n  virtual void play() { if (round() > 5) throw 42; }\n};\nRegisterPlayer(PLAYER_NAME);\n',
    );
    const error = await wasmBot(engine, file, { cacheDir, shownAs: "AIThrows.cc" }).catch((e) => e);
    expect(error.code).toBe("CPP_WASM");
    expect(error.message).toBe(
      "AIThrows.cc:5: uses C++ exceptions ('throw'), which players compiled to WebAssembly do not have: play it natively (--cpp native)",
    );
  });

  it.skipIf(!hasClang)("a compile cache hit starts no compiler", async () => {
    const log = join(scratch, "compiler.log");
    const fake = join(scratch, "clang++-logged");
    const real = process.env.ARENA_WASM_CXX ?? "clang++-19";
    writeFileSync(fake, `#!/bin/sh\necho "$@" >> ${log}\nexec ${real} "$@"\n`);
    chmodSync(fake, 0o755);
    const file = join(scratch, "AICached.cc");
    writeFileSync(file, readFileSync(counter, "utf8").replace("Counter", `Cached${Date.now()}`));
    const saved = process.env.ARENA_WASM_CXX;
    process.env.ARENA_WASM_CXX = fake;
    try {
      const toolchain = await wasmToolchain("clang");
      const own = mkdtempSync(join(scratch, "cache-"));
      // Without the compiler's box: the logging compiler writes outside its build folder.
      const first = await buildCppPlayer(toolchain, engine.cpp!, file, {
        cacheDir: own,
        sandbox: false,
      });
      const runsCold = readFileSync(log, "utf8").trim().split("\n").length;
      expect(first.cached).toBe(false);
      expect(runsCold).toBe(3); // the kit's adapter, the player, the link
      const second = await buildCppPlayer(await wasmToolchain("clang"), engine.cpp!, file, {
        cacheDir: own,
        sandbox: false,
      });
      expect(second).toMatchObject({ cached: true, key: first.key });
      expect(readFileSync(log, "utf8").trim().split("\n").length).toBe(runsCold);
    } finally {
      if (saved === undefined) delete process.env.ARENA_WASM_CXX;
      else process.env.ARENA_WASM_CXX = saved;
    }
  });
});
