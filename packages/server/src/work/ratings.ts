import { createRequire } from "node:module";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

type OpenSkill = typeof import("openskill");
let openskill: OpenSkill | undefined;
const skill = (): OpenSkill =>
  (openskill ??= createRequire(import.meta.url)("openskill") as OpenSkill);

/** A participant's rating and counts. */
export interface Standing {
  participant: number;
  mu: number;
  sigma: number;
  ordinal: number;
  matches: number;
  /** Shared wins: k seats tied at the top get 1/k each (as `@arena/tournament` counts them). */
  wins: number;
  /** Its rating after each of its matches: [match seq, mu, sigma]. */
  history: Array<[number, number, number]>;
}

/** Matches rated: the ladder's, scrimmages and a jutge contest's (not validations). */
const RATED = ["ladder", "scrimmage", "jutge"];

/**
 * A contest's OpenSkill ratings (Weng–Lin, Plackett–Luce: npm `openskill`, as
 * `@arena/tournament`), computed from the match records in the order they were recorded, and
 * brought up to date incrementally: each `refresh` reads only the matches recorded since the last
 * one. Unlike `rateRecords` (ascending match-id order, for a batch whose order is arbitrary), a
 * ladder is rated in time order, so that a rating can be followed over time and a request never
 * recomputes 20 000 matches. The baseline's seats are rated too (they are part of each match) but
 * not listed. A participant in several seats of a match gets the mean of its seats' updates.
 */
export class ContestRatings {
  private lastSeq = 0;
  private readonly byParticipant = new Map<number, Standing>();
  private readonly baseline = new Map<string, { mu: number; sigma: number }>();
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly contestId: number,
  ) {}

  /** The standings, best first (by ordinal = mu − 3·sigma). */
  async standings(): Promise<Standing[]> {
    await this.refresh();
    return [...this.byParticipant.values()].sort((a, b) => b.ordinal - a.ordinal);
  }

  /** One participant's standing, if it has played. */
  async of(participant: number): Promise<Standing | undefined> {
    await this.refresh();
    return this.byParticipant.get(participant);
  }

  /** Reads and rates the matches recorded since the last call (one refresh at a time). */
  refresh(): Promise<void> {
    this.refreshing ??= this.readNew().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async readNew(): Promise<void> {
    while (true) {
      const rows = await this.db
        .selectFrom("matches")
        .select(["seq", "seats", "ranks", "kind"])
        .where("contest_id", "=", this.contestId)
        .where("seq", ">", this.lastSeq)
        .where("error", "is", null)
        .orderBy("seq")
        .limit(5000)
        .execute();
      for (const row of rows) {
        if (RATED.includes(row.kind))
          this.rate(row.seq, JSON.parse(row.seats), JSON.parse(row.ranks));
        this.lastSeq = row.seq;
      }
      if (rows.length < 5000) return;
    }
  }

  private rate(
    seq: number,
    seats: Array<{ name: string; participant: number | null }>,
    ranks: number[],
  ): void {
    const { rate, rating, ordinal } = skill();
    if (ranks.length !== seats.length) return;
    const before = seats.map((seat) => {
      if (seat.participant === null) return this.baseline.get(seat.name) ?? rating();
      const known = this.byParticipant.get(seat.participant);
      return known !== undefined ? rating({ mu: known.mu, sigma: known.sigma }) : rating();
    });
    const after = rate(
      before.map((value) => [value]),
      { rank: ranks },
    );
    const sums = new Map<
      number | string,
      { mu: number; sigma: number; count: number; wins: number }
    >();
    const tiedFirst = ranks.filter((rank) => rank === 1).length;
    seats.forEach((seat, index) => {
      const key = seat.participant ?? seat.name;
      const sum = sums.get(key) ?? { mu: 0, sigma: 0, count: 0, wins: 0 };
      sum.mu += after[index]![0]!.mu;
      sum.sigma += after[index]![0]!.sigma;
      sum.count++;
      if (ranks[index] === 1) sum.wins += 1 / tiedFirst;
      sums.set(key, sum);
    });
    for (const [key, sum] of sums) {
      const mu = sum.mu / sum.count;
      const sigma = sum.sigma / sum.count;
      if (typeof key === "string") {
        this.baseline.set(key, { mu, sigma });
        continue;
      }
      const standing = this.byParticipant.get(key) ?? {
        participant: key,
        mu,
        sigma,
        ordinal: 0,
        matches: 0,
        wins: 0,
        history: [],
      };
      standing.mu = mu;
      standing.sigma = sigma;
      standing.ordinal = ordinal({ mu, sigma });
      standing.matches++;
      standing.wins += sum.wins;
      standing.history.push([seq, mu, sigma]);
      this.byParticipant.set(key, standing);
    }
  }
}
