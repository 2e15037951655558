import { createRequire } from "node:module";
import type { MatchRecord } from "./record";

/**
 * openskill, loaded the first time ratings are computed: importing it (with ramda and its other
 * dependencies) costs about 0.3 s of CPU, which every process importing this package paid at
 * start, also those that never rate (a queue's worker process, `arena worker`, a match task).
 */
let openskill: typeof import("openskill") | undefined;
const skill = (): typeof import("openskill") =>
  (openskill ??= createRequire(import.meta.url)("openskill") as typeof import("openskill"));

/**
 * Loads openskill now rather than when ratings are first computed: a run whose matches are played
 * by a pool loads it while the pool's workers start (see `openRun`), not after the last match.
 */
export function loadRatings(): void {
  skill();
}

/** An OpenSkill rating: a Gaussian belief about a bot's skill (mu ± sigma, 25 ± 8.33 at first). */
export interface SkillRating {
  mu: number;
  sigma: number;
  /** mu − 3·sigma, the conservative figure to sort by. */
  ordinal: number;
}

/**
 * OpenSkill ratings (Weng–Lin, Plackett–Luce model: npm `openskill`) of the bots named in
 * `records`, updated one match at a time in ascending match-id order, so the result is the same
 * whatever order the matches completed in. Each seat is a one-bot team ranked by the match's ranks
 * (ties share a rank). A bot in several seats of one match (copies of a baseline) gets the mean of
 * its seats' updated ratings. Matches with an `error` are skipped.
 */
export function rateRecords(
  records: readonly MatchRecord[],
  names: readonly string[],
): Map<string, SkillRating> {
  const { ordinal, rate, rating } = skill();
  const current = new Map(names.map((name) => [name, rating()]));
  const ordered = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const record of ordered) {
    if (record.error !== undefined || record.ranks.length !== record.seats.length) continue;
    const teams = record.seats.map((name) => {
      let value = current.get(name);
      if (value === undefined) {
        value = rating();
        current.set(name, value);
      }
      return [value];
    });
    const updated = rate(teams, { rank: record.ranks });
    const sums = new Map<string, { mu: number; sigma: number; count: number }>();
    record.seats.forEach((name, seat) => {
      const after = updated[seat]![0]!;
      const sum = sums.get(name) ?? { mu: 0, sigma: 0, count: 0 };
      sum.mu += after.mu;
      sum.sigma += after.sigma;
      sum.count++;
      sums.set(name, sum);
    });
    for (const [name, sum] of sums) {
      current.set(name, rating({ mu: sum.mu / sum.count, sigma: sum.sigma / sum.count }));
    }
  }
  const result = new Map<string, SkillRating>();
  for (const [name, value] of current) {
    result.set(name, { mu: value.mu, sigma: value.sigma, ordinal: ordinal(value) });
  }
  return result;
}
