import { createHash } from "node:crypto";
import { type Budget, canonicalJson, type Json } from "@arena/core";
import type { MatchTask, TaskResult } from "@arena/tournament";

/** The queue's default name: coordinators and workers meet on it. */
export const DEFAULT_QUEUE = "arena-matches";

/** The name of every match job (BullMQ job names are labels; the queue holds only matches). */
export const MATCH_JOB = "match";

/**
 * A seat's bot as a job names it: never code, a command line or a path. A built-in bot of the
 * worker's own engine by name; a bot file by the SHA-256 of its content (the worker plays its own
 * copy found by that hash in its folder, or the organiser's, fetched from Redis and hashed again)
 * and a file name that only labels it (`AIMine.cc`: its extension says what kind of file it is);
 * a program by the SHA-256 of its identity (command line and files), which the worker plays only
 * when one of the programs it was started to allow (`--allow-exec`) has that identity.
 */
export type JobBot = { builtin: string } | { file: string; name: string } | { exec: string };

/**
 * What a match job carries: what a worker needs to play the match with its own engine and the bots
 * it may play, signed by the organiser (`mac`, see `queue-secret.ts`). Plain JSON.
 */
export interface MatchJobData {
  /** The match id (`matchId`): the record's id; the job id is `jobIdOf`'s. */
  id: string;
  /** The engine's name (`Engine.name`), e.g. `moneyheist`: the worker plays it with its own. */
  game: string;
  /** The organiser's engine version: a worker with another version refuses the job. */
  engineVersion: string;
  config: Json;
  seed: number;
  /**
   * Each seat's bot and display name; `fault` when the bot cannot play (its file does not compile:
   * `BotInfo.fault`), frozen from the start with that reason.
   */
  seats: Array<{ name: string; bot: JobBot; fault?: string }>;
  budget?: Budget;
  isolated?: boolean;
  /**
   * How the worker compiles and plays C++ players: `native` (absent: g++, a process) or `wasm`
   * (WebAssembly in the match's thread, counted by `budget`'s instructions). The run's choice,
   * not the worker's: it changes what is played (another compiler, limits in instructions). Any
   * other value is a refused job (`BAD_JOB`).
   */
  cpp?: MatchTask["cpp"];
}

/** A job as it is queued: its data and the organiser's signature of it. */
export interface SignedJob extends MatchJobData {
  /** HMAC-SHA256 of the data (`signJob`), hex. */
  mac: string;
}

/**
 * What a worker returns: the match's outcome, which worker played it, the replay (always: the
 * organiser re-simulates it before it records anything), signed by the worker.
 */
export interface MatchJobResult extends TaskResult {
  /** `host:pid` of the worker process that played the match. */
  worker: string;
  /** The replay file, base64. */
  replay: string;
  /** HMAC-SHA256 of the result and the match id (`signResult`), hex. */
  mac: string;
}

/**
 * The BullMQ job id of a match: `match-<id>`, then `-wasm` for its C++ players as WebAssembly
 * and `-b<8 hex digits>` (of the budget's canonical JSON) for players' limits other than the
 * defaults. A custom BullMQ id may not be all digits, which a hex match id can be, hence the
 * prefix. One id per match and rules: a match is never queued twice, and a run never collects
 * the finished job (kept in Redis for `keepSeconds`) of the same match played in the other mode
 * or under another budget — the match id (`matchId`) names neither.
 */
export function jobIdOf(job: Pick<MatchJobData, "id" | "cpp" | "budget">): string {
  const mode = job.cpp === "wasm" ? "-wasm" : "";
  const budget =
    job.budget !== undefined && Object.keys(job.budget).length > 0
      ? `-b${createHash("sha256")
          .update(canonicalJson(job.budget as Json))
          .digest("hex")
          .slice(0, 8)}`
      : "";
  return `match-${job.id}${mode}${budget}`;
}

/** The Redis key of a bot file in the organiser's store: `arena:<queue>:bot:<sha256>`. */
export function botKeyOf(queue: string, sha256: string): string {
  return `arena:${queue}:bot:${sha256}`;
}

/** The largest bot file the queue carries (32 MiB: a bundled JS bot is a few MiB). */
export const MAX_BOT_BYTES = 32 * 1024 * 1024;

/** The largest replay a worker may send back (64 MiB, as core's inflate cap). */
export const MAX_REPLAY_BYTES = 64 * 1024 * 1024;
