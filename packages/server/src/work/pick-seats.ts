/** A candidate for a ladder match. */
export interface Candidate {
  /** Its index in the caller's list. */
  index: number;
  /** Conservative rating (mu − 3·sigma). */
  ordinal: number;
  /** Rated matches played so far. */
  matches: number;
}

/**
 * Chooses the players of a ladder match: the one with the fewest matches (so a new revision is
 * rated at once and nobody is starved), then, for each other seat, with probability `explore` a
 * random one (exploration: ratings stay comparable across the whole ladder), else the nearest in
 * rating to the first. Returns at most `seats` indexes; the caller fills the rest with the
 * baseline. `random` returns [0, 1).
 */
export function pickSeats(
  candidates: readonly Candidate[],
  seats: number,
  random: () => number,
  explore = 0.25,
): number[] {
  if (candidates.length === 0) return [];
  const fewest = Math.min(...candidates.map((candidate) => candidate.matches));
  const starved = candidates.filter((candidate) => candidate.matches === fewest);
  const anchor = starved[Math.floor(random() * starved.length)]!;
  const chosen = [anchor];
  const rest = candidates.filter((candidate) => candidate !== anchor);
  while (chosen.length < seats && rest.length > 0) {
    let at: number;
    if (random() < explore) at = Math.floor(random() * rest.length);
    else {
      at = 0;
      for (let k = 1; k < rest.length; k++) {
        const distance = Math.abs(rest[k]!.ordinal - anchor.ordinal);
        if (distance < Math.abs(rest[at]!.ordinal - anchor.ordinal)) at = k;
      }
    }
    chosen.push(rest.splice(at, 1)[0]!);
  }
  return chosen.map((candidate) => candidate.index);
}

/** Shuffles `items` in place (Fisher–Yates with `random`): seats are not given by rank. */
export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
