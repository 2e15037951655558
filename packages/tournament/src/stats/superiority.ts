import { normalCdf } from "./normal";

/**
 * The likelihood of superiority (as chess engine testers report it): the probability that the
 * candidate is truly the stronger, from `wins` and `losses` of paired comparisons (draws carry no
 * information): Φ((wins − losses) / √(wins + losses)). 0.5 with no decisive comparison.
 */
export function likelihoodOfSuperiority(wins: number, losses: number): number {
  const decisive = wins + losses;
  if (decisive <= 0) return 0.5;
  return normalCdf((wins - losses) / Math.sqrt(decisive));
}

/**
 * The likelihood that a win rate is truly above `p0`, from `wins` (possibly fractional) out of
 * `trials`: Φ((p̂ − p0) / √(p0(1 − p0)/n)), the normal approximation of the binomial under p0.
 */
export function likelihoodAbove(wins: number, trials: number, p0: number): number {
  if (trials <= 0) return 0.5;
  const p = wins / trials;
  return normalCdf((p - p0) / Math.sqrt((p0 * (1 - p0)) / trials));
}
