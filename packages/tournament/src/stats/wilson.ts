import { Z95 } from "./normal";

/**
 * The Wilson score interval of a proportion: `successes` out of `trials` (successes may be
 * fractional, e.g. shared wins), at the confidence of `z` (default 95 %). Returns `[0, 1]` for no
 * trials. Unlike the normal approximation it stays inside [0, 1] and is sound for small samples and
 * for proportions near 0 or 1 (0 wins in 10 games gives [0, 0.278], not [0, 0]).
 */
export function wilsonInterval(successes: number, trials: number, z = Z95): [number, number] {
  if (trials <= 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
