import type { WorkerPlace } from "./play-job";

/** The environment variable naming a worker's bot directory, for its sandboxed children. */
export const DIR_VARIABLE = "ARENA_QUEUE_DIR";
/** The environment variable with the game → engine URL map (JSON), for its sandboxed children. */
export const ENGINES_VARIABLE = "ARENA_QUEUE_ENGINES";
/** The environment variable with the worker's bot box and C++ limits (JSON), for its children. */
export const MODE_VARIABLE = "ARENA_QUEUE_MODE";

/** The variables that hand `place` to a sandboxed child process. */
export function placeEnvironment(place: WorkerPlace): Record<string, string> {
  return {
    [DIR_VARIABLE]: place.dir,
    ...(place.engines !== undefined ? { [ENGINES_VARIABLE]: JSON.stringify(place.engines) } : {}),
    [MODE_VARIABLE]: JSON.stringify({ sandbox: place.sandbox, limits: place.limits }),
  };
}

/** The place a sandboxed child was handed (`placeEnvironment`), or the process's cwd. */
export function placeFromEnvironment(env: NodeJS.ProcessEnv): WorkerPlace {
  const engines = env[ENGINES_VARIABLE];
  const mode = JSON.parse(env[MODE_VARIABLE] ?? "{}") as Pick<WorkerPlace, "sandbox" | "limits">;
  return {
    dir: env[DIR_VARIABLE] ?? process.cwd(),
    ...(engines !== undefined ? { engines: JSON.parse(engines) as Record<string, string> } : {}),
    ...(mode.sandbox !== undefined ? { sandbox: mode.sandbox } : {}),
    ...(mode.limits !== undefined ? { limits: mode.limits } : {}),
  };
}
