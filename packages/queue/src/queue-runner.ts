import { ArenaError, excerpt, writeFileAtomically } from "@arena/core";
import {
  type BotInfo,
  type MatchRunner,
  type MatchRunnerFactory,
  type MatchTask,
  matchId,
  RunnerFailure,
  type RunnerSetup,
  type TaskResult,
} from "@arena/tournament";
import { type Job, Queue, QueueEvents } from "bullmq";
import type { Redis } from "ioredis";
import { storeBots } from "./bot-store";
import {
  DEFAULT_QUEUE,
  type JobBot,
  jobIdOf,
  MATCH_JOB,
  type MatchJobData,
  type SignedJob,
} from "./match-job";
import { queueKey, signJob } from "./queue-secret";
import { connectOrThrow, ping, probeClient } from "./redis-client";
import { checkRedisUrl, shownUrl } from "./redis-url";
import { checkResult } from "./result-check";

/** Options of the coordinator (`queueRunner`). */
export interface QueueRunnerOptions {
  /** The Redis URL, e.g. `redis://localhost:6379`. */
  redis: string;
  /** The queue's name (default `arena-matches`); workers must take from the same one. */
  queue?: string;
  /** Matches this run keeps in the queue at once (default 1000). */
  window?: number;
  /** Attempts of a job before it fails for good (default 3): a failure is retried, elsewhere. */
  attempts?: number;
  /** Delay before a failed attempt is retried, ms (default 1000). */
  backoffMs?: number;
  /** How often the coordinator checks Redis and its pending jobs, ms (default 2000). */
  sweepMs?: number;
  /** Redis out of reach this long stops the run with `REDIS_LOST`, ms (default 120 000). */
  redisTimeoutMs?: number;
  /** Finished jobs nobody collected are deleted after this long, s (default one day). */
  keepSeconds?: number;
  /** The queue's shared secret (default: `ARENA_QUEUE_SECRET`); see `queueKey`. */
  secret?: string;
  /** No secret: only for a Redis on this machine (`--insecure-queue`); see `queueKey`. */
  insecure?: boolean;
  /** What the coordinator has to say (Redis lost and back, matches queued again, refusals). */
  onNotice?: (message: string) => void;
}

interface Pending {
  jobId: string;
  data: MatchJobData;
  /** The job as queued: `data` signed. */
  job: SignedJob;
  /** Workers' results refused so far (the match is queued again until `attempts`). */
  refusals: number;
  /** Where to write the replay the worker sends back. */
  replay?: string;
  resolve(result: TaskResult): void;
  reject(error: unknown): void;
  settled: boolean;
  /** The set of its signal's watched matches, to leave when settled. */
  watchedBy?: Set<Pending>;
}

const abortError = () => new ArenaError("ABORTED", "the match was cancelled");

/**
 * The coordinator's side of a queue run: a `MatchRunnerFactory` for `RunOptions.runner`. Each
 * match becomes a BullMQ job (job id `match-<match id>`, so a match is never queued twice) that
 * any worker on the queue may play; its record is collected back into the run, so records,
 * progress, `resume` and contest rounds work as with the local pool.
 *
 * Jobs carry no code: bots by content hash, each bot file put into Redis under its hash before
 * the first job, and every job signed with the queue's secret (`queueKey`: `NO_QUEUE_SECRET`
 * without one). A worker's result is recorded only when it is signed too and its replay
 * re-simulates, with this coordinator's engine, to what it claims (`checkResult`); a refused
 * result is said (`onNotice`) and the match queued again, up to `attempts` times, then recorded
 * as failed with the reason.
 *
 * At-least-once delivery becomes exactly-once records: a match is settled once, by id, whether
 * its result arrives by event or by the periodic sweep, and the results file is deduplicated
 * by id on reading. A finished job stays in Redis (`keepSeconds`), so a coordinator (re)started
 * on the same plan, or a second one running beside it, collects it without playing it again; a
 * job that vanished (Redis restarted without persistence) is queued again. Redis out of reach
 * longer than `redisTimeoutMs` stops the run with a `RunnerFailure` (`REDIS_LOST`): the records
 * written so far are kept; `resume` continues.
 */
export function queueRunner(options: QueueRunnerOptions): MatchRunnerFactory {
  checkRedisUrl(options.redis);
  const key = queueKey(options);
  return (setup) => QueueCoordinator.open(setup, options, key);
}

class QueueCoordinator implements MatchRunner {
  readonly jobs: number;
  private readonly pending = new Map<string, Pending>();
  private readonly watched = new WeakMap<AbortSignal, Set<Pending>>();
  private readonly botsByName: Map<string, BotInfo>;
  private readonly attempts: number;
  private readonly timer: ReturnType<typeof setInterval>;
  private lastContact = Date.now();
  private lost = false;
  private sweeping = false;
  private failure: RunnerFailure | undefined;

  private constructor(
    private readonly setup: RunnerSetup,
    private readonly options: QueueRunnerOptions,
    private readonly key: string,
    private readonly jobBots: Map<string, JobBot>,
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly probe: Redis,
  ) {
    this.jobs = options.window ?? 1000;
    this.attempts = options.attempts ?? 3;
    this.botsByName = new Map(setup.bots.map((bot) => [bot.name, bot]));
    events.on("completed", ({ jobId }) => this.onFinished(jobId));
    events.on("failed", ({ jobId }) => this.onFinished(jobId));
    this.timer = setInterval(() => void this.tick(), options.sweepMs ?? 2000);
  }

  static async open(
    setup: RunnerSetup,
    options: QueueRunnerOptions,
    key: string,
  ): Promise<QueueCoordinator> {
    const probe = probeClient(options.redis);
    await connectOrThrow(probe, options.redis);
    const name = options.queue ?? DEFAULT_QUEUE;
    let jobBots: Map<string, JobBot>;
    try {
      jobBots = await storeBots(probe, name, setup.bots, setup.cwd, options.keepSeconds ?? 86_400);
    } catch (error) {
      probe.disconnect();
      throw error;
    }
    // Commands wait while Redis is away (no per-command retry limit): the probe decides when
    // waiting has lasted too long.
    const connection = { url: options.redis, maxRetriesPerRequest: null };
    const queue = new Queue(name, { connection });
    const events = new QueueEvents(name, { connection });
    queue.on("error", () => {});
    events.on("error", () => {});
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    return new QueueCoordinator(setup, options, key, jobBots, queue, events, probe);
  }

  run(task: MatchTask, signal?: AbortSignal): Promise<TaskResult> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (signal?.aborted) return Promise.reject(abortError());
    const { engine } = this.setup;
    const seats: MatchJobData["seats"] = [];
    const identities: Array<{ name: string; identity: string }> = [];
    for (const seat of task.seats) {
      const bot = this.botsByName.get(seat.name);
      const jobBot = this.jobBots.get(seat.name);
      if (bot === undefined || jobBot === undefined) {
        return Promise.reject(new Error(`bot '${seat.name}' is not one of the run's bots`));
      }
      seats.push({
        name: bot.name,
        bot: jobBot,
        ...(seat.fault !== undefined ? { fault: seat.fault } : {}),
      });
      identities.push({ name: bot.name, identity: bot.identity });
    }
    const id = matchId({
      game: engine.name,
      engineVersion: engine.version,
      config: task.config,
      seed: task.seed,
      seats: identities,
    });
    const data: MatchJobData = {
      id,
      game: engine.name,
      engineVersion: engine.version,
      config: task.config,
      seed: task.seed,
      seats,
      ...(task.budget !== undefined ? { budget: task.budget } : {}),
      ...(task.isolated ? { isolated: true } : {}),
      ...(task.cpp !== undefined ? { cpp: task.cpp } : {}),
    };
    return new Promise<TaskResult>((resolve, reject) => {
      const entry: Pending = {
        jobId: jobIdOf(data),
        data,
        job: signJob(data, this.key),
        refusals: 0,
        ...(task.replay !== undefined ? { replay: task.replay } : {}),
        settled: false,
        resolve,
        reject,
      };
      if (signal !== undefined) this.watch(signal, entry);
      this.pending.set(entry.jobId, entry);
      this.enqueue(entry).catch((error: unknown) =>
        this.settle(entry, {
          error: new RunnerFailure(
            "QUEUE_FAILED",
            `could not queue match ${id} on Redis at ${shownUrl(this.options.redis)}: ${(error as Error).message}`,
          ),
        }),
      );
    });
  }

  /** Cancels `entry` when `signal` aborts (one listener per signal, however many matches). */
  private watch(signal: AbortSignal, entry: Pending): void {
    let entries = this.watched.get(signal);
    if (entries === undefined) {
      const watched = new Set<Pending>();
      entries = watched;
      this.watched.set(signal, watched);
      signal.addEventListener(
        "abort",
        () => {
          for (const cancelled of [...watched]) {
            this.settle(cancelled, { error: abortError() });
            // A job no worker has taken yet leaves the queue; a running one finishes and
            // waits (collected by a resumed run, or deleted after `keepSeconds`).
            this.queue.remove(cancelled.jobId).catch(() => {});
          }
        },
        { once: true },
      );
    }
    entries.add(entry);
    entry.watchedBy = entries;
  }

  /** Queues `entry`'s job, or collects it when an earlier run left it finished in Redis. */
  private async enqueue(entry: Pending): Promise<void> {
    const existing = await this.queue.getJob(entry.jobId);
    if (existing !== undefined) {
      const state = await existing.getState();
      if (state === "completed") {
        // As in `check`: `existing` may have been read while still active (a worker finishing
        // it between the two reads), without its return value; completed is final, so read it
        // again.
        const done = await this.queue.getJob(entry.jobId);
        if (done !== undefined) return this.collect(entry, done);
      }
      // A failure left by an earlier run is not this run's answer: play the match again.
      if (state === "failed") await existing.remove();
      else return; // waiting or running: its result will come
    }
    await this.add(entry);
  }

  private async add(entry: Pending): Promise<void> {
    const keep = this.options.keepSeconds ?? 86_400;
    await this.queue.add(MATCH_JOB, entry.job, {
      jobId: entry.jobId,
      attempts: this.attempts,
      backoff: { type: "fixed", delay: this.options.backoffMs ?? 1000 },
      removeOnComplete: { age: keep },
      removeOnFail: { age: keep },
    });
  }

  private onFinished(jobId: string): void {
    const entry = this.pending.get(jobId);
    if (entry === undefined) return;
    this.check(entry, false).catch(() => {});
  }

  /** Looks at `entry`'s job: collects a result, reports a failure, or re-queues a lost job. */
  private async check(entry: Pending, requeueMissing: boolean): Promise<void> {
    const job = await this.queue.getJob(entry.jobId);
    if (entry.settled) return;
    if (job === undefined) {
      if (requeueMissing) {
        this.options.onNotice?.(
          `match ${entry.data.id} was no longer in Redis (restarted?); queued it again`,
        );
        await this.add(entry);
      }
      return;
    }
    const state = await job.getState();
    if (state === "completed") {
      // `job` was read before its state: it may have been fetched while still active (no return
      // value yet), e.g. a stalled job that another worker finished meanwhile. Completed is
      // final, so a fresh read has the result.
      const done = await this.queue.getJob(entry.jobId);
      if (!entry.settled && done !== undefined) this.collect(entry, done);
    } else if (state === "failed") {
      this.settle(entry, { error: new Error(job.failedReason || "the job failed") });
    }
  }

  /**
   * Records `job`'s result for `entry` once `checkResult` accepts it (the replay written where the
   * run asked); a refused result is said and the match queued again, or failed after `attempts`
   * refusals. The job stays in Redis (`keepSeconds`) for another coordinator of the same plan.
   */
  private collect(entry: Pending, job: Job): void {
    if (entry.settled) return;
    const checked = checkResult(this.setup.engine, entry.data, job.returnvalue, this.key);
    if ("reason" in checked) {
      this.refuse(entry, job, checked.reason);
      return;
    }
    if (entry.replay !== undefined) {
      try {
        writeFileAtomically(entry.replay, checked.replay, { what: "the replay" });
      } catch (error) {
        this.settle(entry, { error });
        return;
      }
    }
    this.settle(entry, { result: checked.outcome });
  }

  private refuse(entry: Pending, job: Job, reason: string): void {
    const worker = (job.returnvalue as { worker?: unknown } | null)?.worker;
    const from = typeof worker === "string" ? ` from worker ${excerpt(worker, 60)}` : "";
    const message = `refused the result of match ${entry.data.id}${from}: ${reason}`;
    entry.refusals++;
    if (entry.refusals >= this.attempts) {
      this.settle(entry, { error: new Error(message) });
      return;
    }
    this.options.onNotice?.(`${message}; queued it again`);
    job
      .remove()
      .catch(() => {})
      .then(() => this.add(entry))
      .catch((error: unknown) => this.settle(entry, { error }));
  }

  private settle(entry: Pending, outcome: { result: TaskResult } | { error: unknown }): void {
    if (entry.settled) return;
    entry.settled = true;
    this.pending.delete(entry.jobId);
    entry.watchedBy?.delete(entry);
    if ("result" in outcome) entry.resolve(outcome.result);
    else entry.reject(outcome.error);
  }

  /** Every `sweepMs`: is Redis there? then look at every pending job (missed events, restarts). */
  private async tick(): Promise<void> {
    const timeout = this.options.redisTimeoutMs ?? 120_000;
    const up = await ping(this.probe, Math.min(2000, this.options.sweepMs ?? 2000));
    const now = Date.now();
    if (!up) {
      if (!this.lost) {
        this.lost = true;
        this.options.onNotice?.(
          `lost Redis at ${shownUrl(this.options.redis)}; waiting up to ${Math.round(timeout / 1000)} s for it`,
        );
      }
      if (now - this.lastContact > timeout) this.fail();
      return;
    }
    this.lastContact = now;
    if (this.lost) {
      this.lost = false;
      this.options.onNotice?.(`Redis at ${shownUrl(this.options.redis)} is back`);
    }
    if (this.sweeping || this.pending.size === 0) return;
    this.sweeping = true;
    try {
      for (const entry of [...this.pending.values()]) await this.check(entry, true);
    } catch {
      // Redis went away during the sweep: the next ticks notice.
    } finally {
      this.sweeping = false;
    }
  }

  private fail(): void {
    const seconds = Math.round((this.options.redisTimeoutMs ?? 120_000) / 1000);
    this.failure = new RunnerFailure(
      "REDIS_LOST",
      `lost Redis at ${shownUrl(this.options.redis)} for more than ${seconds} s; the matches recorded so far are kept: run the same command with --resume once Redis is back`,
    );
    for (const entry of [...this.pending.values()]) this.settle(entry, { error: this.failure });
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    for (const entry of [...this.pending.values()]) this.settle(entry, { error: abortError() });
    const graceful = Promise.all([this.events.close(), this.queue.close()]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), 2000);
    });
    const how = await Promise.race([graceful.then(() => "closed" as const), late]);
    clearTimeout(timer);
    if (how === "late") {
      // Redis is gone: drop the connections instead of waiting for it (BullMQ's disconnect
      // itself may wait for a connection, so it is not awaited).
      graceful.catch(() => {});
      this.events.disconnect().catch(() => {});
      this.queue.disconnect().catch(() => {});
    }
    this.probe.disconnect();
  }
}
