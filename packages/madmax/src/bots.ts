import type { Bot } from "@arena/core";
import { CAR, CITY, DESERT, DIR_LETTERS, ROAD, STATION, WATER } from "./state";
import type { MadMaxActions, MadMaxView } from "./view";

/** Gives no commands. */
export class NullBot implements Bot<MadMaxView, MadMaxActions> {
  play(): void {}
}

/**
 * The built-in Demo: warriors walk (breadth-first) to water when thirsty, to a city when hungry,
 * and otherwise to the nearest city cell they do not hold; cars drive at the nearest enemy
 * warrior and to a station when low on fuel.
 */
export class DemoBot implements Bot<MadMaxView, MadMaxActions> {
  private dist = new Int32Array(0);
  private queue = new Int32Array(0);

  private field(view: MadMaxView, car: boolean, goal: (c: number) => boolean): Int32Array {
    const s = view.raw;
    const size = s.rows * s.cols;
    if (this.dist.length !== size) {
      this.dist = new Int32Array(size);
      this.queue = new Int32Array(size);
    }
    const { dist, queue } = this;
    dist.fill(-1);
    let tail = 0;
    for (let c = 0; c < size; c++)
      if (goal(c)) {
        dist[c] = 0;
        queue[tail++] = c;
      }
    for (let head = 0; head < tail; head++) {
      const c = queue[head]!;
      for (let d = 0; d < 8; d++) {
        const q = s.step(c, d);
        if (q < 0 || dist[q] !== -1) continue;
        const t = s.cell[q];
        if (!(t === DESERT || t === ROAD || (!car && t === CITY))) continue;
        dist[q] = dist[c]! + 1;
        queue[tail++] = q;
      }
    }
    return dist;
  }

  /** Cells next to water / a station (terrain never changes during a match). */
  private nearWater = new Uint8Array(0);
  private nearStation = new Uint8Array(0);

  private terrain(view: MadMaxView): void {
    const s = view.raw;
    const size = s.rows * s.cols;
    if (this.nearWater.length === size) return;
    this.nearWater = new Uint8Array(size);
    this.nearStation = new Uint8Array(size);
    for (let c = 0; c < size; c++)
      for (let d = 0; d < 8; d++) {
        const q = s.step(c, d);
        if (q < 0) continue;
        if (s.cell[q] === WATER) this.nearWater[c] = 1;
        if (s.cell[q] === STATION) this.nearStation[c] = 1;
      }
  }

  play(view: MadMaxView, actions: MadMaxActions): void {
    const s = view.raw;
    const me = view.me();
    this.terrain(view);
    const { nearWater, nearStation } = this;
    // Each distance field is computed only if some unit needs it this round.
    const cache = new Map<string, Int32Array>();
    const lazy = (name: string, car: boolean, goal: (c: number) => boolean) => () => {
      let field = cache.get(name);
      if (field === undefined) {
        field = this.field(view, car, goal).slice();
        cache.set(name, field);
      }
      return field;
    };
    const thirst = lazy("thirst", false, (c) => s.cell[c] !== WATER && nearWater[c] === 1);
    const cities = lazy("cities", false, (c) => s.cell[c] === CITY && s.owner[c] !== me);
    const food = lazy("food", false, (c) => s.cell[c] === CITY);
    const prey = lazy("prey", true, (c) => {
      const u = s.unitAt[c]!;
      return u >= 0 && s.type[u] !== CAR && s.player[u] !== me;
    });
    const fuel = lazy("fuel", true, (c) => nearStation[c] === 1);
    const claimed = new Set<number>();
    for (let id = 0; id < s.numUnits; id++) {
      if (s.player[id] !== me || !view.canMove(id)) continue;
      const car = s.type[id] === CAR;
      const pos = s.pos[id]!;
      const which = car
        ? s.food[id]! < 30
          ? fuel
          : prey
        : s.water[id]! < 18
          ? thirst
          : s.food[id]! < 18
            ? food
            : s.cell[pos] === CITY && s.owner[pos] !== me
              ? undefined
              : cities;
      if (which === undefined) continue;
      const goal = which();
      let best = -1;
      let bestDist = goal[pos]! < 0 ? Number.MAX_SAFE_INTEGER : goal[pos]!;
      for (let d = 0; d < 8; d++) {
        const q = s.step(pos, d);
        if (q < 0 || goal[q]! < 0 || claimed.has(q)) continue;
        const other = s.unitAt[q]!;
        if (other >= 0 && s.player[other] === me) continue;
        if (goal[q]! < bestDist) {
          bestDist = goal[q]!;
          best = d;
        }
      }
      if (best >= 0) {
        claimed.add(s.step(pos, best));
        actions.command(id, DIR_LETTERS[best]!);
      }
    }
  }
}
