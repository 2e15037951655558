// Students' own C++ players: the compatibility kit in ../cpp, compiled with the real g++. (The
// failure cases — compile errors, crashes, floods, hangs, the cache — are the same mechanism for
// every game and are tested once, in @arena/moneyheist.)
import { type Json, Lcg31, OrderCollector, runMatch } from "@arena/core";
import { cppTestbed } from "@arena/core/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { PARAMETER_NAMES } from "./config";
import { cppTurnText } from "./cpp-turn";
import { engine } from "./engine";
import type { MadMaxMatch } from "./match";

const bed = cppTestbed(engine, {
  fixtures: new URL("./__fixtures__/cpp/", import.meta.url).href,
  reference: new URL("../../../../shared/reference/madmax/", import.meta.url).href,
});
const { hasCompiler, hasReference, seat, builtin } = bed;

// Compilations (a few seconds each, much more on a busy machine) run inside some tests.
describe.skipIf(!hasCompiler)(
  "Mad Max C++ players of the original kit",
  { timeout: 180_000 },
  () => {
    beforeAll(async () => {
      await bed.compile(["AIReflect.cc", "AIGreedy.cc"]);
    }, 180_000);

    it("a player that calls every API function sees what the JSON view shows, every round", async () => {
      const seed = 9;
      const config = engine.defaultConfig();
      const reflected = bed.reflectTo("reflect");
      const reflecting = [1, 3];
      const expected: unknown[][] = [];
      const expectRound = (match: MadMaxMatch) => {
        expected.push(
          reflecting.map((p) => {
            const view = match.view(p);
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
          }),
        );
      };
      expectRound(engine.create(config, seed, 4) as MadMaxMatch);
      const result = await runMatch(engine, {
        config: config as unknown as Json,
        seed,
        players: [
          builtin("Demo"),
          await seat("AIReflect.cc"),
          builtin("Demo"),
          await seat("AIReflect.cc"),
        ],
        onStep: ({ match }) => {
          if (!match.isOver()) expectRound(match as MadMaxMatch);
        },
      });
      expect(result.players.map((p) => p.fault)).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      reflecting.forEach((p, k) => {
        const lines = reflected(p);
        expect(lines).toHaveLength(500);
        const generator = new Lcg31(seed + p + 1);
        lines.forEach((seen, round) => {
          expect(seen.random).toBe(generator.random(0, 99));
          expect(seen.perm).toEqual(generator.randomPermutation(5));
          delete seen.random;
          delete seen.perm;
          expect(seen, `player ${p}, round ${round}`).toEqual(expected[round]![k]);
        });
      });
      expect(expected[499]![0]).not.toEqual(expected[0]![0]);
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

describe("the turn message of C++ players", () => {
  it("is the .res state block, byte for byte, every round of a match", () => {
    const match = engine.create(engine.defaultConfig(), 3, 4) as MadMaxMatch;
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
    expect(texts.size).toBe(500);
  });
});
