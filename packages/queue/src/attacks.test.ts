// The queue as an attacker sees it: whoever can write to the Redis (a bot that reached it, a
// neighbour on the network), a worker that lies, a bot file swapped in the store, a second
// organiser on the same queue. Each test is the attack; each failed on the queue before jobs were
// signed and carried no code (issue 38).
import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadScaled } from "@arena/core/testing";
import { engine } from "@arena/moneyheist";
import {
  type BotEntry,
  botIdentity,
  type MatchRecord,
  parseBotArgument,
  runTournament,
} from "@arena/tournament";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeWorker } from "./__fixtures__/fake-worker";
import type { MatchJobData } from "./match-job";
import { queueRunner } from "./queue-runner";
import { signJob, signResult } from "./queue-secret";
import {
  redisMissing,
  startWorkerProcess,
  stopProcessTree,
  TEST_SECRET,
  TestRedis,
} from "./test-redis";

const missing = redisMissing();
if (missing !== undefined) console.warn(missing);

const SECRET = TEST_SECRET;
const config = { ...engine.defaultConfig(), numRounds: 20 };
const builtins: BotEntry[] = ["Demo", "Null", "Null2=Null", "Demo2=Demo"].map(parseBotArgument);
const withoutDuration = ({ durationMs: _, ...rest }: MatchRecord) => rest;
const byId = (records: readonly MatchRecord[]) =>
  records.map(withoutDuration).sort((a, b) => (a.id < b.id ? -1 : 1));

async function collect(iterable: AsyncIterable<MatchRecord>): Promise<MatchRecord[]> {
  const records: MatchRecord[] = [];
  for await (const record of iterable) records.push(record);
  return records;
}

/** Waits until `check` returns a value (polling), or fails after a hang net of `ms`. */
async function until<T>(
  check: () => Promise<T | undefined>,
  what: string,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + loadScaled(ms);
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`no ${what} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(missing !== undefined)(
  "the queue attacked",
  { timeout: loadScaled(240_000) },
  () => {
    let redis: TestRedis;
    let client: Redis;
    let dir: string;
    let emptyDir: string;
    let queueCount = 0;
    const workers: ChildProcess[] = [];
    const nextQueue = () => `attack-${process.pid}-${++queueCount}`;
    /** Each worker's `played <id>` lines, counted by match id. */
    const played = new Map<string, number>();
    const worker = async (queue: string, workerDir = emptyDir, more: object = {}) => {
      const child = await startWorkerProcess({
        redis: redis.url,
        queue,
        dir: workerDir,
        events: true,
        ...more,
      });
      child.stdout!.on("data", (chunk: Buffer) => {
        for (const [, id] of chunk.toString().matchAll(/^played (\w+)$/gm)) {
          played.set(id!, (played.get(id!) ?? 0) + 1);
        }
      });
      workers.push(child);
      return child;
    };
    const runner = (queue: string, more: object = {}) =>
      queueRunner({
        redis: redis.url,
        queue,
        sweepMs: 200,
        backoffMs: 100,
        secret: SECRET,
        ...more,
      });

    /** Queues a job the way `redis-cli` would: the job's hash, its id on the wait list, the marker. */
    async function writeJob(queue: string, jobId: string, data: object): Promise<void> {
      await client.hset(`bull:${queue}:${jobId}`, {
        name: "match",
        data: JSON.stringify(data),
        opts: "{}",
        timestamp: String(Date.now()),
      });
      await client.lpush(`bull:${queue}:wait`, jobId);
      await client.zadd(`bull:${queue}:marker`, 0, "0");
    }
    /** The job's hash once a worker has finished with it (completed or failed). */
    const finished = (queue: string, jobId: string) =>
      until(async () => {
        const job = await client.hgetall(`bull:${queue}:${jobId}`);
        return job.finishedOn !== undefined ? job : undefined;
      }, `end of job ${jobId}`);

    beforeAll(async () => {
      redis = await TestRedis.start();
      client = new Redis(redis.url);
      dir = mkdtempSync(join(tmpdir(), "arena-queue-attacks-"));
      emptyDir = join(dir, "worker");
      mkdirSync(emptyDir);
      writeFileSync(join(dir, "idle.mjs"), "// idle\nexport default class { play() {} }\n");
    });
    afterEach(async () => {
      await Promise.all(workers.splice(0).map((child) => stopProcessTree(child, "SIGKILL")));
    });
    afterAll(async () => {
      client?.disconnect();
      await redis?.stop();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    });

    it("three redis-cli writes queue a job with an exec: seat: the worker runs nothing", async () => {
      const queue = nextQueue();
      await worker(queue);
      const pwned = join(dir, "pwned");
      const spec = `exec:sh -c "id > ${pwned}"`;
      // The job as the queue took it before: each seat's command line and the identity the
      // attacker computes as the organiser would.
      const identity = botIdentity(engine, spec, emptyDir);
      await writeJob(queue, "match-0000000000000000beef", {
        id: "0000000000000000beef",
        game: engine.name,
        engineVersion: engine.version,
        engineModule: engine.module,
        config,
        seed: 1,
        seats: [0, 1, 2, 3].map((p) => ({ name: `p${p}`, spec, identity })),
      });
      const job = await finished(queue, "match-0000000000000000beef");
      expect(existsSync(pwned)).toBe(false);
      expect(job.failedReason).toMatch(/not signed/);
    });

    it("a job naming a JS file as its engine module: the worker never imports it", async () => {
      const queue = nextQueue();
      await worker(queue);
      const marker = join(dir, "engine-imported");
      const evil = join(dir, "evil-engine.mjs");
      writeFileSync(
        evil,
        `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "imported");\nexport const engine = undefined;\n`,
      );
      await writeJob(queue, "match-0000000000000000e0e0", {
        id: "0000000000000000e0e0",
        game: "evil",
        engineVersion: "1.0.0",
        engineModule: evil,
        config: {},
        seed: 1,
        seats: [],
      });
      const job = await finished(queue, "match-0000000000000000e0e0");
      expect(existsSync(marker)).toBe(false);
      expect(job.failedReason).toMatch(/not signed/);
      // Signed by an organiser (with the secret): a game is a name, never a module, and the worker
      // plays only its own engines.
      const evilJob = {
        id: "0000000000000000e0e1",
        game: "evil",
        engineModule: evil,
        engineVersion: "1.0.0",
        config: {},
        seed: 1,
        seats: [],
      };
      const signed = signJob(evilJob as MatchJobData, SECRET);
      await writeJob(queue, "match-0000000000000000e0e1", signed);
      const again = await finished(queue, "match-0000000000000000e0e1");
      expect(existsSync(marker)).toBe(false);
      expect(again.failedReason).toMatch(/has no engine for game 'evil'/);
    });

    it("a 12-line fake worker says Null won with 99 999 points: the organiser refuses it", async () => {
      for (const sign of [
        undefined,
        // A worker that has the secret (one of the organiser's, gone bad): signed, but no replay.
        (id: string, result: object) => signResult(id, result as never, SECRET),
      ]) {
        await refusesFake(sign);
      }
    });

    async function refusesFake(sign?: (id: string, result: object) => object): Promise<void> {
      const queue = nextQueue();
      const fake = startFakeWorker(redis.url, queue, sign);
      try {
        const records = await collect(
          runTournament({
            engine,
            config,
            bots: builtins,
            seeds: [1, 2],
            cwd: dir,
            runner: runner(queue, { attempts: 2 }),
          }),
        );
        expect(records).toHaveLength(8);
        for (const record of records) {
          expect(record.scores ?? []).not.toContain(99_999);
          expect(record.error).toMatch(
            sign === undefined
              ? /refused the result of match \w+ from worker fake:1: it is not signed/
              : /refused the result of match \w+ from worker fake:1: it has no replay/,
          );
        }
      } finally {
        await fake.close(true);
      }
    }

    it("a bot file's content swapped in Redis after queueing: the worker refuses to play it", async () => {
      const queue = nextQueue();
      const marker = join(dir, "swapped-ran");
      const bots = ["idle.mjs", "Null", "Null2=Null", "Demo"].map(parseBotArgument);
      const run = collect(
        runTournament({
          engine,
          config,
          bots,
          seeds: [1],
          cwd: dir,
          runner: runner(queue, { attempts: 1 }),
        }),
      );
      const original = createHash("sha256")
        .update("// idle\nexport default class { play() {} }\n")
        .digest("hex");
      const key = await until(
        async () => {
          const keys = await client.keys(`*${original}*`);
          return keys[0];
        },
        "bot file in Redis",
        20_000,
      );
      await client.set(
        key,
        `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "ran");\nexport default class { play() {} }\n`,
      );
      await worker(queue);
      const records = await run;
      expect(records).toHaveLength(4);
      expect(existsSync(marker)).toBe(false);
      for (const record of records) {
        expect(record.error).toMatch(
          /bot 'idle' \(idle\.mjs, sha256 [0-9a-f]{12}…\): the file stored in Redis hashes to [0-9a-f]{12}…, not to the hash the job was signed with/,
        );
      }
    });

    it("two organisers on one queue: 28 matches, none played twice", async () => {
      const queue = nextQueue();
      const seeds = [1, 2, 3, 4, 5, 6, 7];
      const reference = await collect(
        runTournament({ engine, config, bots: builtins, seeds, cwd: dir, jobs: 1 }),
      );
      await worker(queue);
      await worker(queue);
      played.clear();
      const organiser = (out: string) =>
        collect(
          runTournament({
            engine,
            config,
            bots: builtins,
            seeds,
            cwd: dir,
            out,
            runner: runner(queue),
          }),
        );
      const [first, second] = await Promise.all([
        organiser("first.jsonl"),
        organiser("second.jsonl"),
      ]);
      expect(byId(first)).toEqual(byId(reference));
      expect(byId(second)).toEqual(byId(reference));
      expect(played.size).toBe(28);
      expect([...played.entries()].filter(([, times]) => times > 1)).toEqual([]);
    });
  },
);
