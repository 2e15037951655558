import { Z95 } from "./normal";

/** The mean of a sample with its 95 % interval. */
export interface MeanInterval {
  /** Sample size. */
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1 in the denominator); 0 for fewer than two values. */
  sd: number;
  /** `[mean − z·sd/√n, mean + z·sd/√n]`: the normal approximation, sound from a few dozen values. */
  interval: [number, number];
}

/**
 * The mean of `values` with a normal-approximation interval (`z` default 95 %). Used for paired
 * differences of score and placement, where the values are many independent matches.
 */
export function meanInterval(values: readonly number[], z = Z95): MeanInterval {
  const n = values.length;
  if (n === 0) return { n, mean: 0, sd: 0, interval: [0, 0] };
  let sum = 0;
  for (const value of values) sum += value;
  const mean = sum / n;
  let squares = 0;
  for (const value of values) squares += (value - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
  const half = n > 1 ? (z * sd) / Math.sqrt(n) : Number.POSITIVE_INFINITY;
  return { n, mean, sd, interval: [mean - half, mean + half] };
}
