import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MatchRecord } from "@arena/tournament";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisMissing, stopProcess, TEST_SECRET, TestRedis } from "../../../queue/src/test-redis";
import { bin, hasBin, runBin } from "../test-bin";
import { runCli } from "../test-io";
import { shortMatchArgs } from "../test-short-match";

const missing = redisMissing();
if (missing !== undefined) console.warn(missing);
if (!hasBin) console.warn("dist/bin.js is not built: the arena worker tests are skipped");

const records = (path: string): Array<Omit<MatchRecord, "durationMs">> =>
  readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => {
      const { durationMs: _, ...rest } = JSON.parse(line) as MatchRecord;
      return rest;
    })
    .sort((a, b) => (a.id < b.id ? -1 : 1));

/** The environment of an organiser or a worker of these tests: the queue's shared secret. */
const secretEnv = { ARENA_QUEUE_SECRET: TEST_SECRET };

describe("arena worker: bad input", () => {
  it.skipIf(!hasBin)(
    "without ARENA_QUEUE_SECRET, or --insecure-queue for a Redis elsewhere: one line, exit 2",
    () => {
      const env = { ARENA_QUEUE_SECRET: "" };
      const none = runBin(["worker", "--redis", "redis://127.0.0.1:1"], tmpdir(), { env });
      expect(none.status).toBe(2);
      expect(none.stderr).toMatch(
        /^arena: the queue needs a shared secret: set ARENA_QUEUE_SECRET to the same random string .* or give --insecure-queue for a Redis on this machine only\n$/,
      );
      const remote = runBin(
        ["worker", "--redis", "redis://10.1.2.3:6379", "--insecure-queue"],
        tmpdir(),
        {
          env,
        },
      );
      expect(remote.status).toBe(2);
      expect(remote.stderr).toMatch(
        /^arena: --insecure-queue is only for a Redis on this machine .*not 10\.1\.2\.3/,
      );
      const short = runBin(["worker", "--redis", "redis://127.0.0.1:1"], tmpdir(), {
        env: { ARENA_QUEUE_SECRET: "short" },
      });
      expect(short.stderr).toMatch(
        /^arena: ARENA_QUEUE_SECRET is 5 characters long: use at least 16/,
      );
      const organiser = runBin(
        [
          "tournament",
          "moneyheist",
          "Demo",
          "Null",
          "--fill",
          "Null",
          "--redis",
          "redis://127.0.0.1:1",
          "--out",
          "none.jsonl",
        ],
        tmpdir(),
        { env },
      );
      expect(organiser.status).toBe(2);
      expect(organiser.stderr).toMatch(/^arena: the queue needs a shared secret/);
    },
  );

  it("without --redis, or with a URL that is not redis://: one line, exit 2", async () => {
    const none = await runCli(["worker"], tmpdir());
    expect(none.code).toBe(2);
    expect(none.err.trim().split("\n")).toHaveLength(1);
    expect(none.err).toMatch(/needs --redis URL/);
    const http = await runCli(["worker", "--redis", "http://localhost:6379"], tmpdir());
    expect(http.code).toBe(2);
    expect(http.err).toMatch(/redis:\/\/ .*URL, got 'http:\/\/localhost:6379'/);
  });
});

describe.skipIf(missing !== undefined || !hasBin)(
  "arena tournament --redis with arena worker",
  () => {
    let redis: TestRedis;
    let dir: string;
    let worker: ChildProcess | undefined;
    let workerErr = "";
    beforeAll(async () => {
      redis = await TestRedis.start();
      dir = mkdtempSync(join(tmpdir(), "arena-cli-worker-"));
      worker = spawn(
        process.execPath,
        [
          bin,
          "worker",
          "--redis",
          redis.url,
          "--concurrency",
          "2",
          "--allow-exec",
          "python3 bot.py",
          "--allow-exec",
          "exec:sh bot.sh",
        ],
        {
          cwd: dir,
          stdio: ["ignore", "ignore", "pipe"],
          env: { ...process.env, ...secretEnv },
        },
      );
      await new Promise<void>((resolve, reject) => {
        worker!.stderr!.on("data", (chunk: Buffer) => {
          workerErr += chunk.toString();
          if (workerErr.includes("worker: playing matches")) resolve();
        });
        worker!.once("exit", (code) =>
          reject(new Error(`arena worker exited (${code}): ${workerErr}`)),
        );
      });
    });
    afterAll(async () => {
      if (worker !== undefined) await stopProcess(worker, "SIGKILL");
      await redis?.stop();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    });

    it("gives the records of the local run; the worker stops gracefully on SIGTERM", async () => {
      const bots = ["Demo", "Null", "Demo2=Demo", "Null2=Null"];
      // 30-round matches instead of Money Heist's 200: the test is about the queue's wiring (the
      // same records from the workers as from the local run, the config carried to them), not
      // about a whole game; the Demos still score and the Nulls do not.
      const short = shortMatchArgs("moneyheist", 30, dir);
      const local = runBin(
        [
          "tournament",
          "moneyheist",
          ...bots,
          "--seeds",
          "1..2",
          "--jobs",
          "1",
          "--out",
          "local.jsonl",
          ...short,
        ],
        dir,
      );
      expect(local.status, local.stderr).toBe(0);
      const queued = runBin(
        [
          "tournament",
          "moneyheist",
          ...bots,
          "--seeds",
          "1..2",
          "--redis",
          redis.url,
          "--out",
          "queued.jsonl",
          ...short,
        ],
        dir,
        { env: secretEnv },
      );
      expect(queued.status, queued.stderr).toBe(0);
      expect(queued.stdout).toMatch(/moneyheist tournament · 8 matches/);
      expect(records(join(dir, "queued.jsonl"))).toEqual(records(join(dir, "local.jsonl")));
      const exited = new Promise<number | null>((resolve) => worker!.once("exit", resolve));
      worker!.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(workerErr).toMatch(/completed: match [0-9a-f]{20}/);
      expect(workerErr).toMatch(/programs: python3 bot\.py; sh bot\.sh\)/);
      expect(workerErr).toMatch(/worker: finishing the matches in progress/);
    });

    it("a coordinator whose Redis is not there: one line, exit 2", () => {
      const result = runBin(
        [
          "tournament",
          "moneyheist",
          "Demo",
          "Null",
          "--fill",
          "Null",
          "--seeds",
          "1",
          "--redis",
          "redis://127.0.0.1:1",
          "--out",
          "none.jsonl",
        ],
        dir,
        { env: secretEnv },
      );
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/cannot reach Redis at redis:\/\/127\.0\.0\.1:1/);
    });
  },
);
