import type { DirectionSet } from "./directions";

/** A cell as (row, col), for APIs; hot paths use flat indices. */
export interface Position {
  readonly row: number;
  readonly col: number;
}

/**
 * The geometry of a rows × cols board stored row-major in flat arrays: cell index
 * `i = row · cols + col`. Holds no cell data itself; games keep their layers in typed arrays of
 * `size` cells (`new Uint8Array(grid.size)`). With `wrapColumns` the board is a cylinder: moving
 * off the left edge enters the right one (Mad Max Revisited); rows never wrap.
 */
export class Grid {
  /** Number of cells, rows · cols. */
  readonly size: number;

  constructor(
    readonly rows: number,
    readonly cols: number,
    readonly wrapColumns = false,
  ) {
    if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows <= 0 || cols <= 0) {
      throw new RangeError(`bad grid size ${rows}×${cols}`);
    }
    this.size = rows * cols;
  }

  /** The cell index of (row, col); no bounds check. */
  index(row: number, col: number): number {
    return row * this.cols + col;
  }

  /** The row of cell `index`. */
  row(index: number): number {
    return Math.floor(index / this.cols);
  }

  /** The column of cell `index`. */
  col(index: number): number {
    return index % this.cols;
  }

  /** The (row, col) of cell `index` (allocates; not for hot loops). */
  position(index: number): Position {
    const row = Math.floor(index / this.cols);
    return { row, col: index - row * this.cols };
  }

  /** True when (row, col) is on the board (columns are always in range on a cylinder). */
  inside(row: number, col: number): boolean {
    return row >= 0 && row < this.rows && (this.wrapColumns || (col >= 0 && col < this.cols));
  }

  /** The column wrapped into 0..cols−1 on a cylinder (unchanged otherwise). */
  wrapCol(col: number): number {
    return this.wrapColumns ? ((col % this.cols) + this.cols) % this.cols : col;
  }

  /**
   * The index of (row, col), wrapping the column on a cylinder, or −1 when off the board.
   */
  at(row: number, col: number): number {
    if (row < 0 || row >= this.rows) return -1;
    let c = col;
    if (this.wrapColumns) c = ((c % this.cols) + this.cols) % this.cols;
    else if (c < 0 || c >= this.cols) return -1;
    return row * this.cols + c;
  }

  /** The neighbour of cell `index` in direction `d` of `dirs`, or −1 when it is off the board. */
  neighbour(index: number, dirs: DirectionSet, d: number): number {
    const row = Math.floor(index / this.cols);
    const col = index - row * this.cols;
    return this.at(row + (dirs.dr[d] ?? 0), col + (dirs.dc[d] ?? 0));
  }
}
