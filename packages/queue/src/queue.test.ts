import type { ChildProcess } from "node:child_process";
import { spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { wasmToolchain } from "@arena/bots";
import { ArenaError } from "@arena/core";
import { loadScaled } from "@arena/core/testing";
import { engine } from "@arena/moneyheist";
import {
  type BotEntry,
  type MatchRecord,
  parseBotArgument,
  readResults,
  runContest,
  runTournament,
} from "@arena/tournament";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queueRunner } from "./queue-runner";
import {
  isAlive,
  redisMissing,
  releaseWorker,
  serveQueue,
  startWorkerProcess,
  stopProcess,
  stopProcessTree,
  TEST_SECRET,
  TestRedis,
} from "./test-redis";

const missing = redisMissing();
if (missing !== undefined) console.warn(missing);
/** The WebAssembly C++ run's test needs clang for wasm32-wasi (or @yowasp/clang) and g++. */
const cppTools =
  (await wasmToolchain().then(
    () => true,
    () => false,
  )) && spawnSync(process.env.ARENA_CXX ?? "g++", ["--version"], { stdio: "ignore" }).status === 0;
if (!cppTools)
  console.warn("the queue's --cpp wasm run test skipped: no WebAssembly compiler or g++");
// The compile cache the games' C++ tests share (the workers, started from here, inherit it).
process.env.ARENA_CACHE_DIR ??= join(tmpdir(), "arena-cpp-test-cache");

/** A bot module that gives no orders (any game); `variant` changes its bytes, so its hash. */
const idleBot = (variant = "") => `// idle bot${variant}\nexport default class { play() {} }\n`;

// Built-in bots where the claim is the queue's delivery (kills, restarts, resume, a contest's
// rounds): they play in the worker's processor, no bot process per match. A bot file (played in a
// process of its own per match on a worker, ≈ 0.5 s of CPU each) only where the worker's copy of
// it is what is tested: the first test (one seed: its 4 rotations put the file in every seat;
// seeds reaching the workers is checked by the 6-seed tests) and the test of a differing file.
const botArgs = ["Demo", "Null", "Null2=Null", "Demo2=Demo"];
const bots: BotEntry[] = botArgs.map(parseBotArgument);
const fileBots: BotEntry[] = ["Demo", "Null", "idle.mjs", "Demo2=Demo"].map(parseBotArgument);
// The kill and restart tests stop something after 2 or 3 records: 6 seeds × 4 rotations leave 21
// or more matches still to play, so the stop always lands mid-run.
const seeds = [1, 2, 3, 4, 5, 6];
const fileSeeds = [1];
// 20 rounds, not the original's 200: these tests check delivery, kills and restarts, not the game;
// the scores still differ by seed and seat (Demo takes 140–610 points), so a record played with
// the wrong seed or seats would not match the local one.
const config = { ...engine.defaultConfig(), numRounds: 20 };

const withoutDuration = ({ durationMs: _, ...rest }: MatchRecord) => rest;
const byId = (records: readonly MatchRecord[]) =>
  records.map(withoutDuration).sort((a, b) => (a.id < b.id ? -1 : 1));

async function collect(iterable: AsyncIterable<MatchRecord>): Promise<MatchRecord[]> {
  const records: MatchRecord[] = [];
  for await (const record of iterable) records.push(record);
  return records;
}

/** The ids of the record lines of a results file, in file order (repeats included). */
const fileIds = (path: string): string[] =>
  readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => (JSON.parse(line) as MatchRecord).id);

// Generous time limits: these tests play real matches in several processes on a shared machine
// (they assert outcomes, never durations).
describe.skipIf(missing !== undefined)(
  "tournaments over BullMQ on a real Redis",
  { timeout: loadScaled(240_000) },
  () => {
    let redis: TestRedis;
    let dir: string;
    let reference: MatchRecord[];
    let fileReference: MatchRecord[];
    let queueCount = 0;
    // Worker processes are kept from test to test (each start costs ≈ 1 s of CPU: BullMQ and
    // the tournament's modules): a test takes one from `idle` (or starts one) and has it serve the
    // test's own queue; at the test's end its worker is closed and its BullMQ children are checked
    // gone, and the process goes back to `idle`. One killed by the test is not reused.
    const idle: ChildProcess[] = [];
    const workers: ChildProcess[] = [];
    /** Other processes of a test (a coordinator), killed at its end. */
    const others: ChildProcess[] = [];
    const nextQueue = () => `test-${process.pid}-${++queueCount}`;
    const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
    const worker = async (queue: string, workerDir = dir) => {
      const options = { redis: redis.url, queue, dir: workerDir };
      let child = idle.pop();
      while (child !== undefined && !alive(child)) child = idle.pop();
      if (child === undefined) child = await startWorkerProcess(options);
      else await serveQueue(child, options);
      workers.push(child);
      return child;
    };
    const runner = (queue: string, more: object = {}) =>
      queueRunner({
        redis: redis.url,
        queue,
        sweepMs: 200,
        backoffMs: 100,
        secret: TEST_SECRET,
        ...more,
      });
    /** The file's tournament (`bots` × `seeds`) over `queue`, its runner given `runnerOptions`. */
    const queued = (queue: string, out: string, more: object = {}, runnerOptions: object = {}) =>
      runTournament({
        engine,
        config,
        bots,
        seeds,
        cwd: dir,
        out,
        runner: runner(queue, runnerOptions),
        ...more,
      });

    beforeAll(async () => {
      redis = await TestRedis.start();
      dir = mkdtempSync(join(tmpdir(), "arena-queue-"));
      writeFileSync(join(dir, "idle.mjs"), idleBot());
      reference = await collect(runTournament({ engine, config, bots, seeds, cwd: dir, jobs: 1 }));
      expect(reference).toHaveLength(seeds.length * 4);
      fileReference = await collect(
        runTournament({ engine, config, bots: fileBots, seeds: fileSeeds, cwd: dir, jobs: 1 }),
      );
      expect(fileReference).toHaveLength(fileSeeds.length * 4);
    });
    afterEach(async () => {
      // No process of a test outlives it: its workers are closed (their BullMQ children, and so
      // their match processes, end: waited for, one that did not would fail the hook) or, when
      // the test killed one, its children are waited for; other processes are killed by pid.
      await Promise.all(others.splice(0).map((child) => stopProcessTree(child, "SIGKILL")));
      await Promise.all(
        workers.splice(0).map(async (child) => {
          if (!alive(child)) return stopProcessTree(child, "SIGKILL");
          await releaseWorker(child);
          idle.push(child);
        }),
      );
    });
    afterAll(async () => {
      await Promise.all(idle.splice(0).map((child) => stopProcessTree(child, "SIGKILL")));
      await redis?.stop();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    });

    it("two workers give the records of the local run, match by match", async () => {
      const queue = nextQueue();
      await worker(queue);
      await worker(queue);
      const records = await collect(
        runTournament({
          engine,
          config,
          bots: fileBots,
          seeds: fileSeeds,
          cwd: dir,
          out: "two.jsonl",
          replays: "replays-two",
          runner: runner(queue),
        }),
      );
      // Replays come back from the workers and are written where a local run writes them.
      for (const record of records) {
        expect(record.replay).toBe(join("replays-two", `${record.id}.arena`));
        expect(statSync(join(dir, record.replay!)).size).toBeGreaterThan(100);
      }
      const withoutReplay = records.map(({ replay: _, ...rest }) => rest as MatchRecord);
      expect(byId(withoutReplay)).toEqual(byId(fileReference));
      const ids = fileIds(join(dir, "two.jsonl"));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.sort()).toEqual(fileReference.map((record) => record.id).sort());
    });

    it("the coordinator killed mid-run and restarted with resume: the same records", async () => {
      const queue = nextQueue();
      await worker(queue);
      const out = join(dir, "resumed.jsonl");
      const script = fileURLToPath(new URL("./__fixtures__/coordinator.mjs", import.meta.url));
      const coordinator = spawn(
        process.execPath,
        [
          script,
          JSON.stringify({
            redis: redis.url,
            queue,
            dir,
            out,
            bots: botArgs,
            seeds,
            config,
            secret: TEST_SECRET,
          }),
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      others.push(coordinator);
      await new Promise<void>((resolve, reject) => {
        let seen = 0;
        coordinator.stdout!.on("data", (chunk: Buffer) => {
          seen += (chunk.toString().match(/^record /gm) ?? []).length;
          if (seen >= 3) resolve();
        });
        coordinator.once("exit", () => reject(new Error("the coordinator ended before 3 records")));
      });
      await stopProcess(coordinator, "SIGKILL");
      const before = readResults(out).records.length;
      expect(before).toBeGreaterThanOrEqual(3);
      expect(before).toBeLessThan(reference.length);
      const resumed = await collect(queued(queue, out, { resume: true }));
      expect(byId(resumed)).toEqual(byId(reference));
      const ids = fileIds(out);
      expect(ids).toHaveLength(reference.length);
      expect(new Set(ids).size).toBe(reference.length);
    });

    it("a worker whose copy of a bot file differs plays the organiser's, fetched by hash, never its own", async () => {
      // Before jobs named files by hash, this worker failed the file's matches ("differs on
      // worker"); now it finds no file of that hash in its folder and fetches the organiser's.
      const queue = nextQueue();
      const otherDir = join(dir, "other");
      mkdirSync(otherDir, { recursive: true });
      const ran = join(otherDir, "edited-ran");
      writeFileSync(
        join(otherDir, "idle.mjs"),
        `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(ran)}, "ran");\n${idleBot(" (edited)")}`,
      );
      await worker(queue, otherDir);
      const records = await collect(
        runTournament({
          engine,
          config,
          bots: fileBots,
          seeds: fileSeeds,
          cwd: dir,
          runner: runner(queue, { attempts: 2 }),
        }),
      );
      expect(byId(records)).toEqual(byId(fileReference));
      expect(existsSync(ran)).toBe(false);
    });

    it.skipIf(!cppTools)(
      "a --cpp wasm run: its jobs say so, the worker plays WebAssembly, and the same matches played natively, or under another budget, on that queue are not taken for it",
      async () => {
        const queue = nextQueue();
        await worker(queue);
        copyFileSync(
          fileURLToPath(
            new URL("../../moneyheist/src/__fixtures__/cpp/AIGreedy.cc", import.meta.url),
          ),
          join(dir, "AIGreedy.cc"),
        );
        // Far less than any Money Heist turn of a C++ player: only a WebAssembly one is held to it.
        const tight = { turnInstructions: 100 };
        const greedy = (cpp?: "wasm", budget = tight) =>
          collect(
            runTournament({
              engine,
              config,
              bots: [{ spec: "AIGreedy.cc" }, { spec: "Demo" }],
              fill: { spec: "Demo" },
              seeds: [1],
              cwd: dir,
              budget,
              ...(cpp !== undefined ? { cpp } : {}),
              runner: runner(queue),
            }),
          );
        const statusOf = (record: MatchRecord) => record.status[record.seats.indexOf("Greedy")]!;
        // Natively first: the finished jobs stay in Redis, under the same match ids.
        const native = await greedy();
        expect(native).toHaveLength(4);
        expect(native.map(statusOf)).toEqual(native.map(() => ({ state: "ok" })));
        const wasm = await greedy("wasm");
        expect(wasm.map((record) => record.id).sort()).toEqual(
          native.map((record) => record.id).sort(),
        );
        for (const record of wasm) {
          expect(statusOf(record)).toMatchObject({ state: "frozen", round: 0 });
          const status = statusOf(record);
          expect(status.state === "frozen" && status.reason).toMatch(
            /^executed \d+ instructions for its (start|turn), over the limit of 100 instructions$/,
          );
        }
        // The same matches under a budget they keep: played again, not the finished jobs above
        // (before, the job id named the match and mode only, and this run got their records).
        const generous = await greedy("wasm", { turnInstructions: 1e12 });
        expect(generous.map(statusOf)).toEqual(generous.map(() => ({ state: "ok" })));
      },
    );

    it("a contest over two workers: each round queued after the previous, the local standings", async () => {
      const queue = nextQueue();
      await worker(queue);
      await worker(queue);
      const players = ["D1=Demo", "D2=Demo", "D3=Demo", "N0=Null", "N1=Null"].map(parseBotArgument);
      const options = {
        engine,
        config,
        players,
        baseline: { spec: "Null" },
        finalists: 2,
        semifinalMatches: 1,
        finalMatches: 1,
        seed: 3,
        cwd: dir,
      };
      const local = runContest({ ...options, jobs: 1 });
      const localRecords = await collect(local);
      const queued = runContest({ ...options, runner: runner(queue) });
      const queuedRecords = await collect(queued);
      expect(byId(queuedRecords)).toEqual(byId(localRecords));
      expect(queued.summary().standings).toEqual(local.summary().standings);
      expect(queued.summary().rounds).toBeGreaterThan(0);
    });

    it("Redis restarted mid-run (its queue lost): the run resumes and loses nothing", async () => {
      // One worker: the claim is the coordinator's and the worker's recovery, which one worker
      // shows as well as two (it must reconnect by itself, or nothing more is played).
      const queue = nextQueue();
      await worker(queue);
      const notices: string[] = [];
      const run = queued(
        queue,
        "restart.jsonl",
        {},
        { onNotice: (message: string) => notices.push(message) },
      );
      const records: MatchRecord[] = [];
      for await (const record of run) {
        records.push(record);
        if (records.length === 2) {
          await redis.stop();
          await new Promise((resolve) => setTimeout(resolve, 1000));
          await redis.restart();
        }
      }
      expect(byId(records)).toEqual(byId(reference));
      const ids = fileIds(join(dir, "restart.jsonl"));
      expect(ids).toHaveLength(reference.length);
      expect(new Set(ids).size).toBe(reference.length);
      expect(notices.join("\n")).toMatch(/lost Redis/);
    });

    it("Redis gone for good: the run stops with REDIS_LOST, keeps its records, and resumes later", async () => {
      const queue = nextQueue();
      await worker(queue);
      const out = join(dir, "lost.jsonl");
      const run = queued(queue, out, {}, { redisTimeoutMs: 1000 });
      let failure: unknown;
      let seen = 0;
      try {
        for await (const _ of run) {
          seen++;
          if (seen === 2) await redis.stop();
        }
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeInstanceOf(ArenaError);
      expect((failure as ArenaError).code).toBe("REDIS_LOST");
      expect((failure as ArenaError).message).toMatch(/--resume/);
      const kept = readResults(out).records;
      expect(kept.length).toBeGreaterThanOrEqual(2);
      expect(kept.every((record) => record.error === undefined)).toBe(true);
      await redis.restart();
      const resumed = await collect(queued(queue, out, { resume: true }));
      expect(byId(resumed)).toEqual(byId(reference));
      expect(new Set(fileIds(out)).size).toBe(reference.length);
      expect(fileIds(out)).toHaveLength(reference.length);
    });

    // The last test with workers: the worker it kills cannot be reused, so no test after it has
    // to start another worker process (≈ 1 s of CPU).
    it("a worker killed with SIGKILL mid-run: every match recorded exactly once", async () => {
      const queue = nextQueue();
      const doomed = await worker(queue);
      await worker(queue);
      const run = queued(queue, "killed.jsonl");
      const records: MatchRecord[] = [];
      let orphans: number[] = [];
      for await (const record of run) {
        records.push(record);
        if (records.length === 2) orphans = await stopProcessTree(doomed, "SIGKILL");
      }
      expect(doomed.signalCode).toBe("SIGKILL");
      // Its BullMQ children (one per job slot) saw their parent go and ended: none is left
      // spinning as an orphan (as one did before, on a core, for the rest of the machine's life).
      expect(orphans.length).toBeGreaterThan(0);
      expect(orphans.filter(isAlive)).toEqual([]);
      expect(byId(records)).toEqual(byId(reference));
      const ids = fileIds(join(dir, "killed.jsonl"));
      expect(ids).toHaveLength(reference.length);
      expect(new Set(ids).size).toBe(reference.length);
    });

    it("an unreachable Redis is one clear error at the start", async () => {
      await expect(
        collect(
          runTournament({
            engine,
            config,
            bots,
            seeds: [1],
            cwd: dir,
            runner: queueRunner({ redis: "redis://127.0.0.1:1", secret: TEST_SECRET }),
          }),
        ),
      ).rejects.toThrow(/cannot reach Redis at redis:\/\/127\.0\.0\.1:1/);
    });
  },
);
