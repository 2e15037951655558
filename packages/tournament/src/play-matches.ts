import { join } from "node:path";
import { type CppLimitsProfile, type CppMode, isInterrupted, type SandboxMode } from "@arena/bots";
import { type AnyEngine, ArenaError, type Budget, type Json } from "@arena/core";
import { matchId } from "./match-id";
import { type MatchRunner, RunnerFailure } from "./match-runner";
import { type MatchTask, playTask, type TaskResult } from "./play-task";
import { MatchPool } from "./pool";
import type { BotInfo, MatchRecord, SeatStatus } from "./record";
import type { ResultsWriter } from "./results-file";

/** A match of a run's plan: a seed and a bot in each seat. */
export interface PlannedMatch {
  seed: number;
  /** Index into the run's bots, one per seat (index = player number). */
  seats: number[];
  /** Contest stage label, copied into the record. */
  stage?: string;
}

/** Everything a run shares between its matches. */
export interface RunContext {
  engine: AnyEngine;
  engineUrl: string;
  config: Json;
  bots: BotInfo[];
  cwd: string;
  /** Where the matches are played (the local pool, or a runner given in `RunOptions.runner`). */
  pool: MatchRunner;
  /** Records already in the results file (`resume`), by id: not played again. */
  existing: Map<string, MatchRecord>;
  writer?: ResultsWriter;
  /** Directory for replays, named `<id>.arena` (absolute). */
  replays?: string;
  /** The same directory as the caller gave it, for the records' `replay` field. */
  replaysShown?: string;
  budget?: Budget;
  isolated?: boolean;
  /** The bots' box (`RunOptions.sandbox`). */
  sandbox?: SandboxMode;
  /** C++ players' limits (`RunOptions.limits`). */
  limits?: CppLimitsProfile;
  /** How C++ players are compiled and played (`RunOptions.cpp`). */
  cpp?: CppMode;
  /** The caller's signal: aborting it stops the run (`ArenaError` `ABORTED` after the flush). */
  signal?: AbortSignal;
}

/** The id of a planned match. */
export function plannedId(context: RunContext, planned: PlannedMatch): string {
  return matchId({
    game: context.engine.name,
    engineVersion: context.engine.version,
    config: context.config,
    seed: planned.seed,
    seats: planned.seats.map((index) => context.bots[index]!),
  });
}

const isAbort = (error: unknown): boolean =>
  (error instanceof ArenaError && error.code === "ABORTED") ||
  (error instanceof Error && (error.name === "AbortError" || /abort/i.test(error.message)));

function toRecord(
  context: RunContext,
  id: string,
  planned: PlannedMatch,
  outcome: TaskResult | { error: string; durationMs: number },
  replay: string | undefined,
): MatchRecord {
  const seats = planned.seats.map((index) => context.bots[index]!.name);
  const base = {
    type: "match" as const,
    id,
    game: context.engine.name,
    engineVersion: context.engine.version,
    seed: planned.seed,
    seats,
  };
  if ("error" in outcome) {
    return {
      ...base,
      scores: [],
      ranks: [],
      status: seats.map(() => ({ state: "ok" })),
      rounds: 0,
      durationMs: Math.round(outcome.durationMs),
      ...(planned.stage !== undefined ? { stage: planned.stage } : {}),
      error: outcome.error,
    };
  }
  const status: SeatStatus[] = outcome.players.map((player) =>
    player.frozen
      ? { state: "frozen", reason: player.fault ?? "frozen", round: player.frozenAtRound ?? 0 }
      : { state: "ok" },
  );
  return {
    ...base,
    scores: outcome.scores,
    ranks: outcome.ranks,
    status,
    rounds: outcome.rounds,
    durationMs: Math.round(outcome.durationMs * 1000) / 1000,
    ...(replay !== undefined ? { replay } : {}),
    ...(planned.stage !== undefined ? { stage: planned.stage } : {}),
  };
}

/** Options of `playMatches`. */
export interface PlayMatchesOptions {
  /** Checked after each record: true stops the batch (in-flight matches are cancelled, quietly). */
  stop?: () => boolean;
}

/**
 * Plays `plan` with the run's pool, at most `pool.capacity` (default `pool.jobs`) matches at a time, started in plan order,
 * and yields each match's record as it completes (records found in `existing` first, without
 * playing them). A planned match whose id repeats an earlier one is played and yielded once.
 * Every new record is written to the results file the moment it completes. A bot's failure is a
 * fault inside its record; a failure of the match itself (the runner, a worker) is a record with
 * `error`; neither stops the batch. When the caller's signal aborts, the matches in flight are
 * cancelled, the records completed before are kept, and the generator throws `ABORTED`.
 */
export async function* playMatches(
  context: RunContext,
  plan: readonly PlannedMatch[],
  options: PlayMatchesOptions = {},
): AsyncGenerator<MatchRecord> {
  const todo: Array<{ id: string; planned: PlannedMatch }> = [];
  const ids = new Set<string>();
  for (const planned of plan) {
    const id = plannedId(context, planned);
    if (ids.has(id)) continue;
    ids.add(id);
    const found = context.existing.get(id);
    if (found !== undefined) yield found;
    else todo.push({ id, planned });
  }
  if (todo.length === 0) return;

  const inner = new AbortController();
  const onAbort = () => inner.abort();
  context.signal?.addEventListener("abort", onAbort, { once: true });
  if (context.signal?.aborted) inner.abort();

  type Done = { slot: number; record?: MatchRecord };
  const inflight = new Map<number, Promise<Done>>();
  const start = (slot: number): void => {
    const { id, planned } = todo[slot]!;
    const replay = context.replays !== undefined ? join(context.replays, `${id}.arena`) : undefined;
    const shown =
      context.replays !== undefined
        ? join(context.replaysShown ?? context.replays, `${id}.arena`)
        : undefined;
    const task: MatchTask = {
      engineUrl: context.engineUrl,
      config: context.config,
      seed: planned.seed,
      seats: planned.seats.map((index) => {
        const bot = context.bots[index]!;
        return {
          name: bot.name,
          spec: bot.spec,
          ...(bot.fault !== undefined ? { fault: bot.fault } : {}),
        };
      }),
      cwd: context.cwd,
      ...(replay !== undefined ? { replay } : {}),
      ...(context.budget !== undefined ? { budget: context.budget } : {}),
      ...(context.isolated ? { isolated: true } : {}),
      ...(context.sandbox !== undefined ? { sandbox: context.sandbox } : {}),
      ...(context.limits !== undefined ? { limits: context.limits } : {}),
      ...(context.cpp !== undefined ? { cpp: context.cpp } : {}),
    };
    const startedAt = performance.now();
    // A match with a bot that cannot play is played here when the runner is not the local pool
    // (a job queue's workers would try its file again): the others play it as anywhere else.
    const runner =
      task.seats.some((seat) => seat.fault !== undefined) && !(context.pool instanceof MatchPool)
        ? {
            run: (local: MatchTask, signal: AbortSignal) => playTask(context.engine, local, signal),
          }
        : context.pool;
    const promise = runner.run(task, inner.signal).then(
      (outcome): Done => {
        // Ctrl-C reached its bots (their processes are in this process's group): no result. The
        // run is being interrupted; should it not be, it stops (resume plays the match again).
        if (outcome.players.some((player) => isInterrupted(player.fault))) {
          if (context.signal?.aborted || inner.signal.aborted) return { slot };
          throw new RunnerFailure(
            "INTERRUPTED",
            "a match was interrupted (its bots' processes got SIGINT): resume the run",
          );
        }
        return { slot, record: toRecord(context, id, planned, outcome, shown) };
      },
      (error: unknown): Done => {
        if (inner.signal.aborted && isAbort(error)) return { slot };
        // The runner itself is gone (a job queue out of reach): stop the run, record nothing.
        if (error instanceof RunnerFailure) throw error;
        const message = error instanceof Error ? error.message : String(error);
        const outcome = { error: message, durationMs: performance.now() - startedAt };
        return { slot, record: toRecord(context, id, planned, outcome, undefined) };
      },
    );
    inflight.set(
      slot,
      promise.then((done) => {
        // Written the moment it completes, whether or not the consumer has asked for it yet.
        if (done.record !== undefined) context.writer?.write(done.record);
        return done;
      }),
    );
  };

  let next = 0;
  let stopped = false;
  let cancelled = 0;
  try {
    while (true) {
      while (
        !inner.signal.aborted &&
        inflight.size < (context.pool.capacity ?? context.pool.jobs) &&
        next < todo.length
      ) {
        start(next++);
      }
      if (inflight.size === 0) break;
      const done = await Promise.race(inflight.values());
      inflight.delete(done.slot);
      if (done.record === undefined) cancelled++;
      else {
        yield done.record;
        if (!stopped && options.stop?.()) {
          stopped = true;
          inner.abort();
        }
      }
    }
  } finally {
    // Leaving early (the consumer broke out, or threw): cancel what is still running.
    if (inflight.size > 0) {
      inner.abort();
      await Promise.allSettled(inflight.values());
    }
    context.signal?.removeEventListener("abort", onAbort);
  }
  if (context.signal?.aborted && !stopped && (cancelled > 0 || next < todo.length)) {
    throw new ArenaError("ABORTED", "the run was interrupted");
  }
}
