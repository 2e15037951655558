// C++ players compiled to WebAssembly in a run (`RunOptions.cpp: "wasm"`): the same records as the
// same run played natively, with one job and with a pool; an instruction budget freezes a player
// that loops forever at the same round, with the same fault, whatever the jobs; a results file of
// one mode is not resumed in the other. Real clang for wasm32-wasi (or @yowasp/clang), real g++.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { wasmToolchain } from "@arena/bots";
import { readReplay } from "@arena/core";
import { loadScaled } from "@arena/core/testing";
import { engine } from "@arena/moneyheist";
import { afterAll, describe, expect, it } from "vitest";
import type { MatchRecord } from "./record";
import { runTournament, type TournamentOptions } from "./tournament";

const hasWasm = await wasmToolchain().then(
  () => true,
  (error: Error) => {
    console.warn(`tournament WebAssembly tests skipped: ${error.message}`);
    return false;
  },
);
const hasCompiler =
  spawnSync(process.env.ARENA_CXX ?? "g++", ["--version"], { stdio: "ignore" }).status === 0;
if (!hasCompiler) console.warn("tournament native-against-WebAssembly test skipped: no g++");

// The compile cache the games' C++ tests share (kept between runs).
process.env.ARENA_CACHE_DIR ??= join(tmpdir(), "arena-cpp-test-cache");
const dir = mkdtempSync(join(tmpdir(), "arena-cpp-wasm-run-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The engine's built module, which the pool's workers import. */
const engineUrl = new URL("../../moneyheist/dist/index.js", import.meta.url).href;
const greedy = fileURLToPath(
  new URL("../../moneyheist/src/__fixtures__/cpp/AIGreedy.cc", import.meta.url),
);
const loop = fileURLToPath(new URL("./__fixtures__/cpp/AILoop.cc", import.meta.url));
/** Short matches: past the loop's round 50. */
const config = { ...engine.defaultConfig(), numRounds: 60 };

/** A tournament of `spec` against Demo (three Demo seats), seeds 1 and 2: 8 matches. */
const run = (spec: string, more: Partial<TournamentOptions>): TournamentOptions => ({
  engine,
  engineUrl,
  config,
  bots: [{ spec }, { spec: "Demo" }],
  fill: { spec: "Demo" },
  seeds: [1, 2],
  cwd: dir,
  ...more,
});

async function collect(iterable: AsyncIterable<MatchRecord>): Promise<MatchRecord[]> {
  const records: MatchRecord[] = [];
  for await (const record of iterable) records.push(record);
  return records;
}

/** The records without their wall time, in id order: what must be the same in every run. */
const same = (records: MatchRecord[]) =>
  records
    .map(({ durationMs: _, replay: __, ...record }) => record)
    .sort((a, b) => a.id.localeCompare(b.id));

const header = (file: string) =>
  JSON.parse(readFileSync(join(dir, file), "utf8").split("\n")[0]!) as {
    options: Record<string, unknown>;
  };

describe.skipIf(!hasWasm)(
  "C++ players as WebAssembly in a run",
  { timeout: loadScaled(600_000) },
  () => {
    it.skipIf(!hasCompiler)(
      "Greedy against Demo: the same records as natively, with --jobs 1 and 2",
      async () => {
        const native = await collect(runTournament(run(greedy, { jobs: 1, out: "native.jsonl" })));
        const replays = join(dir, "replays");
        const wasmOne = await collect(
          runTournament(run(greedy, { jobs: 1, cpp: "wasm", out: "wasm-1.jsonl", replays })),
        );
        const wasmTwo = await collect(
          runTournament(run(greedy, { jobs: 2, cpp: "wasm", out: "wasm-2.jsonl" })),
        );
        expect(native).toHaveLength(8);
        // Real matches: Greedy plays (not frozen) and the scores differ from match to match.
        expect(native.every((record) => record.status.every((s) => s.state === "ok"))).toBe(true);
        expect(new Set(native.map((record) => record.scores.join())).size).toBe(8);
        expect(same(wasmOne)).toEqual(same(native));
        expect(same(wasmTwo)).toEqual(same(native));
        // Played as WebAssembly: Greedy's instructions are counted in every replay, each turn.
        const files = readdirSync(replays);
        expect(files).toHaveLength(8);
        for (const file of files) {
          const replay = readReplay(join(replays, file));
          const seat = replay.header.players.indexOf("Greedy");
          const counted = (replay.usage ?? []).filter((u) => (u.instructions?.[seat] ?? 0) > 0);
          expect(counted.length).toBeGreaterThan(config.numRounds);
        }
        expect(header("wasm-2.jsonl").options.cpp).toBe("wasm");
        expect(header("native.jsonl").options.cpp).toBeUndefined();
      },
    );

    it("a player looping forever from round 50 is frozen at round 50 by its turn's instructions in every match, the same fault whatever the jobs", async () => {
      const budget = { turnInstructions: 5_000_000 };
      const pool = await collect(runTournament(run(loop, { jobs: 2, cpp: "wasm", budget })));
      const here = await collect(runTournament(run(loop, { jobs: 1, cpp: "wasm", budget })));
      expect(pool).toHaveLength(8);
      for (const record of pool) {
        const status = record.status[record.seats.indexOf("Loop")]!;
        expect(status).toMatchObject({ state: "frozen", round: 50 });
        // Where the loop's count crosses the limit depends on what the turn did before it (the
        // match's state read in), hence a few instructions over it, the same in every run.
        expect(status.state === "frozen" && status.reason).toMatch(
          /^executed 5000\d{3} instructions for its turn, over the limit of 5000000 instructions$/,
        );
      }
      expect(same(here)).toEqual(same(pool));
    });
  },
);

describe("a resumed run keeps its C++ mode", () => {
  const demos = { engine, bots: [{ spec: "Demo" }], fill: { spec: "Demo" }, seeds: [1], cwd: dir };

  it("refuses to resume a native run's file as WebAssembly, and the other way round", async () => {
    const config = { ...engine.defaultConfig(), numRounds: 5 };
    await collect(runTournament({ ...demos, config, jobs: 1, out: "modes-native.jsonl" }));
    await collect(
      runTournament({ ...demos, config, jobs: 1, cpp: "wasm", out: "modes-wasm.jsonl" }),
    );
    const resume = (out: string, cpp?: "native" | "wasm") =>
      collect(
        runTournament({
          ...demos,
          config,
          jobs: 1,
          out,
          resume: true,
          ...(cpp !== undefined ? { cpp } : {}),
        }),
      );
    await expect(resume("modes-native.jsonl", "wasm")).rejects.toThrow(
      /^modes-native\.jsonl: written by a run of native C\+\+ players \(--cpp native\), not of C\+\+ players as WebAssembly \(--cpp wasm\) as this one \(header field 'options\.cpp'\)/,
    );
    await expect(resume("modes-wasm.jsonl")).rejects.toThrow(
      /written by a run of C\+\+ players as WebAssembly \(--cpp wasm\), not of native C\+\+ players/,
    );
    // The same mode resumes (its four records kept).
    expect(await resume("modes-wasm.jsonl", "wasm")).toHaveLength(4);
    expect(await resume("modes-native.jsonl", "native")).toHaveLength(4);
  });

  it("a mode that is neither native nor wasm is one BAD_OPTION", async () => {
    await expect(
      collect(runTournament({ ...demos, cpp: "rm -rf" as "wasm", jobs: 1 })),
    ).rejects.toMatchObject({ code: "BAD_OPTION", message: 'cpp is native or wasm, not "rm -rf"' });
  });
});
