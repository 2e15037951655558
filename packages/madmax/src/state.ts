import { type EventLog, Lcg31 } from "@arena/core";
import type { MadMaxEvent } from "./events";

export const DESERT = 0;
export const ROAD = 1;
export const CITY = 2;
export const WATER = 3;
export const STATION = 4;
export const WALL = 5;
export const WARRIOR = 0;
export const CAR = 1;

/** Direction letters in the original `Dir` order: Bottom, BR, Right, RT, Top, TL, Left, LB, None. */
export const DIR_LETTERS = ["b", "w", "r", "x", "t", "y", "l", "z", "n"] as const;
export type DirLetter = (typeof DIR_LETTERS)[number];
export const DI = [1, 1, 0, -1, -1, -1, 0, 1, 0];
export const DJ = [0, 1, 1, 1, 0, -1, -1, -1, 0];

/** One order, in the trace's JSON shape: `{"unit": 12, "dir": "w"}` (its schema is in `protocol.ts`). */
export type { MadMaxOrder } from "./protocol";

/** The parameters of a match, as the original `.cnf`. */
export interface MadMaxParams {
  nb_players: number;
  nb_rounds: number;
  nb_cities: number;
  nb_warriors: number;
  nb_cars: number;
  warriors_health: number;
  cars_fuel: number;
  damage: number;
  rows: number;
  cols: number;
}

export class MadMaxState {
  readonly p: MadMaxParams;
  readonly rows: number;
  readonly cols: number;
  readonly n: number;
  readonly numUnits: number;
  round = 0;
  readonly rng: Lcg31;
  readonly cell: Uint8Array;
  readonly owner: Int8Array;
  readonly unitAt: Int16Array;
  readonly type: Uint8Array;
  readonly player: Int8Array;
  readonly pos: Int32Array;
  readonly food: Int32Array;
  readonly water: Int32Array;
  readonly killed: Uint8Array;
  readonly numCities: Int32Array;
  readonly totalScore: Int32Array;
  readonly status: Float64Array;
  /** Cities in detection order, each a list of cells in DFS preorder. */
  cities: number[][] = [];
  /** The movements executed last round, as `.res` lines. */
  moves: string[] = [];

  constructor(p: MadMaxParams, seed: number) {
    this.p = p;
    this.rows = p.rows;
    this.cols = p.cols;
    this.n = p.nb_players;
    this.numUnits = p.nb_players * (p.nb_warriors + p.nb_cars);
    const size = this.rows * this.cols;
    this.rng = new Lcg31(seed);
    this.cell = new Uint8Array(size);
    this.owner = new Int8Array(size).fill(-1);
    this.unitAt = new Int16Array(size).fill(-1);
    this.type = new Uint8Array(this.numUnits);
    this.player = new Int8Array(this.numUnits);
    this.pos = new Int32Array(this.numUnits).fill(-1);
    this.food = new Int32Array(this.numUnits);
    this.water = new Int32Array(this.numUnits);
    this.killed = new Uint8Array(this.numUnits);
    this.numCities = new Int32Array(this.n);
    this.totalScore = new Int32Array(this.n);
    this.status = new Float64Array(this.n);
  }

  /** The cell next to `cell` in direction d, or −1 off the board (nothing wraps). */
  step(cell: number, d: number): number {
    const i = Math.floor(cell / this.cols) + DI[d]!;
    const j = (cell % this.cols) + DJ[d]!;
    if (i < 0 || j < 0 || i >= this.rows || j >= this.cols) return -1;
    return i * this.cols + j;
  }

  canMove(id: number): boolean {
    if (this.player[id] === this.round % 4) return true;
    return this.type[id] === CAR && this.food[id]! > 0 && this.cell[this.pos[id]!] === ROAD;
  }

  /** random_permutation(4), then the first two players equal to neither `a` nor `b`. */
  twoDifferent(a: number, b: number): [number, number] {
    const perm = this.rng.randomPermutation(4);
    const out: number[] = [];
    for (const x of perm) if (x !== a && x !== b && out.length < 2) out.push(x);
    return [out[0]!, out[1] ?? out[0]!];
  }

  capture(id: number, by: number): void {
    this.player[id] = by;
    if (this.type[id] === WARRIOR) {
      this.food[id] = this.p.warriors_health;
      this.water[id] = this.p.warriors_health;
    } else this.food[id] = this.p.cars_fuel;
    const cell = this.pos[id]!;
    if (cell >= 0 && this.unitAt[cell] === id) this.unitAt[cell] = -1;
    this.killed[id] = 1;
  }

  place(id: number, cell: number): void {
    this.pos[id] = cell;
    this.unitAt[cell] = id;
  }

  /** Detects cities (row-major scan, DFS down, up, right, left) in the original's order. */
  detectCities(): void {
    const seen = new Uint8Array(this.cell.length);
    this.cities = [];
    const order = [0, 4, 2, 6]; // down, up, right, left
    for (let cell = 0; cell < this.cell.length; cell++) {
      if (this.cell[cell] !== CITY || seen[cell]) continue;
      const list: number[] = [];
      const visit = (c: number) => {
        seen[c] = 1;
        list.push(c);
        for (const d of order) {
          const next = this.step(c, d);
          if (next >= 0 && this.cell[next] === CITY && !seen[next]) visit(next);
        }
      };
      visit(cell);
      this.cities.push(list);
    }
  }

  /**
   * The original compute_scores: city owners by warrior majority, then total_score += cities. A
   * city that changes hands is recorded in `events`.
   */
  computeScores(events?: EventLog<MadMaxEvent>): void {
    this.numCities.fill(0);
    const count = new Int32Array(this.n);
    for (let k = 0; k < this.cities.length; k++) {
      const city = this.cities[k]!;
      count.fill(0);
      for (const c of city) {
        const u = this.unitAt[c]!;
        if (u >= 0 && this.type[u] === WARRIOR) count[this.player[u]!]!++;
      }
      const owner = this.owner[city[0]!]!;
      let max = -1;
      let best = -1;
      let unique = false;
      for (let t = 0; t < this.n; t++) {
        if (count[t]! > max) {
          max = count[t]!;
          best = t;
          unique = true;
        } else if (count[t] === max) unique = false;
      }
      let now = owner;
      if (count[owner]! < max && unique) now = best;
      if (now !== owner) {
        for (const c of city) this.owner[c] = now;
        const first = city[0]!;
        const at: [number, number] = [Math.floor(first / this.cols), first % this.cols];
        events?.add({ type: "city", city: k, from: owner, to: now, at });
      }
      this.numCities[now]!++;
    }
    for (let t = 0; t < this.n; t++) this.totalScore[t]! += this.numCities[t]!;
  }

  /** Places the initial units exactly as the original (warriors by city, then cars on the border). */
  placeInitialUnits(): void {
    const { p, rng } = this;
    this.detectCities();
    const pools: number[][] = Array.from({ length: this.n }, () => []);
    let id = 0;
    for (const city of this.cities) {
      const owner = this.owner[city[0]!]!;
      const k = rng.random(0, city.length - 1);
      this.type[id] = WARRIOR;
      this.player[id] = owner;
      this.food[id] = p.warriors_health;
      this.water[id] = p.warriors_health;
      this.place(id, city[k]!);
      id++;
      city.forEach((c, x) => {
        if (x !== k) pools[owner]!.push(c);
      });
    }
    const perCity = p.nb_cities / p.nb_players;
    for (let pl = 0; pl < this.n; pl++) {
      const pool = pools[pl]!;
      const perm = rng.randomPermutation(pool.length);
      for (let k = 0; k < p.nb_warriors - perCity; k++, id++) {
        this.type[id] = WARRIOR;
        this.player[id] = pl;
        this.food[id] = p.warriors_health;
        this.water[id] = p.warriors_health;
        this.place(id, pool[perm[k]!]!);
      }
    }
    const cand: number[] = [];
    const R = this.rows;
    const C = this.cols;
    for (let i = 0; i < R; i++) {
      if (this.cell[i * C] === ROAD) cand.push(i * C);
      if (this.cell[i * C + C - 1] === ROAD) cand.push(i * C + C - 1);
    }
    for (let j = 0; j < C; j++) {
      if (this.cell[j] === ROAD) cand.push(j);
      if (this.cell[(R - 1) * C + j] === ROAD) cand.push((R - 1) * C + j);
    }
    const perm = rng.randomPermutation(cand.length);
    let k = 0;
    for (let pl = 0; pl < this.n; pl++) {
      for (let c = 0; c < p.nb_cars; c++, id++, k++) {
        this.type[id] = CAR;
        this.player[id] = pl;
        this.food[id] = p.cars_fuel;
        this.water[id] = 0;
        this.place(id, cand[perm[k]!]!);
      }
    }
    this.computeScores();
  }
}
