// The generic part of C++ players with a test-only kit for core's counter game (real g++): the
// transport, first-wins and the command count, the reply hook (a random stream shared with the
// engine, as Bola de Drac 2012 needs), the process's CPU time, the name and the cache.
import { execFileSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AnyEngine,
  ArenaError,
  Lcg31,
  type Match,
  NOTE_LIMIT,
  OrderCollector,
  readReplay,
  runMatch,
} from "@arena/core";
import { describe, expect, inject, it, onTestFinished } from "vitest";
import { engine, internals, kit, kitDir } from "../__fixtures__/cpp-counter-kit";
import { compiler, fixture, hasCompiler } from "../__fixtures__/helpers";
import { compileCppPlayer, cppSharedDirectory } from "./compile";
import { cppBot } from "./cpp-bot";

if (!hasCompiler)
  console.warn(`C++ player tests skipped: ${compiler} is absent (apt-get install g++)`);

/**
 * Plays the first turn of a one-round, one-player counter match with `controller` (its orders
 * kept up to `limit`), then closes it: the collector and the match.
 */
async function playOneTurn(
  controller: Awaited<ReturnType<typeof cppBot>>,
  limit: number,
): Promise<{ collector: OrderCollector<unknown>; match: Match }> {
  const match = engine.create({ rounds: 1, turnBased: false }, 1, 1);
  const context = {
    engine,
    match,
    player: 0,
    config: { rounds: 1 },
    seed: 1,
    numPlayers: 1,
    budget: {},
    timeLimitMs: 10_000,
    history: [],
  };
  const collector = new OrderCollector<unknown>(limit);
  try {
    await controller.start!(context);
    await controller.play({ ...context, step: 0, round: 0, collector });
  } finally {
    await controller.close!();
  }
  return { collector, match };
}

// Compilations (a few seconds each, much more on a busy machine) run inside some tests.
describe.skipIf(!hasCompiler)("C++ players (core, with a test kit)", { timeout: 180_000 }, () => {
  // The run's compile cache, shared with one-cpu.test.ts (see cpp-cache-setup.ts).
  const cacheDir = inject("cppCacheDir");
  const player = join(kitDir, "AICounter.cc");
  /** The test players (one source, compiled once): `mode` as AIModes.cc's ARENA_TEST_PLAYER. */
  const modes = fixture("cpp-players/AIModes.cc");
  const inMode = (mode: string) => (argv: readonly string[]) => [
    "env",
    `ARENA_TEST_PLAYER=${mode}`,
    ...argv,
  ];

  it("plays every turn through the kit; a stream shared with the engine is handed back", async () => {
    const seed = 17;
    const rounds = 30;
    const players = [];
    for (let p = 0; p < 3; p++)
      players.push({ name: "x", controller: await cppBot(engine, player, { cacheDir }) });
    const result = await runMatch(engine, {
      config: { rounds, turnBased: false },
      seed,
      players,
    });
    expect(result.players.map((p) => p.fault)).toEqual([undefined, undefined, undefined]);
    // The same match computed here: each player in turn draws from the engine's own generator
    // (the shared stream), then the engine draws its bonus from where the players left it.
    const rng = new Lcg31(seed);
    const scores = [0, 0, 0];
    for (let r = 0; r < rounds; r++) {
      const seen = [...scores];
      const adds = seen.map((score) => rng.random(0, 9) + (score % 10));
      adds.forEach((add, p) => {
        scores[p]! += add;
      });
      scores[rng.random(0, 2)]! += 1;
    }
    expect(result.scores).toEqual(scores);
    for (const { controller } of players) {
      expect(controller.botName()).toBe("Counter");
      expect(controller.cpuMs()).toBeGreaterThanOrEqual(0);
    }
  });

  it("counts every command for the commands limit, duplicates included (first wins)", async () => {
    const controller = await cppBot(engine, player, { cacheDir });
    // A limit of 2 instead of 1000: the player gives 3 commands, 2 of them kept.
    const { collector } = await playOneTurn(controller, 2);
    expect(collector.orders).toEqual([
      { unit: 0, add: expect.any(Number) },
      { unit: 1, add: 0 },
    ]);
    expect(collector.offered).toBe(3);
    expect(collector.overflow).toBe(true);
  });

  it("validates each distinct order line once; a line the game rejects is rejected every turn", async () => {
    const rounds = 200;
    let lineReads = 0;
    let validations = 0;
    // Unit 1's orders come out of this kit with `add` 10–19, which the game's `parseOrder`
    // rejects; unit 0's (a draw 0–9) are valid and repeat.
    const rejecting: AnyEngine = {
      ...engine,
      parseOrder: (value: unknown) => {
        validations++;
        return engine.parseOrder(value);
      },
      cpp: {
        ...kit,
        order: (line) => {
          lineReads++;
          const order = kit.order(line) as { unit: number; add: number };
          return order.unit === 1 ? { unit: 1, add: order.add + 10 } : order;
        },
      },
    };
    const result = await runMatch(rejecting, {
      config: { rounds, turnBased: false },
      seed: 3,
      players: [{ name: "x", controller: await cppBot(rejecting, player, { cacheDir }) }],
    });
    expect(result.players[0]!.fault).toBeUndefined();
    // Unit 1's order, every round (the runner's validation, as for any order it has not seen
    // validated).
    expect(result.players[0]!.rejectedOrders).toBe(rounds);
    // Each distinct line read and validated once (at most 10 draws and 10 last digits), and
    // the rejected ones validated again by the runner each turn.
    expect(lineReads).toBeLessThanOrEqual(20);
    expect(validations).toBe(lineReads + rounds);
    // Unit 0's draws still count: the player's score grew by them.
    expect(result.scores[0]).toBeGreaterThan(rounds);
  });

  it("reads a reply's header in place: a header not `orders <kept> <offered> <cpu µs>[ <extra>]` is a fault", async () => {
    // A process standing in for the player: it answers the first frame it gets with `header`.
    const answer = async (header: string) => {
      const controller = await cppBot(engine, player, {
        cacheDir,
        wrap: () => [
          "sh",
          "-c",
          `head -c 1 >/dev/null; printf '%s\\n' "$0"; exec sleep 60`,
          header,
        ],
      });
      try {
        const { match } = await playOneTurn(controller, 1000);
        return { cpuMs: controller.cpuMs(), stream: internals(match).state.rng };
      } catch (error) {
        return { fault: (error as Error).message };
      }
    };
    expect(await answer("orders 0 3 12345 stream 77")).toEqual({ cpuMs: 12.345, stream: 77 });
    for (const bad of [
      "hello",
      "orders",
      "orders 0 3",
      "orders 0 3 x",
      "orders 0 -3 12",
      "orders  0 3 12",
      "orders 0 3 12\tstream 77",
      "order 0 3 12 stream 77",
    ]) {
      const got = await answer(bad);
      expect(got, bad).toHaveProperty("fault");
      expect((got as { fault: string }).fault, bad).toContain("where its orders were expected");
    }
    // An extra part with a carriage return: as the regular expression of before, a fault.
    const cr = await answer("orders 0 3 12 stream 77\r");
    expect(cr).toHaveProperty("fault");
  });

  it("a player writing more stderr in a turn than a pipe holds still answers; its stderr is kept head and tail", async () => {
    // 3 rounds of 200 KiB each: with a pipe, arena (waiting for the reply) would never drain it.
    const controller = await cppBot(engine, modes, {
      cacheDir,
      stderrBytes: 16 * 1024,
      wrap: inMode("loud"),
    });
    const result = await runMatch(engine, {
      config: { rounds: 3, turnBased: false },
      seed: 1,
      players: [{ name: "x", controller }],
    });
    expect(result.players[0]!.fault).toBeUndefined();
    const stderr = result.players[0]!.stderr!;
    expect(stderr.startsWith(`round 0 line 0${".".repeat(20)}\n`)).toBe(true);
    expect(stderr.endsWith(`round 2 line 4999${".".repeat(20)}\n`)).toBe(true);
    // 15 000 lines of 35 to 38 bytes; kept: 8 KiB of head and 8 KiB of tail.
    const dropped = Number(/\[stderr truncated: (\d+) bytes not kept\]/.exec(stderr)?.[1]);
    expect(dropped).toBeGreaterThan(15_000 * 35 - 16 * 1024);
    expect(dropped).toBeLessThan(15_000 * 38 - 16 * 1024);
  });

  it("a looping player is stopped by its CPU budget within the budget plus a second, not by the wall clock (issue 40, item 4)", async () => {
    const controller = await cppBot(engine, modes, { cacheDir, wrap: inMode("spin") });
    const result = await runMatch(engine, {
      config: { rounds: 4, turnBased: false },
      seed: 1,
      players: [{ name: "x", controller }],
      // The wall-clock net (twice the turn's limit, less the waits for a CPU) comes after it.
      budget: { turnMs: 1000 },
    });
    const spin = result.players[0]!;
    expect(spin.frozenAtRound).toBe(2);
    const used = Number(
      /^used (\d+) ms of CPU time for its turn, over the limit of 1000 ms by \d+ ms \(grace 20 ms\)$/.exec(
        spin.fault ?? "",
      )?.[1],
    );
    // Its CPU time, read from /proc by the watchdog: within the budget plus a second.
    expect(used).toBeGreaterThan(1000);
    expect(used).toBeLessThan(1000 + 20 + 1000);
  });

  it("a player that stops answering is killed at its wall-clock limit, with its stderr's tail", async () => {
    const controller = await cppBot(engine, modes, { cacheDir, wrap: inMode("sleepy") });
    const result = await runMatch(engine, {
      config: { rounds: 4, turnBased: false },
      seed: 1,
      players: [{ name: "x", controller }],
      // Generous: a busy machine must not make rounds 0 and 1 late.
      budget: { turnMs: 100, wallMs: 3000 },
    });
    const sleepy = result.players[0]!;
    expect(sleepy.frozen).toBe(true);
    expect(sleepy.frozenAtRound).toBe(2);
    expect(sleepy.fault).toBe(
      "did not answer its turn within 3000 ms of wall-clock time (the safety net); stderr: about to sleep in round 2",
    );
  });

  it("copies of one player share one process (and its globals, as in the original) unless asked a process per seat", async () => {
    const play = async (mode: "shared" | "seat") => {
      const players = [];
      for (let p = 0; p < 4; p++)
        players.push({
          name: "x",
          controller: await cppBot(engine, modes, {
            cacheDir,
            process: mode,
            wrap: inMode("calls"),
          }),
        });
      const result = await runMatch(engine, {
        config: { rounds: 2, turnBased: false },
        seed: 5,
        players,
      });
      expect(result.players.map((p) => p.fault)).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      return { result, groups: new Set(players.map((p) => p.controller.group)) };
    };
    const shared = await play("shared");
    // One process asked for the four seats in id order: the calls go 1, 2, 3, 4, then 5 … 8.
    expect(shared.groups.size).toBe(1);
    expect([...shared.groups][0]).toBeDefined();
    const bonus = shared.result.scores.map((score, p) => score - (p + 1) - (p + 5));
    expect(bonus.every((b) => b >= 0 && b <= 2)).toBe(true);
    expect(bonus.reduce((a, b) => a + b)).toBe(2);
    // A process per seat: each copy counts its own calls (1, then 2).
    const perSeat = await play("seat");
    expect([...perSeat.groups]).toEqual([undefined]);
    const own = perSeat.result.scores.map((score) => score - 1 - 2);
    expect(own.every((b) => b >= 0 && b <= 2)).toBe(true);
    expect(own.reduce((a, b) => a + b)).toBe(2);
  });

  it("copies sharing a process draw from the engine's stream in turn as with a process each", async () => {
    const play = async (mode: "shared" | "seat") => {
      const players = [];
      for (let p = 0; p < 4; p++)
        players.push({
          name: "x",
          controller: await cppBot(engine, player, { cacheDir, process: mode }),
        });
      return runMatch(engine, { config: { rounds: 40, turnBased: false }, seed: 23, players });
    };
    const shared = await play("shared");
    const perSeat = await play("seat");
    expect(shared.players.map((p) => p.fault)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(shared.scores).toEqual(perSeat.scores);
  });

  it("each round's stderr and annotations go to the replay with that round, each seat its own, sharing a process or not", async () => {
    for (const mode of ["shared", "seat"] as const) {
      const players = [];
      for (let p = 0; p < 3; p++)
        players.push({
          name: "x",
          controller: await cppBot(engine, modes, {
            cacheDir,
            process: mode,
            wrap: inMode("chatty"),
          }),
        });
      const path = join(mkdtempSync(join(tmpdir(), "arena-cpp-notes-")), "m.arena");
      onTestFinished(() => rmSync(join(path, ".."), { recursive: true, force: true }));
      const outputs: Array<{ player: number; round: number; text: string }> = [];
      const result = await runMatch(engine, {
        config: { rounds: 4, turnBased: false },
        seed: 3,
        players,
        replay: path,
        onBotOutput: ({ player, round, kind, text }) => {
          if (kind === "stderr") outputs.push({ player, round, text });
        },
      });
      expect(
        result.players.map((p) => p.fault),
        mode,
      ).toEqual([undefined, undefined, undefined]);
      const replay = readReplay(path);
      expect(
        replay.notes?.map((n) => n.step),
        mode,
      ).toEqual([0, 1, 2, 3]);
      for (const { step, notes } of replay.notes!)
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
      // The bot log (`--bot-log`) gets the same text, tagged with its round.
      expect(outputs.filter((o) => o.player === 2).map((o) => o.round)).toEqual([0, 1, 2, 3]);
      expect(outputs.find((o) => o.player === 1 && o.round === 2)?.text).toBe(
        "seat 1 round 2\ncout of seat 1\n",
      );
    }
  });

  it("a round's annotations are capped as every bot's (16 KiB), the note saying so", async () => {
    const controller = await cppBot(engine, modes, { cacheDir, wrap: inMode("flood-notes") });
    const { collector } = await playOneTurn(controller, 1000);
    const note = collector.note!;
    expect(note.truncated).toBe(true);
    expect(note.marks!.length).toBeGreaterThan(200);
    expect(note.marks!.length).toBeLessThan(2000);
    expect(JSON.stringify(note).length).toBeLessThanOrEqual(NOTE_LIMIT);
    expect(note.marks![5]).toEqual({ cell: [5, 5], text: "a label of some length" });
  });

  it("reads a reply's records as the attacker may write them: lies and garbage are caught or harmless", async () => {
    // A process standing in for the player: it answers the first frame with `reply` (lines).
    const answer = async (reply: string) => {
      const controller = await cppBot(engine, player, {
        cacheDir,
        wrap: () => [
          "sh",
          "-c",
          `head -c 1 >/dev/null; printf 'written\\n' >&2; printf '%s\\n' "$0"; exec sleep 60`,
          reply,
        ],
      });
      const outputs: string[] = [];
      const match = engine.create({ rounds: 1, turnBased: false }, 1, 1);
      const context = {
        engine,
        match,
        player: 0,
        config: { rounds: 1 },
        seed: 1,
        numPlayers: 1,
        budget: {},
        timeLimitMs: 10_000,
        history: [],
        onOutput: (text: string) => outputs.push(text),
      };
      const collector = new OrderCollector<unknown>(1000);
      try {
        await controller.start!(context);
        await controller.play({ ...context, step: 0, round: 0, collector });
        return { note: collector.note, orders: collector.orders, outputs };
      } catch (error) {
        return { fault: (error as Error).message, outputs };
      } finally {
        await controller.close!();
      }
    };
    // A well-formed reply: its note, its orders, and its stderr given to the turn.
    expect(await answer("notes 2\ntext hi\nmark 1 2 red x y\norders 1 1 0\n0 3")).toEqual({
      note: { text: "hi", marks: [{ cell: [1, 2], color: "red", text: "x y" }] },
      orders: [{ unit: 0, add: 3 }],
      outputs: ["written\n"],
    });
    // A stderr end past the file, or a lone seat's: the file's own end is what counts.
    expect(await answer("stderr 999999999\norders 0 0 0")).toMatchObject({
      orders: [],
      outputs: ["written\n"],
    });
    // Copies sharing a process: a seat's end past the file is brought back to it (nothing is
    // read beyond), an end before the previous seat's gives that seat nothing.
    const liar = async () => {
      const wrap = () => [
        "sh",
        "-c",
        `head -c 1 >/dev/null; printf 'written\\n' >&2; printf 'stderr 999999999999999\\norders 0 0 0\\nstderr 3\\norders 0 0 0\\n'; exec sleep 60`,
      ];
      const players = [];
      for (let p = 0; p < 2; p++)
        players.push({ name: "x", controller: await cppBot(engine, player, { cacheDir, wrap }) });
      const outputs: Array<[number, string]> = [];
      const result = await runMatch(engine, {
        config: { rounds: 1, turnBased: false },
        seed: 1,
        players,
        onBotOutput: ({ player: p, text }) => outputs.push([p, text]),
      });
      return { faults: result.players.map((p) => p.fault), outputs };
    };
    expect(await liar()).toEqual({ faults: [undefined, undefined], outputs: [[0, "written\n"]] });
    const faults: Array<[string, string]> = [
      ["notes 5000\norders 0 0 0", "announced 5000 annotation lines (at most 4096)"],
      [
        "notes 1\nmark x y - z\norders 0 0 0",
        "bad annotation: annotation line 'mark x y - z': expected 2 integers",
      ],
      ["notes 1\nbogus line\norders 0 0 0", "bad annotation: unknown annotation line 'bogus line'"],
      [
        "notes 1\nmark 1 2 url(x) z\norders 0 0 0",
        "bad annotation: marks[0].color must be a CSS colour",
      ],
      ["notes 1\nline 1 2 3\norders 0 0 0", "expected 4 integers"],
      ["notes x\norders 0 0 0", "where its orders were expected"],
      ["stderr -5\norders 0 0 0", "where its orders were expected"],
    ];
    for (const [reply, fault] of faults)
      expect((await answer(reply)).fault, reply).toContain(fault);
  });

  it("a crash of a shared process freezes every seat it serves, saying they shared it", async () => {
    const players = [];
    for (let p = 0; p < 4; p++)
      players.push({
        name: "x",
        controller: await cppBot(engine, modes, { cacheDir, wrap: inMode("crashes") }),
      });
    const result = await runMatch(engine, {
      config: { rounds: 4, turnBased: false },
      seed: 1,
      players,
    });
    for (const seat of result.players) {
      expect(seat.frozen).toBe(true);
      expect(seat.frozenAtRound).toBe(1);
      expect(seat.fault).toBe(
        "crashed with SIGSEGV (segmentation fault); stderr: seat 2 crashes in round 1 (one process served seats 0, 1, 2 and 3: copies of one player share it)",
      );
    }
    expect(result.rounds).toBe(4);
  });

  it("compiles once per source, kit, flags and compiler", async () => {
    const first = await compileCppPlayer(kit, player, { cacheDir });
    const second = await compileCppPlayer(kit, player, { cacheDir });
    expect(second.cached).toBe(true);
    expect(second.key).toBe(first.key);
    expect(second.name).toBe("Counter");
  });

  it("compiles the kit's adapter once for every player of the kit", async () => {
    // In the tests' cache, where AICounter's compile (here, in an earlier test or run) compiled
    // the kit.
    const first = await compileCppPlayer(kit, player, { cacheDir });
    // Each kit entry of `dir` (the published ones: a build directory has "-build-" in its name)
    // and the modification time of each of its objects.
    const kitEntries = (dir: string) =>
      readdirSync(join(dir, "cpp"))
        .filter((name) => name.startsWith("kit-") && !name.includes("-build-"))
        .sort()
        .map((entry) => {
          const objects = readdirSync(join(dir, "cpp", entry));
          const times = objects.map((name) => statSync(join(dir, "cpp", entry, name)).mtimeMs);
          return { entry, objects, times };
        });
    // The second player is compiled in a cache of its own holding a copy of the tests' kit
    // entries (this kit's among them): the tests' cache is shared with other files and packages,
    // whose compiles may add their own kits to it meanwhile.
    const own = mkdtempSync(join(tmpdir(), "arena-cpp-kit-once-"));
    for (const { entry } of kitEntries(cacheDir)) {
      cpSync(join(cacheDir, "cpp", entry), join(own, "cpp", entry), { recursive: true });
    }
    const before = kitEntries(own);
    expect(before.length).toBeGreaterThanOrEqual(1);
    // Its objects (and its precompiled Player.hh where a compile asked for one: a server's).
    for (const { objects } of before)
      expect(objects.filter((name) => name !== "Player.hh.gch")).toEqual(
        kit.sources.map((name) => `${name}.o`),
      );
    // Another player: the same source with one more line.
    const other = join(own, "AIOther.cc");
    writeFileSync(other, `${readFileSync(player, "utf8")}\n// another player\n`);
    try {
      const second = await compileCppPlayer(kit, other, { cacheDir: own });
      expect(second.cached).toBe(false);
      expect(second.key).not.toBe(first.key);
      // The second player linked the kit's objects as they were: no kit compiled again.
      expect(kitEntries(own)).toEqual(before);
      expect(execFileSync(second.binary, ["--name"], { encoding: "utf8" }).trim()).toBe(first.name);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it("recompiles when a header core shares with every kit changes (it is in the key)", async () => {
    // A copy of the shared headers, as shipped, then with one header changed.
    const copies = mkdtempSync(join(tmpdir(), "arena-cpp-shared-"));
    onTestFinished(() => rmSync(copies, { recursive: true, force: true }));
    const sharedDir = join(copies, "cpp");
    cpSync(cppSharedDirectory(), sharedDir, { recursive: true });
    const shipped = await compileCppPlayer(kit, player, { cacheDir });
    const copied = await compileCppPlayer(kit, player, { cacheDir, sharedDir });
    expect(copied.key).toBe(shipped.key);
    expect(copied.cached).toBe(true);
    // Changed: keys no run compiled in the tests' cache. They are compiled in a cache of their
    // own (the tests' cache persists, and other files and packages compile into it meanwhile).
    const own = mkdtempSync(join(tmpdir(), "arena-cpp-changed-"));
    onTestFinished(() => rmSync(own, { recursive: true, force: true }));
    appendFileSync(join(sharedDir, "arena-io.hh"), "// changed\n");
    const changed = await compileCppPlayer(kit, player, { cacheDir: own, sharedDir });
    expect(changed.key).not.toBe(shipped.key);
    expect(changed.cached).toBe(false);
    // …and the compiled adapter really includes the copy: a broken shared header fails it.
    appendFileSync(join(sharedDir, "arena-io.hh"), "#error the copy is compiled\n");
    const error = await compileCppPlayer(kit, player, { cacheDir: own, sharedDir }).catch(
      (e: unknown) => e,
    );
    // The adapter `main` includes it: the kit, compiled before the player, is what fails.
    expect((error as ArenaError).code).toBe("CPP_KIT");
    expect((error as ArenaError).message).toContain("the copy is compiled");
  });

  it("a kit may not ship a file named like one of core's shared headers", async () => {
    const sharedDir = mkdtempSync(join(tmpdir(), "arena-cpp-shared-"));
    onTestFinished(() => rmSync(sharedDir, { recursive: true, force: true }));
    writeFileSync(join(sharedDir, "Player.hh"), "// shadowed\n");
    const error = await compileCppPlayer(kit, player, { cacheDir, sharedDir }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ArenaError);
    expect((error as ArenaError).code).toBe("CPP_KIT");
    expect((error as ArenaError).message).toContain("Player.hh");
  });
});
