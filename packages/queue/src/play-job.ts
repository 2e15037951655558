import { randomUUID } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type AnyEngine, ArenaError } from "@arena/core";
import { botIdentity, type MatchTask, playTask } from "@arena/tournament";
import type { MatchJobData, MatchJobResult } from "./match-job";

/** Where a worker finds engines and bot files. */
export interface WorkerPlace {
  /** Directory bot specs are relative to (the worker's copy of the bot files). */
  dir: string;
  /** File URL of each game's engine module, by game name (default: resolved from `dir`). */
  engines?: Readonly<Record<string, string>>;
  /** The bots' box on this worker (its own choice, never a job's: `--trust`, `--sandbox`). */
  sandbox?: MatchTask["sandbox"];
  /** C++ players' limits on this worker (`--limits`). */
  limits?: MatchTask["limits"];
}

/** `host:pid` of this process, named in results and in failure reasons. */
export const workerName = (): string => `${hostname()}:${process.pid}`;

const engines = new Map<string, Promise<{ engine: AnyEngine; url: string }>>();

/** Imports the engine of `data` once per process (by URL), from `place.engines` or from `dir`. */
function loadEngine(
  data: MatchJobData,
  place: WorkerPlace,
): Promise<{ engine: AnyEngine; url: string }> {
  let url = place.engines?.[data.game];
  if (url === undefined) {
    try {
      url = pathToFileURL(
        createRequire(join(place.dir, "noop.js")).resolve(data.engineModule),
      ).href;
    } catch {
      throw new ArenaError(
        "ENGINE_MISSING",
        `worker ${workerName()} has no engine for game '${data.game}' (cannot resolve '${data.engineModule}' from ${place.dir})`,
      );
    }
  }
  let loaded = engines.get(url);
  if (loaded === undefined) {
    const from = url;
    loaded = import(from).then(
      (module: { engine?: AnyEngine; default?: { engine?: AnyEngine } }) => {
        // A CommonJS build lands its exports on `default`.
        const engine = module.engine ?? module.default?.engine;
        if (engine === undefined) throw new Error(`${from} does not export 'engine'`);
        return { engine, url: from };
      },
    );
    engines.set(url, loaded);
  }
  return loaded;
}

/**
 * Checks that this worker plays the match the coordinator asked for: the same engine version,
 * and each bot's identity (a content hash for files) recomputed from the worker's own copy.
 * Throws an `ArenaError` `WRONG_BOT` / `WRONG_ENGINE` saying what differs, and on which worker.
 */
export function checkJob(engine: AnyEngine, data: MatchJobData, place: WorkerPlace): void {
  if (engine.version !== data.engineVersion) {
    throw new ArenaError(
      "WRONG_ENGINE",
      `worker ${workerName()} has ${data.game} engine ${engine.version}, the coordinator ${data.engineVersion}; install the same version on both`,
    );
  }
  for (const seat of data.seats) {
    let identity: string;
    try {
      identity = botIdentity(engine, seat.spec, place.dir);
    } catch (error) {
      throw new ArenaError(
        "WRONG_BOT",
        `bot '${seat.name}' (${seat.spec}) is missing on worker ${workerName()} (${(error as Error).message}, looked in ${place.dir})`,
      );
    }
    if (identity !== seat.identity) {
      throw new ArenaError(
        "WRONG_BOT",
        `bot '${seat.name}' (${seat.spec}) differs on worker ${workerName()}: ${identity} there, ${seat.identity} on the coordinator; give the workers the same files`,
      );
    }
  }
}

/**
 * Plays a match job on this worker: loads the engine, checks the engine version and every bot
 * file against the coordinator's hashes, then plays it with the same `playTask` as the local
 * pool, so the outcome is the local outcome. The replay, when asked, comes back in base64.
 */
export async function playJob(
  data: MatchJobData,
  place: WorkerPlace,
  signal?: AbortSignal,
): Promise<MatchJobResult> {
  const { engine, url } = await loadEngine(data, place);
  checkJob(engine, data, place);
  const replay = data.replay ? join(tmpdir(), `arena-${randomUUID()}.arena`) : undefined;
  const task: MatchTask = {
    engineUrl: url,
    config: data.config,
    seed: data.seed,
    seats: data.seats.map((seat) => ({ name: seat.name, spec: seat.spec })),
    cwd: place.dir,
    ...(replay !== undefined ? { replay } : {}),
    ...(data.budget !== undefined ? { budget: data.budget } : {}),
    ...(data.isolated ? { isolated: true } : {}),
    ...(place.sandbox !== undefined ? { sandbox: place.sandbox } : {}),
    ...(place.limits !== undefined ? { limits: place.limits } : {}),
  };
  try {
    const outcome = await playTask(engine, task, signal);
    return {
      ...outcome,
      worker: workerName(),
      ...(replay !== undefined ? { replay: readFileSync(replay).toString("base64") } : {}),
    };
  } finally {
    if (replay !== undefined) rmSync(replay, { force: true });
  }
}
