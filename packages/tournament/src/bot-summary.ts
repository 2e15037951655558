import { rateRecords, type SkillRating } from "./ratings";
import { type MatchRecord, winShare } from "./record";
import { wilsonInterval } from "./stats/wilson";

/** One bot's results over a set of matches. */
export interface BotSummary {
  bot: string;
  /** Seats it played (a bot in two seats of one match counts twice). */
  matches: number;
  /** Wins: the seats with the top score; k seats tied at the top share one win (1/k each). */
  wins: number;
  winRate: number;
  /** 95 % Wilson interval of the win rate. */
  winRateCI: [number, number];
  /** Mean rank, 1 = best. */
  meanPlacement: number;
  meanScore: number;
  rating: SkillRating;
  /** Seats in which it was frozen. */
  faults: number;
  /** Each distinct fault reason with how many times it happened. */
  faultReasons: Array<{ reason: string; count: number }>;
}

/** The usable records: those without a match `error`. */
export const playedRecords = (records: readonly MatchRecord[]): MatchRecord[] =>
  records.filter((record) => record.error === undefined && record.ranks.length > 0);

/**
 * Per-bot figures over `records` for the bots named `names` (in that order): seats, shared wins,
 * win rate with its Wilson interval, mean placement and score, OpenSkill rating, faults.
 */
export function summarizeBots(
  records: readonly MatchRecord[],
  names: readonly string[],
): BotSummary[] {
  const played = playedRecords(records);
  const ratings = rateRecords(played, names);
  return names.map((name) => {
    let matches = 0;
    let wins = 0;
    let placements = 0;
    let scores = 0;
    let faults = 0;
    const reasons = new Map<string, number>();
    for (const record of played) {
      record.seats.forEach((seated, seat) => {
        if (seated !== name) return;
        matches++;
        wins += winShare(record, seat);
        placements += record.ranks[seat]!;
        scores += record.scores[seat]!;
        const status = record.status[seat];
        if (status?.state === "frozen") {
          faults++;
          reasons.set(status.reason, (reasons.get(status.reason) ?? 0) + 1);
        }
      });
    }
    return {
      bot: name,
      matches,
      wins,
      winRate: matches > 0 ? wins / matches : 0,
      winRateCI: wilsonInterval(wins, matches),
      meanPlacement: matches > 0 ? placements / matches : 0,
      meanScore: matches > 0 ? scores / matches : 0,
      rating: ratings.get(name)!,
      faults,
      faultReasons: [...reasons]
        .map(([reason, count]) => ({ reason, count }))
        .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1)),
    };
  });
}
