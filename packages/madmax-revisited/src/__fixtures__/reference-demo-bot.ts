// Test-only: the Demo bot as it was before its rewrite for speed (commit cf1eebb), kept verbatim
// (but for issue 40's one change to both: no instruction to a car this round's missiles hit) so
// that bots.test.ts can check that the rewritten Demo gives exactly the same orders.
import type { Bot } from "@arena/core";
import { hitByMissile } from "../bots";
import { EMPTY, GAS, MISSILE_BONUS, passedCells, TYRE, WATER } from "../state";
import { Dir, type MadMaxRevisitedActions, type MadMaxRevisitedView, rawState } from "../view";

const DIRECTIONS = Object.values(Dir);

/**
 * The built-in Demo: for each of its cars, shoots when an enemy car is in line a few columns
 * ahead, otherwise picks the move whose path is safe from tyres, cars and missiles (now and
 * after the missiles' next flight) and collects the most: water, and gas or missiles when low.
 */
export class ReferenceDemoBot implements Bot<MadMaxRevisitedView, MadMaxRevisitedActions> {
  play(view: MadMaxRevisitedView, actions: MadMaxRevisitedActions): void {
    const s = rawState(view);
    const me = view.me();
    const next = s.round + 1;
    // Cells missiles will sweep this round and the next (they fly 2 columns before cars move).
    const danger = new Uint8Array(s.cell.length);
    for (const m of s.missiles.values())
      for (let dj = 1; dj <= 4; dj++) danger[s.shift(m.pos, 0, dj)] = 1;
    const claimed = new Set<number>();
    for (let car = view.begin(me); car < view.end(me); car++) {
      // Issue 40: no instruction to a car this round's missiles hit, as the rewritten Demo.
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
          claimed.add(ahead);
          continue;
        }
      }
      let best: readonly [number, number] | undefined;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (const dir of DIRECTIONS) {
        const dest = s.shift(pos, dir[0], dir[1]);
        if (dest < 0 || !s.withinWindow(dest, next) || claimed.has(dest)) continue;
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
        for (const [ci, cj] of [
          [0, 1],
          [0, 2],
        ] as const) {
          const q = s.shift(dest, ci, cj);
          if (q >= 0 && s.cell[q] === TYRE) value -= 2;
        }
        if (value > bestValue) {
          bestValue = value;
          best = dir;
        }
      }
      if (best !== undefined) {
        claimed.add(s.shift(pos, best[0], best[1]));
        actions.move(car, best);
      }
    }
  }
}
