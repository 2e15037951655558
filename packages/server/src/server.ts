import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { type AnyEngine, ArenaError } from "@arena/core";
import { defaultJobs } from "@arena/tournament";
import type { ServerContext } from "./context";
import { openDatabase } from "./db/open-database";
import { buildApp } from "./http/app";
import { hashSecret, newSecret } from "./http/tokens";
import type { Services } from "./services";
import type { CompileLimits } from "./work/compile";
import { runJutge } from "./work/jutge";
import { MatchPlayer } from "./work/match-player";
import { MatchQueue } from "./work/match-queue";
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
 * Starts `arena serve`: opens (and migrates) the database, puts back the work a stopped server
 * left in flight, starts the submission worker and the match queue, and listens.
 */
export async function startServer(options: ServeOptions): Promise<ArenaServer> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(join(dataDir, "replays"), { recursive: true });
  rmSync(join(dataDir, "work"), { recursive: true, force: true });
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // One C++ cache for the compile in the box and for the matches (core's players read
  // ARENA_CACHE_DIR): a match then finds the player compiled, and never compiles it outside the box.
  const cacheDir = process.env.ARENA_CACHE_DIR || join(dataDir, "cache");
  process.env.ARENA_CACHE_DIR = cacheDir;
  const database = await openDatabase(options.db ?? join(dataDir, "arena.sqlite"));
  const engines = new Map<string, Promise<AnyEngine>>();
  const engineUrl = (game: string): string => {
    const url = options.games[game];
    if (url === undefined)
      throw new ArenaError("UNKNOWN_GAME", `this server has no game '${game}'`);
    return url;
  };
  let wake = () => {};
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
    wake: () => wake(),
    log,
  };
  const jobs = options.jobs ?? defaultJobs();
  const player = new MatchPlayer({
    dataDir,
    jobs,
    engineUrl,
    ...(options.redis !== undefined ? { redis: options.redis } : {}),
    ...(options.queue !== undefined ? { queue: options.queue } : {}),
  });
  const ratings = new Map<number, ContestRatings>();
  const ratingsOf = (id: number) => {
    let found = ratings.get(id);
    if (found === undefined) {
      found = new ContestRatings(ctx.db, id);
      ratings.set(id, found);
    }
    return found;
  };
  const queue = new MatchQueue(ctx, player, ratingsOf, () => {});
  const submissions = new SubmissionWorker(ctx, {
    cacheDir,
    ...(options.compileLimits !== undefined ? { compileLimits: options.compileLimits } : {}),
    onActive: () => wake(),
  });
  const stopping = new AbortController();
  const jutgeRuns = new Map<number, Promise<void>>();
  const startJutge = (contestId: number): void => {
    if (jutgeRuns.has(contestId)) return;
    const run = (async () => {
      await ctx.db
        .updateTable("contests")
        .set({ state: "running" })
        .where("id", "=", contestId)
        .execute();
      const contest = await ctx.db
        .selectFrom("contests")
        .selectAll()
        .where("id", "=", contestId)
        .executeTakeFirstOrThrow();
      await runJutge(ctx, contest, {
        jobs,
        engineUrl,
        signal: stopping.signal,
        onRecorded: () => {},
        ...(options.redis !== undefined ? { redis: options.redis } : {}),
        ...(options.queue !== undefined ? { queue: options.queue } : {}),
      });
    })()
      .catch(async (error: unknown) => {
        if (stopping.signal.aborted) return; // resumed at the next start
        log(`contest ${contestId}: ${(error as Error).message}`);
        await ctx.db
          .updateTable("contests")
          .set({ state: "failed", result: JSON.stringify({ error: (error as Error).message }) })
          .where("id", "=", contestId)
          .execute();
      })
      .finally(() => jutgeRuns.delete(contestId));
    jutgeRuns.set(contestId, run);
  };

  // The organiser's token and the cookies' secret.
  let newOrganiserToken: string | undefined;
  let organiserHash: string;
  if (options.organiserToken !== undefined) organiserHash = hashSecret(options.organiserToken);
  else {
    const token = newSecret();
    const [hash, made] = await setting(ctx, "organiser_token_hash", () => hashSecret(token));
    organiserHash = hash;
    if (made) newOrganiserToken = token;
  }
  const [cookieSecret] = await setting(ctx, "cookie_secret", () => newSecret());

  const services: Services = {
    ctx,
    auth: { db: ctx.db, organiserHash },
    queue,
    submissions,
    ratings: ratingsOf,
    startJutge,
    version: options.version ?? "0.0.0",
    limits: {
      submissionsPerHour: options.submissionsPerHour ?? 60,
      scrimmagesPerHour: options.scrimmagesPerHour ?? 20,
    },
  };
  const app = await buildApp(services, cookieSecret);

  // What a stopped server left: submissions half-way, matches in flight, a jutge contest running.
  await submissions.recover();
  const replayed = await queue.recover();
  if (replayed > 0) log(`${replayed} match(es) in flight at the last stop are played again`);
  wake = () => {
    submissions.pump();
    void queue.pump();
  };
  const timer = setInterval(wake, 2000);
  wake();
  const running = await ctx.db
    .selectFrom("contests")
    .select("id")
    .where("state", "=", "running")
    .execute();
  for (const contest of running) startJutge(contest.id);

  const address = await app.listen({
    host: options.host ?? "127.0.0.1",
    port: options.port ?? 8080,
  });
  return {
    url: address,
    ...(newOrganiserToken !== undefined ? { newOrganiserToken } : {}),
    close: async () => {
      clearInterval(timer);
      wake = () => {};
      stopping.abort();
      const step = async (what: string, work: Promise<unknown>) => {
        const started = Date.now();
        await work;
        if (Date.now() - started > 2000) log(`stopping: ${what} took ${Date.now() - started} ms`);
      };
      await step("the HTTP server", app.close());
      await step(
        "the work",
        Promise.all([queue.stop(), submissions.stop(), ...jutgeRuns.values()]),
      );
      await step("the pools", player.close());
      await step("the database", database.close());
    },
  };
}
