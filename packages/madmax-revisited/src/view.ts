import {
  deepFreeze,
  type Minstd,
  type OrderCollector,
  type OrderFeedback,
  type Rejection,
} from "@arena/core";
import { CELL_LETTERS, type MadMaxRevisitedOrder, type MmrState } from "./state";

/** A position: row `first` (0 at the top) and universe column `second`, as the original `Pos`. */
export interface Pos {
  readonly first: number;
  readonly second: number;
}

/** A direction (di, dj): rows −1..1, columns 0..2. */
export type Dir = readonly [number, number];

/** The nine directions, with the original names. */
export const Dir = deepFreeze({
  UP: [-1, 1],
  DEFAULT: [0, 1],
  DOWN: [1, 1],
  SLOW_UP: [-1, 0],
  SLOW: [0, 0],
  SLOW_DOWN: [1, 0],
  FAST_UP: [-1, 2],
  FAST: [0, 2],
  FAST_DOWN: [1, 2],
} as const satisfies Record<string, Dir>);

/** The original `CType`. */
export type CellType =
  | "EMPTY"
  | "TYRE"
  | "CAR"
  | "MISSILE"
  | "WATER_BONUS"
  | "MISSILE_BONUS"
  | "GAS_BONUS";

/** A cell, as the original `Cell`: its type, and the car or missile on it (−1 if none). */
export interface Cell {
  readonly type: CellType;
  readonly cid: number;
  readonly mid: number;
}

/** A car, as the original `Car`. */
export interface Car {
  readonly cid: number;
  readonly pos: Pos;
  readonly nbMiss: number;
  readonly gas: number;
  readonly alive: boolean;
  /** Rounds until a dead car may come back. */
  readonly time: number;
}

/** A missile, as the original `Missile`. */
export interface Missile {
  readonly mid: number;
  readonly cid: number;
  readonly pos: Pos;
}

const BONUS_TYPES: CellType[] = ["EMPTY", "TYRE", "WATER_BONUS", "GAS_BONUS", "MISSILE_BONUS"];

let readRaw: (view: MadMaxRevisitedView) => MmrState;
let readOwn: (view: object) => MmrState | undefined;

/**
 * @internal The live state behind a view, for the built-in bots' fast paths (not exported from
 * the package: a bot cannot reach it).
 */
export const rawState = (view: MadMaxRevisitedView): MmrState => readRaw(view);

/**
 * @internal The live state behind `view` when it is a view of this copy of the package, else
 * undefined: a view made by another copy (a second installed @arena/madmax-revisited, or the one bundled in
 * the arena cli) has other private fields, so the built-in bots read it through its public API.
 */
export const ownState = (view: object): MmrState | undefined => readOwn(view);

/** What a player sees: the whole universe (as in the original), with the original queries camelCased. */
export class MadMaxRevisitedView {
  static {
    readRaw = (view) => view.#s;
    readOwn = (view) => (#s in view ? view.#s : undefined);
  }

  // Private fields (#): no property, prototype or constructor path leads from a view to the state.
  readonly #s: MmrState;
  readonly #player: number;
  readonly #feedback: OrderFeedback | undefined;
  readonly #generator: Minstd;
  /** @internal */
  constructor(s: MmrState, player: number, generator: Minstd, feedback?: OrderFeedback) {
    this.#s = s;
    this.#player = player;
    this.#generator = generator;
    this.#feedback = feedback;
    Object.freeze(this);
  }

  me(): number {
    return this.#player;
  }
  /**
   * Which of this player's orders of its previous turn were rejected, and why (empty when none):
   * `index` is the order's position among the orders given that turn, `reason` one of
   * `malformed`, `duplicate` and the game's own (see the README, "Rejected orders").
   */
  rejected(): readonly Rejection[] {
    return this.#feedback?.shown(this.#player) ?? [];
  }
  round(): number {
    return this.#s.round;
  }
  numberPlayers(): number {
    return this.#s.p.nb_players;
  }
  numberRounds(): number {
    return this.#s.p.nb_rnds;
  }
  numberRows(): number {
    return this.#s.rows;
  }
  numberUniverseColumns(): number {
    return this.#s.cols;
  }
  numberWindowColumns(): number {
    return this.#s.p.nb_win_cols;
  }
  numberCarsPerPlayer(): number {
    return this.#s.p.nb_cars_x_player;
  }
  numberCars(): number {
    return this.#s.numCars;
  }
  numberRoundsToRegenerate(): number {
    return this.#s.p.nb_rnds_regen;
  }
  numberMissileBonuses(): number {
    return this.#s.p.nb_miss_bonuses;
  }
  numberWaterBonuses(): number {
    return this.#s.p.nb_water_bonuses;
  }
  numberGasBonuses(): number {
    return this.#s.p.nb_gas_bonuses;
  }
  bonusMissiles(): number {
    return this.#s.p.bonus_miss;
  }
  bonusGas(): number {
    return this.#s.p.bonus_gas;
  }
  waterPoints(): number {
    return this.#s.p.water_pnts;
  }
  killPoints(): number {
    return this.#s.p.kill_pnts;
  }
  initialGas(): number {
    return this.#s.p.init_gas;
  }
  /** True for a row inside the universe (columns wrap, so any column is). */
  withinUniverse(pos: Pos): boolean {
    return (
      Number.isInteger(pos.first) &&
      pos.first >= 0 &&
      pos.first < this.#s.rows &&
      Number.isInteger(pos.second)
    );
  }
  /** True when `pos` is inside the window of `round` (columns round .. round+W−1, wrapping). */
  withinWindow(pos: Pos, round: number): boolean {
    if (!this.withinUniverse(pos)) return false;
    return this.#s.withinWindow(pos.first * this.#s.cols + this.#mod(pos.second), round);
  }
  carOk(cid: number): boolean {
    return Number.isInteger(cid) && cid >= 0 && cid < this.#s.numCars;
  }
  playerOk(pl: number): boolean {
    return Number.isInteger(pl) && pl >= 0 && pl < this.#s.p.nb_players;
  }
  /** The player owning car `cid`. */
  playerOf(cid: number): number {
    return this.#s.ownerOf(cid);
  }
  /** The first car id of player `pl`. */
  begin(pl: number): number {
    return pl * this.#s.p.nb_cars_x_player;
  }
  /** One past the last car id of player `pl`. */
  end(pl: number): number {
    return (pl + 1) * this.#s.p.nb_cars_x_player;
  }
  #mod(column: number): number {
    return ((column % this.#s.cols) + this.#s.cols) % this.#s.cols;
  }
  /** The cell at `pos` (its column wrapping). */
  cell(pos: Pos): Cell {
    if (!this.withinUniverse(pos))
      throw new RangeError(`cell(${pos.first}, ${pos.second}) is off the universe`);
    const q = pos.first * this.#s.cols + this.#mod(pos.second);
    const cid = this.#s.carAt[q]!;
    const mid = this.#s.missileAt[q]!;
    const type: CellType = cid >= 0 ? "CAR" : mid >= 0 ? "MISSILE" : BONUS_TYPES[this.#s.cell[q]!]!;
    return { type, cid, mid };
  }
  /** Car `cid` (a dead car keeps its last position). */
  car(cid: number): Car {
    if (!this.carOk(cid)) throw new RangeError(`car(${cid}): no such car`);
    const pos = this.#s.carPos[cid]!;
    return {
      cid,
      pos: { first: Math.floor(pos / this.#s.cols), second: pos % this.#s.cols },
      nbMiss: this.#s.carMiss[cid]!,
      gas: this.#s.carGas[cid]!,
      alive: this.#s.carAlive[cid] === 1,
      time: this.#s.carTime[cid]!,
    };
  }
  /** Every missile, by ascending id. */
  missiles(): Missile[] {
    return [...this.#s.missiles.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([mid, m]) => ({
        mid,
        cid: m.cid,
        pos: { first: Math.floor(m.pos / this.#s.cols), second: m.pos % this.#s.cols },
      }));
  }
  score(pl: number): number {
    return this.#s.score[pl]!;
  }
  status(pl: number): number {
    return this.#s.status[pl]!;
  }
  /** The next number of this player's generator (`randomize()`), 0..2^31−3. */
  randomize(): number;
  /** l + randomize() mod (u − l + 1). */
  randomize(l: number, u: number): number;
  randomize(l?: number, u?: number): number {
    return l === undefined ? this.#generator.randomize() : this.#generator.randomRange(l, u!);
  }
}

Object.freeze(MadMaxRevisitedView.prototype);
Object.freeze(MadMaxRevisitedView);

/** The original `Action`: `move(car, dir)` and `shoot(car)`; the first instruction for a car wins. */
export class MadMaxRevisitedActions {
  readonly #collector: OrderCollector<MadMaxRevisitedOrder>;
  /** @internal */
  constructor(collector: OrderCollector<MadMaxRevisitedOrder>) {
    this.#collector = collector;
    Object.freeze(this);
  }
  move(car: number, dir: Dir): void {
    const [di, dj] = dir;
    if (
      !(Number.isInteger(di) && Number.isInteger(dj) && di >= -1 && di <= 1 && dj >= 0 && dj <= 2)
    )
      throw new RangeError(`bad direction [${di}, ${dj}]: rows −1..1, columns 0..2`);
    this.#collector.add(car, { car, kind: "move", dir: [di, dj] });
  }
  shoot(car: number): void {
    this.#collector.add(car, { car, kind: "shoot" });
  }
}

Object.freeze(MadMaxRevisitedActions.prototype);
Object.freeze(MadMaxRevisitedActions);

export { CELL_LETTERS };
