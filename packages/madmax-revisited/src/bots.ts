import type { Bot } from "@arena/core";
import { type DemoState, ViewState } from "./bots/view-state";
import { EMPTY, GAS, MISSILE_BONUS, passedCells, TYRE, WATER } from "./state";
import { Dir, type MadMaxRevisitedActions, type MadMaxRevisitedView, ownState } from "./view";

/** Gives no instructions: its cars just drive one column a round. */
export class NullBot implements Bot<MadMaxRevisitedView, MadMaxRevisitedActions> {
  play(): void {}
}

const DIRECTIONS = Object.values(Dir);

/**
 * The car the missiles' flight of this round hits (they fly 2 columns before cars move, each
 * stopped by the first bonus, tyre or car in its way): true for `car`. An instruction to it would
 * be rejected (its car is dead by its turn), so the Demo gives none.
 */
export function hitByMissile(
  s: Pick<DemoState, "missiles" | "shift" | "cell" | "carAt">,
  car: number,
): boolean {
  for (const m of s.missiles.values()) {
    for (let dj = 1; dj <= 2; dj++) {
      const q = s.shift(m.pos, 0, dj);
      if (q < 0 || s.cell[q] !== EMPTY) break;
      const hit = s.carAt[q]!;
      if (hit === car) return true;
      if (hit >= 0) break;
    }
  }
  return false;
}
/** The two cells ahead of a destination whose tyres the Demo avoids. */
const AHEAD = [
  [0, 1],
  [0, 2],
] as const;

/**
 * The built-in Demo: for each of its cars, shoots when an enemy car is in line a few columns
 * ahead, otherwise picks the move whose path is safe from tyres, cars and missiles (now and
 * after the missiles' next flight) and collects the most: water, and gas or missiles when low.
 *
 * Allocates nothing per round (the danger and claimed maps are kept and cleared cell by cell);
 * its orders are exactly those of the earlier version (checked in `bots.test.ts`).
 */
export class DemoBot implements Bot<MadMaxRevisitedView, MadMaxRevisitedActions> {
  /** danger[q] = 1: a missile sweeps q this round or the next. */
  private danger = new Uint8Array(0);
  /** claimed[q] = 1: one of this bot's cars goes to q this round. */
  private claimed = new Uint8Array(0);
  /** The cells set in `danger` and `claimed`, to clear them. */
  private marked: number[] = [];
  /** The state read through the public API, for a view of another copy of the package. */
  private viewState: ViewState | undefined;

  /**
   * The state behind `view`: the live one for a view of this copy of the package, else (a view of
   * another copy: a second install, the arena cli's bundle) the same values read through its
   * public API, so the orders are the same.
   */
  private state(view: MadMaxRevisitedView): DemoState {
    const own = ownState(view);
    if (own !== undefined) return own;
    this.viewState ??= new ViewState();
    return this.viewState.read(view);
  }

  play(view: MadMaxRevisitedView, actions: MadMaxRevisitedActions): void {
    const s = this.state(view);
    const me = view.me();
    const next = s.round + 1;
    if (this.danger.length !== s.cell.length) {
      this.danger = new Uint8Array(s.cell.length);
      this.claimed = new Uint8Array(s.cell.length);
    }
    const { danger, claimed, marked } = this;
    for (const q of marked) {
      danger[q] = 0;
      claimed[q] = 0;
    }
    marked.length = 0;
    // Cells missiles will sweep this round and the next (they fly 2 columns before cars move).
    for (const m of s.missiles.values())
      for (let dj = 1; dj <= 4; dj++) {
        const q = s.shift(m.pos, 0, dj);
        danger[q] = 1;
        marked.push(q);
      }
    for (let car = view.begin(me); car < view.end(me); car++) {
      if (s.carAlive[car] !== 1 || hitByMissile(s, car)) continue;
      const pos = s.carPos[car]!;
      // Shoot an enemy car 3..8 columns ahead in the same row, if the default step is safe.
      if (s.carMiss[car]! > 0) {
        let target = false;
        for (let dj = 3; dj <= 8 && !target; dj++) {
          const q = s.shift(pos, 0, dj);
          const other = s.carAt[q]!;
          if (other >= 0 && s.ownerOf(other) !== me) target = true;
          if (s.cell[q] !== EMPTY) break;
        }
        const ahead = s.shift(pos, 0, 1);
        if (target && s.cell[ahead] === EMPTY && s.carAt[ahead] === -1 && danger[ahead] === 0) {
          actions.shoot(car);
          claimed[ahead] = 1;
          marked.push(ahead);
          continue;
        }
      }
      let best: readonly [number, number] | undefined;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (const dir of DIRECTIONS) {
        const dest = s.shift(pos, dir[0], dir[1]);
        if (dest < 0 || !s.withinWindow(dest, next) || claimed[dest] === 1) continue;
        let value = 0;
        let fatal = danger[dest] === 1;
        for (const [ci, cj] of passedCells(dir[0], dir[1])) {
          const q = s.shift(pos, ci, cj);
          if (s.cell[q] === TYRE || s.carAt[q] !== -1 || s.missileAt[q] !== -1 || danger[q] === 1)
            fatal = true;
          if (s.cell[q] === WATER) value += 10;
          if (s.cell[q] === GAS) value += s.carGas[car]! < 25 ? 30 : 4;
          if (s.cell[q] === MISSILE_BONUS) value += s.carMiss[car]! < 2 ? 8 : 2;
        }
        if (fatal) continue;
        // Keep away from the window's trailing edge, and prefer cells with room around.
        const lead = ((((dest % s.cols) - next) % s.cols) + s.cols) % s.cols;
        value += Math.min(lead, 12) * 0.2;
        for (const [ci, cj] of AHEAD) {
          const q = s.shift(dest, ci, cj);
          if (q >= 0 && s.cell[q] === TYRE) value -= 2;
        }
        if (value > bestValue) {
          bestValue = value;
          best = dir;
        }
      }
      if (best !== undefined) {
        const dest = s.shift(pos, best[0], best[1]);
        claimed[dest] = 1;
        marked.push(dest);
        actions.move(car, best);
      }
    }
  }
}
