import { type AnyEngine, ArenaError, type Json } from "@arena/core";
import type { MatchTask, TaskResult } from "./play-task";
import type { BotInfo } from "./record";

/**
 * Where a run's matches are played: the local pool (`MatchPool`), or another runner such as
 * `@arena/queue`'s BullMQ coordinator. A match is a pure function of its task, so every runner
 * gives the same records.
 */
export interface MatchRunner {
  /** Matches played at once. */
  readonly jobs: number;
  /**
   * Matches the run keeps handed to the runner at once (default `jobs`): the local pool hands
   * each worker the match it plays and the next, so no worker waits between two matches.
   */
  readonly capacity?: number;
  /**
   * Plays one match. A rejection becomes a record with `error`, except a `RunnerFailure`, which
   * stops the whole run (nothing is recorded for its matches, so `resume` plays them later).
   * When `signal` aborts, the match is cancelled and the promise rejects.
   */
  run(task: MatchTask, signal?: AbortSignal): Promise<TaskResult>;
  /** Releases the runner at the end of the run. */
  close(): Promise<void>;
}

/** What a run tells a `MatchRunnerFactory` about itself. */
export interface RunnerSetup {
  engine: AnyEngine;
  /** The run's bots, with the identities match ids are hashed from (seats name them). */
  bots: readonly BotInfo[];
  config: Json;
  /** Directory bot specs are relative to. */
  cwd: string;
  /** `jobs` as the caller gave it, if it did. */
  jobs?: number;
}

/** Makes the runner of a run (`RunOptions.runner`); called once the results file is open. */
export type MatchRunnerFactory = (setup: RunnerSetup) => Promise<MatchRunner>;

/**
 * An error of a runner that stops the whole run instead of being recorded as the failure of one
 * match (a lost connection to a job queue): thrown by `playMatches`, after the matches completed
 * before it are written. An `ArenaError`, so the cli prints it as one line.
 */
export class RunnerFailure extends ArenaError {
  constructor(code: string, message: string) {
    super(code, message);
    this.name = "RunnerFailure";
  }
}
