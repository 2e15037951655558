// Students' own C++ players: the compatibility kit in ../cpp, compiled with the real g++.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import {
  ArenaError,
  type Controller,
  compileCppPlayer,
  cppBot,
  firstDifference,
  inProcessBot,
  Lcg31,
  type MatchResult,
  OrderCollector,
  resolveBot,
  runMatch,
} from "@arena/core";
import { beforeAll, describe, expect, it } from "vitest";
import { PARAMETERS } from "./config";
import { cppTurnText } from "./cpp-turn";
import { engine } from "./engine";
import type { MoneyHeistMatch } from "./match";
import { isAlive, isEmpty } from "./view";

const fixtures = fileURLToPath(new URL("./__fixtures__/cpp/", import.meta.url));
const reference = fileURLToPath(
  new URL("../../../../shared/reference/moneyheist/", import.meta.url),
);

const compiler = process.env.ARENA_CXX ?? "g++";
const hasCompiler = (() => {
  try {
    execFileSync(compiler, ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
if (!hasCompiler)
  console.warn(`C++ player tests skipped: ${compiler} is absent (apt-get install g++)`);
const hasReference = existsSync(reference);
if (!hasReference) console.warn(`C++ trace replays skipped: ${reference} (../shared) is absent`);

// Compiled players are cached by content hash: one cache for these tests keeps reruns fast
// (the cache test below uses a fresh directory of its own).
process.env.ARENA_CACHE_DIR = join(tmpdir(), "arena-cpp-test-cache");
const scratch = mkdtempSync(join(tmpdir(), "arena-cpp-test-"));

const cpp = (name: string) => cppBot(engine, join(fixtures, name), { shownAs: name });
const builtin = (name: string): { name: string; controller: Controller } => ({
  name,
  controller: inProcessBot(engine.bots[name]!, name),
});

async function seat(file: string): Promise<{ name: string; controller: Controller }> {
  const controller = await cpp(file);
  return { name: controller.botName!()!, controller };
}

// Compilations (a few seconds each, much more on a busy machine) run inside some tests.
describe.skipIf(!hasCompiler)("C++ players of the original kit", { timeout: 180_000 }, () => {
  beforeAll(async () => {
    // Compile every player once, in parallel (later uses come from the cache).
    await Promise.all(
      ["AIReflect.cc", "AIGreedy.cc", "AICrash.cc", "AIFlood.cc", "AIHang.cc"].map((file) =>
        compileCppPlayer(engine.cpp!, join(fixtures, file)),
      ),
    );
  }, 180_000);

  it("a player that calls every API function sees what the JSON view shows, every round", async () => {
    const seed = 5;
    const config = engine.defaultConfig();
    const out = join(scratch, "reflect");
    process.env.ARENA_REFLECT_OUT = out;
    const reflecting = [0, 2];
    const expected: unknown[][] = [];
    const expectRound = (match: MoneyHeistMatch) => {
      expected.push(
        reflecting.map((p) => {
          const view = match.view(p);
          const json = match.viewJson(p) as Record<string, unknown>;
          let empty = 0;
          for (let i = 0; i < view.boardRows(); i++)
            for (let j = 0; j < view.boardCols(); j++) if (isEmpty(view.cell(i, j))) empty++;
          let alive = 0;
          for (let id = 0; id < 84; id++) if (isAlive(view.unit(id))) alive++;
          return {
            ...json,
            soldiers: [0, 1, 2, 3].map((pl) => view.soldiers(pl)),
            professors: [0, 1, 2, 3].map((pl) => view.professor(pl)),
            empty,
            alive,
            checks: [0, 1, 0, 0, 1, 0],
            settings: PARAMETERS.map(([, key]) => config[key]),
          };
        }),
      );
    };
    expectRound(engine.create(config, seed, 4) as MoneyHeistMatch);
    const result = await runMatch(engine, {
      config,
      seed,
      players: [
        await seat("AIReflect.cc"),
        builtin("Demo"),
        await seat("AIReflect.cc"),
        builtin("Demo"),
      ],
      onStep: ({ match }) => {
        if (!match.isOver()) expectRound(match as MoneyHeistMatch);
      },
    });
    expect(result.players.map((p) => p.fault)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(result.players[0]!.name).toBe("Reflect");
    reflecting.forEach((p, k) => {
      const lines = readFileSync(`${out}.${p}`, "utf8").trim().split("\n");
      expect(lines).toHaveLength(200);
      const generator = new Lcg31(seed + p + 1);
      lines.forEach((line, round) => {
        const seen = JSON.parse(line) as Record<string, unknown>;
        const want = expected[round]![k] as Record<string, unknown>;
        // The player's own generator, seeded seed + me + 1 as in the original.
        expect(seen.random).toBe(generator.random(0, 99));
        expect(seen.perm).toEqual(generator.randomPermutation(5));
        delete seen.random;
        delete seen.perm;
        expect(seen, `player ${p}, round ${round}`).toEqual(want);
      });
    });
    // The reflecting players' orders changed the match: it is not the board of round 0.
    expect(expected[199]![0]).not.toEqual(expected[0]![0]);
  });

  it("status(me) is the fraction of the player's CPU budget used; others' status as the engine shows it", async () => {
    const out = join(scratch, "status");
    process.env.ARENA_REFLECT_OUT = out;
    const result = await runMatch(engine, {
      config: engine.defaultConfig(),
      seed: 2,
      players: [builtin("Null"), await seat("AIReflect.cc"), builtin("Null"), builtin("Null")],
      budget: { totalMs: 3_600_000 },
    });
    expect(result.players[1]!.frozen).toBe(false);
    const seen = readFileSync(`${out}.1`, "utf8")
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { status: number[] }).status);
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
    const read = (name: string) => {
      const bytes = readFileSync(join(reference, name));
      return (name.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
    };
    const traces = hasReference
      ? readdirTraces(join(reference, "traces")).map((name) => ({ name }))
      : [];

    it.each(traces)("$name gives the recorded .res byte for byte", async ({ name }) => {
      const want = read(`traces/${name}.res.gz`);
      const names = /^names +(.*)$/m.exec(want)![1]!.split(" ");
      const seed = Number(/^Seed (-?\d+)$/m.exec(want)![1]);
      const config = engine.parseConfig(read(`${name.split("_")[0]}.cnf`), "default.cnf");
      const steps = engine.readTrace!(read(`traces/${name}.orders.jsonl.gz`), name);
      // The trace as lines `<round> <player> <kind> <unit> [<dir> [<n> <v…>]]` for the player.
      const lines: string[] = [];
      for (const [round, players] of steps.entries()) {
        for (const [player, orders] of players.entries()) {
          for (const o of orders) {
            let line = `${round} ${player} ${o.kind[0]} ${o.unit}`;
            if (o.kind === "move") line += ` ${o.dir}`;
            if (o.kind === "open") line += ` ${o.dir} ${o.solution.length} ${o.solution.join(" ")}`;
            lines.push(line);
          }
        }
      }
      const ordersFile = join(scratch, `${name}.orders.txt`);
      writeFileSync(ordersFile, `${lines.join("\n")}\n`);
      process.env.ARENA_TRACE_ORDERS = ordersFile;
      // The same replaying player under each recorded name (its PLAYER_NAME goes in the .res).
      const template = readFileSync(join(fixtures, "AITraceReplay.cc"), "utf8");
      const players = [];
      for (const player of names) {
        const dir = join(scratch, player);
        mkdirSync(dir, { recursive: true });
        const file = join(dir, `AI${player}.cc`);
        writeFileSync(
          file,
          template.replace("#define PLAYER_NAME TraceReplay", `#define PLAYER_NAME ${player}`),
        );
        const controller = await cppBot(engine, file);
        players.push({ name: controller.botName!()!, controller });
      }
      const result = await runMatch(engine, { config, seed, players, res: true });
      expect(result.players.map((p) => p.fault)).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      const difference = firstDifference(result.res!, want);
      if (difference !== undefined) expect.fail(difference);
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
    const error = await cppBot(engine, join(fixtures, "AIGreedy.cc"), {
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
    expect(result.players[0]!.fault).toMatch(/timed out/);
  });

  it("is cached: the second compilation of the same player compiles nothing", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "arena-cpp-cache-"));
    const first = await compileCppPlayer(engine.cpp!, join(fixtures, "AIGreedy.cc"), { cacheDir });
    const built = statSync(first.binary).mtimeMs;
    const second = await compileCppPlayer(engine.cpp!, join(fixtures, "AIGreedy.cc"), {
      cacheDir,
    });
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.binary).toBe(first.binary);
    expect(statSync(second.binary).mtimeMs).toBe(built);
    expect(second.name).toBe("Greedy");
    // Another source is another entry.
    const file = join(scratch, "AIGreedy2.cc");
    writeFileSync(file, `${readFileSync(join(fixtures, "AIGreedy.cc"), "utf8")}\n// changed\n`);
    const third = await compileCppPlayer(engine.cpp!, file, { cacheDir });
    expect(third.cached).toBe(false);
    expect(third.key).not.toBe(first.key);
  });

  it("compiles a player written with students' usual idioms, unmodified, and plays it", async () => {
    const result = await play(await three("AIIdioms.cc"));
    expect(result.players[0]!.name).toBe("Idioms");
    expect(result.players[0]!.frozen).toBe(false);
    expect(result.players[0]!.stderr).toMatch(/^Idioms starts at \(\d+, \d+\)\n/);
  });

  it("runs the compiled player through a wrapper command when asked (e.g. a sandbox)", async () => {
    const wrapped: string[][] = [];
    const controller = await cppBot(engine, join(fixtures, "AIGreedy.cc"), {
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
    const controller = await resolveBot(engine, "AIGreedy.cc", { cwd: fixtures });
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

function readdirTraces(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".orders.jsonl.gz"))
    .map((name) => name.replace(".orders.jsonl.gz", ""))
    .sort();
}

describe("the turn message of C++ players", () => {
  it("is the .res state block, byte for byte, every round of a match", () => {
    const match = engine.create(engine.defaultConfig(), 3, 4) as MoneyHeistMatch;
    const bots = [0, 1, 2, 3].map(() => engine.bots.Demo!());
    const texts = new Set<string>();
    while (!match.isOver()) {
      expect(cppTurnText(match.state)).toBe(match.resState());
      texts.add(cppTurnText(match.state));
      match.step(
        bots.map((bot, p) => {
          const collector = new OrderCollector<never>();
          bot.play(match.view(p), match.actions(p, collector));
          return collector.orders;
        }),
      );
    }
    match.freeze(2);
    expect(cppTurnText(match.state)).toBe(match.resState());
    expect(texts.size).toBe(200);
  });
});
