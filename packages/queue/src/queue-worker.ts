import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ArenaError, excerpt } from "@arena/core";
import { Worker } from "bullmq";
import { DEFAULT_QUEUE, type MatchJobData, type MatchJobResult } from "./match-job";
import { queueKey, SECRET_VARIABLE } from "./queue-secret";
import { connectOrThrow, probeClient } from "./redis-client";
import { checkRedisUrl } from "./redis-url";
import { placeEnvironment, type WorkerPlace } from "./worker-place";

/** Options of `startWorker`. */
export interface QueueWorkerOptions {
  /** The Redis URL, e.g. `redis://localhost:6379`. */
  redis: string;
  /** The queue's name (default `arena-matches`). */
  queue?: string;
  /** Matches played at once, each in a child process of its own (default: the cores). */
  concurrency?: number;
  /** Directory bot specs are relative to: this machine's copy of the bot files (default: cwd). */
  dir?: string;
  /** File URL of each game's engine module by game name (default: `@arena/<game>` from `dir`). */
  engines?: Readonly<Record<string, string>>;
  /** The bots' box (`"auto"` by default; `false`: `--trust`; `true`: `--sandbox`). */
  sandbox?: WorkerPlace["sandbox"];
  /** C++ players' limits (`default` or `jutge`). */
  limits?: WorkerPlace["limits"];
  /** The queue's shared secret (default: `ARENA_QUEUE_SECRET`); see `queueKey`. */
  secret?: string;
  /** No secret: only for a Redis on this machine (`--insecure-queue`); see `queueKey`. */
  insecure?: boolean;
  /**
   * The `exec:` programs this worker may run, each a command line exactly as the organisers give
   * it (`--allow-exec "python3 bot.py"`, its files relative to `dir`); default none.
   */
  allowExec?: readonly string[];
  /** How long a job's lock lasts without renewal, ms (BullMQ's `lockDuration`, default 30 000). */
  lockDurationMs?: number;
  /** How often stalled jobs are looked for, ms (BullMQ's `stalledInterval`, default 30 000). */
  stalledIntervalMs?: number;
  /** Times a job may stall (its worker died) before it fails (default 2). */
  maxStalledCount?: number;
  /** Each match played or failed, and connection problems. */
  onEvent?: (event: WorkerEvent) => void;
}

/** What a worker reports. */
export interface WorkerEvent {
  type: "completed" | "failed" | "error";
  /** The match id (completed and failed). */
  id?: string;
  message: string;
}

/** A running worker. */
export interface QueueWorker {
  /** The BullMQ worker. */
  readonly worker: Worker<MatchJobData, MatchJobResult>;
  /**
   * Stops taking jobs and waits for the matches in progress to finish (graceful); with `force`,
   * kills them at once — their jobs stall and another worker plays them.
   */
  close(force?: boolean): Promise<void>;
}

/** The match id of a job id (`match-<id>`), as printed: only letters, digits, `-` and `_`. */
export const matchOfJob = (jobId: string | undefined): string =>
  excerpt((jobId ?? "?").replace(/^match-/, "").replace(/[^\w-]/g, "?"), 40);

/** The built processor (`dist/processor.js`), also when this module runs from source in tests. */
function processorFile(): string {
  const beside = fileURLToPath(new URL("./processor.js", import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL("../dist/processor.js", import.meta.url));
}

/**
 * Starts a worker: takes match jobs from the queue and plays them in BullMQ sandboxed processors
 * (child processes), `concurrency` at a time. It plays only jobs signed with the queue's secret,
 * with its own engines, built-in bots, bot files found by hash in `dir` or fetched from the
 * organiser's store and hashed again, and the programs of `allowExec`; each result goes back
 * signed, with its replay. Throws `NO_QUEUE_SECRET` without a secret (see `queueKey`) and
 * `REDIS_UNREACHABLE` when Redis does not answer at the start; later outages are waited out
 * (BullMQ reconnects).
 */
export async function startWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  checkRedisUrl(options.redis);
  const key = queueKey(options);
  const concurrency = options.concurrency ?? Math.max(1, availableParallelism());
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new ArenaError(
      "BAD_OPTION",
      `concurrency must be a positive integer, got ${concurrency}`,
    );
  }
  const probe = probeClient(options.redis);
  await connectOrThrow(probe, options.redis);
  probe.disconnect();
  const queue = options.queue ?? DEFAULT_QUEUE;
  const place: WorkerPlace = {
    dir: resolve(options.dir ?? process.cwd()),
    ...(options.engines !== undefined ? { engines: options.engines } : {}),
    ...(options.sandbox !== undefined ? { sandbox: options.sandbox } : {}),
    ...(options.limits !== undefined ? { limits: options.limits } : {}),
    key,
    redis: options.redis,
    queue,
    // The bot files it fetches, in a directory of its own (0700), removed when it closes.
    cache: mkdtempSync(join(tmpdir(), "arena-worker-bots-")),
    ...(options.allowExec !== undefined ? { allowExec: [...options.allowExec] } : {}),
  };
  // The match processes get the key in a variable they take out of their environment at once;
  // nothing they start (bots) inherits the secret.
  const env: NodeJS.ProcessEnv = { ...process.env, ...placeEnvironment(place) };
  delete env[SECRET_VARIABLE];
  const worker = new Worker<MatchJobData, MatchJobResult>(queue, processorFile(), {
    connection: { url: options.redis, maxRetriesPerRequest: null },
    concurrency,
    useWorkerThreads: false,
    workerForkOptions: { env },
    maxStalledCount: options.maxStalledCount ?? 2,
    ...(options.lockDurationMs !== undefined ? { lockDuration: options.lockDurationMs } : {}),
    ...(options.stalledIntervalMs !== undefined
      ? { stalledInterval: options.stalledIntervalMs }
      : {}),
  });
  const emit = options.onEvent ?? (() => {});
  // Named by the job's id, shown safely (a job nobody signed may carry any id and any data).
  worker.on("completed", (job, result) => {
    const id = matchOfJob(job.id);
    emit({ type: "completed", id, message: `match ${id}: scores ${result.scores.join(" ")}` });
  });
  worker.on("failed", (job, error) => {
    const id = matchOfJob(job?.id);
    emit({ type: "failed", id, message: `match ${id}: ${excerpt(error.message, 500)}` });
  });
  worker.on("error", (error) => emit({ type: "error", message: error.message }));
  await worker.waitUntilReady();
  return {
    worker,
    close: async (force = false) => {
      try {
        await worker.close(force);
      } finally {
        rmSync(place.cache, { recursive: true, force: true });
      }
    },
  };
}
