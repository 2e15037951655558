import type { CompileOptions } from "@arena/bots";
import type { MatchTask, RunOptions } from "@arena/tournament";

/**
 * The fields of a match task and of a run's options that say how `resolveBot` runs each seat's
 * bot (every path the server plays a match by forwards them: the pool, `arena worker`s,
 * `runContest`).
 */
export type BotRunOptions = Pick<MatchTask, "isolated"> & Pick<RunOptions, "isolated">;

/**
 * How the server runs participants' bots, decided here and nowhere else: every match it plays —
 * validation (`submissions.ts`), ladder and scrimmages on the pool or on `arena worker`s
 * (`match-player.ts`), jutge runs (`jutge.ts`) — spreads these options into its task or run.
 * Today nothing beyond what `arena tournament` does (module bots under Node's permission model,
 * C++ players and programs as plain processes with core's limits; README, "Security"). Issue
 * 38's box is switched on for the server here, in one line, once `MatchTask` and `RunOptions`
 * carry its option to `resolveBot` (e.g. `{ sandbox: true }`, the field added to the type above).
 */
export function botRunOptions(): BotRunOptions {
  return {};
}

/**
 * The options of `compileCppPlayer` for a submission: the server's own compiler script (g++
 * under `prlimit` and `timeout`, in bubblewrap where it runs: `compile.ts`), the cache, the name
 * the log shows. The compile's confinement is decided here too: where @arena/bots' compile takes
 * the box itself, this is where it is asked for (and the script's own box dropped).
 */
export function playerCompileOptions(options: {
  compiler: string;
  cacheDir: string;
  shownAs: string;
}): CompileOptions {
  return { compiler: options.compiler, cacheDir: options.cacheDir, shownAs: options.shownAs };
}
