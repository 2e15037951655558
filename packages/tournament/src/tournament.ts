import { type AnyEngine, ArenaError } from "@arena/core";
import { type BotEntry, describeBots } from "./bot-identity";
import { type BotSummary, playedRecords, summarizeBots } from "./bot-summary";
import { type PlannedMatch, playMatches } from "./play-matches";
import type { BotInfo, MatchRecord } from "./record";
import { winShare } from "./record";
import { openRun, type RunOptions, seatCount } from "./run-options";
import { type SeatMode, tournamentSeatings } from "./seatings";
import { wilsonInterval } from "./stats/wilson";

/** Options of `runTournament`. */
export interface TournamentOptions extends RunOptions {
  /** The bots (at least as many as seats, unless `fill` is given). */
  bots: BotEntry[];
  /** The seeds: every seating is played on each. */
  seeds: number[];
  /** `rotate` (default): each group in every cyclic rotation; `all`: in every permutation. */
  seats?: SeatMode;
  /** Fills the missing seats when there are fewer bots than seats (`Fill`, `Fill2`… in results). */
  fill?: BotEntry;
  /** Players per match for games with a range (Lighthouses): default the number of bots, capped. */
  players?: number;
}

/** Results of one seat over the tournament (the seat advantage of a game). */
export interface SeatSummary {
  seat: number;
  matches: number;
  /** Win rate of whoever sat there (shared wins). */
  winRate: number;
  winRateCI: [number, number];
  meanPlacement: number;
  meanScore: number;
}

/** The head-to-head table: `above[i][j]` is how often bot i finished above bot j. */
export interface HeadToHead {
  bots: string[];
  /** Fraction of the matches with both where the row bot ranked above the column bot (ties ½). */
  above: number[][];
  /** Matches with both bots. */
  matches: number[][];
}

/** The summary of a tournament (what `--json` prints; `summary.schema.json`). */
export interface TournamentSummary {
  kind: "tournament";
  game: string;
  engineVersion: string;
  /** Matches counted (records without an error). */
  matches: number;
  /** Matches that failed as a whole (not a bot fault). */
  errors: number;
  /** The bots, best first (by rating ordinal, then win rate). */
  bots: BotSummary[];
  headToHead: HeadToHead;
  seats: SeatSummary[];
}

/** A tournament in progress: iterate it for the match records; `summary()` at any time. */
export interface Tournament extends AsyncIterable<MatchRecord> {
  readonly bots: readonly BotInfo[];
  /** Matches planned (before removing repeats and the ones already recorded). */
  readonly planned: number;
  /** The summary of the records seen so far. */
  summary(): TournamentSummary;
}

/** The plan of a tournament: for each seed in order, every seating. */
export function tournamentPlan(
  engine: AnyEngine,
  botCount: number,
  seeds: readonly number[],
  mode: SeatMode,
  players?: number,
): PlannedMatch[] {
  const { min, max } = engine.players;
  const seats = seatCount(
    engine,
    players ?? (min === max ? undefined : Math.min(Math.max(botCount, min), max)),
  );
  if (botCount < seats) {
    throw new ArenaError(
      "BAD_OPTION",
      `${engine.title} has ${seats} seats but only ${botCount} bots were given; add bots or fill the seats with --fill <bot>`,
    );
  }
  const seatings = tournamentSeatings(botCount, seats, mode);
  return seeds.flatMap((seed) => seatings.map((seating) => ({ seed, seats: seating })));
}

/**
 * Runs a tournament: every bot plays every seed in every seat (see `tournamentPlan`), records by
 * stable id, in parallel, resumable. An async iterable of the match records, in completion order.
 */
export function runTournament(options: TournamentOptions): Tournament {
  const { engine } = options;
  const cwd = options.cwd ?? process.cwd();
  const mode = options.seats ?? "rotate";
  const entries = [...options.bots];
  const { min, max } = engine.players;
  const wanted =
    options.players ?? (min === max ? min : Math.min(Math.max(entries.length, min), max));
  if (options.fill !== undefined && entries.length < wanted) {
    const base = options.fill.name ?? "Fill";
    for (let k = 1; entries.length < wanted; k++) {
      entries.push({ spec: options.fill.spec, name: k === 1 ? base : `${base}${k}` });
    }
  }
  const bots = describeBots(engine, entries, cwd);
  const plan = tournamentPlan(engine, bots.length, options.seeds, mode, options.players);
  const records: MatchRecord[] = [];
  return {
    bots,
    planned: plan.length,
    summary: () => summarizeTournament(engine, bots, records),
    async *[Symbol.asyncIterator]() {
      const run = await openRun("tournament", options, bots, {
        seeds: options.seeds.length,
        firstSeed: options.seeds[0] ?? 0,
        seats: mode,
      });
      try {
        for await (const record of playMatches(run.context, plan)) {
          records.push(record);
          yield record;
        }
      } finally {
        await run.close();
      }
    },
  };
}

/** The summary of a tournament from its records (pure: from records only, never live state). */
export function summarizeTournament(
  engine: AnyEngine,
  bots: readonly BotInfo[],
  records: readonly MatchRecord[],
): TournamentSummary {
  const names = bots.map((bot) => bot.name);
  const played = playedRecords(records);
  const summaries = summarizeBots(played, names).sort(
    (a, b) => b.rating.ordinal - a.rating.ordinal || b.winRate - a.winRate,
  );
  const index = new Map(names.map((name, i) => [name, i]));
  const above = names.map(() => names.map(() => 0));
  const together = names.map(() => names.map(() => 0));
  const seatTotals: Array<{ matches: number; wins: number; placements: number; scores: number }> =
    [];
  for (const record of played) {
    record.seats.forEach((name, seat) => {
      let totals = seatTotals[seat];
      if (totals === undefined) {
        totals = { matches: 0, wins: 0, placements: 0, scores: 0 };
        seatTotals[seat] = totals;
      }
      totals.matches++;
      totals.wins += winShare(record, seat);
      totals.placements += record.ranks[seat]!;
      totals.scores += record.scores[seat]!;
      const i = index.get(name);
      if (i === undefined) return;
      record.seats.forEach((other, otherSeat) => {
        const j = index.get(other);
        if (j === undefined || j === i) return;
        together[i]![j]!++;
        const mine = record.ranks[seat]!;
        const theirs = record.ranks[otherSeat]!;
        above[i]![j]! += mine < theirs ? 1 : mine === theirs ? 0.5 : 0;
      });
    });
  }
  return {
    kind: "tournament",
    game: engine.name,
    engineVersion: engine.version,
    matches: played.length,
    errors: records.length - played.length,
    bots: summaries,
    headToHead: {
      bots: names,
      above: above.map((row, i) =>
        row.map((count, j) => (together[i]![j]! > 0 ? count / together[i]![j]! : 0)),
      ),
      matches: together,
    },
    seats: seatTotals.map((totals, seat) => ({
      seat,
      matches: totals.matches,
      winRate: totals.matches > 0 ? totals.wins / totals.matches : 0,
      winRateCI: wilsonInterval(totals.wins, totals.matches),
      meanPlacement: totals.matches > 0 ? totals.placements / totals.matches : 0,
      meanScore: totals.matches > 0 ? totals.scores / totals.matches : 0,
    })),
  };
}
