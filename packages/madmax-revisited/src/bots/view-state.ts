import { EMPTY, GAS, MISSILE_BONUS, type MmrState, TYRE, WATER } from "../state";
import type { CellType, MadMaxRevisitedView } from "../view";

/** The parts of the match state the built-in Demo reads. */
export type DemoState = Pick<
  MmrState,
  | "rows"
  | "cols"
  | "round"
  | "cell"
  | "carAt"
  | "missileAt"
  | "carPos"
  | "carMiss"
  | "carGas"
  | "carAlive"
  | "missiles"
  | "shift"
  | "withinWindow"
  | "ownerOf"
>;

/**
 * Cell codes of the state, by the view's names. A car or a missile stands on an empty cell (a
 * car takes the bonus it drives over, a missile destroys it), so the view hides nothing there.
 */
const CELL_CODES: Record<CellType, number> = {
  EMPTY,
  TYRE,
  CAR: EMPTY,
  MISSILE: EMPTY,
  WATER_BONUS: WATER,
  MISSILE_BONUS,
  GAS_BONUS: GAS,
};

/**
 * The Demo's state read through a view's public API only, for a view made by another copy of the
 * package (its private fields are not this copy's). Same arrays, same values as the engine's
 * state for everything the Demo reads, refreshed by `read` once per round.
 */
export class ViewState implements DemoState {
  rows = 0;
  cols = 0;
  round = 0;
  cell = new Uint8Array(0);
  carAt = new Int16Array(0);
  missileAt = new Int32Array(0);
  carPos = new Int32Array(0);
  carMiss = new Int32Array(0);
  carGas = new Int32Array(0);
  carAlive = new Uint8Array(0);
  missiles = new Map<number, { cid: number; pos: number }>();
  private windowColumns = 0;
  private carsPerPlayer = 1;

  /** The cell at `pos` shifted by (di, dj), columns wrapping; −1 off the rows (as the state's). */
  shift(pos: number, di: number, dj: number): number {
    const r = Math.floor(pos / this.cols) + di;
    if (r < 0 || r >= this.rows) return -1;
    const c = ((((pos % this.cols) + dj) % this.cols) + this.cols) % this.cols;
    return r * this.cols + c;
  }

  /** Whether `pos` is inside the window of round `round` (as the state's). */
  withinWindow(pos: number, round: number): boolean {
    const c = pos % this.cols;
    return (((c - round) % this.cols) + this.cols) % this.cols < this.windowColumns;
  }

  ownerOf(car: number): number {
    return Math.floor(car / this.carsPerPlayer);
  }

  /** Reads the current round of `view`. */
  read(view: MadMaxRevisitedView): this {
    const rows = view.numberRows();
    const cols = view.numberUniverseColumns();
    const cars = view.numberCars();
    this.windowColumns = view.numberWindowColumns();
    this.carsPerPlayer = view.numberCarsPerPlayer();
    this.round = view.round();
    if (rows !== this.rows || cols !== this.cols) {
      this.rows = rows;
      this.cols = cols;
      this.cell = new Uint8Array(rows * cols);
      this.carAt = new Int16Array(rows * cols);
      this.missileAt = new Int32Array(rows * cols);
    }
    if (cars !== this.carPos.length) {
      this.carPos = new Int32Array(cars);
      this.carMiss = new Int32Array(cars);
      this.carGas = new Int32Array(cars);
      this.carAlive = new Uint8Array(cars);
    }
    for (let first = 0, q = 0; first < rows; first++) {
      for (let second = 0; second < cols; second++, q++) {
        const cell = view.cell({ first, second });
        this.cell[q] = CELL_CODES[cell.type];
        this.carAt[q] = cell.cid;
        this.missileAt[q] = cell.mid;
      }
    }
    for (let cid = 0; cid < cars; cid++) {
      const car = view.car(cid);
      this.carPos[cid] = car.pos.first * cols + car.pos.second;
      this.carMiss[cid] = car.nbMiss;
      this.carGas[cid] = car.gas;
      this.carAlive[cid] = car.alive ? 1 : 0;
    }
    this.missiles.clear();
    for (const missile of view.missiles()) {
      this.missiles.set(missile.mid, {
        cid: missile.cid,
        pos: missile.pos.first * cols + missile.pos.second,
      });
    }
    return this;
  }
}
