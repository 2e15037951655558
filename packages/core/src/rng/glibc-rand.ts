/**
 * glibc `rand()` with its default TYPE_3 additive feedback state, seeded by `srand(seed)`, as
 * used by Bola de Drac's `random_shuffle` of the players. Outputs are 31-bit (0..2^31−1).
 */
export class GlibcRand {
  private r = new Int32Array(34);
  private i = 0;

  constructor(seed: number) {
    this.srand(seed);
  }

  /** Reseeds exactly like glibc `srand` (seed 0 behaves as 1), discarding the first 310 outputs. */
  srand(seed: number): void {
    const r = new Int32Array(34);
    r[0] = seed >>> 0 === 0 ? 1 : seed | 0;
    for (let k = 1; k < 31; k++) {
      // Schrage's 16807·r mod (2^31 − 1) on signed 32-bit values, as glibc does it.
      const hi = Math.trunc(r[k - 1]! / 127773);
      const lo = r[k - 1]! % 127773;
      let word = 16807 * lo - 2836 * hi;
      if (word < 0) word += 2147483647;
      r[k] = word;
    }
    for (let k = 31; k < 34; k++) r[k] = r[k - 31]!;
    this.r = r;
    this.i = 34;
    // Keep a ring of the last 34 values; r[i] = r[i−31] + r[i−3].
    for (let k = 34; k < 344; k++) this.step();
  }

  private step(): number {
    const r = this.r;
    const i = this.i;
    const v = (r[(i - 31) % 34]! + r[(i - 3) % 34]!) | 0;
    r[i % 34] = v;
    this.i = i + 1;
    return v;
  }

  /** The next output of `rand()`: 0..2^31−1. */
  rand(): number {
    return this.step() >>> 1;
  }

  /** The generator state (ring and index), for snapshots. */
  get state(): { ring: number[]; index: number } {
    return { ring: Array.from(this.r), index: this.i };
  }

  set state(value: { ring: number[]; index: number }) {
    this.r = Int32Array.from(value.ring);
    this.i = value.index;
  }
}
