import { ArenaError } from "@arena/core";

/** The most seeds one run may list (a typo such as `1..1e9` should not allocate forever). */
const MAX_SEEDS = 10_000_000;

/**
 * Parses a seed list: `N` (seeds 1..N), `A..B` (inclusive), or a comma-separated mix of both
 * (`1..10,20,30..32`, where a lone number is that seed). Repeated seeds are kept once, in order
 * of first appearance. Throws `BAD_SEEDS` naming the bad part.
 */
export function parseSeeds(text: string, where = "--seeds"): number[] {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    const count = Number(trimmed);
    if (count < 1 || count > MAX_SEEDS) {
      throw new ArenaError("BAD_SEEDS", `${where}: ${count} seeds is not in 1..${MAX_SEEDS}`);
    }
    return Array.from({ length: count }, (_, i) => i + 1);
  }
  const seeds: number[] = [];
  const seen = new Set<number>();
  const add = (seed: number) => {
    if (!seen.has(seed)) {
      seen.add(seed);
      seeds.push(seed);
    }
  };
  for (const part of trimmed.split(",")) {
    const range = /^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$/.exec(part);
    if (range !== null) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (to < from) throw new ArenaError("BAD_SEEDS", `${where}: empty range '${part.trim()}'`);
      if (to - from + 1 + seeds.length > MAX_SEEDS) {
        throw new ArenaError("BAD_SEEDS", `${where}: more than ${MAX_SEEDS} seeds`);
      }
      for (let seed = from; seed <= to; seed++) add(seed);
    } else if (/^\s*-?\d+\s*$/.test(part)) {
      add(Number(part));
    } else {
      throw new ArenaError(
        "BAD_SEEDS",
        `${where}: '${part.trim()}' is not a seed, a count or a range A..B (e.g. 100, 1..100, 1,5,9)`,
      );
    }
  }
  for (const seed of seeds) {
    if (!Number.isSafeInteger(seed)) {
      throw new ArenaError("BAD_SEEDS", `${where}: ${seed} is not a safe integer`);
    }
  }
  return seeds;
}
