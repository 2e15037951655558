import { type EventLog, Minstd, type OrderFeedback, type UnitRef } from "@arena/core";
import type { MadMaxRevisitedConfig, MadMaxRevisitedParams } from "./config";
import type { MadMaxRevisitedDeathCause, MadMaxRevisitedEvent } from "./events";

export const EMPTY = 0;
export const TYRE = 1;
export const WATER = 2;
export const GAS = 3;
export const MISSILE_BONUS = 4;
export const CELL_LETTERS = ".XWGM";

/** An instruction, in the trace's JSON shape (its schema is in `protocol.ts`). */
import type { MadMaxRevisitedOrder } from "./protocol";

export type { MadMaxRevisitedOrder };

function computePassedCells(di: number, dj: number): ReadonlyArray<readonly [number, number]> {
  if (dj === 0) return di === 0 ? [] : [[di, 0]];
  if (dj === 1)
    return di === 0
      ? [[0, 1]]
      : [
          [0, 1],
          [di, 0],
          [di, 1],
        ];
  return di === 0
    ? [
        [0, 1],
        [0, 2],
      ]
    : [
        [0, 1],
        [di, 0],
        [di, 1],
        [0, 2],
        [di, 2],
      ];
}

const PASSED: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [-1, 0, 1].flatMap((di) =>
  [0, 1, 2].map((dj) => computePassedCells(di, dj)),
);

/**
 * The cells a move by (di, dj) passes through, in the original's order (`dir2all`), the
 * destination last; SLOW passes none and the plain one-cell moves only their destination.
 */
export function passedCells(di: number, dj: number): ReadonlyArray<readonly [number, number]> {
  return PASSED[(di + 1) * 3 + dj]!;
}

/** The whole state of a match. Positions are row-major cell indices `row * U + column`. */
export class MmrState {
  readonly p: MadMaxRevisitedParams;
  readonly rows: number;
  readonly cols: number;
  readonly numCars: number;
  round: number;
  readonly cell: Uint8Array;
  /** How many cells hold each type (EMPTY..MISSILE_BONUS): kept by `setCell`, see `recount`. */
  readonly cellCounts = new Int32Array(CELL_LETTERS.length);
  readonly carAt: Int16Array;
  readonly missileAt: Int32Array;
  readonly carPos: Int32Array;
  readonly carMiss: Int32Array;
  readonly carGas: Int32Array;
  readonly carAlive: Uint8Array;
  readonly carTime: Int32Array;
  /** Missiles by id (ascending): id → [cid, pos]. */
  missiles = new Map<number, { cid: number; pos: number }>();
  nextMissile: number;
  readonly score: Int32Array;
  readonly status: Float64Array;
  readonly rng: Minstd;
  asked: MadMaxRevisitedOrder[][] = [];
  done: MadMaxRevisitedOrder[][] = [];
  /** Where the rules record what they do (when set: the match's log). Not part of the state. */
  events: EventLog<MadMaxRevisitedEvent> | undefined;

  constructor(config: MadMaxRevisitedConfig, seed: number) {
    const p = config.params;
    this.p = p;
    this.rows = p.nb_rows;
    this.cols = p.nb_uni_cols;
    this.numCars = p.nb_players * p.nb_cars_x_player;
    this.round = config.round;
    const size = this.rows * this.cols;
    this.cell = new Uint8Array(size);
    config.map.forEach((row, r) => {
      for (let c = 0; c < this.cols; c++)
        this.cell[r * this.cols + c] = CELL_LETTERS.indexOf(row[c]!);
    });
    this.recount();
    this.carAt = new Int16Array(size).fill(-1);
    this.missileAt = new Int32Array(size).fill(-1);
    this.carPos = new Int32Array(this.numCars);
    this.carMiss = new Int32Array(this.numCars);
    this.carGas = new Int32Array(this.numCars);
    this.carAlive = new Uint8Array(this.numCars);
    this.carTime = new Int32Array(this.numCars);
    config.cars.forEach((car, c) => {
      const pos = car.row * this.cols + car.col;
      this.carPos[c] = pos;
      this.carMiss[c] = car.missiles;
      this.carGas[c] = car.gas;
      this.carAlive[c] = car.alive ? 1 : 0;
      this.carTime[c] = car.time;
      if (car.alive) this.carAt[pos] = c;
    });
    let next = 0;
    for (const m of config.missiles) {
      const pos = m.row * this.cols + m.col;
      this.missiles.set(m.mid, { cid: m.cid, pos });
      this.missileAt[pos] = m.mid;
      next = Math.max(next, m.mid + 1);
    }
    this.nextMissile = next;
    this.score = Int32Array.from(config.scores);
    this.status = new Float64Array(p.nb_players);
    this.rng = new Minstd(seed);
  }

  /** Counts the cells of each type again (after `cell` was set wholesale, e.g. by a restore). */
  recount(): void {
    this.cellCounts.fill(0);
    for (let pos = 0; pos < this.cell.length; pos++) this.cellCounts[this.cell[pos]!]!++;
  }

  /** Sets a cell's type, keeping `cellCounts`. */
  setCell(pos: number, type: number): void {
    this.cellCounts[this.cell[pos]!]!--;
    this.cellCounts[type]!++;
    this.cell[pos] = type;
  }

  /** The cell at `pos` shifted by (di, dj), columns wrapping; −1 off the rows. */
  shift(pos: number, di: number, dj: number): number {
    const r = Math.floor(pos / this.cols) + di;
    if (r < 0 || r >= this.rows) return -1;
    const c = ((((pos % this.cols) + dj) % this.cols) + this.cols) % this.cols;
    return r * this.cols + c;
  }

  /** Whether `pos` is inside the window of round `round` (columns round..round+W−1 mod U). */
  withinWindow(pos: number, round: number): boolean {
    const c = pos % this.cols;
    return (((c - round) % this.cols) + this.cols) % this.cols < this.p.nb_win_cols;
  }

  ownerOf(car: number): number {
    return Math.floor(car / this.p.nb_cars_x_player);
  }

  /** A cell as `[row, column]`. */
  cellOf(pos: number): [number, number] {
    return [Math.floor(pos / this.cols), pos % this.cols];
  }

  /** Car `car` as a `UnitRef`. */
  carRef(car: number): UnitRef {
    return { player: this.ownerOf(car), unit: car };
  }

  /**
   * Records the death of `car` at `pos` for `cause` (before `killCar`): a kill first when a car of
   * another player did it (`killer`: the shooter of `missile`, or the car crashed into).
   */
  recordDeath(
    car: number,
    pos: number,
    cause: MadMaxRevisitedDeathCause,
    killer?: number,
    missile?: number,
  ): void {
    const events = this.events;
    if (events === undefined) return;
    const victim = this.carRef(car);
    const at = this.cellOf(pos);
    const by = killer === undefined ? undefined : this.carRef(killer);
    const which = missile === undefined ? {} : { missile };
    if (by !== undefined && by.player !== victim.player)
      events.add({ type: "kill", killer: by, victim, at, ...which });
    events.add({
      type: "death",
      player: victim.player,
      unit: car,
      cause,
      ...(by === undefined ? {} : { killer: by }),
      at,
      ...which,
    });
  }

  killCar(car: number): void {
    const pos = this.carPos[car]!;
    if (this.carAt[pos] === car) this.carAt[pos] = -1;
    this.carAlive[car] = 0;
    this.carTime[car] = this.p.nb_rnds_regen;
  }

  removeMissile(mid: number): void {
    const m = this.missiles.get(mid)!;
    if (this.missileAt[m.pos] === mid) this.missileAt[m.pos] = -1;
    this.missiles.delete(mid);
  }

  /**
   * Moves missile `mid` two columns (FAST): a bonus or tyre on the way destroys both; a car is
   * killed (points to the missile's player for another player's car) and the missile with it.
   */
  flyMissile(mid: number): void {
    const m = this.missiles.get(mid)!;
    for (const dj of [1, 2]) {
      const pos = this.shift(m.pos, 0, dj);
      if (pos < 0) break;
      if (this.cell[pos] !== EMPTY) {
        this.setCell(pos, EMPTY);
        this.removeMissile(mid);
        return;
      }
      const car = this.carAt[pos]!;
      if (car >= 0) {
        const shooter = this.ownerOf(m.cid);
        if (this.ownerOf(car) !== shooter) this.score[shooter]! += this.p.kill_pnts;
        this.recordDeath(car, pos, "missile", m.cid, mid);
        this.killCar(car);
        this.removeMissile(mid);
        return;
      }
      const other = this.missileAt[pos]!;
      if (other >= 0 && other !== mid) {
        // Only possible for a missile just shot: both are destroyed.
        this.removeMissile(other);
        this.removeMissile(mid);
        return;
      }
    }
    const target = this.shift(m.pos, 0, 2);
    if (this.missileAt[m.pos] === mid) this.missileAt[m.pos] = -1;
    m.pos = target;
    this.missileAt[target] = mid;
  }

  /**
   * Moves car `car` by (di, dj) through its passed cells: bonuses are taken; a tyre, a car or a
   * missile on the way is fatal there. Returns nothing: the caller has checked the window.
   */
  driveCar(car: number, di: number, dj: number): void {
    const from = this.carPos[car]!;
    const owner = this.ownerOf(car);
    const cells = passedCells(di, dj);
    for (let k = 0; k < cells.length; k++) {
      const passed = cells[k]!;
      const pos = this.shift(from, passed[0], passed[1]);
      const type = this.cell[pos]!;
      if (type === WATER) {
        this.score[owner]! += this.p.water_pnts;
        this.setCell(pos, EMPTY);
        this.recordPickup(car, pos, "water", this.p.water_pnts);
      } else if (type === GAS) {
        this.carGas[car]! += this.p.bonus_gas;
        this.setCell(pos, EMPTY);
        this.recordPickup(car, pos, "gas", this.p.bonus_gas);
      } else if (type === MISSILE_BONUS) {
        this.carMiss[car]! += this.p.bonus_miss;
        this.setCell(pos, EMPTY);
        this.recordPickup(car, pos, "missiles", this.p.bonus_miss);
      } else if (type === TYRE) {
        this.setCell(pos, EMPTY);
        this.recordDeath(car, pos, "tyre");
        this.relocate(car, pos);
        this.killCar(car);
        return;
      }
      const other = this.carAt[pos]!;
      if (other >= 0 && other !== car) {
        this.recordDeath(other, pos, "crash", car);
        this.recordDeath(car, pos, "crash", other);
        this.relocate(car, pos);
        this.killCar(other);
        this.killCar(car);
        return;
      }
      const mid = this.missileAt[pos]!;
      if (mid >= 0) {
        const cid = this.missiles.get(mid)!.cid;
        const shooter = this.ownerOf(cid);
        if (shooter !== owner) this.score[shooter]! += this.p.kill_pnts;
        this.recordDeath(car, pos, "missile", cid, mid);
        this.removeMissile(mid);
        this.relocate(car, pos);
        this.killCar(car);
        return;
      }
    }
    this.relocate(car, this.shift(from, di, dj));
  }

  private recordPickup(
    car: number,
    pos: number,
    item: "water" | "gas" | "missiles",
    amount: number,
  ): void {
    this.events?.add({
      type: "pickup",
      player: this.ownerOf(car),
      unit: car,
      at: this.cellOf(pos),
      item,
      amount,
    });
  }

  private relocate(car: number, pos: number): void {
    const from = this.carPos[car]!;
    if (this.carAt[from] === car) this.carAt[from] = -1;
    this.carPos[car] = pos;
    this.carAt[pos] = car;
  }

  /** The 5×5 square around `pos` (rows clipped, columns wrapping) holds none of these. */
  clearAround(pos: number, tyres: boolean): boolean {
    const r = Math.floor(pos / this.cols);
    const c = pos % this.cols;
    for (let dr = -2; dr <= 2; dr++) {
      const rr = r + dr;
      if (rr < 0 || rr >= this.rows) continue;
      for (let dc = -2; dc <= 2; dc++) {
        const q = rr * this.cols + ((((c + dc) % this.cols) + this.cols) % this.cols);
        if (this.carAt[q] !== -1 || this.missileAt[q] !== -1) return false;
        if (tyres && this.cell[q] === TYRE) return false;
      }
    }
    return true;
  }

  isEmptyCell(pos: number): boolean {
    return this.cell[pos] === EMPTY && this.carAt[pos] === -1 && this.missileAt[pos] === -1;
  }
}

/** The original `random_permutation(n)` on a MINSTD stream: swap v[i] with v[random(i, n−1)]. */
export function minstdPermutation(rng: Minstd, n: number): number[] {
  const v: number[] = [];
  for (let i = 0; i < n; i++) v.push(i);
  for (let i = 0; i < n; i++) {
    const j = rng.randomRange(i, n - 1);
    const t = v[i]!;
    v[i] = v[j]!;
    v[j] = t;
  }
  return v;
}

const DIRECTION_OK = (dir: unknown): dir is [number, number] =>
  Array.isArray(dir) &&
  dir.length === 2 &&
  Number.isInteger(dir[0]) &&
  Number.isInteger(dir[1]) &&
  dir[0] >= -1 &&
  dir[0] <= 1 &&
  dir[1] >= 0 &&
  dir[1] <= 2;

/**
 * Plays one round exactly as the original `next()`. The instructions the rules skip are recorded
 * in `feedback` (with why), which changes nothing else.
 */
export function playRound(
  s: MmrState,
  orders: ReadonlyArray<readonly MadMaxRevisitedOrder[]>,
  feedback?: OrderFeedback,
): void {
  const p = s.p;
  const n = p.nb_players;
  const next = s.round + 1;
  const old = new Minstd(0);
  old.state = s.rng.state;
  // Missiles first, ascending ids; one blocked by a missile 1 or 2 columns ahead is re-queued.
  const queue = s.missiles.size === 0 ? [] : [...s.missiles.keys()].sort((a, b) => a - b);
  let stalled = 0;
  while (queue.length > 0) {
    const mid = queue.shift()!;
    if (!s.missiles.has(mid)) continue;
    const pos = s.missiles.get(mid)!.pos;
    const a = s.missileAt[s.shift(pos, 0, 1)]!;
    const b = s.missileAt[s.shift(pos, 0, 2)]!;
    const blocked = (a >= 0 && a !== mid) || (b >= 0 && b !== mid);
    if (blocked && stalled <= queue.length) {
      queue.push(mid);
      stalled++;
      continue;
    }
    stalled = 0;
    s.flyMissile(mid);
  }
  const order = minstdPermutation(old, n);
  const commanded = new Uint8Array(s.numCars);
  s.asked = [];
  s.done = [];
  for (let pl = 0; pl < n; pl++) {
    s.asked.push([...(orders[pl] ?? [])]);
    s.done.push([]);
  }
  for (const pl of order) {
    const list = orders[pl] ?? [];
    for (let k = 0; k < list.length; k++) {
      const instruction = list[k]!;
      const car = instruction.car;
      if (!Number.isInteger(car) || car < 0 || car >= s.numCars || s.ownerOf(car) !== pl) {
        if (feedback !== undefined) rejectCar(s, feedback, pl, k, car);
        continue;
      }
      if (commanded[car] === 1 || s.carAlive[car] === 0) {
        if (commanded[car] === 1)
          feedback?.reject(pl, k, "duplicate", `car ${car} already has an instruction this round`);
        else feedback?.reject(pl, k, "dead-unit", `car ${car} is dead`);
        continue;
      }
      if (instruction.kind === "move") {
        if (!DIRECTION_OK(instruction.dir)) {
          feedback?.reject(pl, k, "illegal-move", `car ${car}: not a direction`);
          continue;
        }
        const [di, dj] = instruction.dir;
        const dest = s.shift(s.carPos[car]!, di, dj);
        if (dest < 0 || !s.withinWindow(dest, next)) {
          const why = dest < 0 ? "off the board" : `outside the window of round ${next}`;
          feedback?.reject(pl, k, "illegal-move", `car ${car} cannot move [${di}, ${dj}]: ${why}`);
          continue;
        }
        if (di !== 0 || dj !== 0) s.driveCar(car, di, dj);
      } else if (instruction.kind === "shoot") {
        if (s.carMiss[car]! < 1) {
          feedback?.reject(pl, k, "illegal-move", `car ${car} has no missile to shoot`);
          continue;
        }
        s.carMiss[car]!--;
        const mid = s.nextMissile++;
        const pos = s.carPos[car]!;
        s.events?.add(shot(s, car, mid, pos));
        s.missiles.set(mid, { cid: car, pos });
        s.flyMissile(mid);
        if (s.carAlive[car] === 1) s.driveCar(car, 0, 1);
      } else continue;
      commanded[car] = 1;
      s.done[pl]!.push(instruction);
    }
    for (let car = pl * p.nb_cars_x_player; car < (pl + 1) * p.nb_cars_x_player; car++) {
      if (s.carAlive[car] === 1 && commanded[car] === 0) s.driveCar(car, 0, 1);
    }
  }
  // Gas.
  for (let car = 0; car < s.numCars; car++) {
    if (s.carAlive[car] === 1 && --s.carGas[car]! <= 0) {
      s.recordDeath(car, s.carPos[car]!, "gas");
      s.killCar(car);
    }
  }
  // The new board's stream starts where the old one did (it repeats the player-order draws).
  const rng = new Minstd(0);
  rng.state = s.rng.state;
  for (let car = 0; car < s.numCars; car++) {
    if (s.carAlive[car] === 1) continue;
    if (s.carTime[car]! > 0) {
      s.carTime[car]!--;
      continue;
    }
    for (let attempt = 0; attempt < 20; attempt++) {
      const i = rng.randomRange(0, s.rows - 1);
      const j = rng.randomRange(next, next + p.nb_win_cols - 1) % s.cols;
      const pos = i * s.cols + j;
      if (s.isEmptyCell(pos) && s.clearAround(pos, true)) {
        s.carPos[car] = pos;
        s.carAt[pos] = car;
        s.carAlive[car] = 1;
        s.carGas[car] = p.init_gas;
        s.carTime[car] = 0;
        s.events?.add(respawned(s, car, pos));
        break;
      }
    }
  }
  // Bonus top-up outside the new window: missile bonuses, then water, then gas.
  topUp(s, rng, MISSILE_BONUS, p.nb_miss_bonuses, next);
  topUp(s, rng, WATER, p.nb_water_bonuses, next);
  topUp(s, rng, GAS, p.nb_gas_bonuses, next);
  s.rng.setSeed(old.randomize());
  s.round = next;
}

/** Car `car` shot missile `mid` from `pos`. */
function shot(s: MmrState, car: number, mid: number, pos: number): MadMaxRevisitedEvent {
  return { type: "shot", player: s.ownerOf(car), unit: car, missile: mid, at: s.cellOf(pos) };
}

/** Car `car` came back at `pos`. */
function respawned(s: MmrState, car: number, pos: number): MadMaxRevisitedEvent {
  return { type: "respawn", player: s.ownerOf(car), unit: car, at: s.cellOf(pos) };
}

/**
 * Places the bonuses of `type` missing from `wanted`, outside the window of round `next`: up to 20
 * draws each; the first bonus that finds no place ends the top-up of its type.
 */
function topUp(s: MmrState, rng: Minstd, type: number, wanted: number, next: number): void {
  const p = s.p;
  for (let missing = wanted - s.cellCounts[type]!; missing > 0; missing--) {
    let placed = false;
    for (let attempt = 0; attempt < 20 && !placed; attempt++) {
      const i = rng.randomRange(0, s.rows - 1);
      const j = rng.randomRange(next + p.nb_win_cols, next + s.cols - 1) % s.cols;
      const pos = i * s.cols + j;
      if (s.isEmptyCell(pos) && s.clearAround(pos, false)) {
        s.setCell(pos, type);
        placed = true;
      }
    }
    if (!placed) break;
  }
}

/** Why an instruction for `car` is skipped: no such car, or another player's. */
function rejectCar(
  s: MmrState,
  feedback: OrderFeedback,
  player: number,
  index: number,
  car: number,
): void {
  if (!Number.isInteger(car) || car < 0 || car >= s.numCars)
    feedback.reject(player, index, "unknown-unit", `no car ${car} (cars are 0..${s.numCars - 1})`);
  else feedback.reject(player, index, "not-yours", `car ${car} is player ${s.ownerOf(car)}'s`);
}
