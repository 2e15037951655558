import { existsSync } from "node:fs";
import type { SeatStatus, TaskResult } from "@arena/tournament";
import type { Kysely } from "kysely";
import { now } from "../context";
import type { Database } from "../db/schema";
import type { SeatBot } from "./match-player";

/** A match as the store records it. */
export interface FinishedMatch {
  id: string;
  contestId: number;
  kind: string;
  stage?: string;
  seed: number;
  seats: SeatBot[];
  /** The outcome, or why the match failed as a whole. */
  outcome: TaskResult | { error: string; durationMs: number };
  /** The replay file, if it was written. */
  replayFile?: string;
}

/**
 * Records a finished match and its seats, and removes it from the pending matches, in one
 * transaction. A match already recorded (its id is unique: a match played twice after a killed
 * worker or server) is not recorded again; returns whether it was new.
 */
export async function recordMatch(db: Kysely<Database>, match: FinishedMatch): Promise<boolean> {
  const { outcome } = match;
  const failed = "error" in outcome;
  const status: SeatStatus[] = failed
    ? match.seats.map(() => ({ state: "ok" }))
    : outcome.players.map((player) =>
        player.frozen
          ? { state: "frozen", reason: player.fault ?? "frozen", round: player.frozenAtRound ?? 0 }
          : { state: "ok" },
      );
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("matches")
      .values({
        id: match.id,
        contest_id: match.contestId,
        kind: match.kind,
        stage: match.stage ?? null,
        seed: match.seed,
        seats: JSON.stringify(
          match.seats.map(({ name, participant, submission }) => ({
            name,
            participant,
            submission,
          })),
        ),
        scores: JSON.stringify(failed ? [] : outcome.scores),
        ranks: JSON.stringify(failed ? [] : outcome.ranks),
        status: JSON.stringify(status),
        rounds: failed ? 0 : outcome.rounds,
        duration_ms: Math.round(outcome.durationMs),
        error: failed ? outcome.error : null,
        has_replay: match.replayFile !== undefined && existsSync(match.replayFile) ? 1 : 0,
        created_at: now(),
      })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .executeTakeFirst();
    await trx.deleteFrom("pending_matches").where("id", "=", match.id).execute();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    if (!failed) {
      await trx
        .insertInto("match_seats")
        .values(
          match.seats.map((seat, index) => {
            const state = status[index]!;
            return {
              match_id: match.id,
              contest_id: match.contestId,
              seat: index,
              participant_id: seat.participant,
              submission_id: seat.submission,
              rank: outcome.ranks[index]!,
              score: outcome.scores[index]!,
              frozen: state.state === "frozen" ? 1 : 0,
              reason: state.state === "frozen" ? state.reason.slice(0, 2000) : null,
              frozen_round: state.state === "frozen" ? state.round : null,
            };
          }),
        )
        .execute();
    }
    return true;
  });
}
