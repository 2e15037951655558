import type { Selectable } from "kysely";
import type { ServerContext } from "./context";
import type { ContestTable } from "./db/schema";
import type { Auth, AuthSource } from "./http/auth";
import { forbidden, notFound } from "./http/errors";
import type { MatchQueue } from "./work/match-queue";
import type { ContestRatings } from "./work/ratings";
import type { SubmissionWorker } from "./work/submissions";

/** What the routes and pages use. */
export interface Services {
  ctx: ServerContext;
  auth: AuthSource;
  queue: MatchQueue;
  submissions: SubmissionWorker;
  ratings(contestId: number): ContestRatings;
  /** Starts the jutge contest's run (in the background). */
  startJutge(contestId: number): void;
  /** Compiles `game`'s C++ kit unless it is compiled (in the background): a contest was made. */
  warmKit(game: string): void;
  /** The server's version (the OpenAPI document's). */
  version: string;
  /** Submissions a participant may make per hour, scrimmages per hour. */
  limits: { submissionsPerHour: number; scrimmagesPerHour: number };
}

/** A contest row. */
export type ContestRow = Selectable<ContestTable>;

/** The contest `id`, or a 404. */
export async function contestById(services: Services, id: number): Promise<ContestRow> {
  const contest = await services.ctx.db
    .selectFrom("contests")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (contest === undefined) throw notFound("contest");
  return contest;
}

/** Whether `auth` may read `contest`'s pages: public, its organiser, or one of its participants. */
export function mayRead(contest: ContestRow, auth: Auth): boolean {
  return (
    contest.public === 1 ||
    auth.role === "organiser" ||
    (auth.role === "participant" && auth.participant.contest_id === contest.id)
  );
}

/** The contest `id` if `auth` may read it (a 404 otherwise, as if it did not exist). */
export async function readableContest(
  services: Services,
  id: number,
  auth: Auth,
): Promise<ContestRow> {
  const contest = await contestById(services, id);
  if (!mayRead(contest, auth)) throw notFound("contest");
  return contest;
}

/** The participant of `auth` in `contest`, or a 403. */
export function participantIn(auth: Auth, contestId: number) {
  if (auth.role !== "participant" || auth.participant.contest_id !== contestId) {
    throw forbidden("only a participant of this contest may do this");
  }
  return auth.participant;
}
