import { join } from "node:path";
import type { AnyEngine, Budget, Json } from "@arena/core";
import { MatchPool, type MatchRunner, type MatchTask, type TaskResult } from "@arena/tournament";
import { botRunOptions } from "./bot-confinement";

/** A seat of a planned match: the bot and who it belongs to. */
export interface SeatBot {
  /** Its name in the match (the participant's name; the baseline's name, numbered). */
  name: string;
  /** The bot spec, relative to the data folder. */
  spec: string;
  /** The identity match ids hash (`builtin:Demo`, `file:<sha256>`, `exec:…`). */
  identity: string;
  participant: number | null;
  submission: number | null;
}

/** What `MatchPlayer.play` needs to know of a match. */
export interface MatchToPlay {
  id: string;
  seed: number;
  seats: SeatBot[];
  config: Json;
  budget?: Budget;
}

/** Options of the match players. */
export interface MatchPlayerOptions {
  /** The data folder: bots' cwd; replays go to `replays/<id>.arena`. */
  dataDir: string;
  /** Matches at once with the local pool (default: the machine's cores). */
  jobs: number;
  /** Play on `arena worker` processes through this Redis instead of the local pool. */
  redis?: string;
  /** The BullMQ queue's name (default arena-matches). */
  queue?: string;
  /** File URL of each game's engine module (the pool's workers import it). */
  engineUrl(game: string): string;
}

/**
 * Plays matches on `@arena/tournament`'s pool (one per game, created on first use, kept), or on
 * `@arena/queue`'s workers with `redis`: the same `MatchTask` either way, so the same outcome.
 */
export class MatchPlayer {
  private readonly pools = new Map<string, Promise<MatchPool>>();

  constructor(private readonly options: MatchPlayerOptions) {}

  /** Matches worth keeping in flight at once. */
  get capacity(): number {
    return this.options.redis !== undefined
      ? Math.max(4, this.options.jobs * 2)
      : this.options.jobs;
  }

  /** The replay file of match `id`. */
  replayPath(id: string): string {
    return join(this.options.dataDir, "replays", `${id}.arena`);
  }

  /** Plays `match` of `engine`; rejects when the match failed as a whole. */
  async play(engine: AnyEngine, match: MatchToPlay, signal?: AbortSignal): Promise<TaskResult> {
    const task: MatchTask = {
      engineUrl: this.options.engineUrl(engine.name),
      config: match.config,
      seed: match.seed,
      seats: match.seats.map((seat) => ({ name: seat.name, spec: seat.spec })),
      cwd: this.options.dataDir,
      replay: this.replayPath(match.id),
      ...(match.budget !== undefined ? { budget: match.budget } : {}),
      ...botRunOptions(),
    };
    if (this.options.redis !== undefined) return this.playOnQueue(engine, match, task, signal);
    const pool = await this.pool(engine);
    return pool.run(task, signal);
  }

  private pool(engine: AnyEngine): Promise<MatchPool> {
    let pool = this.pools.get(engine.name);
    if (pool === undefined) {
      pool = MatchPool.create(engine, this.options.jobs, {
        engineUrl: this.options.engineUrl(engine.name),
      });
      this.pools.set(engine.name, pool);
    }
    return pool;
  }

  /**
   * One match on the queue: a coordinator for its bots (job id `match-<id>`: never queued twice,
   * and a match a killed server had queued is collected, not played again).
   */
  private async playOnQueue(
    engine: AnyEngine,
    match: MatchToPlay,
    task: MatchTask,
    signal?: AbortSignal,
  ): Promise<TaskResult> {
    const { queueRunner } = await import("@arena/queue");
    const bots = new Map(match.seats.map((seat) => [seat.name, seat]));
    const runner: MatchRunner = await queueRunner({
      redis: this.options.redis!,
      ...(this.options.queue !== undefined ? { queue: this.options.queue } : {}),
    })({
      engine,
      bots: [...bots.values()].map(({ name, spec, identity }) => ({ name, spec, identity })),
      config: match.config,
      cwd: this.options.dataDir,
    });
    try {
      return await runner.run(task, signal);
    } finally {
      await runner.close();
    }
  }

  /** Stops the pools (their bot processes with them). */
  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map(async (pool) => (await pool.catch(() => undefined))?.close()));
  }
}
