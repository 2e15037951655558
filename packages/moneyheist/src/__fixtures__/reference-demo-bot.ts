// Test-only: the Demo bot as it was before its rewrite for speed (commit cf1eebb), kept verbatim
// (but for issue 40's changes to both: no move onto or next to a unit it cannot attack, one
// attacker per enemy soldier) so that
// bots.test.ts can check that the rewritten Demo gives exactly the same orders.
import type { Bot } from "@arena/core";
import { DIRECTION_LETTERS, type MoneyHeistState, PROFESSOR } from "../state";
import { type MoneyHeistActions, type MoneyHeistView, rawState } from "../view";

/**
 * A safe's key: labels 0..k−1 for the hints such that each label is used three times and in each
 * triple one value is the sum of the other two; undefined if there is none.
 */
function solveSafe(hints: readonly number[]): number[] | undefined {
  const n = hints.length;
  const label = new Array<number>(n).fill(-1);
  const search = (group: number): boolean => {
    const first = label.indexOf(-1);
    if (first < 0) return true;
    label[first] = group;
    for (let b = first + 1; b < n; b++) {
      if (label[b] !== -1) continue;
      label[b] = group;
      for (let c = b + 1; c < n; c++) {
        if (label[c] !== -1) continue;
        const [x, y, z] = [hints[first]!, hints[b]!, hints[c]!];
        if (x + y !== z && x + z !== y && y + z !== x) continue;
        label[c] = group;
        if (search(group + 1)) return true;
        label[c] = -1;
      }
      label[b] = -1;
    }
    label[first] = -1;
    return false;
  };
  return search(0) ? label : undefined;
}

/**
 * The built-in Demo: soldiers walk (breadth-first) to the nearest money or kit, poison any
 * adjacent enemy and recharge from the pot when empty; the professor heals when hurt, walks to
 * the nearest safe door and opens it with the key it solves from the hints.
 */
export class ReferenceDemoBot implements Bot<MoneyHeistView, MoneyHeistActions> {
  private dist = new Int32Array(0);
  private queue = new Int32Array(0);
  private reserved = new Uint8Array(0);
  private readonly keys = new Map<string, number[] | undefined>();
  /** neighbours[4·cell + d]: the cell next to `cell` in direction d, or −1. */
  private neighbours = new Int32Array(0);
  private doorField = new Int32Array(0);
  private doorKey = "";

  /** Distances (in moves) from every cell to the nearest source, through walkable cells. */
  private field(s: MoneyHeistState, isSource: (cell: number) => boolean): Int32Array {
    if (this.dist.length !== s.cells) {
      this.dist = new Int32Array(s.cells);
      this.queue = new Int32Array(s.cells);
      this.reserved = new Uint8Array(s.cells);
      this.neighbours = new Int32Array(4 * s.cells);
      for (let cell = 0; cell < s.cells; cell++)
        for (let d = 0; d < 4; d++) this.neighbours[4 * cell + d] = s.step(cell, d);
    }
    const { dist, queue, neighbours } = this;
    dist.fill(-1);
    let tail = 0;
    for (let cell = 0; cell < s.cells; cell++) {
      if (isSource(cell)) {
        dist[cell] = 0;
        queue[tail++] = cell;
      }
    }
    for (let head = 0; head < tail; head++) {
      const cell = queue[head]!;
      for (let d = 0; d < 4; d++) {
        const next = neighbours[4 * cell + d]!;
        if (next < 0 || dist[next] !== -1 || s.wall[next] === 1 || s.door[next]! >= 0) continue;
        dist[next] = dist[cell]! + 1;
        queue[tail++] = next;
      }
    }
    return dist;
  }

  /** Issue 40: an enemy unit is on `cell` or next to it. */
  private nearEnemy(s: MoneyHeistState, me: number, cell: number): boolean {
    for (let d = -1; d < 4; d++) {
      const at = d < 0 ? cell : s.step(cell, d);
      const unit = at < 0 ? -1 : s.unitAt[at]!;
      if (unit >= 0 && s.unitPlayer[unit] !== me) return true;
    }
    return false;
  }

  /** The direction one step downhill on `dist` from `cell` to a free, unreserved cell, or −1. */
  private downhill(
    s: MoneyHeistState,
    me: number,
    cell: number,
    dist: Int32Array,
    mayAttack: boolean,
  ): number {
    let best = -1;
    let bestDist = dist[cell]! < 0 ? Number.MAX_SAFE_INTEGER : dist[cell]!;
    for (let d = 0; d < 4; d++) {
      const next = s.step(cell, d);
      if (next < 0 || dist[next]! < 0 || this.reserved[next] === 1) continue;
      const unit = s.unitAt[next]!;
      // Issue 40: onto an enemy, or next to one, only with poison (not the professor), as the
      // rewritten Demo.
      if (unit >= 0 ? s.unitPlayer[unit] === me || !mayAttack : !mayAttack && this.nearEnemy(s, me, next))
        continue;
      if (dist[next]! < bestDist) {
        bestDist = dist[next]!;
        best = d;
      }
    }
    return best;
  }

  play(view: MoneyHeistView, actions: MoneyHeistActions): void {
    const s = rawState(view);
    const me = view.me();
    const { config } = s;
    const { money, kit } = s;
    const goods = this.field(s, (cell) => money[cell] !== 0 || kit[cell] !== 0);
    this.reserved.fill(0);
    for (let id = config.numPlayers; id < s.numUnits; id++) {
      if (s.unitPlayer[id] !== me) continue;
      const pos = s.unitPos[id]!;
      if (s.unitPoison[id]! > 0) {
        let attacked = false;
        for (let d = 0; d < 4 && !attacked; d++) {
          const next = s.step(pos, d);
          const unit = next < 0 ? -1 : s.unitAt[next]!;
          // Issue 40: one attacker per enemy soldier, as the rewritten Demo.
          if (unit >= 0 && s.unitPlayer[unit] !== me && this.reserved[next] === 0) {
            if (s.unitType[unit] !== PROFESSOR) this.reserved[next] = 1;
            actions.move(id, DIRECTION_LETTERS[d]!);
            attacked = true;
          }
        }
        if (attacked) continue;
      } else if (s.potPoison[me]! > 0) {
        actions.charge(id);
        continue;
      }
      const d = this.downhill(s, me, pos, goods, s.unitPoison[id]! > 0);
      if (d >= 0) {
        this.reserved[s.step(pos, d)] = 1;
        actions.move(id, DIRECTION_LETTERS[d]!);
      }
    }
    // The professor.
    const prof = me;
    if (s.unitRebirth[prof]! > 0 || s.unitType[prof] !== PROFESSOR) return;
    if (s.unitHealth[prof]! < config.professorMaxHealth && s.potHealth[me]! > 0) {
      actions.heal(prof);
      return;
    }
    const pos = s.unitPos[prof]!;
    for (let d = 0; d < 4; d++) {
      const next = s.step(pos, d);
      const safe = next < 0 ? -1 : s.door[next]!;
      if (safe < 0) continue;
      const hints = s.hints[safe]!;
      const cacheKey = hints.join(",");
      if (!this.keys.has(cacheKey)) this.keys.set(cacheKey, solveSafe(Array.from(hints)));
      const key = this.keys.get(cacheKey);
      if (key !== undefined) {
        actions.open(prof, key, DIRECTION_LETTERS[d]!);
        return;
      }
    }
    // Doors move only when a safe is opened: keep their distance field until then.
    const doorKey = s.safeDoor.join(",");
    if (doorKey !== this.doorKey) {
      this.doorKey = doorKey;
      this.doorField = this.field(s, (cell) => {
        if (s.wall[cell] === 1 || s.door[cell]! >= 0) return false;
        for (let d = 0; d < 4; d++) {
          const next = s.step(cell, d);
          if (next >= 0 && s.door[next]! >= 0) return true;
        }
        return false;
      }).slice();
    }
    const d = this.downhill(s, me, pos, this.doorField, false);
    if (d >= 0) actions.move(prof, DIRECTION_LETTERS[d]!);
  }
}
