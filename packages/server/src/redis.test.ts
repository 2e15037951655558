// `--redis`: the ladder's matches played by `arena worker` processes over a real Redis (Debian's
// redis-server on a free loopback port, stopped by pid); a worker killed mid-match (SIGKILL):
// another plays the match again, and it is recorded once.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  redisMissing,
  startWorkerProcess,
  stopProcessTree,
  TEST_SECRET,
  TestRedis,
} from "../../queue/src/test-redis";
import {
  api,
  joinContest,
  moneyheistConfig,
  startTestServer,
  type TestServer,
  until,
} from "./__fixtures__/test-support";
import { startServer } from "./server";

const ORGANISER = "organiser-token-of-the-redis-test-0123456789";
const missing = redisMissing();
const slow = readFileSync(new URL("./__fixtures__/players/AISlow.cc", import.meta.url), "utf8");

describe.skipIf(missing !== undefined)("a ladder on arena workers over Redis", () => {
  const data = mkdtempSync(join(tmpdir(), "arena-serve-redis-"));
  let redis: TestRedis | undefined;
  let server: TestServer | undefined;
  const workers: Array<Awaited<ReturnType<typeof startWorkerProcess>>> = [];
  afterAll(async () => {
    await server?.stop();
    for (const worker of workers) await stopProcessTree(worker, "SIGKILL").catch(() => {});
    await redis?.stop();
    rmSync(data, { recursive: true, force: true });
  });

  it("does not start on a queue it cannot sign for: one line naming ARENA_QUEUE_SECRET, nothing written", async () => {
    // Before: the server started, and every ladder match failed on the queue, again and again.
    const saved = process.env.ARENA_QUEUE_SECRET;
    delete process.env.ARENA_QUEUE_SECRET;
    const dir = join(data, "unsigned");
    try {
      await expect(
        startServer({ dataDir: dir, redis: "redis://127.0.0.1:6399", games: {}, port: 0 }),
      ).rejects.toThrow(/the queue needs a shared secret: set ARENA_QUEUE_SECRET/);
      await expect(
        startServer({
          dataDir: dir,
          redis: "redis://10.1.2.3:6379",
          insecureQueue: true,
          games: {},
          port: 0,
        }),
      ).rejects.toThrow(/--insecure-queue is only for a Redis on this machine/);
      expect(existsSync(dir)).toBe(false);
    } finally {
      if (saved !== undefined) process.env.ARENA_QUEUE_SECRET = saved;
    }
  });

  it("records the matches the workers play, a killed worker's match once", async () => {
    redis = await TestRedis.start();
    const queue = "arena-serve-test";
    server = await startTestServer({
      dataDir: data,
      jobs: 1,
      organiserToken: ORGANISER,
      redis: redis.url,
      queue,
      queueSecret: TEST_SECRET,
    });
    workers.push(await startWorkerProcess({ redis: redis.url, queue, dir: data }));
    const contest = (
      await api(server, "POST", "/api/contests", {
        token: ORGANISER,
        body: { name: "LAN", game: "moneyheist", format: "ladder", config: moneyheistConfig(20) },
      })
    ).body.id;
    const [token] = await joinContest(server, ORGANISER, contest, ["lan"]);
    await api(server, "POST", `/api/contests/${contest}/submissions`, {
      token,
      body: { filename: "AISlow.cc", source: slow },
    });
    const ladder = async () =>
      (
        (await api(server!, "GET", `/api/contests/${contest}/matches?limit=1000`)).body
          .matches as Array<{ id: string; kind: string }>
      ).filter((m) => m.kind === "ladder");
    await until("a ladder match played by the worker", async () =>
      (await ladder()).length >= 1 ? true : undefined,
    );
    // Killed while it plays (the slow player makes a match last seconds).
    const inFlight = await until("a match running on the worker", async () => {
      const page = await (await fetch(`${server!.url}/contests/${contest}/live`)).text();
      return /\/live\/([0-9a-f]{20})\//.exec(page)?.[1];
    });
    const recorded = (await ladder()).map((m) => m.id);
    await stopProcessTree(workers[0]!, "SIGKILL");
    workers.push(await startWorkerProcess({ redis: redis.url, queue, dir: data }));
    const after = await until("the match in flight and another recorded", async () => {
      const now = await ladder();
      return now.some((m) => m.id === inFlight) && now.length >= recorded.length + 2
        ? now
        : undefined;
    });
    const ids = after.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of recorded) expect(ids).toContain(id);
    // The match the killed worker was playing (unless it ended just before the kill) is recorded.
    expect(ids).toContain(inFlight);
  });
});
