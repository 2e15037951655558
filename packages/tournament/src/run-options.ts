import { existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import {
  type CppLimitsProfile,
  type CppMode,
  resolveEngineUrl,
  type SandboxMode,
} from "@arena/bots";
import { type AnyEngine, ArenaError, type Budget, type Json } from "@arena/core";
import type { MatchRunnerFactory } from "./match-runner";
import type { RunContext } from "./play-matches";
import { defaultJobs, MatchPool } from "./pool";
import { type PrepareEvent, prepareBots } from "./prepare-bots";
import { loadRatings } from "./ratings";
import { type BotInfo, type MatchRecord, RESULTS_FORMAT, type RunKind } from "./record";
import { ResultsWriter, readResults } from "./results-file";
import { checkSameRules, rulesFields, runRules } from "./run-rules";

/** Options every run takes. */
export interface RunOptions {
  /** The game (any engine object: the cli passes the one the user named). */
  engine: AnyEngine;
  /** The match config (default: `engine.defaultConfig()`). */
  config?: Json;
  /** Matches played at once (default: the machine's cores); 1 plays in this thread. */
  jobs?: number;
  /** Stops the run: matches in flight are lost, the iteration throws `ArenaError` `ABORTED`. */
  signal?: AbortSignal;
  /** The JSONL results file to write (a header line, then one record per match). */
  out?: string;
  /** Keep the records already in `out` and play only the matches missing from it. */
  resume?: boolean;
  /** A directory to keep every match's replay in, named `<id>.arena`. */
  replays?: string;
  /** Directory bot module paths, programs, `out` and `replays` are relative to (default: cwd). */
  cwd?: string;
  /** File URL of `engine.module` for the pool's workers (default: resolved from `cwd`). */
  engineUrl?: string;
  /** Time limits of every bot (see core's `Budget`). */
  budget?: Budget;
  /** Run built-in and module bots in worker threads of their own (cut off at their limits). */
  isolated?: boolean;
  /**
   * The bots' box (`@arena/bots`' `SandboxMode`): `"auto"` (default) wherever it can run, `true`
   * always (an `ArenaError("NO_SANDBOX")` where it cannot), `false` never (`--trust`).
   */
  sandbox?: SandboxMode;
  /** C++ players' limits: `default`, or `jutge` (Jutge's SecGame limits; a contest's default). */
  limits?: CppLimitsProfile;
  /**
   * How C++ players are compiled and played: `native` (default: g++, a process over pipes) or
   * `wasm` (compiled to WebAssembly once, before the first match, and played in the match's
   * thread: deterministic, its time counted in instructions by `budget`'s `totalInstructions`
   * and `turnInstructions`). Written in the results header (`options.cpp`, only when `wasm`): a
   * resumed run must use the same mode (and the same `budget` and `limits`: `run-rules.ts`).
   */
  cpp?: CppMode;
  /**
   * Keep the processes of bots given as files from match to match (default true): each thread
   * of the pool starts a bot's process once and serves it match after match, with a fresh bot
   * object from a fresh module instance each time; a process is never reused after a fault of
   * its bot or when the bot left state behind in it. The records are the same either way.
   */
  reuseHosts?: boolean;
  /**
   * Plays the matches somewhere else than the local pool (e.g. `@arena/queue`'s workers on
   * Redis); `jobs` is then the runner's business. Default: a `MatchPool` of `jobs`.
   */
  runner?: MatchRunnerFactory;
  /** Non-fatal problems (a torn last line of a resumed file). Default: ignored. */
  onWarning?: (message: string) => void;
  /**
   * Hears each bot file being compiled (C++) or loaded before the run's first match: the files
   * are prepared side by side, as many at a time as the machine has cores (`PrepareEvent`).
   */
  onPrepare?: (event: PrepareEvent) => void;
}

/** A run's context plus what must be released at its end. */
export interface OpenRun {
  context: RunContext;
  /**
   * The bots whose file does not compile or load, by name, with the error: their own fault,
   * recorded in the results header (`BotInfo.fault`); each run kind decides what follows.
   */
  faults: Map<string, ArenaError>;
  close(): Promise<void>;
}

/**
 * Prepares a run: every bot file compiled or loaded (`prepareBots`: side by side, a file that is
 * its bot's own fault does not stop the run), the results file (created with its header, or on
 * `resume` read back and opened for appending), the replay directory and the pool.
 */
export async function openRun(
  kind: RunKind,
  options: RunOptions,
  bots: BotInfo[],
  runOptions: { [key: string]: Json },
): Promise<OpenRun> {
  const { engine } = options;
  const cwd = options.cwd ?? process.cwd();
  const config = options.config ?? engine.defaultConfig();
  const jobs = options.jobs ?? defaultJobs();
  if (!Number.isInteger(jobs) || jobs < 1) {
    throw new ArenaError("BAD_OPTION", `jobs must be a positive integer, got ${jobs}`);
  }
  // A file that does not compile or load is its bot's fault, found now, once, not in every match.
  const rules = runRules(options);
  const faults = await prepareBots(engine, bots, {
    cwd,
    ...(options.engineUrl !== undefined ? { engineUrl: options.engineUrl } : {}),
    ...(options.sandbox !== undefined ? { sandbox: options.sandbox } : {}),
    ...(options.limits !== undefined ? { limits: options.limits } : {}),
    ...(options.cpp !== undefined ? { cpp: options.cpp } : {}),
    ...(options.onPrepare !== undefined ? { onPrepare: options.onPrepare } : {}),
  });
  const recorded = bots.map((bot) =>
    faults.has(bot.name) ? { ...bot, fault: faults.get(bot.name)!.message } : bot,
  );
  const existing = new Map<string, MatchRecord>();
  let writer: ResultsWriter | undefined;
  if (options.out !== undefined) {
    const path = resolve(cwd, options.out);
    if (options.resume && existsSync(path)) {
      const file = readResults(path);
      for (const warning of file.warnings) options.onWarning?.(warning);
      if (file.header.kind !== kind || file.header.game !== engine.name) {
        throw new ArenaError(
          "BAD_RESULTS",
          `written by an 'arena ${file.header.kind}' run of ${file.header.game}, not by this ${kind} of ${engine.name} (header fields 'kind', 'game'); give another --out`,
          { file: options.out },
        );
      }
      checkSameRules(file.header.options, rules, options.out);
      for (const record of file.records) existing.set(record.id, record);
      writer = ResultsWriter.append(path, file.validBytes);
    } else {
      writer = ResultsWriter.create(path, {
        type: "header",
        format: RESULTS_FORMAT,
        kind,
        game: engine.name,
        engineVersion: engine.version,
        config,
        bots: recorded,
        // With the run's rules (only those other than the defaults), checked on a resume.
        options: { ...runOptions, ...rulesFields(rules) },
      });
    }
  }
  const replays = options.replays !== undefined ? resolve(cwd, options.replays) : undefined;
  if (replays !== undefined) mkdirSync(replays, { recursive: true });
  const engineUrl =
    options.engineUrl ?? (jobs > 1 || options.isolated ? resolveEngineUrl(engine, cwd) : "");
  // Matches of built-in bots are pure CPU in the match's thread: with more than one job they
  // are played in this thread, which has the engine loaded and starts at once, beside `jobs − 1`
  // child processes (see `MatchPoolOptions.processes` and `playHere`).
  const inThread = !options.isolated && bots.every((bot) => bot.identity.startsWith("builtin:"));
  const pool =
    options.runner !== undefined
      ? await options.runner({
          engine,
          bots,
          config,
          cwd,
          ...(options.jobs !== undefined ? { jobs: options.jobs } : {}),
        })
      : await MatchPool.create(engine, jobs, {
          engineUrl,
          processes: inThread,
          playHere: inThread,
          ...(options.reuseHosts !== undefined ? { reuseHosts: options.reuseHosts } : {}),
        });
  // A summary rates the records with openskill (≈ 0.2 s of CPU to load): with a pool, loaded
  // now, while its workers start, instead of after the last match when nothing else is left.
  if (options.runner === undefined && jobs > 1) loadRatings();
  const context: RunContext = {
    engine,
    engineUrl,
    config,
    bots: recorded,
    cwd,
    pool,
    existing,
    ...(writer !== undefined ? { writer } : {}),
    ...(replays !== undefined ? { replays, replaysShown: options.replays! } : {}),
    ...(options.budget !== undefined ? { budget: options.budget } : {}),
    ...(options.isolated ? { isolated: true } : {}),
    ...(options.sandbox !== undefined ? { sandbox: options.sandbox } : {}),
    ...(options.limits !== undefined ? { limits: options.limits } : {}),
    ...(options.cpp !== undefined ? { cpp: options.cpp } : {}),
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
  };
  return {
    context,
    faults,
    close: async () => {
      writer?.close();
      await pool.close();
    },
  };
}

/** The number of seats of a run: the engine's fixed count, or `players`, or its default. */
export function seatCount(engine: AnyEngine, players?: number): number {
  const { min, max } = engine.players;
  const count = players ?? (min === max ? min : engine.players.default);
  if (!Number.isInteger(count) || count < min || count > max) {
    throw new ArenaError(
      "BAD_OPTION",
      `${engine.title} takes ${min === max ? min : `${min}–${max}`} players, not ${count}`,
    );
  }
  return count;
}
