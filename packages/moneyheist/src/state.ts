import { Lcg31 } from "@arena/core";
import type { MoneyHeistConfig } from "./config";

/** Directions as the original's `Dir` enum: Down, Right, Up, Left, with their `.res` letters. */
export const DIRECTION_LETTERS = ["d", "r", "u", "l"] as const;
export type DirectionLetter = (typeof DIRECTION_LETTERS)[number];
const DR = [1, 0, -1, 0];
const DC = [0, 1, 0, -1];
export const DOWN = 0;
export const RIGHT = 1;
export const UP = 2;
export const LEFT = 3;

export const SOLDIER = 0;
export const PROFESSOR = 1;
export const NO_KIT = 0;
export const HEALTH_KIT = 1;
export const POISON_KIT = 2;

/**
 * The whole mutable state of a match, on flat typed arrays (row-major cells, units by id).
 * Units: professors have ids 0..3 (one per player), soldiers follow (20 per player initially).
 */
export class MoneyHeistState {
  readonly rows: number;
  readonly cols: number;
  readonly cells: number;
  readonly numUnits: number;
  round = 0;
  readonly rng: Lcg31;
  /** 1 = wall. */
  readonly wall: Uint8Array;
  /** Unit id on the cell, −1 for none. */
  readonly unitAt: Int16Array;
  /** NO_KIT, HEALTH_KIT or POISON_KIT. */
  readonly kit: Uint8Array;
  /** Money amount on the cell, 0 for none. */
  readonly money: Int32Array;
  /** Safe id whose door is the cell, −1 for none. */
  readonly door: Int8Array;
  /** Safe id whose gold is the cell, −1 for none. */
  readonly gold: Int8Array;
  readonly unitType: Uint8Array;
  readonly unitPlayer: Int8Array;
  /** Cell index of the unit, −1 while dead. */
  readonly unitPos: Int32Array;
  readonly unitHealth: Int32Array;
  readonly unitPoison: Int32Array;
  readonly unitRebirth: Int32Array;
  readonly score: Int32Array;
  readonly potHealth: Int32Array;
  readonly potPoison: Int32Array;
  /** The original's CPU status: 0, or −1 once frozen. */
  readonly status: Float64Array;
  /** Per safe: its 15 (SIZE_HINTS_PER_BOX) hints. */
  readonly hints: Int32Array[];
  /** Per safe: gold cell index and door cell index. */
  readonly safeGold: Int32Array;
  readonly safeDoor: Int32Array;
  /** The successful commands of the last round, as `.res` lines, in execution order. */
  lastCommands: string[] = [];

  constructor(
    readonly config: MoneyHeistConfig,
    seed: number,
  ) {
    this.rows = config.boardRows;
    this.cols = config.boardCols;
    this.cells = this.rows * this.cols;
    const n = config.numPlayers;
    this.numUnits = n + n * config.initialSoldiersPerClan;
    this.rng = new Lcg31(seed);
    this.wall = new Uint8Array(this.cells);
    this.unitAt = new Int16Array(this.cells).fill(-1);
    this.kit = new Uint8Array(this.cells);
    this.money = new Int32Array(this.cells);
    this.door = new Int8Array(this.cells).fill(-1);
    this.gold = new Int8Array(this.cells).fill(-1);
    this.unitType = new Uint8Array(this.numUnits);
    this.unitPlayer = new Int8Array(this.numUnits);
    this.unitPos = new Int32Array(this.numUnits).fill(-1);
    this.unitHealth = new Int32Array(this.numUnits).fill(-1);
    this.unitPoison = new Int32Array(this.numUnits).fill(-1);
    this.unitRebirth = new Int32Array(this.numUnits).fill(-1);
    this.score = new Int32Array(n);
    this.potHealth = new Int32Array(n);
    this.potPoison = new Int32Array(n);
    this.status = new Float64Array(n);
    this.hints = [];
    this.safeGold = new Int32Array(config.numSafetyBoxes).fill(-1);
    this.safeDoor = new Int32Array(config.numSafetyBoxes).fill(-1);
    this.objects = new Uint8Array(this.cells);
    this.near = new Int16Array(this.cells);
    this.candidates = new Int32Array(this.cells);
    this.freeInRow = new Int32Array(this.rows);
  }

  private readonly candidates: Int32Array;
  /**
   * Per row: its regenerate candidates (cells with no wall and nothing in their 5×5 square), kept
   * up to date by `bump` while `freeCounted`; counted again after the walls change.
   */
  private readonly freeInRow: Int32Array;
  private freeCounted = false;

  /** The walls changed (or everything, after a restore): the candidates are counted again. */
  wallsChanged(): void {
    this.freeCounted = false;
  }

  /** The cell next to `cell` in direction `dir`, or −1 off the board. */
  step(cell: number, dir: number): number {
    const r = Math.floor(cell / this.cols) + DR[dir]!;
    const c = (cell % this.cols) + DC[dir]!;
    if (r < 0 || r >= this.rows || c < 0 || c >= this.cols) return -1;
    return r * this.cols + c;
  }

  /** The original `is_empty`: corridor with no unit, kit, door or money (gold is not excluded). */
  isEmpty(cell: number): boolean {
    return (
      this.wall[cell] === 0 &&
      this.unitAt[cell] === -1 &&
      this.kit[cell] === NO_KIT &&
      this.door[cell] === -1 &&
      this.money[cell] === 0
    );
  }

  /** Objects (unit, kit, door, gold, money) on each cell. */
  private readonly objects: Uint8Array = new Uint8Array(0);
  /** Per cell: how many cells of its 5×5 square (clipped) hold an object. Kept up to date. */
  private readonly near: Int16Array = new Int16Array(0);

  /** Records that an object arrived on (`+1`) or left (`−1`) `cell`. */
  bump(cell: number, delta: 1 | -1): void {
    const before = this.objects[cell]!;
    this.objects[cell] = before + delta;
    if (before !== 0 && before + delta !== 0) return;
    const r = Math.floor(cell / this.cols);
    const c = cell % this.cols;
    const r0 = Math.max(0, r - 2);
    const r1 = Math.min(this.rows - 1, r + 2);
    const c0 = Math.max(0, c - 2);
    const c1 = Math.min(this.cols - 1, c + 2);
    const { near, wall, freeInRow } = this;
    const counted = this.freeCounted;
    for (let rr = r0; rr <= r1; rr++) {
      for (let cc = c0; cc <= c1; cc++) {
        const at = rr * this.cols + cc;
        const was = near[at]!;
        near[at] = was + delta;
        // A candidate gained (its square emptied) or lost (its square's first object).
        if (counted && wall[at] === 0 && (was === 0 || was + delta === 0)) freeInRow[rr]! -= delta;
      }
    }
  }

  /** Sets the kit of a cell (NO_KIT to clear it). */
  setKit(cell: number, kind: number): void {
    if (this.kit[cell] !== NO_KIT) this.bump(cell, -1);
    this.kit[cell] = kind;
    if (kind !== NO_KIT) this.bump(cell, 1);
  }

  /** Sets the money on a cell (0 to clear it). */
  setMoney(cell: number, amount: number): void {
    if (this.money[cell] !== 0) this.bump(cell, -1);
    this.money[cell] = amount;
    if (amount !== 0) this.bump(cell, 1);
  }

  /** Recomputes the object counts from scratch (after a restore). */
  recount(): void {
    this.freeCounted = false;
    this.objects.fill(0);
    this.near.fill(0);
    for (let cell = 0; cell < this.cells; cell++) {
      const count =
        (this.unitAt[cell] !== -1 ? 1 : 0) +
        (this.kit[cell] !== NO_KIT ? 1 : 0) +
        (this.door[cell] !== -1 ? 1 : 0) +
        (this.gold[cell] !== -1 ? 1 : 0) +
        (this.money[cell] !== 0 ? 1 : 0);
      for (let k = 0; k < count; k++) this.bump(cell, 1);
    }
  }

  /** Number of walls in rows r0..r1, cols c0..c1 (inclusive, inside the board). */
  private wallsIn(r0: number, c0: number, r1: number, c1: number): number {
    let count = 0;
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) count += this.wall[r * this.cols + c]!;
    return count;
  }

  /**
   * The original `get_random_pos_where_regenerate`: a random empty cell whose 5×5 square
   * (clipped) holds no unit, kit, door, gold or money; if none, random cells (row drawn first)
   * until an empty one.
   */
  randomRegeneratePosition(): number {
    const { near, wall, freeInRow, cols } = this;
    if (!this.freeCounted) {
      for (let r = 0; r < this.rows; r++) {
        let free = 0;
        for (let cell = r * cols; cell < (r + 1) * cols; cell++)
          if (near[cell] === 0 && wall[cell] === 0) free++;
        freeInRow[r] = free;
      }
      this.freeCounted = true;
    }
    let count = 0;
    for (let r = 0; r < this.rows; r++) count += freeInRow[r]!;
    if (count > 0) {
      // The k-th candidate in row-major order (the original's list of them), found through the
      // rows' counts instead of a scan of the whole board.
      let k = this.rng.random(0, count - 1);
      let r = 0;
      while (k >= freeInRow[r]!) k -= freeInRow[r++]!;
      for (let cell = r * cols; ; cell++) {
        if (near[cell] === 0 && wall[cell] === 0 && k-- === 0) return cell;
      }
    }
    for (;;) {
      const r = this.rng.random(0, this.rows - 1);
      const c = this.rng.random(0, this.cols - 1);
      const cell = r * this.cols + c;
      if (this.isEmpty(cell)) return cell;
    }
  }

  /**
   * The original's good gold position: an empty cell off the outer ring whose whole 5×5 square
   * lies inside the board and is free of walls, units, kits, doors, gold and money.
   */
  randomGoldPosition(): number {
    const candidates = this.candidates;
    let count = 0;
    for (let r = 2; r < this.rows - 2; r++) {
      for (let c = 2; c < this.cols - 2; c++) {
        const cell = r * this.cols + c;
        if (
          this.near[cell] === 0 &&
          this.wall[cell] === 0 &&
          this.wallsIn(r - 2, c - 2, r + 2, c + 2) === 0
        )
          candidates[count++] = cell;
      }
    }
    if (count === 0) throw new Error("no room left for a safe");
    return candidates[this.rng.random(0, count - 1)]!;
  }

  /** Builds safe `id` around a gold cell: the 3×3 ring becomes wall but for the drawn door. */
  placeSafe(id: number): void {
    const gold = this.randomGoldPosition();
    // The door: 0 below, 1 above, 2 right, 3 left of the gold.
    const doorDir = [DOWN, UP, RIGHT, LEFT][this.rng.random(0, 3)]!;
    const door = this.step(gold, doorDir);
    const gr = Math.floor(gold / this.cols);
    const gc = gold % this.cols;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const cell = (gr + dr) * this.cols + gc + dc;
        if (cell === gold) continue;
        if (cell === door) this.wall[cell] = 0;
        else this.wall[cell] = 1;
      }
    }
    this.wallsChanged();
    this.gold[gold] = id;
    this.door[door] = id;
    this.bump(gold, 1);
    this.bump(door, 1);
    this.safeGold[id] = gold;
    this.safeDoor[id] = door;
  }

  /** Removes safe `id`: its 3×3 square becomes corridor. */
  eraseSafe(id: number): void {
    const gold = this.safeGold[id]!;
    const gr = Math.floor(gold / this.cols);
    const gc = gold % this.cols;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) this.wall[(gr + dr) * this.cols + gc + dc] = 0;
    }
    this.wallsChanged();
    this.gold[gold] = -1;
    this.door[this.safeDoor[id]!] = -1;
    this.bump(gold, -1);
    this.bump(this.safeDoor[id]!, -1);
    this.safeGold[id] = -1;
    this.safeDoor[id] = -1;
  }

  /** Puts unit `id` on `cell`. */
  placeUnit(id: number, cell: number): void {
    this.unitPos[id] = cell;
    this.unitAt[cell] = id;
    this.bump(cell, 1);
  }

  /** Takes unit `id` off the grid; `forget` also forgets its position (a dead professor keeps it). */
  removeUnit(id: number, forget = true): void {
    const cell = this.unitPos[id]!;
    if (cell >= 0 && this.unitAt[cell] === id) {
      this.unitAt[cell] = -1;
      this.bump(cell, -1);
    }
    if (forget) this.unitPos[id] = -1;
  }
}

/** Generates the walls, safes, units, money and kits exactly as the original RANDOM generator. */
export function generateBoard(state: MoneyHeistState): void {
  const { config, rng } = state;
  generateWalls(state);
  const size = config.sizeHintsPerBox;
  for (let s = 0; s < config.numSafetyBoxes; s++) {
    const base = size / 3;
    const values: number[] = [];
    for (let k = 0; k < 2 * base; k++) values.push(rng.random(-10, 10));
    for (let k = 0; k < base; k++) values.push(values[2 * k]! + values[2 * k + 1]!);
    const perm = rng.randomPermutation(size);
    const hints = new Int32Array(size);
    for (let k = 0; k < size; k++) hints[perm[k]!] = values[k]!;
    state.hints.push(hints);
  }
  for (let s = 0; s < config.numSafetyBoxes; s++) state.placeSafe(s);
  const n = config.numPlayers;
  for (let p = 0; p < n; p++) {
    state.unitType[p] = PROFESSOR;
    state.unitPlayer[p] = p;
    state.unitHealth[p] = config.initialProfessorHealth;
    state.unitRebirth[p] = 0;
    state.placeUnit(p, state.randomRegeneratePosition());
  }
  let id = n;
  for (let p = 0; p < n; p++) {
    for (let k = 0; k < config.initialSoldiersPerClan; k++, id++) {
      state.unitType[id] = SOLDIER;
      state.unitPlayer[id] = p;
      state.unitPoison[id] = config.initialSoldiersPoisons;
      state.placeUnit(id, state.randomRegeneratePosition());
    }
  }
  for (let k = 0; k < config.numMoney; k++) placeMoney(state);
  for (let k = 0; k < config.numPoisonKits; k++)
    state.setKit(state.randomRegeneratePosition(), POISON_KIT);
  for (let k = 0; k < config.numHealthKits; k++)
    state.setKit(state.randomRegeneratePosition(), HEALTH_KIT);
}

/** One money item: position first, then its value. */
export function placeMoney(state: MoneyHeistState): void {
  const cell = state.randomRegeneratePosition();
  state.setMoney(cell, state.rng.random(state.config.minMoneyValue, state.config.maxMoneyValue));
}

const WALL_DIRS = [UP, DOWN, LEFT, RIGHT];

function generateWalls(state: MoneyHeistState): void {
  const target = Math.floor(state.cells / 2);
  const label = new Int8Array(state.cells);
  for (;;) {
    state.wall.fill(0);
    label.fill(0);
    let remaining = target;
    for (let s = 8; s >= 1; s--) {
      const length = Math.floor(remaining / s);
      remaining -= generateWall(state, label, s, length);
    }
    if (corridorsConnected(state)) {
      state.wallsChanged();
      return;
    }
  }
}

/** Whether `cell` may become a cell of wall `s`. */
function wallAllowed(state: MoneyHeistState, label: Int8Array, s: number, cell: number): boolean {
  if (cell < 0) return false;
  const r = Math.floor(cell / state.cols);
  const c = cell % state.cols;
  if (r <= 0 || c <= 0 || r >= state.rows - 1 || c >= state.cols - 1) return false;
  if (label[cell] !== 0) return false;
  let same = 0;
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if (dr === 0 && dc === 0) continue;
      const l = label[(r + dr) * state.cols + c + dc]!;
      if (l === 0) continue;
      if (l !== s) return false;
      same++;
    }
  }
  return same <= 2;
}

function generateWall(state: MoneyHeistState, label: Int8Array, s: number, length: number): number {
  const { rng } = state;
  let dir = WALL_DIRS[rng.random(0, 3)]!;
  let cell: number;
  for (;;) {
    const r = rng.random(1, state.rows - 2);
    const c = rng.random(1, state.cols - 2);
    cell = r * state.cols + c;
    if (label[cell] !== 0) continue;
    let free = true;
    for (let dr = -1; dr <= 1 && free; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        if (label[(r + dr) * state.cols + c + dc] !== 0) {
          free = false;
          break;
        }
      }
    }
    if (free) break;
  }
  label[cell] = s;
  state.wall[cell] = 1;
  let placed = 1;
  // The original places the start cell without counting it against `length`.
  let left = length;
  while (left > 0) {
    const perm = rng.randomPermutation(4);
    let found = -1;
    for (let k = 0; k < 4; k++) {
      const d = WALL_DIRS[perm[k]!]!;
      if (wallAllowed(state, label, s, state.step(cell, d))) {
        found = d;
        break;
      }
    }
    const straight = rng.random(1, 8);
    if (straight !== 1 && wallAllowed(state, label, s, state.step(cell, dir))) {
      // keep going straight
    } else if (found >= 0) {
      dir = found;
    } else break;
    cell = state.step(cell, dir);
    label[cell] = s;
    state.wall[cell] = 1;
    placed++;
    left--;
  }
  return placed;
}

function corridorsConnected(state: MoneyHeistState): boolean {
  const seen = new Uint8Array(state.cells);
  const queue = new Int32Array(state.cells);
  let start = -1;
  let open = 0;
  for (let cell = 0; cell < state.cells; cell++) {
    if (state.wall[cell] === 0) {
      open++;
      if (start < 0) start = cell;
    }
  }
  if (start < 0) return false;
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  seen[start] = 1;
  let reached = 1;
  while (head < tail) {
    const cell = queue[head++]!;
    for (let d = 0; d < 4; d++) {
      const next = state.step(cell, d);
      if (next >= 0 && state.wall[next] === 0 && seen[next] === 0) {
        seen[next] = 1;
        reached++;
        queue[tail++] = next;
      }
    }
  }
  return reached === open;
}
