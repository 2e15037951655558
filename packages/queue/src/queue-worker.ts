import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ArenaError } from "@arena/core";
import { Worker } from "bullmq";
import { DEFAULT_QUEUE, type MatchJobData, type MatchJobResult } from "./match-job";
import type { WorkerPlace } from "./play-job";
import { connectOrThrow, probeClient } from "./redis-client";
import { checkRedisUrl } from "./redis-url";
import { placeEnvironment } from "./worker-place";

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
  /** File URL of each game's engine module by game name (default: resolved from `dir`). */
  engines?: Readonly<Record<string, string>>;
  /** The bots' box (`"auto"` by default; `false`: `--trust`; `true`: `--sandbox`). */
  sandbox?: WorkerPlace["sandbox"];
  /** C++ players' limits (`default` or `jutge`). */
  limits?: WorkerPlace["limits"];
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

/** The built processor (`dist/processor.js`), also when this module runs from source in tests. */
function processorFile(): string {
  const beside = fileURLToPath(new URL("./processor.js", import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL("../dist/processor.js", import.meta.url));
}

/**
 * Starts a worker: takes match jobs from the queue and plays them in BullMQ sandboxed processors
 * (child processes), `concurrency` at a time, checking each bot file against the coordinator's
 * content hash first. Throws `REDIS_UNREACHABLE` when Redis does not answer at the start; later
 * outages are waited out (BullMQ reconnects).
 */
export async function startWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  checkRedisUrl(options.redis);
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
  const place: WorkerPlace = {
    dir: resolve(options.dir ?? process.cwd()),
    ...(options.engines !== undefined ? { engines: options.engines } : {}),
    ...(options.sandbox !== undefined ? { sandbox: options.sandbox } : {}),
    ...(options.limits !== undefined ? { limits: options.limits } : {}),
  };
  const worker = new Worker<MatchJobData, MatchJobResult>(
    options.queue ?? DEFAULT_QUEUE,
    processorFile(),
    {
      connection: { url: options.redis, maxRetriesPerRequest: null },
      concurrency,
      useWorkerThreads: false,
      workerForkOptions: { env: { ...process.env, ...placeEnvironment(place) } },
      maxStalledCount: options.maxStalledCount ?? 2,
      ...(options.lockDurationMs !== undefined ? { lockDuration: options.lockDurationMs } : {}),
      ...(options.stalledIntervalMs !== undefined
        ? { stalledInterval: options.stalledIntervalMs }
        : {}),
    },
  );
  const emit = options.onEvent ?? (() => {});
  worker.on("completed", (job, result) => {
    emit({
      type: "completed",
      id: job.data.id,
      message: `match ${job.data.id} (seed ${job.data.seed}): scores ${result.scores.join(" ")}`,
    });
  });
  worker.on("failed", (job, error) => {
    emit({
      type: "failed",
      ...(job !== undefined ? { id: job.data.id } : {}),
      message: `match ${job?.data.id ?? "?"}: ${error.message}`,
    });
  });
  worker.on("error", (error) => emit({ type: "error", message: error.message }));
  await worker.waitUntilReady();
  return {
    worker,
    close: (force = false) => worker.close(force),
  };
}
