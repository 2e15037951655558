import type { Bot } from "@arena/core";
import { type DemoState, ViewState } from "./bots/view-state";
import { CAR, CITY, DESERT, DIR_LETTERS, ROAD, STATION, WATER } from "./state";
import { type MadMaxActions, type MadMaxView, ownState } from "./view";

/** Gives no commands. */
export class NullBot implements Bot<MadMaxView, MadMaxActions> {
  play(): void {}
}

/** What a unit walks to (the distance field it follows). */
enum Goal {
  None,
  Thirst,
  Food,
  Cities,
  Fuel,
  Prey,
}

/**
 * The built-in Demo: warriors walk (breadth-first) to water when thirsty, to a city when hungry,
 * and otherwise to the nearest city cell they do not hold; cars drive at the nearest enemy
 * warrior and to a station when low on fuel.
 *
 * Written for speed without changing a single order (checked against the earlier version in
 * `bots.test.ts`): the fields to water, food and stations depend on terrain alone and are kept for
 * the match; the field to the cities not held is searched again only when a city changes hands;
 * the field to the enemy warriors (they move every round) is searched only until every cell the
 * bot's units will look at has its distance (a breadth-first search fixes a cell's distance when
 * it reaches it). Nothing is allocated per round.
 */
export class DemoBot implements Bot<MadMaxView, MadMaxActions> {
  private size = -1;
  private queue = new Int32Array(0);
  /** neighbours[8·c + d]: the cell next to c in direction d, or −1 off the board. */
  private neighbours = new Int32Array(0);
  /** Cells a car (1) or a warrior (2) may enter; bit flags, terrain never changes. */
  private passable = new Uint8Array(0);
  /** Cells next to water / a station. */
  private nearWater = new Uint8Array(0);
  private nearStation = new Uint8Array(0);
  /** Fields that depend on terrain alone, computed when first needed (index: `Goal`). */
  private readonly permanent: Array<Int32Array | undefined> = [];
  private cities = new Int32Array(0);
  /** held[k] = 1: the k-th city cell (in `cities` order) was held by this bot's player. */
  private held = new Uint8Array(0);
  /** Whether `cities` is the whole field for the cities not held per `held`. */
  private citiesComplete = false;
  private prey = new Int32Array(0);
  /** need[c] = 1: a unit will read the field at c this round. */
  private need = new Uint8Array(0);
  private needList = new Int32Array(0);
  private units = new Int32Array(0);
  private goals = new Uint8Array(0);
  private claimed = new Uint8Array(0);
  /** The state read through the public API, for a view of another copy of the package. */
  private viewState: ViewState | undefined;

  /**
   * The state behind `view`: the live one for a view of this copy of the package, else (a view of
   * another copy: a second install, the arena cli's bundle) the same values read through its
   * public API, so the orders are the same.
   */
  private state(view: MadMaxView): DemoState {
    const own = ownState(view);
    if (own !== undefined) return own;
    this.viewState ??= new ViewState();
    return this.viewState.read(view);
  }

  private prepare(s: DemoState): void {
    const size = s.rows * s.cols;
    if (this.size === size) return;
    this.size = size;
    this.queue = new Int32Array(size);
    this.neighbours = new Int32Array(8 * size);
    this.passable = new Uint8Array(size);
    this.nearWater = new Uint8Array(size);
    this.nearStation = new Uint8Array(size);
    this.cities = new Int32Array(size);
    this.prey = new Int32Array(size);
    this.need = new Uint8Array(size);
    this.needList = new Int32Array(size);
    this.claimed = new Uint8Array(size);
    this.permanent.length = 0;
    let cityCells = 0;
    for (const city of s.cities) cityCells += city.length;
    this.held = new Uint8Array(cityCells);
    this.citiesComplete = false;
    for (let c = 0; c < size; c++) {
      for (let d = 0; d < 8; d++) {
        const q = s.step(c, d);
        this.neighbours[8 * c + d] = q;
        if (q < 0) continue;
        if (s.cell[q] === WATER) this.nearWater[c] = 1;
        if (s.cell[q] === STATION) this.nearStation[c] = 1;
      }
      const t = s.cell[c];
      this.passable[c] = t === DESERT || t === ROAD ? 3 : t === CITY ? 2 : 0;
    }
  }

  /**
   * Breadth-first distances into `dist` from the `tail` sources already queued (at 0), through
   * cells a car (`car`) or a warrior may enter; −1 where unreached. With `needed` > 0 it stops
   * once that many cells marked in `need` have their distance (the others may stay −1).
   */
  private spread(dist: Int32Array, tail: number, car: boolean, needed: number): void {
    const { queue, neighbours, passable, need } = this;
    const mask = car ? 1 : 2;
    let left = needed;
    if (left > 0) {
      for (let k = 0; k < tail; k++) if (need[queue[k]!] === 1 && --left === 0) return;
    }
    for (let head = 0; head < tail; head++) {
      const c = queue[head]!;
      const next = dist[c]! + 1;
      const base = 8 * c;
      for (let d = 0; d < 8; d++) {
        const q = neighbours[base + d]!;
        if (q < 0 || dist[q] !== -1 || (passable[q]! & mask) === 0) continue;
        dist[q] = next;
        queue[tail++] = q;
        if (need[q] === 1 && --left === 0) return;
      }
    }
  }

  /** A terrain-only field (thirst, food, fuel), computed once. */
  private permanentField(s: DemoState, goal: Goal): Int32Array {
    const kept = this.permanent[goal];
    if (kept !== undefined) return kept;
    const dist = new Int32Array(this.size).fill(-1);
    const { queue, nearWater, nearStation } = this;
    let tail = 0;
    for (let c = 0; c < this.size; c++) {
      const source =
        goal === Goal.Thirst
          ? s.cell[c] !== WATER && nearWater[c] === 1
          : goal === Goal.Food
            ? s.cell[c] === CITY
            : nearStation[c] === 1;
      if (source) {
        dist[c] = 0;
        queue[tail++] = c;
      }
    }
    this.spread(dist, tail, goal === Goal.Fuel, 0);
    this.permanent[goal] = dist;
    return dist;
  }

  play(view: MadMaxView, actions: MadMaxActions): void {
    const s = this.state(view);
    const me = view.me();
    this.prepare(s);
    const { neighbours, need, needList, claimed } = this;
    if (this.units.length < s.numUnits) {
      this.units = new Int32Array(s.numUnits);
      this.goals = new Uint8Array(s.numUnits);
    }
    const { units, goals } = this;
    // Which field each unit that moves follows, and the cells it will read in it.
    let count = 0;
    let needCities = 0;
    let needPrey = 0;
    let listed = 0;
    for (let id = 0; id < s.numUnits; id++) {
      if (s.player[id] !== me || !view.canMove(id)) continue;
      const car = s.type[id] === CAR;
      const pos = s.pos[id]!;
      const goal = car
        ? s.food[id]! < 30
          ? Goal.Fuel
          : Goal.Prey
        : s.water[id]! < 18
          ? Goal.Thirst
          : s.food[id]! < 18
            ? Goal.Food
            : s.cell[pos] === CITY && s.owner[pos] !== me
              ? Goal.None
              : Goal.Cities;
      if (goal === Goal.None) continue;
      units[count] = id;
      goals[count++] = goal;
      if (goal !== Goal.Cities && goal !== Goal.Prey) continue;
      // Cities and prey are searched once each, for the cells of both kinds of readers.
      for (let d = -1; d < 8; d++) {
        const q = d < 0 ? pos : neighbours[8 * pos + d]!;
        if (q < 0 || need[q] === 1) continue;
        need[q] = 1;
        needList[listed++] = q;
      }
      if (goal === Goal.Cities) needCities++;
      else needPrey++;
    }
    const { queue } = this;
    if (needCities > 0) {
      // The field to the cities not held depends only on which city cells are held: searched in
      // full when that changes, kept otherwise.
      let k = 0;
      let same = this.citiesComplete;
      for (const city of s.cities)
        for (const c of city) {
          const held = s.owner[c] === me ? 1 : 0;
          if (this.held[k] !== held) same = false;
          this.held[k++] = held;
        }
      if (!same) {
        const dist = this.cities.fill(-1);
        let tail = 0;
        for (const city of s.cities)
          for (const c of city) {
            if (s.owner[c] === me || dist[c] !== -1) continue;
            dist[c] = 0;
            queue[tail++] = c;
          }
        this.spread(dist, tail, false, 0);
        this.citiesComplete = true;
      }
    }
    if (needPrey > 0) {
      const dist = this.prey.fill(-1);
      let tail = 0;
      for (let u = 0; u < s.numUnits; u++) {
        if (s.type[u] === CAR || s.player[u] === me) continue;
        const c = s.pos[u]!;
        if (dist[c] !== -1) continue;
        dist[c] = 0;
        queue[tail++] = c;
      }
      this.spread(dist, tail, true, listed);
    }
    for (let k = 0; k < listed; k++) need[needList[k]!] = 0;

    let claims = 0;
    for (let k = 0; k < count; k++) {
      const id = units[k]!;
      const goal = goals[k]!;
      const field =
        goal === Goal.Cities
          ? this.cities
          : goal === Goal.Prey
            ? this.prey
            : this.permanentField(s, goal);
      const pos = s.pos[id]!;
      // A field's sources (an enemy warrior in a city, a cell beside a station) may be cells
      // the unit cannot enter, and the rules reject such a move.
      const mask = s.type[id] === CAR ? 1 : 2;
      let best = -1;
      let bestDist = field[pos]! < 0 ? Number.MAX_SAFE_INTEGER : field[pos]!;
      for (let d = 0; d < 8; d++) {
        const q = neighbours[8 * pos + d]!;
        if (q < 0 || field[q]! < 0 || claimed[q] === 1 || (this.passable[q]! & mask) === 0)
          continue;
        const other = s.unitAt[q]!;
        if (other >= 0 && s.player[other] === me) continue;
        if (field[q]! < bestDist) {
          bestDist = field[q]!;
          best = d;
        }
      }
      if (best >= 0) {
        const q = neighbours[8 * pos + best]!;
        claimed[q] = 1;
        needList[claims++] = q;
        actions.command(id, DIR_LETTERS[best]!);
      }
    }
    for (let k = 0; k < claims; k++) claimed[needList[k]!] = 0;
  }
}
