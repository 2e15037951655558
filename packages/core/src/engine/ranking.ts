/**
 * The rank of each player from its score: 1 = best (highest score); equal scores share a rank and
 * the next rank skips (competition ranking: scores 5 9 9 1 → ranks 3 1 1 4).
 */
export function ranking(scores: readonly number[]): number[] {
  return scores.map((score) => 1 + scores.filter((other) => other > score).length);
}
