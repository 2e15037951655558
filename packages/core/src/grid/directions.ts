/** One step on a grid: a row delta and a column delta, named by a game-chosen letter. */
export interface Direction {
  /** The game's own letter or name for it (e.g. `d`, `u`, `Bottom`). */
  readonly letter: string;
  /** Row delta (+1 = down). */
  readonly dr: number;
  /** Column delta (+1 = right). */
  readonly dc: number;
}

/**
 * An ordered set of directions (4 or 8 neighbours, or any list), in the order the game uses for
 * its direction numbers. Deltas are also kept in typed arrays for allocation-free hot loops.
 */
export class DirectionSet {
  /** The directions, index = the game's direction number. */
  readonly list: readonly Direction[];
  /** `dr[d]`: row delta of direction d. */
  readonly dr: Int8Array;
  /** `dc[d]`: column delta of direction d. */
  readonly dc: Int8Array;
  private readonly byLetter = new Map<string, number>();

  constructor(list: readonly Direction[]) {
    this.list = list.map((d) => ({ letter: d.letter, dr: d.dr, dc: d.dc }));
    this.dr = Int8Array.from(list, (d) => d.dr);
    this.dc = Int8Array.from(list, (d) => d.dc);
    list.forEach((d, i) => {
      if (this.byLetter.has(d.letter)) throw new Error(`duplicate direction letter ${d.letter}`);
      this.byLetter.set(d.letter, i);
    });
  }

  /** Number of directions. */
  get size(): number {
    return this.list.length;
  }

  /** The direction number of `letter`, or −1 when it is not one of this set. */
  indexOf(letter: string): number {
    return this.byLetter.get(letter) ?? -1;
  }

  /** The letter of direction number `d` (throws for an out-of-range number). */
  letter(d: number): string {
    const direction = this.list[d];
    if (direction === undefined) throw new RangeError(`no direction ${d}`);
    return direction.letter;
  }

  /** The number of the direction with deltas (−dr, −dc), or −1 if the set has none. */
  opposite(d: number): number {
    const dr = -(this.dr[d] ?? 0);
    const dc = -(this.dc[d] ?? 0);
    for (let i = 0; i < this.list.length; i++) if (this.dr[i] === dr && this.dc[i] === dc) return i;
    return -1;
  }
}

/**
 * Builds a direction set from `letter: [dr, dc]` pairs in the game's order, e.g.
 * `directions([["d", 1, 0], ["r", 0, 1], ["u", -1, 0], ["l", 0, -1]])`.
 */
export function directions(
  entries: ReadonlyArray<readonly [letter: string, dr: number, dc: number]>,
): DirectionSet {
  return new DirectionSet(entries.map(([letter, dr, dc]) => ({ letter, dr, dc })));
}
