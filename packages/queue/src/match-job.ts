import type { Budget, Json } from "@arena/core";
import type { TaskResult } from "@arena/tournament";

/** The queue's default name: coordinators and workers meet on it. */
export const DEFAULT_QUEUE = "arena-matches";

/** The name of every match job (BullMQ job names are labels; the queue holds only matches). */
export const MATCH_JOB = "match";

/**
 * What a match job carries: everything a worker on another machine needs to play the match and
 * to check that it plays the same one (engine version, bot identities). Plain JSON.
 */
export interface MatchJobData {
  /** The match id (`matchId`): the record's id; the job id is `jobIdOf(id)`. */
  id: string;
  /** The engine's name (`Engine.name`), e.g. `moneyheist`. */
  game: string;
  /** The coordinator's engine version: a worker with another version refuses the job. */
  engineVersion: string;
  /** The engine's package (`Engine.module`), resolved on the worker. */
  engineModule: string;
  config: Json;
  seed: number;
  /**
   * Each seat's bot: its name, spec (built-in name, module path, `exec:` command line) and the
   * identity the coordinator computed (`botIdentity`: a content hash for files). The worker
   * recomputes the identity from its own files and refuses the job when they differ.
   */
  seats: Array<{ name: string; spec: string; identity: string }>;
  budget?: Budget;
  isolated?: boolean;
  /** Send the replay back (base64 in the result) for the coordinator to keep. */
  replay?: boolean;
}

/** What a worker returns: the match's outcome, which worker played it, and the replay if asked. */
export interface MatchJobResult extends TaskResult {
  /** `host:pid` of the worker process that played the match. */
  worker: string;
  /** The replay file, base64, when the job asked for it. */
  replay?: string;
}

/**
 * The BullMQ job id of a match: `match-<id>`. A custom BullMQ id may not be all digits, which a
 * hex match id can be, hence the prefix; one id per match, so a match is never queued twice.
 */
export function jobIdOf(id: string): string {
  return `match-${id}`;
}
