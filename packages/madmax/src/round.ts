import type { EventLog, OrderFeedback, UnitRef } from "@arena/core";
import type { MadMaxDeathCause, MadMaxEvent } from "./events";
import {
  CAR,
  CITY,
  DESERT,
  DIR_LETTERS,
  type MadMaxOrder,
  type MadMaxState,
  ROAD,
  STATION,
  WARRIOR,
  WATER,
} from "./state";

/**
 * Plays one round exactly as the final original engine. The orders the rules ignore are recorded
 * in `feedback` (with why), and what the rules did in `events`, which change nothing else.
 */
export function playRound(
  s: MadMaxState,
  orders: ReadonlyArray<readonly MadMaxOrder[]>,
  feedback?: OrderFeedback,
  events?: EventLog<MadMaxEvent>,
): void {
  const p = s.p;
  const r = s.round;
  s.killed.fill(0);
  // 1. Collect.
  const ids: number[] = [];
  const dirs: number[] = [];
  // Who gave each collected movement, and its index in that player's list (for `feedback`).
  const givers: number[] = [];
  for (let pl = 0; pl < s.n; pl++) {
    const list = orders[pl] ?? [];
    for (let k = 0; k < list.length; k++) {
      const order = list[k]!;
      const id = order.unit;
      if (!(Number.isInteger(id) && id >= 0 && id < s.numUnits) || s.player[id] !== pl) {
        if (!(Number.isInteger(id) && id >= 0 && id < s.numUnits))
          feedback?.reject(pl, k, "unknown-unit", `no unit ${id} (units are 0..${s.numUnits - 1})`);
        else feedback?.reject(pl, k, "not-yours", `unit ${id} is player ${s.player[id]}'s`);
        continue;
      }
      const d = DIR_LETTERS.indexOf(order.dir);
      if (d < 0 || d === 8 || !s.canMove(id)) {
        if (d >= 0 && d !== 8)
          feedback?.reject(
            pl,
            k,
            "cannot-move",
            `unit ${id} cannot move in round ${r}: ${s.type[id] === CAR ? "a car moves in its player's rounds (round mod 4), or off them with fuel on a road" : "a warrior moves only in its player's rounds (round mod 4)"}`,
          );
        continue;
      }
      ids.push(id);
      dirs.push(d);
      if (feedback !== undefined) givers.push(pl, k);
    }
  }
  // 2. One random order over all players' movements.
  const perm = s.rng.randomPermutation(ids.length);
  const log: string[] = [];
  for (let k = 0; k < ids.length; k++) {
    const a = ids[perm[k]!]!;
    const d = dirs[perm[k]!]!;
    if (s.killed[a] === 1) {
      if (feedback !== undefined) {
        const at = perm[k]! * 2;
        const message = `unit ${a} was captured earlier in this round`;
        feedback.reject(givers[at]!, givers[at + 1]!, "dead-unit", message);
      }
      continue;
    }
    const from = s.pos[a]!;
    const to = s.step(from, d);
    const terrain = to < 0 ? -1 : s.cell[to]!;
    const warrior = s.type[a] === WARRIOR;
    if (to < 0 || !(terrain === DESERT || terrain === ROAD || (warrior && terrain === CITY))) {
      if (feedback !== undefined) {
        const at = perm[k]! * 2;
        feedback.reject(
          givers[at]!,
          givers[at + 1]!,
          "illegal-move",
          `unit ${a} cannot move '${DIR_LETTERS[d]}': ${to < 0 ? "off the board" : warrior ? "only desert, road and city" : "cars drive only on desert and road"}`,
        );
      }
      continue;
    }
    log.push(`${a} ${DIR_LETTERS[d]}\n`);
    const b = s.unitAt[to]!;
    if (b < 0) {
      s.unitAt[from] = -1;
      s.place(a, to);
      continue;
    }
    const pa = s.player[a]!;
    const pb = s.player[b]!;
    const select = s.twoDifferent(pa, pb);
    // Who did it is named with its team before anyone is captured (a crash captures both).
    if (!warrior) {
      if (s.type[b] === CAR) {
        capture(s, events, b, select[0], "crash", a, pa);
        capture(s, events, a, select[1], "crash", b, pb);
      } else {
        capture(s, events, b, pa === pb ? select[0] : pa, "run-over", a, pa);
        s.unitAt[from] = -1;
        s.place(a, to);
      }
    } else if (s.type[b] === CAR) {
      capture(s, events, a, pa === pb ? select[0] : pb, "car", b, pb);
    } else if (s.cell[from] === CITY && terrain === CITY) {
      // Thunderdome: survival in proportion to water.
      const wa = s.water[a]!;
      const wb = s.water[b]!;
      if (s.rng.random(0, wa + wb - 1) < wa)
        capture(s, events, b, pa === pb ? select[0] : pa, "thunderdome", a, pa);
      else capture(s, events, a, pa === pb ? select[0] : pb, "thunderdome", b, pb);
    } else {
      const f = Math.min(s.food[b]!, p.damage);
      const w = Math.min(s.water[b]!, p.damage);
      s.food[b]! -= f;
      s.water[b]! -= w;
      s.food[a] = Math.min(p.warriors_health, s.food[a]! + Math.floor(f / 2));
      s.water[a] = Math.min(p.warriors_health, s.water[a]! + Math.floor(w / 2));
      if (s.food[b]! <= 0 || s.water[b]! <= 0)
        capture(s, events, b, pa === pb ? select[0] : pa, "attack", a, pa);
      else if (events !== undefined) recordHit(s, events, a, pa, b, pb, to);
    }
  }
  s.moves = log;
  // 4. Consumption.
  for (let id = 0; id < s.numUnits; id++) {
    if (s.killed[id] === 1 || !s.canMove(id)) continue;
    if (s.type[id] === WARRIOR) {
      s.food[id]!--;
      s.water[id]!--;
      if (s.food[id]! <= 0 || s.water[id]! <= 0) {
        const by = s.twoDifferent(s.player[id]!, s.player[id]!)[0];
        capture(s, events, id, by, s.food[id]! <= 0 ? "starvation" : "thirst");
      }
    } else if (s.food[id]! > 0) s.food[id]!--;
  }
  // 5. Respawn cars, then warriors.
  respawn(s, CAR, events);
  respawn(s, WARRIOR, events);
  // 6. Scores.
  s.computeScores(events);
  // 7. Refills.
  for (let id = 0; id < s.numUnits; id++) {
    if (s.killed[id] === 1) continue;
    const at = s.pos[id]!;
    if (s.type[id] === WARRIOR) {
      if (s.player[id] !== r % 4) continue;
      if (s.cell[at] === CITY) s.food[id] = p.warriors_health;
      if (near(s, at, WATER)) s.water[id] = p.warriors_health;
    } else if (s.canMove(id) && near(s, at, STATION)) s.food[id] = p.cars_fuel;
  }
  s.round = r + 1;
}

/** A cell as `[row, column]`. */
export function cellOf(s: MadMaxState, cell: number): [number, number] {
  return [Math.floor(cell / s.cols), cell % s.cols];
}

/**
 * Captures unit `id` for team `by`, recording why in `events` (a module function, not a closure
 * in `playRound`: a closure there would move `s` into a context, slowing the whole round).
 */
function capture(
  s: MadMaxState,
  events: EventLog<MadMaxEvent> | undefined,
  id: number,
  by: number,
  cause: MadMaxDeathCause,
  killer?: number,
  killerPlayer?: number,
): void {
  if (events !== undefined) {
    const ref = killer === undefined ? undefined : { player: killerPlayer!, unit: killer };
    captured(s, events, id, by, cause, ref);
  }
  s.capture(id, by);
}

/** Records warrior `a`'s attack on warrior `b` at `to`, which `b` survived. */
function recordHit(
  s: MadMaxState,
  events: EventLog<MadMaxEvent>,
  a: number,
  pa: number,
  b: number,
  pb: number,
  to: number,
): void {
  events.add({
    type: "hit",
    attacker: { player: pa, unit: a },
    victim: { player: pb, unit: b },
    at: cellOf(s, to),
    food: s.food[b]!,
    water: s.water[b]!,
  });
}

/** Records the capture of `id` by team `by` (before it happens): a kill when another team's unit did it, and the death. */
function captured(
  s: MadMaxState,
  events: EventLog<MadMaxEvent>,
  id: number,
  by: number,
  cause: MadMaxDeathCause,
  killer?: UnitRef,
): void {
  const player = s.player[id]!;
  const at = cellOf(s, s.pos[id]!);
  if (killer !== undefined && killer.player !== player)
    events.add({ type: "kill", killer, victim: { player, unit: id }, at });
  events.add({
    type: "death",
    player,
    unit: id,
    cause,
    ...(killer === undefined ? {} : { killer }),
    at,
    captor: by,
  });
}

function near(s: MadMaxState, cell: number, type: number): boolean {
  for (let d = 0; d < 8; d++) {
    const q = s.step(cell, d);
    if (q >= 0 && s.cell[q] === type) return true;
  }
  return false;
}

/** No unit in the 9×9 square centred at `cell`. */
function posSafe(s: MadMaxState, cell: number): boolean {
  const i = Math.floor(cell / s.cols);
  const j = cell % s.cols;
  for (let a = Math.max(0, i - 4); a <= Math.min(s.rows - 1, i + 4); a++)
    for (let b = Math.max(0, j - 4); b <= Math.min(s.cols - 1, j + 4); b++)
      if (s.unitAt[a * s.cols + b] !== -1) return false;
  return true;
}

function respawn(s: MadMaxState, type: number, events?: EventLog<MadMaxEvent>): void {
  const dead: number[] = [];
  for (let id = 0; id < s.numUnits; id++)
    if (s.killed[id] === 1 && s.type[id] === type) dead.push(id);
  if (dead.length === 0) return;
  // The original's multi-source BFS (8 neighbours, terrain ignored) from every occupied cell
  // gives each cell its Chebyshev distance to the nearest unit: a cell is at distance ≥ 4 (or
  // unreached, when no cell is occupied) exactly when no unit is in the 7×7 square centred at
  // it. So the squares around the units are marked instead of the whole board searched.
  const near = nearUnits(s);
  const terrain = type === CAR ? ROAD : DESERT;
  const last = type === CAR ? s.rows - 1 : s.rows - 2;
  const lastJ = type === CAR ? s.cols - 1 : s.cols - 2;
  const cand: number[] = [];
  const far = (c: number) => s.cell[c] === terrain && near[c] === 0;
  for (let i = 1; i <= last; i++) {
    if (far(i * s.cols)) cand.push(i * s.cols);
    if (far(i * s.cols + s.cols - 1)) cand.push(i * s.cols + s.cols - 1);
  }
  for (let j = 1; j <= lastJ; j++) {
    if (far(j)) cand.push(j);
    if (far((s.rows - 1) * s.cols + j)) cand.push((s.rows - 1) * s.cols + j);
  }
  const perm = s.rng.randomPermutation(dead.length);
  for (let k = 0; k < dead.length; k++) {
    let found = -1;
    while (cand.length > 0 && found < 0) {
      const z = s.rng.random(0, cand.length - 1);
      const c = cand[z]!;
      cand[z] = cand[cand.length - 1]!;
      cand.pop();
      if (posSafe(s, c)) found = c;
    }
    if (found < 0) found = fallback(s, terrain, true);
    if (found < 0) found = fallback(s, terrain, false);
    const id = dead[perm[k]!]!;
    s.place(id, found);
    events?.add({ type: "respawn", player: s.player[id]!, unit: id, at: cellOf(s, found) });
  }
}

/** Per match: the map `nearUnits` fills (one board's worth, reused). */
const nearMaps = new WeakMap<MadMaxState, Uint8Array>();

/**
 * 1 on every cell within Chebyshev distance 3 of an occupied cell (the 7×7 square), else 0. The
 * map is the match's own, reused: valid until the next call.
 */
function nearUnits(s: MadMaxState): Uint8Array {
  const { rows, cols, unitAt } = s;
  let near = nearMaps.get(s);
  if (near === undefined || near.length !== rows * cols) {
    near = new Uint8Array(rows * cols);
    nearMaps.set(s, near);
  } else near.fill(0);
  for (let c = 0; c < unitAt.length; c++) {
    if (unitAt[c] === -1) continue;
    const i = Math.floor(c / cols);
    const j = c - i * cols;
    const j0 = Math.max(0, j - 3);
    const j1 = Math.min(cols - 1, j + 3);
    // Seven cells a row by hand: a typed array's fill() of so few costs a call into the runtime.
    for (let a = Math.max(0, i - 3); a <= Math.min(rows - 1, i + 3); a++)
      for (let b = a * cols + j0; b <= a * cols + j1; b++) near[b] = 1;
  }
  return near;
}

/** The deterministic fallback: rings from the border inwards. */
function fallback(s: MadMaxState, terrain: number, safe: boolean): number {
  const C = s.cols;
  const R = s.rows;
  const ok = (i: number, j: number) => {
    const c = i * C + j;
    return s.cell[c] === terrain && s.unitAt[c] === -1 && (!safe || posSafe(s, c));
  };
  for (let m = safe ? 1 : 0; m < Math.floor(Math.min(R, C) / 2); m++) {
    for (let i = 0; i < R; i++) if (ok(i, m)) return i * C + m;
    for (let i = 0; i < R; i++) if (ok(i, C - 1 - m)) return i * C + C - 1 - m;
    for (let j = 0; j < C; j++) if (ok(m, j)) return m * C + j;
    for (let j = 0; j < C; j++) if (ok(R - 1 - m, j)) return (R - 1 - m) * C + j;
  }
  return -1;
}
