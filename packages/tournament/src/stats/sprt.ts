/** A sequential probability ratio test on a win rate: H0 p = p0 against H1 p = p1 > p0. */
export interface SprtOptions {
  /** The win rate of H0 (no better): 1/players in the default test design. */
  p0: number;
  /** The win rate of H1 (better by the margin that matters). */
  p1: number;
  /** False positive rate (default 0.05). */
  alpha?: number;
  /** False negative rate (default 0.05). */
  beta?: number;
}

/** Where a sequential probability ratio test stands. */
export interface SprtState {
  p0: number;
  p1: number;
  alpha: number;
  beta: number;
  /** ln(β / (1 − α)): at or below it, H0 is accepted. */
  lower: number;
  /** ln((1 − β) / α): at or above it, H1 is accepted. */
  upper: number;
  /** The log-likelihood ratio ln(L(p1) / L(p0)) of the outcomes so far. */
  llr: number;
  /** Outcomes seen. */
  trials: number;
  /** `H1` (better), `H0` (not better by p1) or `continue`. */
  result: "H1" | "H0" | "continue";
}

/** The bounds of Wald's SPRT: `[ln(β/(1−α)), ln((1−β)/α)]` (±2.944 for α = β = 0.05). */
export function sprtBounds(alpha = 0.05, beta = 0.05): [number, number] {
  return [Math.log(beta / (1 - alpha)), Math.log((1 - beta) / alpha)];
}

/**
 * Wald's SPRT on Bernoulli outcomes: `wins` (possibly fractional: a win shared by k tied players
 * counts 1/k) out of `trials`. Each outcome x adds x·ln(p1/p0) + (1 − x)·ln((1 − p1)/(1 − p0)) to
 * the log-likelihood ratio; the test concludes when it leaves (lower, upper).
 */
export function sprt(wins: number, trials: number, options: SprtOptions): SprtState {
  const { p0, p1, alpha = 0.05, beta = 0.05 } = options;
  if (!(p0 > 0 && p0 < 1 && p1 > 0 && p1 < 1 && p1 !== p0)) {
    throw new RangeError(`SPRT needs 0 < p0, p1 < 1 and p0 ≠ p1 (got p0 ${p0}, p1 ${p1})`);
  }
  const [lower, upper] = sprtBounds(alpha, beta);
  const llr = wins * Math.log(p1 / p0) + (trials - wins) * Math.log((1 - p1) / (1 - p0));
  const result = llr >= upper ? "H1" : llr <= lower ? "H0" : "continue";
  return { p0, p1, alpha, beta, lower, upper, llr, trials, result };
}
