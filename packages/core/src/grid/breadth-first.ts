import type { DirectionSet } from "./directions";
import type { Grid } from "./grid";

/**
 * Breadth-first search over a `Grid` with reusable buffers: after construction a search allocates
 * nothing per cell. `distance[i]` is the number of steps from the nearest source, or −1 when the
 * cell was not reached; `order` holds the reached cells in visiting order (`reached` of them).
 */
export class BreadthFirst {
  /** Steps from the nearest source per cell (−1 = unreached). Overwritten by every `run`. */
  readonly distance: Int32Array;
  /** For each reached cell, the direction number of the step that entered it (−1 for sources). */
  readonly via: Int8Array;
  /** The reached cells in visiting order; the first `reached` entries are valid. */
  readonly order: Int32Array;
  /** How many cells the last `run` reached. */
  reached = 0;

  constructor(
    readonly grid: Grid,
    readonly dirs: DirectionSet,
  ) {
    this.distance = new Int32Array(grid.size).fill(-1);
    this.via = new Int8Array(grid.size).fill(-1);
    this.order = new Int32Array(grid.size);
  }

  /**
   * Computes the distance map from every cell of `sources` (all at distance 0; off-board or
   * duplicate sources are ignored). A cell is entered only when `passable(index)` is true (sources
   * are always taken). Stops expanding at `maxDistance` steps. Returns `distance`.
   */
  run(
    sources: ArrayLike<number>,
    passable: (index: number) => boolean,
    maxDistance = Number.POSITIVE_INFINITY,
  ): Int32Array {
    const { grid, dirs, distance, via, order } = this;
    distance.fill(-1);
    via.fill(-1);
    let tail = 0;
    for (let s = 0; s < sources.length; s++) {
      const source = sources[s]!;
      if (source < 0 || source >= grid.size || distance[source] !== -1) continue;
      distance[source] = 0;
      order[tail++] = source;
    }
    const { cols } = grid;
    const directionCount = dirs.size;
    for (let head = 0; head < tail; head++) {
      const cell = order[head]!;
      const next = distance[cell]! + 1;
      if (next > maxDistance) continue;
      const row = Math.floor(cell / cols);
      const col = cell - row * cols;
      for (let d = 0; d < directionCount; d++) {
        const neighbour = grid.at(row + dirs.dr[d]!, col + dirs.dc[d]!);
        if (neighbour < 0 || distance[neighbour] !== -1 || !passable(neighbour)) continue;
        distance[neighbour] = next;
        via[neighbour] = d;
        order[tail++] = neighbour;
      }
    }
    this.reached = tail;
    return distance;
  }

  /**
   * After a `run`, the direction numbers of a shortest path from a source to `target` (in walking
   * order), or undefined when `target` was not reached. Allocates the returned array only.
   */
  pathTo(target: number): number[] | undefined {
    if (target < 0 || target >= this.grid.size || this.distance[target] === -1) return undefined;
    const steps = new Array<number>(this.distance[target]!);
    let cell = target;
    for (let k = steps.length - 1; k >= 0; k--) {
      const d = this.via[cell]!;
      steps[k] = d;
      const row = Math.floor(cell / this.grid.cols);
      const col = cell - row * this.grid.cols;
      cell = this.grid.at(row - this.dirs.dr[d]!, col - this.dirs.dc[d]!);
    }
    return steps;
  }
}
