// Students' own C++ players: the compatibility kit in ../cpp, compiled with the real g++. (The
// failure cases — compile errors, crashes, floods, hangs, the cache — are the same mechanism for
// every game and are tested once, in @arena/moneyheist.)
import { isDeepStrictEqual } from "node:util";
import { cppSharedDirectory, kitLacks } from "@arena/bots";
import { cppTestbed, eachRound } from "@arena/bots/testing";
import { type Json, Lcg31, runMatch } from "@arena/core";
import { beforeAll, describe, expect, it } from "vitest";
import { PARAMETER_NAMES } from "./config";
import { cppKit } from "./cpp-kit";
import { cppTurnText } from "./cpp-turn";
import { engine } from "./engine";
import type { MadMaxMatch } from "./match";

// The players compiled with g++ and played as processes (native), and compiled to WebAssembly
// and played in the test's thread (wasm): the same tests, the same matches.
const beds = (["native", "wasm"] as const).map((cpp) =>
  cppTestbed(engine, {
    fixtures: new URL("./__fixtures__/cpp/", import.meta.url).href,
    reference: new URL("../../../../shared/reference/madmax/", import.meta.url).href,
    cpp,
  }),
);

for (const bed of beds) {
  const { hasCompiler, hasReference, seat, builtin } = bed;

  // Compilations (a few seconds each, much more on a busy machine) run inside some tests.
  describe.skipIf(!hasCompiler)(
    `Mad Max C++ players of the original kit (${bed.cpp})`,
    { timeout: 300_000 },
    () => {
      beforeAll(async () => {
        await bed.compile(["AIReflect.cc", "AIGreedy.cc"]);
      }, 300_000);

      it("a player that calls every API function sees what the JSON view shows, every round", async () => {
        const seed = 9;
        const config = engine.defaultConfig();
        const { result, seats } = await bed.reflect({
          config,
          seed,
          reflecting: [1, 3],
          view: (match, p) => {
            const view = (match as MadMaxMatch).view(p);
            let owners = 0;
            const ids: number[][] = [];
            for (let i = 0; i < view.rows(); i++)
              for (let j = 0; j < view.cols(); j++) {
                const cell = view.cell({ i, j });
                if (cell.owner !== -1) owners++;
                if (cell.id !== -1) ids.push([i, j, cell.id]);
              }
            return {
              ...(match.viewJson(p) as Record<string, unknown>),
              warriors: [0, 1, 2, 3].map((pl) => view.warriors(pl)),
              cars: [0, 1, 2, 3].map((pl) => view.cars(pl)),
              nbUnits: view.nbUnits(),
              owners,
              ids,
              checks: [0, 1, 0, 0, 1, 0, 1, 1],
              version: "Mad_Max 1.6",
              settings: PARAMETER_NAMES.map((key) => config.params[key]),
            };
          },
        });
        expect(result.players.map((p) => p.fault).filter(Boolean)).toEqual([]);
        for (const { player, seen, want } of seats) {
          expect(seen).toHaveLength(500);
          const generator = new Lcg31(seed + player + 1);
          seen.forEach((line, round) => {
            expect(line.random).toBe(generator.random(0, 99));
            expect(line.perm).toEqual(generator.randomPermutation(5));
            const { random: _random, perm: _perm, ...rest } = line;
            // node's strict deep equality first (far cheaper than vitest's on these objects); vitest's,
            // which also passes when only undefined fields differ, gives the verdict and diff otherwise.
            if (!isDeepStrictEqual(rest, want[round]))
              expect(rest, `player ${player}, round ${round}`).toEqual(want[round]);
          });
          expect(want[499]).not.toEqual(want[0]);
        }
      });

      describe.skipIf(!hasReference)("replaying the recorded traces through the Action API", () => {
        const traces = bed.files("traces", ".orders.jsonl.gz").map((name) => ({ name }));

        it.each(traces)("$name gives the recorded .res byte for byte", async ({ name }) => {
          const want = bed.read(`traces/${name}.res.gz`);
          const cnf = `${name.split("_")[0]}.cnf`;
          const result = await bed.replay({
            tag: name,
            config: engine.parseConfig(bed.read(cnf), cnf),
            seed: Number(/^Seed (-?\d+)$/m.exec(want)![1]),
            names: /^names +(.*)$/m.exec(want)![1]!.split(" "),
            steps: engine.readTrace!(bed.read(`traces/${name}.orders.jsonl.gz`), name),
            order: (o) => `${o.unit} ${o.dir}`,
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

      it("offers every public name of the original kit: a kit tour compiles, checks them and plays", async () => {
        // Every name of the original headers is declared somewhere in the kit…
        expect(kitLacks(cppKit, cppSharedDirectory())).toEqual([]);
        // …and means what it meant: AITour.cc checks each one at round 0 (a failed check aborts it).
        const result = await runMatch(engine, {
          config: engine.defaultConfig() as unknown as Json,
          seed: 5,
          players: [await seat("AITour.cc"), builtin("Demo"), builtin("Demo"), builtin("Demo")],
        });
        const [tour] = result.players;
        expect(tour!.name).toBe("Tour");
        expect(tour!.fault).toBeUndefined();
        expect(tour!.stderr).toMatch(/^tour ok: \d{2,} checks$/m);
      });

      it("a Demo-like C++ player beats Null", async () => {
        const result = await runMatch(engine, {
          config: engine.defaultConfig() as unknown as Json,
          seed: 4,
          players: [await seat("AIGreedy.cc"), builtin("Null"), builtin("Null"), builtin("Null")],
        });
        expect(result.players[0]!.name).toBe("Greedy");
        expect(result.players[0]!.frozen).toBe(false);
        expect(result.scores[0]).toBeGreaterThan(Math.max(...result.scores.slice(1)));
      });
    },
  );
}

describe.skipIf(!beds.every((bed) => bed.hasCompiler))(
  "Mad Max C++ players, native and as WebAssembly",
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
          return runMatch(engine, {
            config: engine.defaultConfig() as unknown as Json,
            seed: 9,
            players,
            res: true,
          });
        }),
      );
      expect(wasm!.players.map((p) => p.fault).filter(Boolean)).toEqual([]);
      expect(beds[1]!.mismatch(wasm!, native!.res!)).toBeUndefined();
    });
  },
);

describe("the turn message of C++ players", () => {
  it("is the .res state block, byte for byte, every round of a match", () => {
    const match = engine.create(engine.defaultConfig(), 3, 4) as MadMaxMatch;
    const texts = new Set<string>();
    eachRound(engine, match, () => {
      expect(cppTurnText(match.state)).toBe(match.resState());
      texts.add(cppTurnText(match.state));
    });
    match.freeze(2);
    expect(cppTurnText(match.state)).toBe(match.resState());
    expect(texts.size).toBe(500);
  });
});
