import type { AnyEngine, Budget, Json } from "@arena/core";
import { botIdentity } from "@arena/tournament";
import type { Selectable } from "kysely";
import type { ServerContext } from "../context";
import type { ContestTable } from "../db/schema";
import type { SeatBot } from "./match-player";
import { type Language, specOf } from "./sources";

/** A contest row. */
export type Contest = Selectable<ContestTable>;

const configs = new Map<number, Json>();

/** The match config of `contest`: its `.cnf` or map text parsed by the engine, or the default. */
export function contestConfig(engine: AnyEngine, contest: Contest): Json {
  let config = configs.get(contest.id);
  if (config === undefined) {
    config = (
      contest.config === null
        ? engine.defaultConfig()
        : engine.parseConfig(contest.config, "config")
    ) as Json;
    configs.set(contest.id, config);
  }
  return config;
}

/** The contest's time limits, or undefined for the game's defaults. */
export function contestBudget(contest: Contest): Budget | undefined {
  return contest.limits === null ? undefined : (JSON.parse(contest.limits) as Budget);
}

/** A submission as a seat. */
export function submissionSeat(
  ctx: ServerContext,
  engine: AnyEngine,
  name: string,
  submission: { id: number; participant_id: number; language: string; file: string },
): SeatBot {
  const spec = specOf(submission.language as Language, submission.file);
  return {
    name,
    spec,
    identity: botIdentity(engine, spec, ctx.dataDir),
    participant: submission.participant_id,
    submission: submission.id,
  };
}

/** The baseline bot in a seat, named `Demo`, `Demo2`… (`copy` from 1). */
export function baselineSeat(contest: Contest, copy: number): SeatBot {
  return {
    name: copy === 1 ? contest.baseline : `${contest.baseline}${copy}`,
    spec: contest.baseline,
    identity: `builtin:${contest.baseline}`,
    participant: null,
    submission: null,
  };
}

/** Every participant of `contest` with an active revision, as seats. */
export async function activeSeats(
  ctx: ServerContext,
  engine: AnyEngine,
  contest: Contest,
): Promise<SeatBot[]> {
  const rows = await ctx.db
    .selectFrom("participants")
    .innerJoin("submissions", "submissions.id", "participants.active_submission_id")
    .select([
      "participants.name",
      "submissions.id",
      "submissions.participant_id",
      "submissions.language",
      "submissions.file",
    ])
    .where("participants.contest_id", "=", contest.id)
    .orderBy("participants.id")
    .execute();
  return rows.map((row) => submissionSeat(ctx, engine, row.name, row));
}
