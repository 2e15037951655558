/**
 * The standard normal distribution, for the statistics of match results: its cumulative
 * distribution function Φ and the two-sided 95 % quantile.
 */

/** z of a two-sided 95 % interval: Φ⁻¹(0.975). */
export const Z95 = 1.959963984540054;

/**
 * The error function, by Abramowitz & Stegun 7.1.26 (absolute error below 1.5·10⁻⁷): ample for
 * probabilities printed with three decimals.
 */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-a * a));
}

/** Φ(x): the probability that a standard normal variable is at most `x`. */
export function normalCdf(x: number): number {
  return 0.5 * (1 + erf(x / Math.SQRT2));
}
