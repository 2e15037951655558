import {
  CAR,
  CITY,
  DESERT,
  DI,
  DJ,
  type MadMaxState,
  ROAD,
  STATION,
  WALL,
  WARRIOR,
  WATER,
} from "../state";
import type { CellType, MadMaxView } from "../view";

/** The parts of the match state the built-in Demo reads. */
export type DemoState = Pick<
  MadMaxState,
  | "rows"
  | "cols"
  | "numUnits"
  | "cell"
  | "owner"
  | "unitAt"
  | "type"
  | "player"
  | "pos"
  | "food"
  | "water"
  | "cities"
  | "step"
>;

/** Cell type codes of the state, by the view's names. */
const CELL_CODES: Record<CellType, number> = {
  Desert: DESERT,
  Road: ROAD,
  City: CITY,
  Water: WATER,
  Station: STATION,
  Wall: WALL,
};

/**
 * The Demo's state read through a view's public API only, for a view made by another copy of the
 * package (its private fields are not this copy's). Same arrays, same values as the engine's
 * state for everything the Demo reads, refreshed by `read` once per round; `cities` is every city
 * cell in one list, row by row (the Demo reads the city cells, not how they group).
 */
export class ViewState implements DemoState {
  rows = 0;
  cols = 0;
  numUnits = 0;
  cell = new Uint8Array(0);
  owner = new Int8Array(0);
  unitAt = new Int16Array(0);
  type = new Uint8Array(0);
  player = new Int8Array(0);
  pos = new Int32Array(0);
  food = new Int32Array(0);
  water = new Int32Array(0);
  cities: number[][] = [];

  /** The cell next to `cell` in direction d, or −1 off the board (as the state's). */
  step(cell: number, d: number): number {
    const i = Math.floor(cell / this.cols) + DI[d]!;
    const j = (cell % this.cols) + DJ[d]!;
    if (i < 0 || j < 0 || i >= this.rows || j >= this.cols) return -1;
    return i * this.cols + j;
  }

  /** Reads the current round of `view`. */
  read(view: MadMaxView): this {
    const rows = view.rows();
    const cols = view.cols();
    const units = view.nbUnits();
    if (rows !== this.rows || cols !== this.cols) {
      this.rows = rows;
      this.cols = cols;
      this.cell = new Uint8Array(rows * cols);
      this.owner = new Int8Array(rows * cols);
      this.unitAt = new Int16Array(rows * cols);
      this.cities = [[]];
    }
    if (units !== this.numUnits) {
      this.numUnits = units;
      this.type = new Uint8Array(units);
      this.player = new Int8Array(units);
      this.pos = new Int32Array(units);
      this.food = new Int32Array(units);
      this.water = new Int32Array(units);
    }
    // Terrain never changes: the city cells are listed once.
    const cities = this.cities[0]!;
    const listCities = cities.length === 0;
    for (let i = 0, c = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++, c++) {
        const cell = view.cell({ i, j });
        this.cell[c] = CELL_CODES[cell.type];
        this.owner[c] = cell.owner;
        this.unitAt[c] = cell.id;
        if (listCities && this.cell[c] === CITY) cities.push(c);
      }
    }
    for (let id = 0; id < units; id++) {
      const unit = view.unit(id);
      this.type[id] = unit.type === "Car" ? CAR : WARRIOR;
      this.player[id] = unit.player;
      this.pos[id] = unit.pos.i * cols + unit.pos.j;
      this.food[id] = unit.food;
      this.water[id] = unit.water;
    }
    return this;
  }
}
