import type { MatchTask } from "@arena/tournament";
/**
 * What a worker's match processes need to know, handed to each of them by its parent: where its
 * bot files and engines are, the queue's key, where fetched bot files go, which programs it may
 * run. Nothing here comes from a job.
 */
export interface WorkerPlace {
  /** The worker's own bot folder (`--dir`): files found here by hash are played in place. */
  dir: string;
  /** File URL of each game's engine module, by game name (default: `@arena/<game>` from `dir`). */
  engines?: Readonly<Record<string, string>>;
  /** The key jobs and results are signed with (`queueKey`). */
  key: string;
  /** The Redis URL and the queue's name: where bot files are fetched from. */
  redis: string;
  queue: string;
  /** A directory of the worker's own (mode 0700) for the bot files it fetches. */
  cache: string;
  /** The `exec:` command lines this worker may run (`--allow-exec`), exactly as given. */
  allowExec?: readonly string[];
  /** The bots' box on this worker (its own choice, never a job's: `--trust`, `--sandbox`). */
  sandbox?: MatchTask["sandbox"];
  /** C++ players' limits on this worker (`--limits`). */
  limits?: MatchTask["limits"];
}

/** The environment variable handing a worker's place to its match processes (JSON). */
export const PLACE_VARIABLE = "ARENA_QUEUE_PLACE";

/** The variables that hand `place` to a sandboxed child process. */
export function placeEnvironment(place: WorkerPlace): Record<string, string> {
  return { [PLACE_VARIABLE]: JSON.stringify(place) };
}

/**
 * The place a sandboxed child was handed (`placeEnvironment`), taken out of `env` at once: the
 * processes the child starts (bots) do not inherit the queue's key.
 */
export function takePlace(env: NodeJS.ProcessEnv): WorkerPlace | undefined {
  const text = env[PLACE_VARIABLE];
  delete env[PLACE_VARIABLE];
  return text === undefined ? undefined : (JSON.parse(text) as WorkerPlace);
}
