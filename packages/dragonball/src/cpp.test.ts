// Students' own C++ players: the compatibility kit in ../cpp, compiled with the real g++.
import { isDeepStrictEqual } from "node:util";
import { cppBot, cppSharedDirectory, kitLacks, wasmBot } from "@arena/bots";
import { cppTestbed, eachRound } from "@arena/bots/testing";
import {
  ArenaError,
  type Bot,
  type Controller,
  firstDifference,
  GlibcRand,
  inProcessBot,
  type Json,
  Minstd,
  runMatch,
} from "@arena/core";
import { beforeAll, describe, expect, it } from "vitest";
import { type DragonBallConfig, PARAMETER_NAMES } from "./config";
import { cppKit } from "./cpp-kit";
import { cppTurnText } from "./cpp-turn";
import { engine } from "./engine";
import type { DragonBallMatch } from "./match";
import type { DragonBallPlayerView } from "./player-view";
import type { DirLetter } from "./state";
import {
  type CellType,
  type DragonBallActions,
  type DragonBallView,
  hasBall,
  hasKinton,
} from "./view";

// The players compiled with g++ and played as processes (native), and compiled to WebAssembly
// and played in the test's thread (wasm): the same tests, the same matches.
const beds = (["native", "wasm"] as const).map((cpp) =>
  cppTestbed(engine, {
    fixtures: new URL("./__fixtures__/cpp/", import.meta.url).href,
    reference: new URL("../../../../shared/reference/dragonball/", import.meta.url).href,
    cpp,
  }),
);

const CTYPES: CellType[] = ["Empty", "Rock", "Capsule", "Ball", "Kinton", "Bean"];
const DIRS: DirLetter[] = ["n", "t", "b", "l", "r"];

/**
 * AIDraw.cc's logic in-process: `streams` gives the two random streams it draws from (the view's,
 * i.e. the engine's under 2012, or independent ones for the control match).
 */
function drawBot(
  streams: (view: DragonBallView) => { randomize(): number; rand(): number },
): Bot<DragonBallView, DragonBallActions> {
  return {
    play(view, actions) {
      const g = streams(view);
      const r = g.randomize();
      const x = g.rand();
      for (let k = 0; k < r % 3; k++) g.randomize();
      let d: number;
      if (x % 4 === 0) {
        // libstdc++'s random_shuffle of {0, 1, 2, 3}: for i = 1..3, swap v[i] and v[rand() % (i + 1)].
        const v = [0, 1, 2, 3];
        for (let i = 1; i < 4; i++) {
          const j = g.rand() % (i + 1);
          [v[i], v[j]] = [v[j]!, v[i]!];
        }
        d = 1 + v[0]!;
      } else {
        d = 1 + (((r % 4) + (x % 4)) % 4);
      }
      if (r % 7 === 0) actions.throwKamehame(DIRS[d]!);
      else actions.move(DIRS[d]!);
      actions.move("n");
    },
  };
}
const sharedStreams = (view: DragonBallView) => view as DragonBallPlayerView;

/** What AIReflect.cc should write for player p in the current round (from the engine's view). */
function expectedReflection(match: DragonBallMatch, p: number): Record<string, unknown> {
  const view = match.view(p);
  const counts = CTYPES.map(() => 0);
  const ids: number[][] = [];
  for (let i = 0; i < view.rows(); i++)
    for (let j = 0; j < view.cols(); j++) {
      const cell = view.cell({ i, j });
      counts[CTYPES.indexOf(cell.type)]!++;
      if (cell.id !== -1) ids.push([i, j, cell.id]);
    }
  const everyone = [0, 1, 2, 3];
  return {
    ...(match.viewJson(p) as Record<string, unknown>),
    counts,
    ids,
    players: everyone.map((id) => {
      const type = view.goku(id).type;
      return [
        view.name(id),
        view.balls(id),
        view.strength(id),
        view.status(id),
        hasKinton(type),
        hasBall(type),
      ];
    }),
    settings: PARAMETER_NAMES.map((key) => match.config.params[key]),
    queries: [
      view.playerOk(3),
      view.playerOk(4),
      view.posOk({ i: 0, j: 0 }),
      view.posOk({ i: 0, j: 0 }, "t"),
      view.posOk({ i: view.rows() - 1, j: view.cols() - 1 }, "r"),
      view.posOk({ i: view.rows(), j: 0 }),
      view.posOk({ i: 1, j: 1 }),
      view.dest({ i: 3, j: 4 }, "l"),
    ],
  };
}

const shortConfig = (variant: "2012" | "2015", rounds: number): DragonBallConfig => {
  const config = engine.defaultConfig();
  return { ...config, variant, params: { ...config.params, nb_rounds: rounds } };
};

for (const bed of beds) {
  const { hasCompiler, hasReference, fixture, seat, builtin } = bed;
  const wasm = bed.cpp === "wasm";

  // Compilations (a few seconds each, much more on a busy machine) run inside some tests.
  describe.skipIf(!hasCompiler)(
    `Bola de Drac C++ players of the original kit (${bed.cpp})`,
    { timeout: 300_000 },
    () => {
      beforeAll(async () => {
        await bed.compile(["AIReflect.cc", "AIDraw.cc", "AITraceReplay.cc", "AIGreedy.cc"]);
      }, 180_000);

      it("a player that calls every API function sees what the JSON view shows, every round (2015 rules: its own streams)", async () => {
        const seed = 5;
        const config = shortConfig("2015", 301);
        const { result, seats } = await bed.reflect({
          config,
          seed,
          reflecting: [0, 2],
          view: (match, p) => expectedReflection(match as DragonBallMatch, p),
          res: true,
        });
        expect(result.players.map((p) => p.fault).filter(Boolean)).toEqual([]);
        for (const { player, seen, want } of seats) {
          expect(seen).toHaveLength(301);
          // The player's own streams: MINSTD seeded seed + player + 1, the C library's rand() unseeded.
          const own = new Minstd(seed + player + 1);
          const c = new GlibcRand(1);
          seen.forEach((line, round) => {
            expect(line.random).toEqual([own.randomize(), c.rand()]);
            const { random: _random, ...rest } = line;
            // node's strict deep equality first (far cheaper than vitest's on these objects); vitest's,
            // which also passes when only undefined fields differ, gives the verdict and diff otherwise.
            if (!isDeepStrictEqual(rest, want[round]))
              expect(rest, `player ${player}, round ${round}`).toEqual(want[round]);
          });
          expect(want[300]).not.toEqual(want[0]);
        }
        // Only the first action of a round counts: the Kame Hame asked second never shows.
        expect(result.res).not.toMatch(/^[02] t l$/m);
        expect(result.res).toMatch(/^0 m [tblr]$/m);
      });

      it("2012 rules: C++ and in-process players with the same logic, drawing from the engine's streams, give the same match", async () => {
        const config = shortConfig("2012", 301);
        const play = async (players: Array<{ name: string; controller: Controller }>) =>
          runMatch(engine, { config: config as unknown as Json, seed: 7, players, res: true });
        const inProcess = () => ({
          name: "Draw",
          controller: inProcessBot(() => drawBot(sharedStreams), "Draw"),
        });
        const mixed = await play([
          await seat("AIDraw.cc"),
          inProcess(),
          await seat("AIDraw.cc"),
          builtin("Demo"),
        ]);
        const allInProcess = await play([inProcess(), inProcess(), inProcess(), builtin("Demo")]);
        expect(mixed.players.map((p) => p.fault).filter(Boolean)).toEqual([]);
        const difference = firstDifference(mixed.res!, allInProcess.res!);
        if (difference !== undefined) expect.fail(difference);
        expect(mixed.scores).toEqual(allInProcess.scores);
        // The draws matter: the same logic drawing from streams of its own gives another match.
        const independent = await play(
          [0, 1, 2]
            .map((p) => {
              const own = { minstd: new Minstd(100 + p), c: new GlibcRand(100 + p) };
              const streams = () => ({
                randomize: () => own.minstd.randomize(),
                rand: () => own.c.rand(),
              });
              return { name: "Draw", controller: inProcessBot(() => drawBot(streams), "Draw") };
            })
            .concat([builtin("Demo")]),
        );
        expect(independent.res).not.toBe(allInProcess.res);
        // …and so does a match in which the players' draws are not the engine's (the 2015 rules).
        const own2015 = await runMatch(engine, {
          config: {
            ...config,
            variant: "2015",
            params: { ...config.params, nb_rounds: 300 },
          } as unknown as Json,
          seed: 7,
          players: [inProcess(), inProcess(), inProcess(), builtin("Demo")],
          res: true,
        });
        const states = (res: string) => res.slice(res.indexOf("round 0"));
        expect(states(own2015.res!)).not.toBe(states(allInProcess.res!));
      });

      describe.skipIf(!hasReference)(
        "replaying the recorded matches through the Action API",
        () => {
          const matches = hasReference
            ? bed
                .table("traces/README.md")
                .filter((cols) => cols.length >= 4 && cols[0]!.endsWith(".res.gz"))
                .map((cols) => ({
                  res: cols[0]!,
                  map: cols[1]!.split(/\s+/)[0]!,
                  seed: Number(cols[2]),
                }))
            : [];

          it("finds the recorded matches", () => {
            expect(matches).toHaveLength(4);
          });

          it.each(matches)("$res gives the recorded .res byte for byte (2012 rules)", async (m) => {
            const want = bed.read(`traces/${m.res}`);
            const result = await bed.replay({
              tag: m.res,
              config: { ...engine.parseConfig(bed.read(m.map), m.map), variant: "2012" as const },
              seed: m.seed,
              names: /^names +(.*)$/m.exec(want)![1]!.trim().split(" "),
              steps: engine.readTrace!(want, m.res),
              order: (o) => `${o.kind === "move" ? "m" : "t"} ${o.dir}`,
            });
            expect(bed.mismatch(result, want)).toBeUndefined();
          });
        },
      );

      it("four copies of a player in one process give the match (and the .res) of a process per seat (2015 rules: each its own streams)", async () => {
        await bed.expectCopiesAgree({
          file: "AIGreedy.cc",
          config: shortConfig("2015", 301),
          seed: 4,
        });
      });

      it("2012 rules: copies in one process drawing from the engine's streams in turn give the match of a process per seat", async () => {
        await bed.expectCopiesAgree({
          file: "AIDraw.cc",
          config: shortConfig("2012", 301),
          seed: 7,
          copies: [0, 1, 2],
        });
      });

      it("a Demo-like C++ player (the benchmark's) beats Null", async () => {
        const result = await runMatch(engine, {
          config: shortConfig("2015", 301) as unknown as Json,
          seed: 4,
          players: [await seat("AIGreedy.cc"), builtin("Null"), builtin("Null"), builtin("Null")],
        });
        expect(result.players[0]!.name).toBe("Greedy");
        expect(result.players[0]!.frozen).toBe(false);
        expect(result.scores[0]).toBeGreaterThan(Math.max(...result.scores.slice(1)));
      });

      it("offers every public name of the original kit: a kit tour compiles, checks them and plays", async () => {
        // Every name of the original headers is declared somewhere in the kit…
        expect(kitLacks(cppKit, cppSharedDirectory())).toEqual([]);
        // …and means what it meant: AITour.cc checks each one at round 0 (a failed check aborts it),
        // then plays toward the balls (2012 rules: it shares the engine's stream, and gives it back).
        const result = await runMatch(engine, {
          config: shortConfig("2012", 101) as unknown as Json,
          seed: 5,
          players: [await seat("AITour.cc"), builtin("Demo"), builtin("Demo"), builtin("Demo")],
        });
        const [tour] = result.players;
        expect(tour!.name).toBe("Tour");
        expect(tour!.fault).toBeUndefined();
        expect(tour!.stderr).toMatch(/^answer: 42$/m);
        expect(tour!.stderr).toMatch(/^tour ok: \d{2,} checks$/m);
      });

      it("compiles a player written with students' usual idioms, unmodified, and plays it", async () => {
        const result = await runMatch(engine, {
          config: shortConfig("2012", 101) as unknown as Json,
          seed: 6,
          players: [await seat("AIIdioms.cc"), builtin("Demo"), builtin("Null"), builtin("Null")],
        });
        expect(result.players[0]!.name).toBe("Idioms");
        expect(result.players[0]!.frozen).toBe(false);
        expect(result.players[0]!.stderr).toMatch(/^Idioms starts at \(\d+, ?\d+\)/);
      });

      it("a player that does not compile, one that crashes and one that never answers", async () => {
        const error = await (wasm ? wasmBot : cppBot)(engine, fixture("AIBroken.cc")).catch(
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ArenaError);
        expect((error as ArenaError).code).toBe("CPP_COMPILE");
        expect((error as ArenaError).message).toContain("AIBroken.cc:8");
        expect((error as ArenaError).message).toContain("fly");

        const result = await runMatch(engine, {
          config: shortConfig("2012", 51) as unknown as Json,
          seed: 3,
          players: [
            builtin("Demo"),
            await seat("AICrash.cc"),
            builtin("Null"),
            await seat("AIHang.cc"),
          ],
          // As WebAssembly, sleeping returns at once: the player loops to its turn's instructions.
          budget: wasm ? { turnInstructions: 10_000_000 } : { turnMs: 1000 },
          res: true,
        });
        const [, crash, , hang] = result.players;
        if (wasm) {
          // A write through a null pointer does not crash a WebAssembly player: address 0 is memory
          // like any other (the README says so).
          expect(crash!.frozen).toBe(false);
          expect(crash!.stderr).toContain("still alive: 2");
        } else {
          expect(crash!.frozenAtRound).toBe(2);
          expect(crash!.fault).toContain("SIGSEGV");
          expect(crash!.fault).toContain("about to crash in round 2");
          expect(crash!.fault).not.toContain("still alive");
        }
        expect(hang!.frozenAtRound).toBe(1);
        expect(hang!.fault).toMatch(
          wasm
            ? /^executed \d+ instructions for its turn/
            : /^did not answer its turn within \d+ ms of wall-clock time \(the safety net\)/,
        );
        expect(result.rounds).toBe(50);
      });
    },
  );
}

describe.skipIf(!beds.every((bed) => bed.hasCompiler))(
  "Bola de Drac C++ players, native and as WebAssembly",
  { timeout: 300_000 },
  () => {
    it.each(["2012", "2015"] as const)(
      "a Greedy player's match as WebAssembly is its native match, byte for byte (%s rules)",
      async (variant) => {
        const [native, wasm] = await Promise.all(
          beds.map(async (bed) => {
            const players = [
              await bed.seat("AIGreedy.cc"),
              bed.builtin("Demo"),
              await bed.seat("AIGreedy.cc"),
              bed.builtin("Null"),
            ];
            const config = shortConfig(variant, 300) as unknown as Json;
            return runMatch(engine, { config, seed: 9, players, res: true });
          }),
        );
        expect(native!.players.map((p) => p.fault).filter(Boolean)).toEqual([]);
        expect(wasm!.players.map((p) => p.fault).filter(Boolean)).toEqual([]);
        expect(beds[1]!.mismatch(wasm!, native!.res!)).toBeUndefined();
      },
    );
  },
);

describe("the turn message of C++ players", () => {
  it("is the .res state block, byte for byte, every round of a match", () => {
    for (const variant of ["2015", "2012"] as const) {
      const config = { ...engine.defaultConfig(), variant };
      const match = engine.create(config, 3, 4) as DragonBallMatch;
      const texts = new Set<string>();
      let rounds = 0;
      let kinds = new Set<string>();
      eachRound(engine, match, () => {
        rounds++;
        expect(cppTurnText(match.state)).toBe(match.resState());
        texts.add(cppTurnText(match.state));
        for (const line of cppTurnText(match.state).split("\n")) kinds.add(line.split(" ")[0]!);
      });
      match.freeze(2);
      expect(cppTurnText(match.state)).toBe(match.resState());
      // Every round's text differs from every other's (its round number at least).
      expect(texts.size).toBe(rounds);
      expect(rounds).toBeGreaterThan(100);
      // Gokus of more than one kind were written (carrying a ball or on a kinton at some round).
      kinds = new Set(
        [...kinds].filter((kind) => kind.startsWith("on_") || kind.startsWith("with_")),
      );
      expect(kinds.size).toBeGreaterThan(0);
    }
  });
});
