import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type ContestSummary, type MatchRecord, runContest } from "@arena/tournament";
import { now, type ServerContext } from "../context";
import { botRunOptions } from "./bot-confinement";
import { activeSeats, type Contest, contestBudget, contestConfig } from "./contest-bots";
import type { SeatBot } from "./match-player";
import { recordMatch } from "./match-store";

/** Options of a jutge run. */
export interface JutgeOptions {
  jobs: number;
  /** Play on `arena worker`s through this Redis. */
  redis?: string;
  queue?: string;
  engineUrl(game: string): string;
  signal: AbortSignal;
  onRecorded(contestId: number): void;
}

/** Where a jutge contest keeps its results file and replays (`contests/<id>/`). */
export function jutgeDir(dataDir: string, contestId: number): string {
  return join(dataDir, "contests", String(contestId));
}

/**
 * Runs the Joc d'EDA contest of `contest` (`@arena/tournament`'s `runContest`: qualification,
 * eliminations, semifinals, final) between the active revisions, with the baseline. Its results
 * file is resumed, so a server stopped mid-contest continues where it was: the matches recorded
 * are not played again. Each match is recorded in the database as it ends (kind `jutge`, with
 * its stage), its replay under `contests/<id>/replays/`; the final's matches can be followed live
 * while they are played. The contest's state ends `done` with the summary, or `failed`.
 */
export async function runJutge(
  ctx: ServerContext,
  contest: Contest,
  options: JutgeOptions,
): Promise<void> {
  const engine = await ctx.engine(contest.game);
  const dir = jutgeDir(ctx.dataDir, contest.id);
  mkdirSync(join(dir, "replays"), { recursive: true });
  const players = await activeSeats(ctx, engine, contest);
  const bySeatName = new Map<string, SeatBot>(players.map((seat) => [seat.name, seat]));
  const budget = contestBudget(contest);
  const runner =
    options.redis !== undefined
      ? (await import("@arena/queue")).queueRunner({
          redis: options.redis,
          ...(options.queue !== undefined ? { queue: options.queue } : {}),
        })
      : undefined;
  const run = runContest({
    engine,
    players: players.map((seat) => ({ name: seat.name, spec: seat.spec })),
    baseline: { spec: contest.baseline },
    seed: contest.id,
    config: contestConfig(engine, contest),
    cwd: ctx.dataDir,
    out: join(dir, "results.jsonl"),
    resume: true,
    replays: join(dir, "replays"),
    jobs: options.jobs,
    engineUrl: options.engineUrl(engine.name),
    signal: options.signal,
    ...(budget !== undefined ? { budget } : {}),
    ...(runner !== undefined ? { runner } : {}),
    ...botRunOptions(),
  });
  for await (const record of run) {
    await recordJutgeMatch(ctx, contest, record, bySeatName);
    options.onRecorded(contest.id);
  }
  const summary: ContestSummary = run.summary();
  await ctx.db
    .updateTable("contests")
    .set({ state: "done", result: JSON.stringify(summary) })
    .where("id", "=", contest.id)
    .execute();
  ctx.log(`contest ${contest.id}: done at ${now()}, champion ${summary.champion ?? "none"}`);
}

async function recordJutgeMatch(
  ctx: ServerContext,
  contest: Contest,
  record: MatchRecord,
  bySeatName: Map<string, SeatBot>,
): Promise<void> {
  const seats: SeatBot[] = record.seats.map(
    (name) =>
      bySeatName.get(name) ?? {
        name,
        spec: contest.baseline,
        identity: `builtin:${contest.baseline}`,
        participant: null,
        submission: null,
      },
  );
  await recordMatch(ctx.db, {
    id: record.id,
    contestId: contest.id,
    kind: "jutge",
    ...(record.stage !== undefined ? { stage: record.stage } : {}),
    seed: record.seed,
    seats,
    outcome:
      record.error !== undefined
        ? { error: record.error, durationMs: record.durationMs }
        : {
            scores: record.scores,
            ranks: record.ranks,
            rounds: record.rounds,
            durationMs: record.durationMs,
            players: record.status.map((status) =>
              status.state === "frozen"
                ? { frozen: true, fault: status.reason, frozenAtRound: status.round }
                : { frozen: false },
            ),
          },
    replayFile: join(jutgeDir(ctx.dataDir, contest.id), "replays", `${record.id}.arena`),
  });
}
