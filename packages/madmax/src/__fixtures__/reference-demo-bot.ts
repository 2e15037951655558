// Test-only: the Demo bot as it was before its rewrite for speed (commit cf1eebb), kept verbatim
// (but for issue 40's one change to both: no move onto a cell the unit cannot enter) so that
// bots.test.ts can check that the rewritten Demo gives exactly the same orders.
import type { Bot } from "@arena/core";
import { CAR, CITY, DESERT, DIR_LETTERS, ROAD, STATION, WATER } from "../state";
import { type MadMaxActions, type MadMaxView, rawState } from "../view";

/**
 * The built-in Demo: warriors walk (breadth-first) to water when thirsty, to a city when hungry,
 * and otherwise to the nearest city cell they do not hold; cars drive at the nearest enemy
 * warrior and to a station when low on fuel.
 */
export class ReferenceDemoBot implements Bot<MadMaxView, MadMaxActions> {
  private queue = new Int32Array(0);

  /** neighbours[8·c + d]: the cell next to c in direction d, or −1 off the board. */
  private neighbours = new Int32Array(0);
  /** Cells a car (1) or a warrior (2) may enter; bit flags, terrain never changes. */
  private passable = new Uint8Array(0);

  private field(
    view: MadMaxView,
    car: boolean,
    goal: ((c: number) => boolean) | readonly number[],
    dist: Int32Array,
  ): Int32Array {
    const s = rawState(view);
    const size = s.rows * s.cols;
    if (this.queue.length !== size) {
      this.queue = new Int32Array(size);
      this.neighbours = new Int32Array(8 * size);
      this.passable = new Uint8Array(size);
      for (let c = 0; c < size; c++) {
        for (let d = 0; d < 8; d++) this.neighbours[8 * c + d] = s.step(c, d);
        const t = s.cell[c];
        this.passable[c] = t === DESERT || t === ROAD ? 3 : t === CITY ? 2 : 0;
      }
    }
    const { queue, neighbours, passable } = this;
    const mask = car ? 1 : 2;
    dist.fill(-1);
    let tail = 0;
    const source = (c: number) => {
      if (dist[c] === -1) {
        dist[c] = 0;
        queue[tail++] = c;
      }
    };
    if (typeof goal === "function") {
      for (let c = 0; c < size; c++) if (goal(c)) source(c);
    } else for (const c of goal) source(c);
    for (let head = 0; head < tail; head++) {
      const c = queue[head]!;
      const base = 8 * c;
      for (let d = 0; d < 8; d++) {
        const q = neighbours[base + d]!;
        if (q < 0 || dist[q] !== -1 || (passable[q]! & mask) === 0) continue;
        dist[q] = dist[c]! + 1;
        queue[tail++] = q;
      }
    }
    return dist;
  }

  /** Cells next to water / a station (terrain never changes during a match). */
  private nearWater = new Uint8Array(0);
  private nearStation = new Uint8Array(0);
  private readonly permanent = new Map<string, Int32Array>();
  private readonly buffers = new Map<string, Int32Array>();

  private terrain(view: MadMaxView): void {
    const s = rawState(view);
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
    const s = rawState(view);
    const me = view.me();
    this.terrain(view);
    const { nearWater, nearStation } = this;
    // Distance fields computed only when some unit needs them: those to water, stations and any
    // city depend on terrain alone (kept for the whole match); the others change every round.
    const cache = new Map<string, Int32Array>();
    const lazy =
      (
        name: string,
        car: boolean,
        goal: { cells: () => readonly number[] } | { test: (c: number) => boolean },
        permanent: boolean,
      ) =>
      () => {
        const store = permanent ? this.permanent : cache;
        let field = store.get(name);
        if (field === undefined) {
          const buffer = this.buffers.get(name) ?? new Int32Array(s.rows * s.cols);
          this.buffers.set(name, buffer);
          field = this.field(view, car, "cells" in goal ? goal.cells() : goal.test, buffer);
          store.set(name, field);
        }
        return field;
      };
    const thirst = lazy(
      "thirst",
      false,
      { test: (c) => s.cell[c] !== WATER && nearWater[c] === 1 },
      true,
    );
    const cities = lazy(
      "cities",
      false,
      { cells: () => s.cities.flat().filter((c) => s.owner[c] !== me) },
      false,
    );
    const food = lazy("food", false, { test: (c) => s.cell[c] === CITY }, true);
    const prey = lazy(
      "prey",
      true,
      {
        cells: () => {
          const cells: number[] = [];
          for (let u = 0; u < s.numUnits; u++)
            if (s.type[u] !== CAR && s.player[u] !== me) cells.push(s.pos[u]!);
          return cells;
        },
      },
      false,
    );
    const fuel = lazy("fuel", true, { test: (c) => nearStation[c] === 1 }, true);
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
        // Issue 40: not onto a cell the unit cannot enter, as the rewritten Demo.
        if ((this.passable[q]! & (car ? 1 : 2)) === 0) continue;
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
