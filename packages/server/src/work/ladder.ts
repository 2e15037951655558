import type { AnyEngine } from "@arena/core";
import { matchId } from "@arena/tournament";
import type { ServerContext } from "../context";
import { now } from "../context";
import { activeSeats, baselineSeat, type Contest, contestConfig } from "./contest-bots";
import type { SeatBot } from "./match-player";
import { pickSeats, shuffle } from "./pick-seats";
import type { ContestRatings } from "./ratings";

/** Queues a match of `seats` in `contest` (state `pending`): it survives a restart until played. */
export async function queueMatch(
  ctx: ServerContext,
  contest: Contest,
  kind: string,
  seed: number,
  seats: SeatBot[],
): Promise<string> {
  const engine = await ctx.engine(contest.game);
  const id = matchId({
    game: engine.name,
    engineVersion: engine.version,
    config: contestConfig(engine, contest),
    seed,
    seats,
  });
  await ctx.db
    .insertInto("pending_matches")
    .values({
      id,
      contest_id: contest.id,
      kind,
      seed,
      seats: JSON.stringify(seats),
      state: "pending",
      attempts: 0,
      reason: null,
      created_at: now(),
    })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
  ctx.wake();
  return id;
}

const seeds = new Map<number, number>();

/** The next seed of a contest's ladder and scrimmages (1, 2, …; continued after a restart). */
export async function nextSeed(ctx: ServerContext, contestId: number): Promise<number> {
  let seed = seeds.get(contestId);
  if (seed === undefined) {
    const [played, pending] = await Promise.all(
      (["matches", "pending_matches"] as const).map((table) =>
        ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.max("seed").as("seed"))
          .where("contest_id", "=", contestId)
          .where("kind", "in", ["ladder", "scrimmage"])
          .executeTakeFirst(),
      ),
    );
    seed = Math.max(Number(played?.seed ?? 0), Number(pending?.seed ?? 0));
  }
  seed++;
  seeds.set(contestId, seed);
  return seed;
}

/** Players per match of `engine`: its fixed count, or its default (Lighthouses). */
export function seatsOf(engine: AnyEngine): number {
  const { min, max } = engine.players;
  return min === max ? min : engine.players.default;
}

/** Fills the seats after `chosen` with copies of the baseline. */
export function fillWithBaseline(contest: Contest, chosen: SeatBot[], seats: number): SeatBot[] {
  const filled = [...chosen];
  for (let copy = 1; filled.length < seats; copy++) filled.push(baselineSeat(contest, copy));
  return filled;
}

/**
 * Plans the next ladder match of `contest`, if it has an active revision: players chosen by
 * `pickSeats` (near in rating, some exploration), the rest of the seats the baseline, seated in
 * random order. Returns its id, or undefined when nobody is active.
 */
export async function planLadderMatch(
  ctx: ServerContext,
  contest: Contest,
  ratings: ContestRatings,
): Promise<string | undefined> {
  const engine = await ctx.engine(contest.game);
  const active = await activeSeats(ctx, engine, contest);
  if (active.length === 0) return undefined;
  const seats = seatsOf(engine);
  const standings = await ratings.standings();
  const byParticipant = new Map(standings.map((standing) => [standing.participant, standing]));
  const candidates = active.map((seat, index) => {
    const standing = byParticipant.get(seat.participant!);
    return { index, ordinal: standing?.ordinal ?? 0, matches: standing?.matches ?? 0 };
  });
  const chosen = pickSeats(candidates, seats, Math.random).map((index) => active[index]!);
  const planned = shuffle(fillWithBaseline(contest, chosen, seats), Math.random);
  return queueMatch(ctx, contest, "ladder", await nextSeed(ctx, contest.id), planned);
}
