import {
  type BotHost,
  type CppLimitsProfile,
  type CppMode,
  freeCpu,
  keptCpu,
  resolveBot,
  type SandboxMode,
} from "@arena/bots";
import {
  type AnyEngine,
  BotFault,
  type Budget,
  type Controller,
  type Json,
  removeQuietly,
  runMatch,
} from "@arena/core";
import type { BotHosts } from "./bot-hosts";

/** One match to play, as sent to a pool worker (structured-clone safe). */
export interface MatchTask {
  /** File URL of the module exporting the engine as `engine` (`Engine.module`, resolved). */
  engineUrl: string;
  config: Json;
  seed: number;
  /**
   * Each seat's bot, index = player number. A seat with `fault` (its file does not compile or
   * load: `BotInfo.fault`) is frozen from the start with that reason, as a bot that crashed.
   */
  seats: Array<{ name: string; spec: string; fault?: string }>;
  /** Directory bot module paths and programs are relative to. */
  cwd: string;
  /** Replay file to write, if any. */
  replay?: string;
  budget?: Budget;
  /** Run built-in and module bots in worker threads of their own (`resolveBot` `isolated`). */
  isolated?: boolean;
  /** The bots' box (`resolveBot` `sandbox`: default `"auto"`; `false`: `--trust`). */
  sandbox?: SandboxMode;
  /** C++ players' limits (`resolveBot` `limits`: `default` or `jutge`). */
  limits?: CppLimitsProfile;
  /**
   * How C++ players are compiled and played (`resolveBot` `cpp`): `native` (default: g++, a
   * process) or `wasm` (WebAssembly in the match's thread, counted by the budget's instructions).
   */
  cpp?: CppMode;
  /** Serve bot files from the worker's kept bot host processes (`BotHosts`). */
  reuseHosts?: boolean;
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

/** A seat whose bot cannot play: frozen at its start with `fault` as the reason. */
function faultyBot(label: string, fault: string): Controller {
  return {
    label,
    start() {
      throw new BotFault(fault);
    },
    play() {},
  };
}

/**
 * Plays one match: resolves each seat's bot afresh (every match gets new bot instances, external
 * and file bots their own processes), runs it with core's `runMatch`, and returns the outcome.
 * With `hosts`, bots given as JS or TypeScript files are served by bot host processes kept
 * between matches (a fresh bot object from a fresh module instance in each match; see
 * `BotHosts`); the records are the same either way. C++ players are played on one CPU with
 * this thread (core's `keepOnOneCpu`); a pool's worker (`keepCpu`) stays there for its next
 * matches, another thread (the caller's) gets its CPUs back after the match, so that what it
 * starts next (a pool's processes) is not kept on that CPU too.
 */
export async function playTask(
  engine: AnyEngine,
  task: MatchTask,
  signal?: AbortSignal,
  hosts?: BotHosts,
  keepCpu = false,
): Promise<TaskResult> {
  const keptBefore = keptCpu();
  const players: Array<{ name: string; controller: Controller }> = [];
  const taken: BotHost[] = [];
  let result: Awaited<ReturnType<typeof runMatch>>;
  try {
    try {
      for (const seat of task.seats) {
        if (seat.fault !== undefined) {
          players.push({ name: seat.name, controller: faultyBot(seat.spec, seat.fault) });
          continue;
        }
        const kept = task.isolated
          ? undefined
          : await hosts?.take(seat.spec, task.cwd, task.sandbox);
        if (kept !== undefined) taken.push(kept.host);
        const controller =
          kept?.controller ??
          (await resolveBot(engine, seat.spec, {
            cwd: task.cwd,
            ...(task.engineUrl !== "" ? { engineUrl: task.engineUrl } : {}),
            ...(task.isolated ? { isolated: true } : {}),
            ...(task.sandbox !== undefined ? { sandbox: task.sandbox } : {}),
            ...(task.limits !== undefined ? { limits: task.limits } : {}),
            ...(task.cpp !== undefined ? { cpp: task.cpp } : {}),
            // C++ players: this thread and the players on one CPU, another than the other jobs'
            // where one is free.
            oneCpu: true,
          }));
        players.push({ name: seat.name, controller });
      }
    } catch (error) {
      await Promise.all(players.map((player) => player.controller.close?.()));
      throw error;
    }
    try {
      result = await runMatch(engine, {
        config: task.config,
        seed: task.seed,
        players,
        ...(task.budget !== undefined ? { budget: task.budget } : {}),
        ...(task.replay !== undefined ? { replay: task.replay } : {}),
        ...(signal !== undefined ? { signal } : {}),
      });
    } catch (error) {
      // A match that failed or was stopped (Ctrl-C on the run) has no record naming its replay:
      // the prefix core keeps at `<replay>.partial` would only be litter.
      if (task.replay !== undefined) removeQuietly(`${task.replay}.partial`);
      throw error;
    }
  } finally {
    // Every seat is closed by now (its process stopped unless it may serve another match).
    for (const host of taken) hosts!.release(host);
    if (!keepCpu && keptBefore === undefined) freeCpu();
  }
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
