import type { ServerContext } from "../context";
import { type JutgeOptions, runJutge } from "./jutge";

/**
 * The jutge contests being run, in the background, one run per contest at a time. A run cut short
 * by the server's stop is left `running` and resumed at the next start (`resume`); a run that
 * fails marks its contest `failed` with the reason (the organiser may run it again).
 */
export class JutgeRuns {
  private readonly runs = new Map<number, Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly ctx: ServerContext,
    private readonly options: Omit<JutgeOptions, "signal" | "onRecorded">,
  ) {}

  /** Starts running contest `contestId` (a no-op while it runs). */
  start(contestId: number): void {
    if (this.runs.has(contestId)) return;
    const run = this.run(contestId)
      .catch((error: unknown) => this.fail(contestId, error as Error))
      .finally(() => this.runs.delete(contestId));
    this.runs.set(contestId, run);
  }

  /** Starts again every contest a stopped server left running. */
  async resume(): Promise<void> {
    const running = await this.ctx.db
      .selectFrom("contests")
      .select("id")
      .where("state", "=", "running")
      .execute();
    for (const contest of running) this.start(contest.id);
  }

  /** Stops every run now (their matches in flight are played again at the next start). */
  stop(): Promise<unknown> {
    this.stopping.abort();
    return Promise.all(this.runs.values());
  }

  private async run(contestId: number): Promise<void> {
    await this.ctx.db
      .updateTable("contests")
      .set({ state: "running" })
      .where("id", "=", contestId)
      .execute();
    const contest = await this.ctx.db
      .selectFrom("contests")
      .selectAll()
      .where("id", "=", contestId)
      .executeTakeFirstOrThrow();
    await runJutge(this.ctx, contest, {
      ...this.options,
      signal: this.stopping.signal,
      onRecorded: () => {},
    });
  }

  private async fail(contestId: number, error: Error): Promise<void> {
    if (this.stopping.signal.aborted) return; // resumed at the next start
    this.ctx.log(`contest ${contestId}: ${error.message}`);
    await this.ctx.db
      .updateTable("contests")
      .set({ state: "failed", result: JSON.stringify({ error: error.message }) })
      .where("id", "=", contestId)
      .execute();
  }
}
