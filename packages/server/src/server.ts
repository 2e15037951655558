import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { type AnyEngine, ArenaError } from "@arena/core";
import { defaultJobs } from "@arena/tournament";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "./context";
import { type OpenDatabase, openDatabase } from "./db/open-database";
import { buildApp } from "./http/app";
import { hashSecret, newSecret } from "./http/tokens";
import type { Services } from "./services";
import type { CompileLimits } from "./work/compile";
import { JutgeRuns } from "./work/jutge-runs";
import { KitWarmUp } from "./work/kit-warm-up";
import { MatchPlayer } from "./work/match-player";
import { MatchQueue } from "./work/match-queue";
import { checkQueueAccess, type QueueAccess } from "./work/queue-access";
import { ContestRatings } from "./work/ratings";
import { SubmissionWorker } from "./work/submissions";

/** Options of `startServer` (`arena serve`'s flags). */
export interface ServeOptions {
  /** The data folder: the SQLite database, sources, replays, the C++ cache. */
  dataDir: string;
  /** A SQLite file or a `postgres://` URL (default `<dataDir>/arena.sqlite`). */
  db?: string;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
  /** Port (default 8080; 0: a free one). */
  port?: number;
  /** Play the matches on `arena worker --redis URL` processes instead of the local pool. */
  redis?: string;
  /** The BullMQ queue's name (default arena-matches). */
  queue?: string;
  /** The queue's shared secret with `redis` (default: `ARENA_QUEUE_SECRET`). */
  queueSecret?: string;
  /** With `redis` on this machine only: the queue's messages unsigned (`--insecure-queue`). */
  insecureQueue?: boolean;
  /** Matches at once on the local pool (default: the machine's cores). */
  jobs?: number;
  /** The games offered: name → file URL of the module exporting its `engine`. */
  games: Readonly<Record<string, string>>;
  /** The organiser's token (`ARENA_SERVE_TOKEN`); default: made at the first start, printed once. */
  organiserToken?: string;
  /** Where the server's log lines go (default: stderr). */
  log?: (line: string) => void;
  /** The server's version, in the OpenAPI document. */
  version?: string;
  compileLimits?: CompileLimits;
  /** Submissions per participant and hour (default 60), scrimmages (default 20). */
  submissionsPerHour?: number;
  scrimmagesPerHour?: number;
}

/** A running server. */
export interface ArenaServer {
  /** Its URL, e.g. `http://127.0.0.1:8080`. */
  url: string;
  /** The organiser's token when it was made by this start (print it once); else undefined. */
  newOrganiserToken?: string;
  /** Stops taking requests and work; matches in flight are played again at the next start. */
  close(): Promise<void>;
}

/** A setting, made by `make` the first time. */
async function setting(
  ctx: ServerContext,
  key: string,
  make: () => string,
): Promise<[string, boolean]> {
  const row = await ctx.db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  if (row !== undefined) return [row.value, false];
  const value = make();
  await ctx.db.insertInto("settings").values({ key, value }).execute();
  return [value, true];
}

/**
 * The data folder (absolute, with its `replays/`; a stopped server's `work/` removed) and the C++
 * cache: one for the compile in the box and for the matches (core's players read
 * `ARENA_CACHE_DIR`), so that a match finds the player compiled and never compiles it outside the
 * box.
 */
function prepareDataDir(given: string): { dataDir: string; cacheDir: string } {
  const dataDir = resolve(given);
  mkdirSync(join(dataDir, "replays"), { recursive: true });
  rmSync(join(dataDir, "work"), { recursive: true, force: true });
  const cacheDir = process.env.ARENA_CACHE_DIR || join(dataDir, "cache");
  process.env.ARENA_CACHE_DIR = cacheDir;
  return { dataDir, cacheDir };
}

/** Tells the background work that something changed; a no-op until the work has started. */
interface Waker {
  wake(): void;
}

/** What every part shares: the database, the data folder, the games (each loaded on first use). */
function serverContext(
  database: OpenDatabase,
  dataDir: string,
  options: Pick<ServeOptions, "games" | "log">,
  waker: Waker,
): { ctx: ServerContext; engineUrl: (game: string) => string } {
  const engines = new Map<string, Promise<AnyEngine>>();
  const engineUrl = (game: string): string => {
    const url = options.games[game];
    if (url === undefined)
      throw new ArenaError("UNKNOWN_GAME", `this server has no game '${game}'`);
    return url;
  };
  const ctx: ServerContext = {
    db: database.db,
    dialect: database.dialect,
    dataDir,
    games: Object.keys(options.games),
    engine: (game) => {
      let engine = engines.get(game);
      if (engine === undefined) {
        engine = import(engineUrl(game)).then((module: { engine: AnyEngine }) => module.engine);
        engines.set(game, engine);
      }
      return engine;
    },
    wake: () => waker.wake(),
    log: options.log ?? ((line: string) => process.stderr.write(`${line}\n`)),
  };
  return { ctx, engineUrl };
}

/** Each contest's ratings, made on first use and kept (they are computed incrementally). */
function ratingsCache(ctx: ServerContext): (contestId: number) => ContestRatings {
  const ratings = new Map<number, ContestRatings>();
  return (id) => {
    let found = ratings.get(id);
    if (found === undefined) {
      found = new ContestRatings(ctx.db, id);
      ratings.set(id, found);
    }
    return found;
  };
}

/**
 * The organiser's token (its hash: `ARENA_SERVE_TOKEN`'s, or one made at the first start and
 * returned once as `newOrganiserToken`) and the cookies' secret (made at the first start).
 */
async function serverSecrets(
  ctx: ServerContext,
  organiserToken: string | undefined,
): Promise<{ organiserHash: string; newOrganiserToken?: string; cookieSecret: string }> {
  let organiser: { organiserHash: string; newOrganiserToken?: string };
  if (organiserToken !== undefined) organiser = { organiserHash: hashSecret(organiserToken) };
  else {
    const token = newSecret();
    const [hash, made] = await setting(ctx, "organiser_token_hash", () => hashSecret(token));
    organiser = { organiserHash: hash, ...(made ? { newOrganiserToken: token } : {}) };
  }
  const [cookieSecret] = await setting(ctx, "cookie_secret", () => newSecret());
  return { ...organiser, cookieSecret };
}

/** The background work of a running server. */
interface Work {
  submissions: SubmissionWorker;
  queue: MatchQueue;
  jutge: JutgeRuns;
  player: MatchPlayer;
  kits: KitWarmUp;
}

/**
 * Takes up what a stopped server left — submissions half-way, matches in flight, a jutge contest
 * running — and starts the work: woken by every change, and every 2 s. Returns the timer.
 */
async function resumeWork(
  ctx: ServerContext,
  work: Work,
  waker: Waker,
): Promise<ReturnType<typeof setInterval>> {
  await work.submissions.recover();
  const replayed = await work.queue.recover();
  if (replayed > 0) ctx.log(`${replayed} match(es) in flight at the last stop are played again`);
  waker.wake = () => {
    work.submissions.pump();
    void work.queue.pump();
  };
  const timer = setInterval(() => waker.wake(), 2000);
  waker.wake();
  await work.jutge.resume();
  return timer;
}

/**
 * Stops a server: no more wake-ups, the jutge runs told at once, then the HTTP server, the work
 * (matches in flight are played again at the next start), the pools and the database, each step
 * logged when it takes more than 2 s.
 */
async function stopServer(
  ctx: ServerContext,
  parts: { app: FastifyInstance; work: Work; database: OpenDatabase; waker: Waker },
  timer: ReturnType<typeof setInterval>,
): Promise<void> {
  const { app, work, database, waker } = parts;
  clearInterval(timer);
  waker.wake = () => {};
  const jutgeStopped = work.jutge.stop();
  const step = async (what: string, done: Promise<unknown>) => {
    const started = Date.now();
    await done;
    if (Date.now() - started > 2000) ctx.log(`stopping: ${what} took ${Date.now() - started} ms`);
  };
  await step("the HTTP server", app.close());
  await step(
    "the work",
    Promise.all([work.queue.stop(), work.submissions.stop(), jutgeStopped, work.kits.stop()]),
  );
  await step("the pools", work.player.close());
  await step("the database", database.close());
}

/**
 * Starts `arena serve`: opens (and migrates) the database, puts back the work a stopped server
 * left in flight, starts the submission worker and the match queue, listens, then compiles the
 * C++ kits of the games with an open contest in the background (`KitWarmUp`).
 */
export async function startServer(options: ServeOptions): Promise<ArenaServer> {
  const remote: QueueAccess = {
    ...(options.redis !== undefined ? { redis: options.redis } : {}),
    ...(options.queue !== undefined ? { queue: options.queue } : {}),
    ...(options.queueSecret !== undefined ? { secret: options.queueSecret } : {}),
    ...(options.insecureQueue ? { insecure: true } : {}),
  };
  await checkQueueAccess(remote);
  const { dataDir, cacheDir } = prepareDataDir(options.dataDir);
  const database = await openDatabase(options.db ?? join(dataDir, "arena.sqlite"));
  const waker: Waker = { wake: () => {} };
  const { ctx, engineUrl } = serverContext(database, dataDir, options, waker);
  const jobs = options.jobs ?? defaultJobs();
  const player = new MatchPlayer({ dataDir, jobs, engineUrl, ...remote });
  const ratings = ratingsCache(ctx);
  const work: Work = {
    player,
    queue: new MatchQueue(ctx, player, ratings, () => {}),
    submissions: new SubmissionWorker(ctx, {
      cacheDir,
      ...(options.compileLimits !== undefined ? { compileLimits: options.compileLimits } : {}),
      onActive: () => waker.wake(),
    }),
    jutge: new JutgeRuns(ctx, { jobs, engineUrl, ...remote }),
    kits: new KitWarmUp(ctx, { cacheDir, compileLimits: options.compileLimits }),
  };
  const secrets = await serverSecrets(ctx, options.organiserToken);
  const services: Services = {
    ctx,
    auth: { db: ctx.db, organiserHash: secrets.organiserHash },
    queue: work.queue,
    submissions: work.submissions,
    ratings,
    startJutge: (contestId) => work.jutge.start(contestId),
    warmKit: (game) => work.kits.warm(game),
    version: options.version ?? "0.0.0",
    limits: {
      submissionsPerHour: options.submissionsPerHour ?? 60,
      scrimmagesPerHour: options.scrimmagesPerHour ?? 20,
    },
  };
  const app = await buildApp(services, secrets.cookieSecret);
  const timer = await resumeWork(ctx, work, waker);
  const address = await app.listen({
    host: options.host ?? "127.0.0.1",
    port: options.port ?? 8080,
  });
  // After listening: the kits compile in the background, never holding up the first request.
  await work.kits.start();
  return {
    url: address,
    ...(secrets.newOrganiserToken !== undefined
      ? { newOrganiserToken: secrets.newOrganiserToken }
      : {}),
    close: () => stopServer(ctx, { app, work, database, waker }, timer),
  };
}
