import {
  type AnyEngine,
  type Budget,
  type Controller,
  type Json,
  resolveBot,
  runMatch,
} from "@arena/core";

/** One match to play, as sent to a pool worker (structured-clone safe). */
export interface MatchTask {
  /** File URL of the module exporting the engine as `engine` (`Engine.module`, resolved). */
  engineUrl: string;
  config: Json;
  seed: number;
  /** Each seat's bot, index = player number. */
  seats: Array<{ name: string; spec: string }>;
  /** Directory bot module paths and programs are relative to. */
  cwd: string;
  /** Replay file to write, if any. */
  replay?: string;
  budget?: Budget;
  /** Run built-in and module bots in worker threads of their own (`resolveBot` `isolated`). */
  isolated?: boolean;
  /**
   * Set to non-zero (`Atomics.store`) by the pool to abort the match cooperatively: the worker's
   * runner then closes every bot (killing external processes) before the task rejects.
   */
  abortFlag?: SharedArrayBuffer;
}

/** What a worker sends back: the part of `MatchResult` a record keeps. */
export interface TaskResult {
  scores: number[];
  ranks: number[];
  rounds: number;
  durationMs: number;
  players: Array<{ frozen: boolean; fault?: string; frozenAtRound?: number }>;
}

/**
 * Plays one match: resolves each seat's bot afresh (every match gets new bot instances, external
 * and file bots their own processes), runs it with core's `runMatch`, and returns the outcome.
 */
export async function playTask(
  engine: AnyEngine,
  task: MatchTask,
  signal?: AbortSignal,
): Promise<TaskResult> {
  const players: Array<{ name: string; controller: Controller }> = [];
  try {
    for (const seat of task.seats) {
      const controller = await resolveBot(engine, seat.spec, {
        cwd: task.cwd,
        ...(task.isolated ? { isolated: true, engineUrl: task.engineUrl } : {}),
      });
      players.push({ name: seat.name, controller });
    }
  } catch (error) {
    await Promise.all(players.map((player) => player.controller.close?.()));
    throw error;
  }
  const result = await runMatch(engine, {
    config: task.config,
    seed: task.seed,
    players,
    ...(task.budget !== undefined ? { budget: task.budget } : {}),
    ...(task.replay !== undefined ? { replay: task.replay } : {}),
    ...(signal !== undefined ? { signal } : {}),
  });
  return {
    scores: result.scores,
    ranks: result.ranking,
    rounds: result.rounds,
    durationMs: result.durationMs,
    players: result.players.map((player) => ({
      frozen: player.frozen,
      ...(player.fault !== undefined ? { fault: player.fault } : {}),
      ...(player.frozenAtRound !== undefined ? { frozenAtRound: player.frozenAtRound } : {}),
    })),
  };
}
