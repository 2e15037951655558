/**
 * The 31-bit linear congruential generator of the original Mad Max (2018) and Money Heist engines
 * (`Random_generator`): s ← (843314861·s + 453816693) mod 2^31.
 */
export class Lcg31 {
  private s: number;

  /** Seeds like the original `set_random_seed`: negative seeds are negated, then masked to 31 bits. */
  constructor(seed: number) {
    this.s = 0;
    this.setSeed(seed);
  }

  /** Reseeds the generator (same rule as the constructor). */
  setSeed(seed: number): void {
    const x = seed < 0 ? -seed : seed;
    // The original masks a 32-bit int; `>>> 0` keeps the low 32 bits of any integer seed.
    this.s = (x >>> 0) & 0x7fffffff;
  }

  /** The internal 31-bit state, for snapshots. */
  get state(): number {
    return this.s;
  }

  set state(value: number) {
    this.s = value & 0x7fffffff;
  }

  /** Advances the state once and returns it. Only the low 31 bits of the product matter. */
  private next(): number {
    this.s = (Math.imul(843314861, this.s) + 453816693) & 0x7fffffff;
    return this.s;
  }

  /**
   * A uniform integer in [l, u], exactly as the original: returns l when l > u or when the range
   * exceeds 10^6; otherwise it steps twice (the first value is discarded).
   */
  random(l: number, u: number): number {
    if (l > u) return l;
    const n = u - l + 1;
    if (n > 1_000_000) return l;
    this.next();
    const s = this.next();
    return l + Math.trunc(n * (s / 2147483648));
  }

  /** A random permutation of 0..n−1: for i ascending, swap v[i] with v[random(i, n−1)]. */
  randomPermutation(n: number): number[] {
    const v = new Array<number>(n);
    for (let i = 0; i < n; i++) v[i] = i;
    for (let i = 0; i < n; i++) {
      const j = this.random(i, n - 1);
      const t = v[i]!;
      v[i] = v[j]!;
      v[j] = t;
    }
    return v;
  }
}
