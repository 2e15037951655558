// Students' own C++ players: the compatibility kit in ../cpp, compiled with the real g++. (The
// failure cases — compile errors, crashes, floods, hangs, the cache — are the same mechanism for
// every game and are tested once, in @arena/moneyheist.)
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import {
  type Controller,
  compileCppPlayer,
  cppBot,
  firstDifference,
  inProcessBot,
  type Json,
  Lcg31,
  OrderCollector,
  runMatch,
} from "@arena/core";
import { beforeAll, describe, expect, it } from "vitest";
import { PARAMETER_NAMES } from "./config";
import { cppTurnText } from "./cpp-turn";
import { engine } from "./engine";
import type { MadMaxMatch } from "./match";

const fixtures = fileURLToPath(new URL("./__fixtures__/cpp/", import.meta.url));
const reference = fileURLToPath(new URL("../../../../shared/reference/madmax/", import.meta.url));

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

process.env.ARENA_CACHE_DIR = join(tmpdir(), "arena-cpp-test-cache");
const scratch = mkdtempSync(join(tmpdir(), "arena-cpp-test-"));

async function seat(file: string): Promise<{ name: string; controller: Controller }> {
  const controller = await cppBot(engine, file);
  return { name: controller.botName!()!, controller };
}

// Compilations (a few seconds each, much more on a busy machine) run inside some tests.
describe.skipIf(!hasCompiler)(
  "Mad Max C++ players of the original kit",
  { timeout: 180_000 },
  () => {
    beforeAll(async () => {
      await Promise.all(
        ["AIReflect.cc", "AIGreedy.cc"].map((file) =>
          compileCppPlayer(engine.cpp!, join(fixtures, file)),
        ),
      );
    }, 180_000);

    it("a player that calls every API function sees what the JSON view shows, every round", async () => {
      const seed = 9;
      const config = engine.defaultConfig();
      const out = join(scratch, "reflect");
      process.env.ARENA_REFLECT_OUT = out;
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
      const demo = { name: "Demo", controller: inProcessBot(engine.bots.Demo!, "Demo") };
      const demo2 = { name: "Demo", controller: inProcessBot(engine.bots.Demo!, "Demo") };
      const result = await runMatch(engine, {
        config: config as unknown as Json,
        seed,
        players: [
          demo,
          await seat(join(fixtures, "AIReflect.cc")),
          demo2,
          await seat(join(fixtures, "AIReflect.cc")),
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
        const lines = readFileSync(`${out}.${p}`, "utf8").trim().split("\n");
        expect(lines).toHaveLength(500);
        const generator = new Lcg31(seed + p + 1);
        lines.forEach((line, round) => {
          const seen = JSON.parse(line) as Record<string, unknown>;
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
      const read = (name: string) => {
        const bytes = readFileSync(join(reference, name));
        return (name.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
      };
      const traces = hasReference
        ? readdirSync(join(reference, "traces"))
            .filter((name) => name.endsWith(".orders.jsonl.gz"))
            .map((name) => ({ name: name.replace(".orders.jsonl.gz", "") }))
            .sort((a, b) => a.name.localeCompare(b.name))
        : [];

      it.each(traces)("$name gives the recorded .res byte for byte", async ({ name }) => {
        const want = read(`traces/${name}.res.gz`);
        const names = /^names +(.*)$/m.exec(want)![1]!.split(" ");
        const seed = Number(/^Seed (-?\d+)$/m.exec(want)![1]);
        const cnf = `${name.split("_")[0]}.cnf`;
        const config = engine.parseConfig(read(cnf), cnf);
        const steps = engine.readTrace!(read(`traces/${name}.orders.jsonl.gz`), name);
        const lines: string[] = [];
        for (const [round, players] of steps.entries())
          for (const [player, orders] of players.entries())
            for (const o of orders) lines.push(`${round} ${player} ${o.unit} ${o.dir}`);
        const ordersFile = join(scratch, `${name}.orders.txt`);
        writeFileSync(ordersFile, `${lines.join("\n")}\n`);
        process.env.ARENA_TRACE_ORDERS = ordersFile;
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
          players.push(await seat(file));
        }
        const result = await runMatch(engine, {
          config: config as unknown as Json,
          seed,
          players,
          res: true,
        });
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

    it("a Demo-like C++ player beats Null", async () => {
      const nulls = [1, 2, 3].map(() => ({
        name: "Null",
        controller: inProcessBot(engine.bots.Null!, "Null"),
      }));
      const result = await runMatch(engine, {
        config: engine.defaultConfig() as unknown as Json,
        seed: 4,
        players: [await seat(join(fixtures, "AIGreedy.cc")), ...nulls],
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
