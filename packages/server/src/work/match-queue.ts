import type { Selectable } from "kysely";
import type { ServerContext } from "../context";
import type { PendingMatchTable } from "../db/schema";
import { type Contest, contestBudget, contestConfig } from "./contest-bots";
import { planLadderMatch } from "./ladder";
import type { MatchPlayer, SeatBot } from "./match-player";
import { recordMatch } from "./match-store";
import type { ContestRatings } from "./ratings";

/** Attempts of a match before it is marked failed (a worker or the pool failing, not a bot). */
const ATTEMPTS = 3;

type Pending = Selectable<PendingMatchTable>;

/**
 * Plays the pending matches (ladder, scrimmages) a few at a time, and keeps every open ladder
 * contest supplied with new ones. Each match is a row of `pending_matches` from the moment it is
 * planned until its record is written (one transaction), so a server stopped or killed
 * mid-match plays it again at its next start, and records it once (match ids are unique).
 * Matches run side by side on the pool: a bot that hangs is frozen at its time limit in its own
 * match, and the other matches go on.
 */
export class MatchQueue {
  private readonly inflight = new Map<string, AbortController>();
  private stopping = false;
  private pumping: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly ctx: ServerContext,
    private readonly player: MatchPlayer,
    private readonly ratingsOf: (contestId: number) => ContestRatings,
    private readonly onRecorded: (contestId: number) => void,
  ) {}

  /** Matches being played now. */
  get running(): number {
    return this.inflight.size;
  }

  /** Puts back the matches a stopped server was playing: they are played again. */
  async recover(): Promise<number> {
    const result = await this.ctx.db
      .updateTable("pending_matches")
      .set({ state: "pending" })
      .where("state", "=", "running")
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Starts what can start now (called on every change and by a timer; never runs twice at once). */
  pump(): Promise<void> {
    if (this.pumping !== undefined) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = (async () => {
      do {
        this.again = false;
        await this.plan();
        await this.start();
      } while (this.again && !this.stopping);
    })()
      .catch((error: unknown) => this.ctx.log(`match queue: ${(error as Error).message}`))
      .finally(() => {
        this.pumping = undefined;
      });
    return this.pumping;
  }

  /** Keeps each open ladder contest with as many planned matches as the player plays at once. */
  private async plan(): Promise<void> {
    if (this.stopping) return;
    const contests = await this.ctx.db
      .selectFrom("contests")
      .selectAll()
      .where("format", "=", "ladder")
      .where("state", "=", "open")
      .execute();
    for (const contest of contests) {
      const waiting = await this.ctx.db
        .selectFrom("pending_matches")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("contest_id", "=", contest.id)
        .where("state", "in", ["pending", "running"])
        .executeTakeFirst();
      let count = Number(waiting?.count ?? 0);
      while (count < this.player.capacity) {
        const planned = await planLadderMatch(this.ctx, contest, this.ratingsOf(contest.id));
        if (planned === undefined) break;
        count++;
      }
    }
  }

  /** Starts pending matches while there is room (scrimmages first: someone is waiting for them). */
  private async start(): Promise<void> {
    while (!this.stopping && this.inflight.size < this.player.capacity) {
      const taken = [...this.inflight.keys()];
      let query = this.ctx.db
        .selectFrom("pending_matches")
        .selectAll()
        .where("state", "=", "pending")
        .orderBy((eb) => eb.case().when("kind", "=", "scrimmage").then(0).else(1).end())
        .orderBy("created_at")
        .limit(1);
      if (taken.length > 0) query = query.where("id", "not in", taken);
      const next = await query.executeTakeFirst();
      if (next === undefined) return;
      await this.ctx.db
        .updateTable("pending_matches")
        .set({ state: "running", attempts: next.attempts + 1 })
        .where("id", "=", next.id)
        .execute();
      const controller = new AbortController();
      this.inflight.set(next.id, controller);
      void this.play(next, controller.signal).finally(() => {
        this.inflight.delete(next.id);
        if (!this.stopping) void this.pump();
      });
    }
  }

  private async play(pending: Pending, signal: AbortSignal): Promise<void> {
    const contest = (await this.ctx.db
      .selectFrom("contests")
      .selectAll()
      .where("id", "=", pending.contest_id)
      .executeTakeFirstOrThrow()) as Contest;
    const engine = await this.ctx.engine(contest.game);
    const seats = JSON.parse(pending.seats) as SeatBot[];
    const budget = contestBudget(contest);
    try {
      const outcome = await this.player.play(
        engine,
        {
          id: pending.id,
          seed: pending.seed,
          seats,
          config: contestConfig(engine, contest),
          ...(budget !== undefined ? { budget } : {}),
        },
        signal,
      );
      await recordMatch(this.ctx.db, {
        id: pending.id,
        contestId: contest.id,
        kind: pending.kind,
        seed: pending.seed,
        seats,
        outcome,
        replayFile: this.player.replayPath(pending.id),
      });
      this.onRecorded(contest.id);
    } catch (error) {
      if (signal.aborted) return; // stopping: played again at the next start
      const reason = (error as Error).message ?? String(error);
      const failed = pending.attempts + 1 >= ATTEMPTS;
      this.ctx.log(`match ${pending.id} failed (attempt ${pending.attempts + 1}): ${reason}`);
      await this.ctx.db
        .updateTable("pending_matches")
        .set({ state: failed ? "failed" : "pending", reason: reason.slice(0, 2000) })
        .where("id", "=", pending.id)
        .execute();
    }
  }

  /** Plays a failed match again (the organiser's retry). */
  async retry(id: string): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable("pending_matches")
      .set({ state: "pending", attempts: 0, reason: null })
      .where("id", "=", id)
      .where("state", "=", "failed")
      .executeTakeFirst();
    this.ctx.wake();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Stops: no new match; the ones in flight are cancelled (still pending: replayed at the next start). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const controller of this.inflight.values()) controller.abort();
    await this.pumping;
    const until = Date.now() + 10_000;
    while (this.inflight.size > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
