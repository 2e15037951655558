import { Lcg31, type OrderCollector, type OrderFeedback, type Rejection } from "@arena/core";
import { CAR, DIR_LETTERS, type DirLetter, type MadMaxOrder, type MadMaxState } from "./state";

/** A board position: row `i`, column `j`. */
export interface Pos {
  readonly i: number;
  readonly j: number;
}
/** The original `Dir`, as its `.res` letter. */
export type Dir = DirLetter;
export const Dir = Object.freeze({
  Bottom: "b",
  BR: "w",
  Right: "r",
  RT: "x",
  Top: "t",
  TL: "y",
  Left: "l",
  LB: "z",
  None: "n",
} as const satisfies Record<string, DirLetter>);
export type CellType = "Desert" | "Road" | "City" | "Water" | "Station" | "Wall";
/** A cell: its type, the owner of a city cell (−1 otherwise) and the unit on it (−1 if none). */
export interface Cell {
  readonly type: CellType;
  readonly owner: number;
  readonly id: number;
}
/** A unit; a car's fuel is in `food` (and `water` is 0), as in the original. */
export interface Unit {
  readonly type: "Warrior" | "Car";
  readonly id: number;
  readonly player: number;
  readonly food: number;
  readonly water: number;
  readonly pos: Pos;
}
const TYPES: CellType[] = ["Desert", "Road", "City", "Water", "Station", "Wall"];

let readRaw: (view: MadMaxView) => MadMaxState;
let readOwn: (view: object) => MadMaxState | undefined;

/**
 * @internal The live state behind a view, for the built-in bots' fast paths (not exported from
 * the package: a bot cannot reach it).
 */
export const rawState = (view: MadMaxView): MadMaxState => readRaw(view);

/**
 * @internal The live state behind `view` when it is a view of this copy of the package, else
 * undefined: a view made by another copy (a second installed @arena/madmax, or the one bundled in
 * the arena cli) has other private fields, so the built-in bots read it through its public API.
 */
export const ownState = (view: object): MadMaxState | undefined => readOwn(view);

/** What a player sees (the original Settings and State, camelCased) and its own generator. */
export class MadMaxView {
  static {
    readRaw = (view) => view.#s;
    readOwn = (view) => (#s in view ? view.#s : undefined);
  }

  // Private fields (#): no property, prototype or constructor path leads from a view to the state.
  readonly #s: MadMaxState;
  readonly #player: number;
  readonly #feedback: OrderFeedback | undefined;
  readonly #generator: Lcg31;
  /** @internal */
  constructor(s: MadMaxState, player: number, seed: number, feedback?: OrderFeedback) {
    this.#s = s;
    this.#player = player;
    this.#generator = new Lcg31(seed + player + 1);
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
  nbPlayers(): number {
    return this.#s.p.nb_players;
  }
  nbRounds(): number {
    return this.#s.p.nb_rounds;
  }
  nbCities(): number {
    return this.#s.p.nb_cities;
  }
  nbWarriors(): number {
    return this.#s.p.nb_warriors;
  }
  nbCars(): number {
    return this.#s.p.nb_cars;
  }
  warriorsHealth(): number {
    return this.#s.p.warriors_health;
  }
  carsFuel(): number {
    return this.#s.p.cars_fuel;
  }
  damage(): number {
    return this.#s.p.damage;
  }
  rows(): number {
    return this.#s.rows;
  }
  cols(): number {
    return this.#s.cols;
  }
  playerOk(pl: number): boolean {
    return Number.isInteger(pl) && pl >= 0 && pl < this.#s.n;
  }
  posOk(pos: Pos): boolean {
    return (
      Number.isInteger(pos.i) &&
      Number.isInteger(pos.j) &&
      pos.i >= 0 &&
      pos.j >= 0 &&
      pos.i < this.#s.rows &&
      pos.j < this.#s.cols
    );
  }
  cell(pos: Pos): Cell {
    if (!this.posOk(pos)) throw new RangeError(`cell(${pos.i}, ${pos.j}) is off the board`);
    const c = pos.i * this.#s.cols + pos.j;
    return { type: TYPES[this.#s.cell[c]!]!, owner: this.#s.owner[c]!, id: this.#s.unitAt[c]! };
  }
  nbUnits(): number {
    return this.#s.numUnits;
  }
  unit(id: number): Unit {
    const s = this.#s;
    if (!(Number.isInteger(id) && id >= 0 && id < s.numUnits))
      throw new RangeError(`unit(${id}): no such unit`);
    const c = s.pos[id]!;
    return {
      type: s.type[id] === CAR ? "Car" : "Warrior",
      id,
      player: s.player[id]!,
      food: s.food[id]!,
      water: s.water[id]!,
      pos: { i: Math.floor(c / s.cols), j: c % s.cols },
    };
  }
  numCities(pl: number): number {
    return this.#s.numCities[pl]!;
  }
  totalScore(pl: number): number {
    return this.#s.totalScore[pl]!;
  }
  status(pl: number): number {
    return this.#s.status[pl]!;
  }
  /** Ids of player `pl`'s warriors, ascending. */
  warriors(pl: number): number[] {
    const ids: number[] = [];
    for (let id = 0; id < this.#s.numUnits; id++)
      if (this.#s.player[id] === pl && this.#s.type[id] !== CAR) ids.push(id);
    return ids;
  }
  /** Ids of player `pl`'s cars, ascending. */
  cars(pl: number): number[] {
    const ids: number[] = [];
    for (let id = 0; id < this.#s.numUnits; id++)
      if (this.#s.player[id] === pl && this.#s.type[id] === CAR) ids.push(id);
    return ids;
  }
  /** Whether unit `id` may move this round (its player's turn, or a car with fuel on a road). */
  canMove(id: number): boolean {
    return this.#s.canMove(id);
  }
  random(l: number, u: number): number {
    return this.#generator.random(l, u);
  }
  randomPermutation(n: number): number[] {
    return this.#generator.randomPermutation(n);
  }
}

Object.freeze(MadMaxView.prototype);
Object.freeze(MadMaxView);

/** The original `Action`: `command(id, dir)`; the first command for a unit wins. */
export class MadMaxActions {
  readonly #collector: OrderCollector<MadMaxOrder>;
  /** @internal */
  constructor(collector: OrderCollector<MadMaxOrder>) {
    this.#collector = collector;
    Object.freeze(this);
  }
  command(id: number, dir: Dir): void {
    if (!DIR_LETTERS.includes(dir))
      throw new RangeError(`bad direction '${dir}': use ${DIR_LETTERS.join(" ")}`);
    this.#collector.add(id, { unit: id, dir });
  }
}

Object.freeze(MadMaxActions.prototype);
Object.freeze(MadMaxActions);
