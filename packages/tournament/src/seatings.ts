/** How a group of bots is seated for a seed: every cyclic rotation, or every permutation. */
export type SeatMode = "rotate" | "all";

/** The cyclic rotations of `group`: [a b c], [b c a], [c a b]. */
export function rotations<T>(group: readonly T[]): T[][] {
  return group.map((_, shift) => group.map((_, seat) => group[(seat + shift) % group.length]!));
}

/** Every permutation of `group`, in lexicographic order of positions. */
export function permutations<T>(group: readonly T[]): T[][] {
  if (group.length <= 1) return [group.slice()];
  const result: T[][] = [];
  group.forEach((first, index) => {
    const rest = [...group.slice(0, index), ...group.slice(index + 1)];
    for (const tail of permutations(rest)) result.push([first, ...tail]);
  });
  return result;
}

/** Every `size`-element combination of `items`, in lexicographic order of positions. */
export function combinations<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  const pick = (start: number, chosen: T[]) => {
    if (chosen.length === size) {
      result.push(chosen.slice());
      return;
    }
    for (let i = start; i <= items.length - (size - chosen.length); i++) {
      chosen.push(items[i]!);
      pick(i + 1, chosen);
      chosen.pop();
    }
  };
  pick(0, []);
  return result;
}

/**
 * The seatings of a tournament for one seed: with as many bots as seats, the bots in every
 * rotation (`rotate`) or permutation (`all`); with more bots, every combination of `seats` bots,
 * each rotated or permuted. Bots are given by index; a seating lists the bot of each seat.
 */
export function tournamentSeatings(bots: number, seats: number, mode: SeatMode): number[][] {
  const indexes = Array.from({ length: bots }, (_, i) => i);
  const arrange = mode === "all" ? permutations<number> : rotations<number>;
  return combinations(indexes, seats).flatMap((group) => arrange(group));
}
