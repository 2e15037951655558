import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type AnyEngine, ArenaError, excerpt, readInputFile } from "@arena/core";
import { playTask } from "@arena/tournament";
import { jobSeats } from "./job-bots";
import { jobIdOf, MAX_REPLAY_BYTES, type MatchJobData, type MatchJobResult } from "./match-job";
import { checkJob, signResult } from "./queue-secret";
import type { WorkerPlace } from "./worker-place";

/** `host:pid` of this process, named in results and in failure reasons. */
export const workerName = (): string => `${hostname()}:${process.pid}`;

/** A game's name as a job may give it: the name of one of the worker's own engines. */
const GAME = /^[a-z][a-z0-9-]{0,39}$/;

const engines = new Map<string, Promise<{ engine: AnyEngine; url: string }>>();

/**
 * The engine of `game`, imported once per process from the worker's own packages: the module
 * `place.engines[game]` names, or `@arena/<game>` installed where the worker's folder can resolve
 * it. Nothing of a job names a module or a path. Throws `WRONG_ENGINE` for a game the worker does
 * not have.
 */
function loadEngine(game: string, place: WorkerPlace): Promise<{ engine: AnyEngine; url: string }> {
  const missing = (why: string) =>
    new ArenaError(
      "WRONG_ENGINE",
      `worker ${workerName()} has no engine for game '${game}' (${why})`,
    );
  if (typeof game !== "string" || !GAME.test(game)) throw missing("not a game name");
  let url =
    place.engines !== undefined && Object.hasOwn(place.engines, game)
      ? place.engines[game]
      : undefined;
  if (url === undefined) {
    try {
      url = pathToFileURL(createRequire(join(place.dir, "noop.js")).resolve(`@arena/${game}`)).href;
    } catch {
      throw missing(`@arena/${game} is not installed where ${place.dir} can find it`);
    }
  }
  let loaded = engines.get(url);
  if (loaded === undefined) {
    const from = url;
    loaded = import(from).then(
      (module: { engine?: AnyEngine; default?: { engine?: AnyEngine } }) => {
        // A CommonJS build lands its exports on `default`.
        const engine = module.engine ?? module.default?.engine;
        if (engine?.name !== game) throw missing(`${from} does not export its engine`);
        return { engine, url: from };
      },
    );
    engines.set(url, loaded);
  }
  return loaded;
}

/** Throws `WRONG_ENGINE` when this worker's engine is not the organiser's version. */
function checkVersion(engine: AnyEngine, data: MatchJobData): void {
  if (engine.version !== data.engineVersion) {
    throw new ArenaError(
      "WRONG_ENGINE",
      `worker ${workerName()} has ${data.game} engine ${engine.version}, the coordinator ${data.engineVersion}; install the same version on both`,
    );
  }
}

/**
 * The C++ mode a job asks for, checked: absent, `native` or `wasm`; anything else is `BAD_JOB`
 * (a job of a newer coordinator, or forged by someone with the secret), never played natively.
 */
function jobCpp(data: MatchJobData, jobId: string | undefined): MatchJobData["cpp"] {
  const { cpp } = data as { cpp?: unknown };
  if (cpp === undefined || cpp === "native" || cpp === "wasm") return cpp;
  const shown = excerpt(JSON.stringify(cpp) ?? String(cpp), 40);
  throw new ArenaError(
    "BAD_JOB",
    `job ${jobId ?? `match-${data.id}`} refused: its 'cpp' is ${shown}, not native or wasm (how C++ players are played)`,
  );
}

/**
 * Plays a match job on this worker: checks the organiser's signature (`BAD_SIGNATURE` before
 * anything else is looked at) and the C++ mode it asks for (`BAD_JOB`), loads the worker's own
 * engine of the game and checks its version, turns each seat into a bot this worker may play
 * (`jobSeats`), plays the match with the same `playTask` as the local pool (its C++ players as
 * the job says), and returns its outcome with its replay, signed. `jobId`, when
 * given, must be the match's job id (a signed job copied under another id is refused).
 */
export async function playJob(
  job: unknown,
  place: WorkerPlace,
  jobId?: string,
  signal?: AbortSignal,
): Promise<MatchJobResult> {
  const data = checkJob(job, place.key, jobId);
  const cpp = jobCpp(data, jobId);
  if (jobId !== undefined && jobId !== jobIdOf(data)) {
    throw new ArenaError(
      "BAD_SIGNATURE",
      `job ${jobId} refused: it carries the signed job of match ${data.id}`,
    );
  }
  const { engine, url } = await loadEngine(data.game, place);
  checkVersion(engine, data);
  const seats = await jobSeats(engine, data, place);
  const dir = mkdtempSync(join(tmpdir(), "arena-job-"));
  const replay = join(dir, "match.arena");
  try {
    const outcome = await playTask(
      engine,
      {
        engineUrl: url,
        config: data.config,
        seed: data.seed,
        seats,
        cwd: place.dir,
        replay,
        ...(data.budget !== undefined ? { budget: data.budget } : {}),
        ...(data.isolated ? { isolated: true } : {}),
        // What is played: the run's choice (checked above).
        ...(cpp !== undefined ? { cpp } : {}),
        // How bots run is the worker's choice, never the job's.
        ...(place.sandbox !== undefined ? { sandbox: place.sandbox } : {}),
        ...(place.limits !== undefined ? { limits: place.limits } : {}),
      },
      signal,
    );
    const bytes = readInputFile(replay, { what: "the replay", maxBytes: MAX_REPLAY_BYTES });
    return signResult(
      data.id,
      {
        ...outcome,
        worker: workerName(),
        replay: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64"),
      },
      place.key,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
