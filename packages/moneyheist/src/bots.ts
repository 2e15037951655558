import type { Bot } from "@arena/core";
import { type DemoState, ViewState } from "./bots/view-state";
import { DIRECTION_LETTERS, PROFESSOR } from "./state";
import { type MoneyHeistActions, type MoneyHeistView, ownState } from "./view";

/** The original's Null player: gives no commands. */
export class NullBot implements Bot<MoneyHeistView, MoneyHeistActions> {
  play(): void {}
}

/**
 * A safe's key: labels 0..k−1 for the hints such that each label is used three times and in each
 * triple one value is the sum of the other two; undefined if there is none.
 */
export function solveSafe(hints: readonly number[]): number[] | undefined {
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

/** The goods field of the current round, shared by the Demo bots of one match (see `goodsField`). */
const goodsFields = new WeakMap<DemoState, { round: number; dist: Int32Array }>();

/**
 * The built-in Demo: soldiers walk (breadth-first) to the nearest money or kit, poison any
 * adjacent enemy and recharge from the pot when empty; the professor heals when hurt, walks to
 * the nearest safe door and opens it with the key it solves from the hints.
 *
 * Written for speed without changing a single order (checked against the earlier version in
 * `bots.test.ts`): the neighbour table and which cells are walkable are computed once and again
 * only when a safe moves, the breadth-first searches run on typed arrays with no closure per cell,
 * and the distance field to the goods (the same for every player) is computed once per round and
 * shared by the Demo bots of a match that run in one thread.
 */
export class DemoBot implements Bot<MoneyHeistView, MoneyHeistActions> {
  private cells = -1;
  private queue = new Int32Array(0);
  private reserved = new Uint8Array(0);
  /** nearEnemy[cell] = 1: an enemy unit is on the cell or next to it (it may step in this round). */
  private nearEnemy = new Uint8Array(0);
  /** neighbours[4·cell + d]: the cell next to `cell` in direction d, or −1. */
  private neighbours = new Int32Array(0);
  /** walkable[cell] = 1 when there is neither wall nor safe door: changes only with the safes. */
  private walkable = new Uint8Array(0);
  private safeGold: Int32Array = new Int32Array(0);
  private safeDoor: Int32Array = new Int32Array(0);
  private readonly keys = new Map<string, number[] | undefined>();
  private doorField: Int32Array = new Int32Array(0);
  private doorKey = "";
  /** The state read through the public API, for a view of another copy of the package. */
  private viewState: ViewState | undefined;

  /**
   * The state behind `view`: the live one for a view of this copy of the package, else (a view of
   * another copy: a second install, the arena cli's bundle) the same values read through its
   * public API, so the orders are the same.
   */
  private state(view: MoneyHeistView): DemoState {
    const own = ownState(view);
    if (own !== undefined) return own;
    this.viewState ??= new ViewState();
    return this.viewState.read(view);
  }

  /** Sizes the arrays for `s` and refreshes `walkable` when a safe has moved. */
  private prepare(s: DemoState): void {
    if (this.cells !== s.cells) {
      this.cells = s.cells;
      this.queue = new Int32Array(s.cells);
      this.reserved = new Uint8Array(s.cells);
      this.nearEnemy = new Uint8Array(s.cells);
      this.walkable = new Uint8Array(s.cells);
      this.neighbours = new Int32Array(4 * s.cells);
      for (let cell = 0; cell < s.cells; cell++)
        for (let d = 0; d < 4; d++) this.neighbours[4 * cell + d] = s.step(cell, d);
      this.safeGold = new Int32Array(0);
    }
    // Walls and doors change only when a safe is placed or erased, which moves its gold or door.
    let same = this.safeGold.length === s.safeGold.length;
    for (let k = 0; same && k < s.safeGold.length; k++)
      same = this.safeGold[k] === s.safeGold[k] && this.safeDoor[k] === s.safeDoor[k];
    if (same) return;
    this.safeGold = s.safeGold.slice();
    this.safeDoor = s.safeDoor.slice();
    const { wall, door } = s;
    const { walkable } = this;
    for (let cell = 0; cell < s.cells; cell++)
      walkable[cell] = wall[cell] === 1 || door[cell]! >= 0 ? 0 : 1;
  }

  /**
   * Breadth-first distances into `dist` from the sources already at 0 in it (queued in
   * `queue[0..tail)`), through walkable cells; −1 where unreachable.
   */
  private spread(dist: Int32Array, tail: number): void {
    const { queue, neighbours, walkable } = this;
    for (let head = 0; head < tail; head++) {
      const cell = queue[head]!;
      const next0 = dist[cell]! + 1;
      const base = 4 * cell;
      for (let d = 0; d < 4; d++) {
        const next = neighbours[base + d]!;
        if (next < 0 || dist[next] !== -1 || walkable[next] === 0) continue;
        dist[next] = next0;
        queue[tail++] = next;
      }
    }
  }

  /** Distances from every cell to the nearest money or kit (the same for every player). */
  private goodsField(s: DemoState): Int32Array {
    const cached = goodsFields.get(s);
    if (cached !== undefined && cached.round === s.round && cached.dist.length === s.cells)
      return cached.dist;
    const dist = new Int32Array(s.cells).fill(-1);
    const { money, kit } = s;
    const { queue } = this;
    let tail = 0;
    for (let cell = 0; cell < s.cells; cell++) {
      if (money[cell] !== 0 || kit[cell] !== 0) {
        dist[cell] = 0;
        queue[tail++] = cell;
      }
    }
    this.spread(dist, tail);
    goodsFields.set(s, { round: s.round, dist });
    return dist;
  }

  /** Distances from every cell to the nearest walkable cell next to a safe door. */
  private doorDistances(s: DemoState): Int32Array {
    const dist = new Int32Array(s.cells).fill(-1);
    const { queue, neighbours } = this;
    const { wall, door } = s;
    let tail = 0;
    for (let cell = 0; cell < s.cells; cell++) {
      if (wall[cell] === 1 || door[cell]! >= 0) continue;
      for (let d = 0; d < 4; d++) {
        const next = neighbours[4 * cell + d]!;
        if (next >= 0 && door[next]! >= 0) {
          dist[cell] = 0;
          queue[tail++] = cell;
          break;
        }
      }
    }
    this.spread(dist, tail);
    return dist;
  }

  /**
   * The direction one step downhill on `dist` from `cell` to a free, unreserved cell, or −1. A
   * unit that cannot attack (a professor, a soldier without poison) keeps off enemies and the
   * cells next to them: the rules reject its move onto a unit, also onto one that stepped there
   * earlier in the round.
   */
  private downhill(
    s: DemoState,
    me: number,
    cell: number,
    dist: Int32Array,
    mayAttack: boolean,
  ): number {
    const { neighbours, reserved, nearEnemy } = this;
    const { unitAt, unitPlayer } = s;
    let best = -1;
    let bestDist = dist[cell]! < 0 ? Number.MAX_SAFE_INTEGER : dist[cell]!;
    for (let d = 0; d < 4; d++) {
      const next = neighbours[4 * cell + d]!;
      if (next < 0 || dist[next]! < 0 || reserved[next] === 1) continue;
      const unit = unitAt[next]!;
      if (unit >= 0 ? unitPlayer[unit] === me || !mayAttack : !mayAttack && nearEnemy[next] === 1)
        continue;
      if (dist[next]! < bestDist) {
        bestDist = dist[next]!;
        best = d;
      }
    }
    return best;
  }

  /** Marks `nearEnemy`: the cells of the other players' units and their neighbours. */
  private markNearEnemies(s: DemoState, me: number): void {
    const { nearEnemy, neighbours } = this;
    nearEnemy.fill(0);
    for (let id = 0; id < s.numUnits; id++) {
      const pos = s.unitPos[id]!;
      // A dead professor keeps its last position but is off the board.
      if (s.unitPlayer[id] === me || pos < 0 || s.unitAt[pos] !== id) continue;
      nearEnemy[pos] = 1;
      for (let d = 0; d < 4; d++) {
        const next = neighbours[4 * pos + d]!;
        if (next >= 0) nearEnemy[next] = 1;
      }
    }
  }

  play(view: MoneyHeistView, actions: MoneyHeistActions): void {
    const s = this.state(view);
    const me = view.me();
    const { config, unitPlayer, unitPos, unitPoison, unitAt } = s;
    this.prepare(s);
    const { neighbours, reserved } = this;
    const goods = this.goodsField(s);
    reserved.fill(0);
    this.markNearEnemies(s, me);
    for (let id = config.numPlayers; id < s.numUnits; id++) {
      if (unitPlayer[id] !== me) continue;
      const pos = unitPos[id]!;
      if (unitPoison[id]! > 0) {
        let attacked = false;
        for (let d = 0; d < 4 && !attacked; d++) {
          const next = neighbours[4 * pos + d]!;
          const unit = next < 0 ? -1 : unitAt[next]!;
          // One attacker per enemy soldier: the next would step into the cell it leaves empty,
          // and one after it onto that own unit.
          if (unit >= 0 && unitPlayer[unit] !== me && reserved[next] === 0) {
            if (s.unitType[unit] !== PROFESSOR) reserved[next] = 1;
            actions.move(id, DIRECTION_LETTERS[d]!);
            attacked = true;
          }
        }
        if (attacked) continue;
      } else if (s.potPoison[me]! > 0) {
        actions.charge(id);
        continue;
      }
      const d = this.downhill(s, me, pos, goods, unitPoison[id]! > 0);
      if (d >= 0) {
        reserved[neighbours[4 * pos + d]!] = 1;
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
    const pos = unitPos[prof]!;
    for (let d = 0; d < 4; d++) {
      const next = neighbours[4 * pos + d]!;
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
    // Kept until a safe door moves (as the first version did; a safe rebuilt behind the same door
    // keeps the old field).
    const doorKey = s.safeDoor.join(",");
    if (doorKey !== this.doorKey) {
      this.doorKey = doorKey;
      this.doorField = this.doorDistances(s);
    }
    const d = this.downhill(s, me, pos, this.doorField, false);
    if (d >= 0) actions.move(prof, DIRECTION_LETTERS[d]!);
  }
}
