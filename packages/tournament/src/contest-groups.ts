// How the contest splits players into groups (README "Contest rules as implemented").

/**
 * `players` split in order into `count` groups as even as can be: sizes differ by one at most,
 * the larger groups first (7 in 2: 4 + 3; 5 in 2: 3 + 2; 9 in 3: 3 + 3 + 3). Each group is then
 * padded to a match with the baseline, so the padding is spread as evenly too.
 */
export function evenGroups<T>(players: readonly T[], count: number): T[][] {
  const groups: T[][] = [];
  let start = 0;
  for (let g = 0; g < count; g++) {
    const size = Math.floor(players.length / count) + (g < players.length % count ? 1 : 0);
    groups.push(players.slice(start, start + size));
    start += size;
  }
  return groups.filter((group) => group.length > 0);
}

/** The fewest groups of at most `seats` players that hold `players` players: ⌈players / seats⌉. */
export const groupCount = (players: number, seats: number): number =>
  Math.max(1, Math.ceil(players / seats));

/**
 * The number of semifinal groups for `players` players and matches of `seats`, or undefined when
 * no semifinal is fair. A fair one fills the final exactly (each of its g groups sends seats / g,
 * so g divides `seats`), holds every group in a match (at most `seats` players each) and makes
 * every finalist finish above another player (each group has more players than it sends). The
 * fewest such groups (the most matches among players). With 4 seats: 6–8 players in 2 groups,
 * 9–16 in 4; 5 players have none (2 groups of 3 + 2 would send the pair to the final for nothing),
 * so the contest eliminates one more first.
 */
export function semifinalGroups(players: number, seats: number): number | undefined {
  for (let groups = 2; groups <= seats; groups++) {
    if (seats % groups !== 0 || groups * seats < players) continue;
    if (Math.floor(players / groups) > seats / groups) return groups;
  }
  return undefined;
}
