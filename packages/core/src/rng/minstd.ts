/**
 * Park–Miller MINSTD with multiplier 48271, as used by Mad Max Revisited and Bola de Drac 2012:
 * state ← 48271·state mod (2^31 − 1).
 */
export class Minstd {
  private s: number;

  /** Seeds like the original `srandomize`: negative seeds are negated; state = 1 + (x mod 2147483646). */
  constructor(seed: number) {
    this.s = 1;
    this.setSeed(seed);
  }

  /** Reseeds the generator (same rule as the constructor). */
  setSeed(seed: number): void {
    const x = seed < 0 ? -seed : seed;
    this.s = 1 + (x % 2147483646);
  }

  /** The internal state (1..2^31−2), for snapshots. */
  get state(): number {
    return this.s;
  }

  set state(value: number) {
    this.s = value;
  }

  /** Advances and returns state − 1 (0..2^31−3), like the original `randomize()`. */
  randomize(): number {
    // 48271 · s < 2^47: exact in a double.
    this.s = (48271 * this.s) % 2147483647;
    return this.s - 1;
  }

  /** l + randomize() mod (u − l + 1), like Mad Max Revisited's `randomize(l, u)`. */
  randomRange(l: number, u: number): number {
    return l + (this.randomize() % (u - l + 1));
  }
}
