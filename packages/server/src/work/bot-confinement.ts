import type { CompileOptions } from "@arena/bots";
import type { MatchTask, RunOptions } from "@arena/tournament";

/**
 * The fields of a match task and of a run's options that say how `resolveBot` runs each seat's
 * bot (every path the server plays a match by forwards them: the pool, `arena worker`s,
 * `runContest`).
 */
export type BotRunOptions = Pick<MatchTask, "isolated" | "sandbox"> &
  Pick<RunOptions, "isolated" | "sandbox">;

/**
 * How the server runs participants' bots, decided here and nowhere else: every match it plays —
 * validation (`submissions.ts`), ladder and scrimmages on the pool or on `arena worker`s
 * (`match-player.ts`), jutge runs (`jutge.ts`) — spreads these options into its task or run.
 * Every participant's bot in issue 38's box, demanded (`sandbox: true`): a server that cannot
 * run it plays no match (`NO_SANDBOX`, saying why) rather than running uploads unconfined.
 */
export function botRunOptions(): BotRunOptions {
  return { sandbox: true };
}

/**
 * The options of `compileCppPlayer` for a submission: the server's own launcher script (the
 * compiler, `$ARENA_CXX` or g++ as for the matches, under `prlimit` and `timeout`, in bubblewrap
 * where it runs: `compile.ts`), the cache, the name the log shows, the kit's precompiled header.
 * The compile's confinement is decided here too: where @arena/bots' compile takes the box
 * itself, this is where it is asked for (and the script's own box dropped).
 */
export function playerCompileOptions(options: {
  launcher: string;
  cacheDir: string;
  shownAs: string;
}): CompileOptions {
  // The script is the compile's box (bubblewrap, prlimit, timeout; it appends to a log outside
  // the build folder): @arena/bots' own box around it would hide that log.
  return {
    launcher: [options.launcher],
    // Many players of each kit: its Player.hh parsed once (a player's compile ~3x cheaper).
    precompiledHeader: true,
    cacheDir: options.cacheDir,
    shownAs: options.shownAs,
    sandbox: false,
  };
}
