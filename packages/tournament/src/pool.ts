import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import type { AnyEngine } from "@arena/core";
import type Tinypool from "tinypool";
import { BotHosts } from "./bot-hosts";
import { type MatchTask, playTask, type TaskResult } from "./play-task";

/** How long an aborted match in a worker may take to stop before its thread is terminated (ms). */
const TERMINATE_AFTER_MS = 3000;

/** Matches handed to a worker at once: the one it plays and the next (see `capacity`). */
const TASKS_PER_WORKER = 2;

/**
 * Matches handed to a match process at once when this thread plays too: the one it plays and two
 * more, as this thread hands out new matches only between two of its own (a match of in-process
 * bots takes 45–130 ms, and one waiting match would not always last that long).
 */
const TASKS_PER_PROCESS_BESIDE_HERE = 3;

/** The rejection of a match cancelled by its signal. */
class AbortError extends Error {
  constructor() {
    super("The match was aborted");
    this.name = "AbortError";
  }
}

/** The default number of parallel matches: the machine's cores. */
export function defaultJobs(): number {
  return Math.max(1, availableParallelism());
}

/** The built worker entry (`dist/worker.js`), also when this module runs from source in tests. */
function workerFile(): string {
  const beside = fileURLToPath(new URL("./worker.js", import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL("../dist/worker.js", import.meta.url));
}

/** Options of `MatchPool.create`. */
export interface MatchPoolOptions {
  /**
   * Keep the bot host processes of bots given as files from match to match, per thread (default
   * true): see `BotHosts`.
   */
  reuseHosts?: boolean;
  /** File URL of `engine.module` (empty: resolved from each task's `cwd`). */
  engineUrl?: string;
  /**
   * With more than one job, play one match at a time in this thread beside `jobs − 1` workers
   * (default false: `jobs` workers). For runs whose bots all play in the match's thread
   * (built-in bots, not `isolated`): their matches are pure CPU, this thread's own share of a
   * run is small, and it has the engine loaded already, so it plays from the start while the
   * workers start, and one worker's start-up and warm-up fewer are paid.
   */
  playHere?: boolean;
  /**
   * With more than one job, play the matches in child processes instead of worker threads
   * (default false). For runs whose bots all play in the match's own thread (built-in bots, not
   * `isolated`, no bot files): each process has its own heap, garbage collector and compiler
   * threads, where threads of one process share them, and a process keeps matches at hand (an
   * abortable thread task has a worker to itself). An aborted match is left
   * `TERMINATE_AFTER_MS` to end, then its process is killed with the pool.
   */
  processes?: boolean;
}

/**
 * Where matches run. With one job, in this thread (no worker at all). With more, in a tinypool of
 * worker threads or, with `processes`, of child processes, each importing the engine once and
 * then playing match after match; with `playHere`, this thread plays one match at a time too,
 * beside `jobs − 1` workers: its share of a run (records, the results file) is about 1 ms a
 * match, so with as many jobs as cores a worker in its place would only add a start-up (Node's,
 * the modules' loading and the JIT's warm-up) on cores that are already full. Bot files are
 * served by bot host processes kept per thread (`reuseHosts`), stopped by `close`. Wherever it
 * runs, a match's result is the same: it is a pure function of its task.
 */
export class MatchPool {
  /** A match is being played in this thread (with workers beside it). */
  private playingHere = false;

  private constructor(
    private readonly engine: AnyEngine,
    readonly jobs: number,
    private readonly pool: Tinypool | undefined,
    /** The workers (`jobs`, or `jobs − 1` when this thread plays too). */
    private readonly workers: number,
    private readonly reuseHosts: boolean,
    private readonly hosts: BotHosts | undefined,
    /** The workers are child processes (`MatchPoolOptions.processes`). */
    private readonly processes = false,
    /** Matches handed to each worker at once (see `capacity`). */
    private readonly tasksPerWorker = TASKS_PER_WORKER,
  ) {}

  /**
   * How many matches to keep handed to the pool at once: per worker, the one it plays and the
   * next (two more for a match process beside this thread, see `TASKS_PER_PROCESS_BESIDE_HERE`),
   * so no worker waits for this thread between two matches (a match of in-process bots runs to
   * its end before its thread looks at anything else), and one more when this thread plays too.
   * The results are the same; only the completion order changes.
   */
  get capacity(): number {
    return this.jobs - this.workers + this.workers * this.tasksPerWorker;
  }

  /** A pool of `jobs` parallel matches of `engine`. */
  static async create(
    engine: AnyEngine,
    jobs: number,
    options: MatchPoolOptions = {},
  ): Promise<MatchPool> {
    const reuseHosts = options.reuseHosts ?? true;
    const processes = jobs > 1 && options.processes === true;
    const playHere = jobs <= 1 || options.playHere === true;
    const hosts =
      reuseHosts && playHere ? new BotHosts(engine, options.engineUrl ?? "") : undefined;
    if (jobs <= 1) return new MatchPool(engine, 1, undefined, 0, reuseHosts, hosts);
    const workers = playHere ? jobs - 1 : jobs;
    const tasksPerWorker = processes && playHere ? TASKS_PER_PROCESS_BESIDE_HERE : TASKS_PER_WORKER;
    // tinypool is ESM-only: a dynamic import also works from this package's CommonJS build.
    const { default: Pool } = await import("tinypool");
    return new MatchPool(
      engine,
      jobs,
      new Pool({
        filename: workerFile(),
        minThreads: workers,
        maxThreads: workers,
        isolateWorkers: false,
        // Each worker holds the match after the one it plays, so it starts it the moment the
        // first ends, without waiting for this thread to hand it over (`capacity`).
        concurrentTasksPerWorker: tasksPerWorker,
        ...(processes
          ? {
              runtime: "child_process" as const,
              // A forked child gets only the environment it is given (tinypool passes none).
              env: { ...process.env } as Record<string, string>,
              // Structured clone, as between threads (a budget's Infinity survives).
              serialization: "advanced" as const,
            }
          : {}),
      }),
      workers,
      reuseHosts,
      hosts,
      processes,
      tasksPerWorker,
    );
  }

  /**
   * Plays one match, in this thread if it plays and is free, else in a worker; rejects when
   * `signal` aborts it. In this thread, as with one job, the abort is seen when the match next waits for
   * something (a match of in-process bots runs to its end first). In a worker the abort is
   * cooperative (a shared flag the worker's runner watches, so every bot is closed and every
   * external process killed); a worker that has not stopped `TERMINATE_AFTER_MS` later (a bot
   * stuck in an endless loop in that thread) is terminated.
   */
  run(task: MatchTask, signal?: AbortSignal): Promise<TaskResult> {
    if (this.pool === undefined) return playTask(this.engine, task, signal, this.hosts);
    if (this.workers < this.jobs && !this.playingHere) {
      this.playingHere = true;
      return this.playHere(task, signal);
    }
    if (this.processes) return this.runInProcess(task, signal);
    if (this.reuseHosts) task = { ...task, reuseHosts: true };
    if (signal === undefined) return this.pool.run(task) as Promise<TaskResult>;
    const abortFlag = new SharedArrayBuffer(4);
    const terminate = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      Atomics.store(new Int32Array(abortFlag), 0, 1);
      timer = setTimeout(() => terminate.abort(), TERMINATE_AFTER_MS);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    const running = this.pool.run({ ...task, abortFlag }, { signal: terminate.signal });
    return (running as Promise<TaskResult>).finally(() => {
      signal.removeEventListener("abort", onAbort);
      if (timer !== undefined) clearTimeout(timer);
    });
  }

  /**
   * Plays `task` in a child process. tinypool's abort signal is not passed: tinypool gives an
   * abortable task a worker to itself, which would leave each process idle between matches
   * while this thread hands it the next. A match of in-process bots does not look at anything
   * before its end, so an abort waits for it up to `TERMINATE_AFTER_MS` and then rejects; a
   * process still busy is killed by `close` (its match had no process of its own to stop).
   */
  private runInProcess(task: MatchTask, signal: AbortSignal | undefined): Promise<TaskResult> {
    const running = this.pool!.run(task) as Promise<TaskResult>;
    if (signal === undefined) return running;
    // Settled here too, so a match killed with its process by `close` is not an unhandled rejection.
    running.catch(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        timer = setTimeout(() => reject(new AbortError()), TERMINATE_AFTER_MS);
      };
    });
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    // A match that ends in time is kept, as one in this thread or a worker thread would be; one
    // whose process died after the abort (killed with it) was cancelled, not a failed match.
    const settled = running.catch((error: unknown) => {
      throw signal.aborted ? new AbortError() : error;
    });
    return Promise.race([settled, aborted]).finally(() => {
      signal.removeEventListener("abort", onAbort);
      if (timer !== undefined) clearTimeout(timer);
    });
  }

  /** Plays `task` in this thread (with workers beside it). */
  private async playHere(task: MatchTask, signal: AbortSignal | undefined): Promise<TaskResult> {
    try {
      // A turn of the event loop first: the workers' finished matches are messages, and the
      // next match here would otherwise start in the same chain of promise callbacks as the
      // end of the last one, leaving the workers without new matches until the run is over.
      await new Promise<void>((resolve) => setImmediate(resolve));
      return await playTask(this.engine, task, signal, this.hosts);
    } finally {
      this.playingHere = false;
    }
  }

  /** Stops the bot host processes kept for the batch, then the workers. */
  async close(): Promise<void> {
    await this.hosts?.close();
    if (this.pool === undefined) return;
    if (this.reuseHosts && !this.processes) {
      // One task per worker (see the worker's `closeHosts`); a worker that cannot take its
      // share leaves its processes to end with it (their input closes with the thread).
      const barrier = new SharedArrayBuffer(4);
      Atomics.store(new Int32Array(barrier), 0, this.workers);
      const closing = Array.from({ length: this.workers }, () =>
        this.pool!.run({ barrier }, { name: "closeHosts" }).catch(() => 0),
      );
      await Promise.all(closing);
    }
    await this.pool.destroy();
  }
}
