import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Selectable } from "kysely";
import type { MatchTable } from "./db/schema";
import type { Auth } from "./http/auth";
import { notFound } from "./http/errors";
import { type ContestRow, readableContest, type Services } from "./services";
import { jutgeDir } from "./work/jutge";

/** A line of the standings. */
export interface StandingLine {
  participant: number;
  name: string;
  rating: { mu: number; sigma: number };
  ordinal: number;
  matches: number;
  wins: number;
  active: boolean;
}

/** Default OpenSkill rating (25, 25/3) of a participant who has not played. */
const FIRST = { mu: 25, sigma: 25 / 3 };

/** The standings of a contest: rated participants best first, then those not rated yet. */
export async function standingsOf(
  services: Services,
  contest: ContestRow,
): Promise<StandingLine[]> {
  const [rated, participants] = await Promise.all([
    services.ratings(contest.id).standings(),
    services.ctx.db
      .selectFrom("participants")
      .select(["id", "name", "active_submission_id"])
      .where("contest_id", "=", contest.id)
      .execute(),
  ]);
  const byId = new Map(participants.map((p) => [p.id, p]));
  const lines: StandingLine[] = [];
  for (const standing of rated) {
    const p = byId.get(standing.participant);
    if (p === undefined) continue;
    byId.delete(standing.participant);
    lines.push({
      participant: p.id,
      name: p.name,
      rating: { mu: standing.mu, sigma: standing.sigma },
      ordinal: standing.ordinal,
      matches: standing.matches,
      wins: Math.round(standing.wins * 1000) / 1000,
      active: p.active_submission_id !== null,
    });
  }
  for (const p of byId.values()) {
    lines.push({
      participant: p.id,
      name: p.name,
      rating: FIRST,
      ordinal: FIRST.mu - 3 * FIRST.sigma,
      matches: 0,
      wins: 0,
      active: p.active_submission_id !== null,
    });
  }
  return lines;
}

/** A match as the API shows it. */
export interface MatchView {
  id: string;
  seed: number;
  players: string[];
  scores: number[];
  replay: string | null;
  kind: string;
  stage: string | null;
  ranks: number[];
  status: Array<{ state: string; reason?: string; round?: number }>;
  error: string | null;
  seq: number;
  created: string;
  participants: Array<number | null>;
}

/** The API's view of a match row (`base`: the server's URL, for the replay's). */
export function matchView(row: Selectable<MatchTable>, base: string): MatchView {
  const seats = JSON.parse(row.seats) as Array<{ name: string; participant: number | null }>;
  return {
    id: row.id,
    seed: row.seed,
    players: seats.map((seat) => seat.name),
    participants: seats.map((seat) => seat.participant),
    scores: JSON.parse(row.scores),
    replay: row.has_replay === 1 ? `${base}/api/matches/${row.id}/replay` : null,
    kind: row.kind,
    stage: row.stage,
    ranks: JSON.parse(row.ranks),
    status: JSON.parse(row.status),
    error: row.error,
    seq: row.seq,
    created: row.created_at,
  };
}

/** A contest's matches, newest first (`participant`: only those it played in). */
export async function matchesOf(
  services: Services,
  contest: ContestRow,
  options: {
    limit?: number;
    before?: number;
    participant?: number;
    base: string;
    kinds?: string[];
  },
): Promise<MatchView[]> {
  let query = services.ctx.db
    .selectFrom("matches")
    .selectAll("matches")
    .where("matches.contest_id", "=", contest.id)
    .orderBy("matches.seq", "desc")
    .limit(options.limit ?? 100);
  if (options.before !== undefined) query = query.where("matches.seq", "<", options.before);
  if (options.kinds !== undefined) query = query.where("matches.kind", "in", options.kinds);
  if (options.participant !== undefined) {
    query = query.where("matches.id", "in", (eb) =>
      eb
        .selectFrom("match_seats")
        .select("match_id")
        .where("participant_id", "=", options.participant!),
    );
  }
  const rows = await query.execute();
  return rows.map((row) => matchView(row, options.base));
}

/** The replay file of a recorded match (ladder, validation or jutge), if it is there. */
export function replayFile(
  services: Services,
  match: { id: string; contest_id: number },
): string | undefined {
  if (!/^[0-9a-f]{20}$/.test(match.id)) return undefined;
  for (const dir of [
    join(services.ctx.dataDir, "replays"),
    join(jutgeDir(services.ctx.dataDir, match.contest_id), "replays"),
  ]) {
    const file = join(dir, `${match.id}.arena`);
    if (existsSync(file)) return file;
  }
  return undefined;
}

/**
 * Match `id`'s replay file, if `auth` may read its contest: a 404 for a match that is not there,
 * of a contest `auth` may not read (as if it were not there), or without a replay.
 */
export async function readableReplayFile(
  services: Services,
  id: string,
  auth: Auth,
): Promise<string> {
  const match = await services.ctx.db
    .selectFrom("matches")
    .select(["id", "contest_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (match === undefined) throw notFound("match");
  await readableContest(services, match.contest_id, auth);
  const file = replayFile(services, match);
  if (file === undefined) throw notFound("replay");
  return file;
}
