import { ArenaError } from "@arena/core";

/**
 * The seeds the engines play as the originals do. The original engines read the seed into a C
 * `int` and arena's generators reduce any other number to 32 bits (the 31-bit LCG keeps `seed >>> 0`,
 * glibc `srand` takes `seed | 0`), so a larger seed would silently play another one. −2^31 is left
 * out because the originals negate negative seeds and −(−2^31) overflows an `int`.
 */
export const SEED_MIN = -2147483647;
/** The largest seed (2^31 − 1). */
export const SEED_MAX = 2147483647;

/** Throws `BAD_FLAG` for a seed outside `SEED_MIN..SEED_MAX`, naming the range. */
export function checkSeed(seed: number, flag = "--seed"): number {
  if (!Number.isInteger(seed) || seed < SEED_MIN || seed > SEED_MAX) {
    throw new ArenaError(
      "BAD_FLAG",
      `${flag} must be an integer from ${SEED_MIN} to ${SEED_MAX} (the 32-bit int the engines take), got ${seed}`,
    );
  }
  return seed;
}
