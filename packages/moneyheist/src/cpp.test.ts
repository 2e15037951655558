// Students' own C++ players: the compatibility kit in ../cpp, compiled with the real g++.

import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { compileCppPlayer, cppBot, cppSharedDirectory, kitLacks, resolveBot } from "@arena/bots";
import { type CppTestbed, cppTestbed, eachRound } from "@arena/bots/testing";
import { ArenaError, type Controller, Lcg31, type MatchResult, runMatch } from "@arena/core";
import { beforeAll, describe, expect, it } from "vitest";
import { PARAMETERS } from "./config";
import { cppKit } from "./cpp-kit";
import { cppTurnText } from "./cpp-turn";
import { engine } from "./engine";
import type { MoneyHeistMatch } from "./match";
import { isAlive, isEmpty } from "./view";

const bed = cppTestbed(engine, {
  fixtures: new URL("./__fixtures__/cpp/", import.meta.url).href,
  reference: new URL("../../../../shared/reference/moneyheist/", import.meta.url).href,
});
const { hasCompiler, hasReference, scratch, fixture, seat, builtin } = bed;
const cpp = (name: string) => cppBot(engine, fixture(name), { shownAs: name });

/** The test: `AIReflect.cc` in seats 0 and 2 sees, every round, what the JSON view shows. */
const reflectsTheView = (bed: CppTestbed) => async () => {
  const seed = 5;
  const config = engine.defaultConfig();
  const { result, seats } = await bed.reflect({
    config,
    seed,
    reflecting: [0, 2],
    view: (match, p) => {
      const view = (match as MoneyHeistMatch).view(p);
      let empty = 0;
      for (let i = 0; i < view.boardRows(); i++)
        for (let j = 0; j < view.boardCols(); j++) if (isEmpty(view.cell(i, j))) empty++;
      let alive = 0;
      for (let id = 0; id < 84; id++) if (isAlive(view.unit(id))) alive++;
      return {
        ...(match.viewJson(p) as Record<string, unknown>),
        soldiers: [0, 1, 2, 3].map((pl) => view.soldiers(pl)),
        professors: [0, 1, 2, 3].map((pl) => view.professor(pl)),
        empty,
        alive,
        checks: [0, 1, 0, 0, 1, 0],
        settings: PARAMETERS.map(([, key]) => config[key]),
      };
    },
  });
  expect(result.players.map((p) => p.fault).filter(Boolean)).toEqual([]);
  expect(result.players[0]!.name).toBe("Reflect");
  for (const { player, seen, want } of seats) {
    expect(seen).toHaveLength(200);
    const generator = new Lcg31(seed + player + 1);
    seen.forEach((line, round) => {
      // The player's own generator, seeded seed + me + 1 as in the original.
      expect(line.random).toBe(generator.random(0, 99));
      expect(line.perm).toEqual(generator.randomPermutation(5));
      const { random: _random, perm: _perm, ...rest } = line;
      // node's strict deep equality first (far cheaper than vitest's on these objects); vitest's,
      // which also passes when only undefined fields differ, gives the verdict and diff otherwise.
      if (!isDeepStrictEqual(rest, want[round]))
        expect(rest, `player ${player}, round ${round}`).toEqual(want[round]);
    });
    // The reflecting players' orders changed the match: it is not the board of round 0.
    expect(want[199]).not.toEqual(want[0]);
  }
};

/** The recorded traces of the reference data (none without it). */
const traces = (bed: CppTestbed) =>
  bed.files("traces", ".orders.jsonl.gz").map((name) => ({ name }));

/** The test: `AITraceReplay.cc` giving a recorded trace's orders gives its `.res` byte for byte. */
const replaysTheTrace =
  (bed: CppTestbed) =>
  async ({ name }: { name: string }) => {
    const want = bed.read(`traces/${name}.res.gz`);
    const result = await bed.replay({
      tag: name,
      config: engine.parseConfig(bed.read(`${name.split("_")[0]}.cnf`), "default.cnf"),
      seed: Number(/^Seed (-?\d+)$/m.exec(want)![1]),
      names: /^names +(.*)$/m.exec(want)![1]!.split(" "),
      steps: engine.readTrace!(bed.read(`traces/${name}.orders.jsonl.gz`), name),
      // `<kind> <unit> [<dir> [<n> <v…>]]`
      order: (o) =>
        o.kind === "move"
          ? `m ${o.unit} ${o.dir}`
          : o.kind === "open"
            ? `o ${o.unit} ${o.dir} ${o.solution.length} ${o.solution.join(" ")}`
            : `${o.kind[0]} ${o.unit}`,
    });
    expect(bed.mismatch(result, want)).toBeUndefined();
  };

// Compilations (a few seconds each, much more on a busy machine) run inside some tests.
describe.skipIf(!hasCompiler)("C++ players of the original kit", { timeout: 180_000 }, () => {
  beforeAll(async () => {
    await bed.compile(["AIReflect.cc", "AIGreedy.cc", "AICrash.cc", "AIFlood.cc", "AIHang.cc"]);
  }, 180_000);

  it(
    "a player that calls every API function sees what the JSON view shows, every round",
    reflectsTheView(bed),
  );

  it("status(me) is the fraction of the player's CPU budget used; others' status as the engine shows it", async () => {
    const reflected = bed.reflectTo("status");
    const result = await runMatch(engine, {
      config: engine.defaultConfig(),
      seed: 2,
      players: [builtin("Null"), await seat("AIReflect.cc"), builtin("Null"), builtin("Null")],
      budget: { totalMs: 3_600_000 },
    });
    expect(result.players[1]!.frozen).toBe(false);
    const seen = reflected(1).map(({ status }) => status as number[]);
    expect(seen).toHaveLength(200);
    let last = 0;
    for (const [p0, mine, p2, p3] of seen) {
      expect([p0, p2, p3]).toEqual([0, 0, 0]);
      expect(mine).toBeGreaterThanOrEqual(last);
      expect(mine).toBeLessThan(1);
      last = mine!;
    }
  });

  describe.skipIf(!hasReference)("replaying the recorded traces through the Action API", () => {
    it.each(traces(bed))("$name gives the recorded .res byte for byte", replaysTheTrace(bed));
  });

  it("four copies of a player in one process give the match (and the .res) of a process per seat", async () => {
    await bed.expectCopiesAgree({
      file: "AIGreedy.cc",
      config: engine.defaultConfig(),
      seed: 3,
    });
  });

  it("a player that does not compile: the compiler's first messages, as an ArenaError", async () => {
    const error = await cpp("AIBroken.cc").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArenaError);
    expect((error as ArenaError).code).toBe("CPP_COMPILE");
    const message = (error as ArenaError).message;
    expect(message).toMatch(/^AIBroken\.cc: does not compile/);
    expect(message).toContain("AIBroken.cc:8");
    expect(message).toContain("fly_to");
  });

  it("a missing compiler is one clear error", async () => {
    const error = await cppBot(engine, fixture("AIGreedy.cc"), {
      compiler: "/nonexistent/g++",
    }).catch((e: unknown) => e);
    expect((error as ArenaError).code).toBe("NO_COMPILER");
    expect((error as ArenaError).message).toContain("apt-get install g++");
  });

  const three = (file: string) =>
    Promise.all([seat(file), builtin("Null"), builtin("Demo"), builtin("Null")]);
  const play = async (
    players: Array<{ name: string; controller: Controller }>,
    budget = {},
  ): Promise<MatchResult> =>
    runMatch(engine, { config: engine.defaultConfig(), seed: 3, players, budget, res: true });

  it.each([
    ["segfault", "SIGSEGV"],
    ["assert", "SIGABRT"],
  ])("a crashing player (%s) is frozen with the signal and its stderr", async (how, signal) => {
    process.env.ARENA_CRASH = how;
    const result = await play(await three("AICrash.cc"));
    const crash = result.players[0]!;
    expect(crash.frozen).toBe(true);
    expect(crash.frozenAtRound).toBe(2);
    expect(crash.fault).toContain(signal);
    expect(crash.fault).toContain("about to crash in round 2");
    if (how === "assert") expect(crash.fault).toContain("Assertion");
    expect(crash.fault).not.toContain("still alive");
    // The match went on; the frozen player shows status -1 in the .res from round 2 on.
    expect(result.rounds).toBe(200);
    expect(result.res).toMatch(/round 2\n\n(?:.*\n)*?status\t-1\t0\t0\t0\n/);
    expect(result.players.slice(1).every((p) => !p.frozen)).toBe(true);
  });

  it("a player giving more than 1000 commands in a round is frozen then", async () => {
    const result = await play(await three("AIFlood.cc"));
    expect(result.players[0]!.frozen).toBe(true);
    expect(result.players[0]!.frozenAtRound).toBe(3);
    expect(result.players[0]!.fault).toContain("1001 orders");
  });

  it("a player that never answers is frozen at its turn limit", async () => {
    const result = await play(await three("AIHang.cc"), { turnMs: 1000 });
    expect(result.players[0]!.frozen).toBe(true);
    expect(result.players[0]!.frozenAtRound).toBe(1);
    // A sleeping player (no CPU time) is stopped by the wall-clock net, twice its turn limit.
    expect(result.players[0]!.fault).toMatch(
      /^did not answer its turn within \d+ ms of wall-clock time \(the safety net\)/,
    );
  });

  it("is cached: the second compilation of the same player compiles nothing", async () => {
    const cacheDir = mkdtempSync(join(scratch, "cache-"));
    // The kit's objects (its adapter main, compiled once per kit: ≈ 2.3 s of g++ CPU) copied from
    // the tests' cache, which beforeAll filled: the claim is the player's entry. Without them (another
    // cache layout) the first compilation compiles the kit too, and the test is only slower.
    const tests = join(process.env.ARENA_CACHE_DIR!, "cpp");
    for (const name of readdirSync(tests).filter((entry) => entry.startsWith("kit-")))
      cpSync(join(tests, name), join(cacheDir, "cpp", name), { recursive: true });
    // The smallest test player (a compilation of AIGreedy.cc costs ≈ 1.5 s of CPU, this one ≈ 1 s).
    const first = await compileCppPlayer(engine.cpp!, fixture("AIHang.cc"), { cacheDir });
    const built = statSync(first.binary).mtimeMs;
    const second = await compileCppPlayer(engine.cpp!, fixture("AIHang.cc"), { cacheDir });
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.binary).toBe(first.binary);
    expect(statSync(second.binary).mtimeMs).toBe(built);
    expect(second.name).toBe("Hang");
    // Another source is another entry.
    const file = join(scratch, "AIHang2.cc");
    writeFileSync(file, `${readFileSync(fixture("AIHang.cc"), "utf8")}\n// changed\n`);
    const third = await compileCppPlayer(engine.cpp!, file, { cacheDir });
    expect(third.cached).toBe(false);
    expect(third.key).not.toBe(first.key);
  });

  it("offers every public name of the original kit: a kit tour compiles, checks them and plays", async () => {
    // Every name of the original headers is declared somewhere in the kit…
    expect(kitLacks(cppKit, cppSharedDirectory())).toEqual([]);
    // …and means what it meant: AITour.cc checks each one at round 0 (a failed check aborts it).
    const result = await runMatch(engine, {
      config: engine.defaultConfig(),
      seed: 5,
      players: [await seat("AITour.cc"), builtin("Demo"), builtin("Demo"), builtin("Demo")],
    });
    const [tour] = result.players;
    expect(tour!.name).toBe("Tour");
    expect(tour!.fault).toBeUndefined();
    expect(tour!.stderr).toMatch(/^tour ok: \d{2,} checks$/m);
  });

  it("compiles a player written with students' usual idioms, unmodified, and plays it", async () => {
    const result = await play(await three("AIIdioms.cc"));
    expect(result.players[0]!.name).toBe("Idioms");
    expect(result.players[0]!.frozen).toBe(false);
    expect(result.players[0]!.stderr).toMatch(/^Idioms starts at \(\d+, \d+\)\n/);
  });

  it("runs the compiled player through a wrapper command when asked (e.g. a sandbox)", async () => {
    const wrapped: string[][] = [];
    const controller = await cppBot(engine, fixture("AIGreedy.cc"), {
      wrap: (argv) => {
        wrapped.push([...argv]);
        return ["/usr/bin/env", "ARENA_WRAPPED=1", ...argv];
      },
    });
    const result = await play([
      { name: "Greedy", controller },
      builtin("Null"),
      builtin("Null"),
      builtin("Null"),
    ]);
    expect(wrapped).toHaveLength(1);
    expect(wrapped[0]![0]).toMatch(/\/player$/);
    expect(result.players[0]!.frozen).toBe(false);
    expect(result.scores[0]).toBeGreaterThan(0);
  });

  it("resolveBot takes a .cc path; its PLAYER_NAME names it", async () => {
    const controller = await resolveBot(engine, "AIGreedy.cc", {
      cwd: dirname(fixture("AIGreedy.cc")),
    });
    expect(controller.botName!()).toBe("Greedy");
    const result = await play([
      { name: "Greedy", controller },
      builtin("Null"),
      builtin("Null"),
      builtin("Null"),
    ]);
    expect(result.players[0]!.frozen).toBe(false);
    expect(result.res).toMatch(/^names +Greedy Null Null Null$/m);
    expect(result.scores[0]).toBeGreaterThan(Math.max(...result.scores.slice(1)));
  });
});

// The same players compiled to WebAssembly and played in the test's thread (`--cpp wasm`): the
// matches they play natively, byte for byte; what differs (limits in instructions, no signals) is
// tested with the WebAssembly faults' own words.
const wasmBed = cppTestbed(engine, {
  fixtures: new URL("./__fixtures__/cpp/", import.meta.url).href,
  reference: new URL("../../../../shared/reference/moneyheist/", import.meta.url).href,
  cpp: "wasm",
});

describe.skipIf(!wasmBed.hasCompiler)(
  "C++ players of the original kit as WebAssembly",
  { timeout: 300_000 },
  () => {
    beforeAll(async () => {
      await wasmBed.compile(["AIReflect.cc", "AITraceReplay.cc", "AIGreedy.cc"]);
    }, 300_000);

    it(
      "a player that calls every API function sees what the JSON view shows, every round",
      reflectsTheView(wasmBed),
    );

    describe.skipIf(!wasmBed.hasReference)(
      "replaying the recorded traces through the Action API",
      () => {
        it.each(traces(wasmBed))(
          "$name gives the recorded .res byte for byte",
          replaysTheTrace(wasmBed),
        );
      },
    );

    it.skipIf(!hasCompiler)(
      "a Greedy player's match is its native match, byte for byte",
      async () => {
        const match = async (made: typeof bed) => {
          const players = [
            await made.seat("AIGreedy.cc"),
            builtin("Demo"),
            await made.seat("AIGreedy.cc"),
            builtin("Null"),
          ];
          return runMatch(engine, { config: engine.defaultConfig(), seed: 9, players, res: true });
        };
        const native = await match(bed);
        const wasm = await match(wasmBed);
        expect(wasm.players.map((p) => p.fault).filter(Boolean)).toEqual([]);
        expect(wasmBed.mismatch(wasm, native.res!)).toBeUndefined();
      },
    );

    it("four copies of a player in one instance give the match (and the .res) of an instance per seat", async () => {
      await wasmBed.expectCopiesAgree({
        file: "AIGreedy.cc",
        config: engine.defaultConfig(),
        seed: 3,
      });
    });

    it("the kit tour and the students' idioms compile unchanged and play", async () => {
      const result = await runMatch(engine, {
        config: engine.defaultConfig(),
        seed: 5,
        players: [
          await wasmBed.seat("AITour.cc"),
          await wasmBed.seat("AIIdioms.cc"),
          builtin("Demo"),
          builtin("Demo"),
        ],
      });
      expect(result.players[0]!.fault).toBeUndefined();
      expect(result.players[0]!.stderr).toMatch(/^tour ok: \d{2,} checks$/m);
      expect(result.players[1]!.fault).toBeUndefined();
      expect(result.players[1]!.stderr).toMatch(/^Idioms starts at \(\d+, \d+\)\n/);
    });

    it("an assertion, 1001 commands and a player that never answers: frozen at the same rounds as natively", async () => {
      const play = async (file: string, budget = {}) =>
        runMatch(engine, {
          config: engine.defaultConfig(),
          seed: 3,
          players: [await wasmBed.seat(file), builtin("Null"), builtin("Demo"), builtin("Null")],
          budget,
        });
      process.env.ARENA_CRASH = "assert";
      const crash = (await play("AICrash.cc")).players[0]!;
      expect(crash.frozenAtRound).toBe(2);
      expect(crash.fault).toMatch(
        /^crashed with an abort .*; stderr: about to crash in round 2 \| .*Assertion/,
      );
      const flood = (await play("AIFlood.cc")).players[0]!;
      expect(flood.frozenAtRound).toBe(3);
      expect(flood.fault).toContain("1001 orders");
      // sleep() returns at once (a player's time is its instructions): its loop hits the turn's limit.
      const hang = (await play("AIHang.cc", { turnInstructions: 10_000_000 })).players[0]!;
      expect(hang.frozenAtRound).toBe(1);
      // Past the limit by what the loop counts between two of its checks: 117 with metering
      // version 2 (under 100 with version 1, whose copies and fills were not counted by bytes).
      expect(hang.fault).toMatch(
        /^executed 10000\d{3} instructions for its turn, over the limit of 10000000/,
      );
    });
  },
);

describe("the turn message of C++ players", () => {
  it("is the .res state block, byte for byte, every round of a match", () => {
    const match = engine.create(engine.defaultConfig(), 3, 4) as MoneyHeistMatch;
    const texts = new Set<string>();
    eachRound(engine, match, () => {
      expect(cppTurnText(match.state)).toBe(match.resState());
      texts.add(cppTurnText(match.state));
    });
    match.freeze(2);
    expect(cppTurnText(match.state)).toBe(match.resState());
    expect(texts.size).toBe(200);
  });
});
