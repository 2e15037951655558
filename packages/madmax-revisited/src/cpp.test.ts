// Students' own C++ players: the compatibility kit in ../cpp, compiled with the real g++.
import { isDeepStrictEqual } from "node:util";
import { cppBot, cppSharedDirectory, kitLacks, wasmBot } from "@arena/bots";
import { cppTestbed, eachRound } from "@arena/bots/testing";
import { ArenaError, type Json, Minstd, runMatch } from "@arena/core";
import { beforeAll, describe, expect, it } from "vitest";
import { PARAMETER_NAMES } from "./config";
import { cppKit } from "./cpp-kit";
import { cppTurnText } from "./cpp-turn";
import { engine } from "./engine";
import type { MadMaxRevisitedMatch } from "./match";
import { passedCells } from "./state";
import { type CellType, Dir } from "./view";

// The players compiled with g++ and played as processes (native), and compiled to WebAssembly
// and played in the test's thread (wasm): the same tests, the same matches.
const beds = (["native", "wasm"] as const).map((cpp) =>
  cppTestbed(engine, {
    fixtures: new URL("./__fixtures__/cpp/", import.meta.url).href,
    reference: new URL("../../../../shared/reference/madmax-revisited/", import.meta.url).href,
    cpp,
  }),
);

const CTYPES: CellType[] = [
  "EMPTY",
  "TYRE",
  "CAR",
  "MISSILE",
  "WATER_BONUS",
  "MISSILE_BONUS",
  "GAS_BONUS",
];

/** What AIReflect.cc should write for player p in the current round (from the engine's view). */
function expectedReflection(match: MadMaxRevisitedMatch, p: number): Record<string, unknown> {
  const view = match.view(p);
  const rows = view.numberRows();
  const cols = view.numberUniverseColumns();
  const counts = CTYPES.map(() => 0);
  const cells: number[][] = [];
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) {
      const cell = view.cell({ first: i, second: j });
      counts[CTYPES.indexOf(cell.type)]!++;
      if (cell.cid !== -1 || cell.mid !== -1)
        cells.push([i, j, CTYPES.indexOf(cell.type), cell.cid, cell.mid]);
    }
  const r = view.round();
  const w = view.numberWindowColumns();
  const at = (first: number, second: number) => ({ first, second });
  const dirs = Object.values(Dir);
  return {
    ...(match.viewJson(p) as Record<string, unknown>),
    cells,
    counts,
    settings: [...PARAMETER_NAMES.map((key) => match.config.params[key]), view.numberCars()],
    queries: [
      view.withinUniverse(at(0, -5)),
      view.withinUniverse(at(rows, 0)),
      view.withinUniverse(at(-1, 3)),
      view.withinWindow(at(3, r), r),
      view.withinWindow(at(3, r - 1), r),
      view.withinWindow(at(3, r + w - 1), r),
      view.withinWindow(at(3, r + w), r),
      view.withinWindow(at(3, r + cols), r),
      view.carOk(-1),
      view.carOk(7),
      view.carOk(8),
      view.playerOk(3),
      view.playerOk(4),
      view.begin(p),
      view.end(p),
      view.playerOf(5),
    ],
    dirs: [
      Number(`${Dir.UP[0]}${Dir.UP[1]}`),
      Number(`${Dir.FAST_DOWN[0]}${Dir.FAST_DOWN[1]}`),
      dirs.reduce((sum, [di, dj]) => sum + passedCells(di, dj).length, 0),
      dirs.length,
      passedCells(-1, 2).at(-1)![1],
    ],
  };
}

for (const bed of beds) {
  const { hasCompiler, hasReference, fixture, seat, builtin } = bed;
  const wasm = bed.cpp === "wasm";

  // Compilations (a few seconds each, much more on a busy machine) run inside some tests.
  describe.skipIf(!hasCompiler)(
    `Mad Max Revisited C++ players of the original kit (${bed.cpp})`,
    { timeout: 300_000 },
    () => {
      beforeAll(async () => {
        await bed.compile(["AIReflect.cc", "AITraceReplay.cc", "AIGreedy.cc"]);
      }, 300_000);

      it("a player that calls every API function sees what the JSON view shows, every round", async () => {
        const seed = 11;
        const config = engine.defaultConfig();
        const reflecting = [1, 3];
        const { result, seats } = await bed.reflect({
          config,
          seed,
          reflecting,
          view: (match, p) => expectedReflection(match as MadMaxRevisitedMatch, p),
          res: true,
        });
        expect(result.players.map((p) => p.fault).filter(Boolean)).toEqual([]);
        for (const { player, seen, want } of seats) {
          expect(seen).toHaveLength(300);
          // The player's generator: seeded seed + player, reseeded every round with its own next number.
          const generator = new Minstd(seed + player);
          seen.forEach((line, round) => {
            generator.setSeed(generator.randomize());
            expect(line.random).toEqual([generator.randomize(), generator.randomRange(0, 99)]);
            const { random: _random, ...rest } = line;
            // node's strict deep equality first (far cheaper than vitest's on these objects); vitest's,
            // which also passes when only undefined fields differ, gives the verdict and diff otherwise.
            if (!isDeepStrictEqual(rest, want[round]))
              expect(rest, `player ${player}, round ${round}`).toEqual(want[round]);
          });
          // The match moved: cars went on, missiles flew, and the refused instructions never showed.
          expect(want[299]).not.toEqual(want[0]);
        }
        expect(result.res).toMatch(/^\d+ s 0 1$/m);
        const asked = result.res!.split("actions_asked").slice(1);
        for (const block of asked) {
          const lists = block.split("actions_done")[0]!.split("\n-1\n");
          for (const p of reflecting) {
            const mine = lists[p]!.trim().split("\n").slice(1);
            for (const line of mine) expect(Math.floor(Number(line.split(" ")[0]) / 2)).toBe(p);
            expect(new Set(mine.map((line) => line.split(" ")[0])).size).toBe(mine.length);
          }
        }
      });

      describe.skipIf(!hasReference)("replaying the recorded traces through the Action API", () => {
        const traces = hasReference
          ? bed
              .table("traces/README.md")
              .filter((cols) => cols.length >= 5 && cols[0]!.endsWith(".res.gz"))
              .map((cols) => ({ res: cols[0]!, trace: cols[1]!, config: cols[2]! }))
          : [];

        it("finds the recorded matches", () => {
          expect(traces).toHaveLength(8);
        });

        it.each(traces)("$res gives the recorded .res byte for byte", async (m) => {
          const want = bed.read(`traces/${m.res}`);
          const result = await bed.replay({
            tag: m.trace,
            config: engine.parseConfig(bed.read(m.config), m.config),
            seed: Number(/^seed\t(-?\d+)$/m.exec(want)![1]),
            names: /^names +(.*)$/m.exec(want)![1]!.split(" "),
            steps: engine.readTrace!(bed.read(`traces/${m.trace}`), m.trace),
            order: (o) =>
              o.kind === "shoot" ? `${o.car} s` : `${o.car} m ${o.dir[0]} ${o.dir[1]}`,
          });
          expect(bed.mismatch(result, want)).toBeUndefined();
        });
      });

      it("four copies of a player in one process give the match (and the .res) of a process per seat", async () => {
        await bed.expectCopiesAgree({
          file: "AIGreedy.cc",
          config: engine.defaultConfig(),
          seed: 3,
        });
      });

      it("a Demo-like C++ player (the benchmark's) beats Null", async () => {
        const result = await runMatch(engine, {
          config: engine.defaultConfig() as unknown as Json,
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
        // loops over its cars as students do (`for (Car_Id cid = begin(me()); cid != end(me()); ++cid)`)
        // and plays like the original Demo.
        const result = await runMatch(engine, {
          config: engine.defaultConfig() as unknown as Json,
          seed: 5,
          players: [await seat("AITour.cc"), builtin("Demo"), builtin("Demo"), builtin("Demo")],
        });
        const [tour] = result.players;
        expect(tour!.name).toBe("Tour");
        expect(tour!.fault).toBeUndefined();
        expect(tour!.stderr).toMatch(/^tour ok: \d{2,} checks$/m);
        expect(result.rounds).toBe(300);
      });

      it("compiles a player written with students' usual idioms, unmodified, and plays it", async () => {
        const result = await runMatch(engine, {
          config: engine.defaultConfig() as unknown as Json,
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
        expect((error as ArenaError).message).toContain("teleport");

        const result = await runMatch(engine, {
          config: engine.defaultConfig() as unknown as Json,
          seed: 3,
          players: [
            await seat("AICrash.cc"),
            builtin("Demo"),
            await seat("AIHang.cc"),
            builtin("Null"),
          ],
          // As WebAssembly, sleeping returns at once: the player loops to its turn's instructions.
          budget: wasm ? { turnInstructions: 10_000_000 } : { turnMs: 1000 },
          res: true,
        });
        const [crash, , hang] = result.players;
        expect(crash!.frozenAtRound).toBe(2);
        expect(crash!.fault).toContain(wasm ? "crashed with an abort" : "SIGABRT");
        expect(crash!.fault).toContain("about to crash in round 2");
        expect(hang!.frozenAtRound).toBe(1);
        expect(hang!.fault).toMatch(
          wasm
            ? /^executed \d+ instructions for its turn/
            : /^did not answer its turn within \d+ ms of wall-clock time \(the safety net\)/,
        );
        expect(result.rounds).toBe(300);
        expect(result.res).toMatch(/\nrnd 2\n(?:.*\n)*?players\npid\tscore\tstatus\n0\t\d+\t-1\n/);
      });
    },
  );
}

describe.skipIf(!beds.every((bed) => bed.hasCompiler))(
  "Mad Max Revisited C++ players, native and as WebAssembly",
  { timeout: 300_000 },
  () => {
    it("a Greedy player's match as WebAssembly is its native match, byte for byte", async () => {
      const [native, wasm] = await Promise.all(
        beds.map(async (bed) => {
          const players = [
            await bed.seat("AIGreedy.cc"),
            bed.builtin("Demo"),
            await bed.seat("AIGreedy.cc"),
            bed.builtin("Null"),
          ];
          const config = engine.defaultConfig() as unknown as Json;
          return runMatch(engine, { config, seed: 9, players, res: true });
        }),
      );
      expect(wasm!.players.map((p) => p.fault).filter(Boolean)).toEqual([]);
      expect(beds[1]!.mismatch(wasm!, native!.res!)).toBeUndefined();
    });
  },
);

describe("the turn message of C++ players", () => {
  it("is the .res state block, byte for byte, every round of a match", () => {
    const match = engine.create(engine.defaultConfig(), 3, 4) as MadMaxRevisitedMatch;
    const texts = new Set<string>();
    let missiles = 0;
    let rounds = 0;
    eachRound(engine, match, () => {
      rounds++;
      expect(cppTurnText(match.state)).toBe(match.resState());
      texts.add(cppTurnText(match.state));
      missiles = Math.max(missiles, match.state.missiles.size);
    });
    match.freeze(2);
    expect(cppTurnText(match.state)).toBe(match.resState());
    // Every round's text differs from every other's (its round number at least).
    expect(texts.size).toBe(rounds);
    expect(rounds).toBeGreaterThan(100);
    // Missiles were in flight at some round (their lines were compared too).
    expect(missiles).toBeGreaterThan(0);
  });
});
