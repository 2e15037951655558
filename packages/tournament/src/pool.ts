import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import type { AnyEngine } from "@arena/core";
import type Tinypool from "tinypool";
import { type MatchTask, playTask, type TaskResult } from "./play-task";

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

/**
 * Where matches run. With one job, in this thread (no worker start-up at all); with more, a
 * tinypool of that many worker threads, each importing the engine once and then playing match
 * after match. Either way the results of a match are the same: it is a pure function of its task.
 */
export class MatchPool {
  private constructor(
    private readonly engine: AnyEngine,
    readonly jobs: number,
    private readonly pool: Tinypool | undefined,
  ) {}

  /** A pool of `jobs` parallel matches of `engine`. */
  static async create(engine: AnyEngine, jobs: number): Promise<MatchPool> {
    if (jobs <= 1) return new MatchPool(engine, 1, undefined);
    // tinypool is ESM-only: a dynamic import also works from this package's CommonJS build.
    const { default: Pool } = await import("tinypool");
    return new MatchPool(
      engine,
      jobs,
      new Pool({
        filename: workerFile(),
        minThreads: jobs,
        maxThreads: jobs,
        isolateWorkers: false,
        // Matches are long tasks: never keep two queued on one worker while another is idle.
        concurrentTasksPerWorker: 1,
      }),
    );
  }

  /** Plays one match; rejects with an `AbortError` when `signal` aborts it. */
  run(task: MatchTask, signal?: AbortSignal): Promise<TaskResult> {
    if (this.pool === undefined) return playTask(this.engine, task, signal);
    return this.pool.run(task, signal !== undefined ? { signal } : {}) as Promise<TaskResult>;
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}
