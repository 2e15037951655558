import { join } from "node:path";
import { ArenaError } from "@arena/core";
import type { ServerContext } from "../context";
import { type CompileLimits, compileKit } from "./compile";

/**
 * Compiles the C++ kits of the games with an open contest ahead of their first submission — at
 * the server's start and when the organiser creates a contest — so that the first submission of
 * a fresh server (or of a new game) costs what any other new player does: its own compile, not
 * the kit's adapter and precompiled header too. In the background, one game at a time (a 2-core
 * server keeps a core for its requests and matches), through the submissions' compile
 * (`compileKit`: the same launcher, box, limits and cache entry); a submission that arrives while
 * its game's kit compiles waits for that compile (@arena/bots keeps one per kit), never starts a
 * second one. A kit already in the cache costs a hash of its files. Without g++ nothing is done
 * (the submissions then say that g++ is missing); any other failure is one line of the log, and
 * the submissions meet it again (their log says it).
 */
export class KitWarmUp {
  private queue: Promise<void> = Promise.resolve();
  private stopping = false;
  private count = 0;

  constructor(
    private readonly ctx: ServerContext,
    private readonly options: { cacheDir: string; compileLimits?: CompileLimits | undefined },
  ) {}

  /** Compiles the kits of the games of every open contest (in the background): never throws. */
  async start(): Promise<void> {
    try {
      const rows = await this.ctx.db
        .selectFrom("contests")
        .select("game")
        .distinct()
        .where("state", "=", "open")
        .orderBy("game")
        .execute();
      for (const { game } of rows) this.warm(game);
    } catch (error) {
      this.ctx.log(`the C++ kits are not compiled ahead: ${(error as Error).message}`);
    }
  }

  /** Compiles `game`'s kit after the kits before it, unless it is in the cache (in the background). */
  warm(game: string): void {
    if (!this.ctx.games.includes(game)) return;
    this.queue = this.queue.then(() => this.compile(game));
  }

  /** `game`'s kit compiled, or why not logged: never throws. */
  private async compile(game: string): Promise<void> {
    if (this.stopping) return;
    const started = Date.now();
    try {
      const engine = await this.ctx.engine(game);
      const made = await compileKit(engine, {
        cacheDir: this.options.cacheDir,
        workDir: join(this.ctx.dataDir, "work", `kit-${++this.count}`),
        limits: this.options.compileLimits,
      });
      if (made?.compiled) {
        this.ctx.log(
          `${engine.title}'s C++ kit compiled ahead of the first submission (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
    } catch (error) {
      if (error instanceof ArenaError && error.code === "NO_COMPILER") return;
      const message = error instanceof Error ? error.message : String(error);
      this.ctx.log(
        `${game}'s C++ kit could not be compiled ahead of the submissions: ${message.split("\n")[0]}`,
      );
    }
  }

  /** Starts nothing more, and waits for the compile running (as a submission's is waited for). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.queue;
  }
}
