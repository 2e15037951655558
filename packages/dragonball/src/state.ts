import { addKillAndDeath, type EventLog, GlibcRand, Minstd, type OrderFeedback } from "@arena/core";
import type { DragonBallConfig, ParameterName } from "./config";
import type { DragonBallDeathCause, DragonBallEvent } from "./events";
import type { DragonBallOrder } from "./protocol";

export const EMPTY = 0;
export const ROCK = 1;
export const CAPSULE = 2;
export const BALL = 3;
const LETTERS = ".XCB";

/** Directions as the original `Dir` letters: none, top, bottom, left, right. */
export type DirLetter = "n" | "t" | "b" | "l" | "r";
const DI: Record<DirLetter, number> = { n: 0, t: -1, b: 1, l: 0, r: 0 };
const DJ: Record<DirLetter, number> = { n: 0, t: 0, b: 0, l: -1, r: 1 };

/** A player's action for one round: a move or a Kame Hame throw in a direction (schema: `protocol.ts`). */
export type { DragonBallOrder };

/** The whole state of a match. Cells are row-major indices. */
export class DragonBallState {
  readonly p: Record<ParameterName, number>;
  readonly rows: number;
  readonly cols: number;
  readonly n: number;
  round = 0;
  readonly cell: Uint8Array;
  readonly gokuAt: Int8Array;
  readonly beanHome: Int16Array;
  readonly kintonHome: Int16Array;
  readonly gokuPos: Int32Array;
  readonly gokuTime: Int32Array;
  readonly gokuAlive: Uint8Array;
  readonly gokuBall: Uint8Array;
  readonly gokuBalls: Int32Array;
  readonly gokuStrength: Int32Array;
  readonly gokuKinton: Int32Array;
  readonly gokuStatus: Int32Array;
  readonly beanPos: Int32Array;
  readonly beanPresent: Uint8Array;
  readonly beanTime: Int32Array;
  readonly kintonPos: Int32Array;
  readonly kintonPresent: Uint8Array;
  readonly kintonTime: Int32Array;
  readonly rng: Minstd;
  readonly shuffle: GlibcRand;
  asked: Array<DragonBallOrder | undefined> = [];
  done: Array<DragonBallOrder | undefined> = [];

  constructor(config: DragonBallConfig, seed: number) {
    const p = config.params;
    this.p = p;
    this.rows = p.rows;
    this.cols = p.cols;
    this.n = p.nb_players;
    const size = this.rows * this.cols;
    this.cell = new Uint8Array(size);
    config.map.forEach((row, r) => {
      for (let c = 0; c < this.cols; c++) this.cell[r * this.cols + c] = LETTERS.indexOf(row[c]!);
    });
    this.gokuAt = new Int8Array(size).fill(-1);
    this.beanHome = new Int16Array(size).fill(-1);
    this.kintonHome = new Int16Array(size).fill(-1);
    const at = (i: number, j: number) => i * this.cols + j;
    this.beanPos = Int32Array.from(config.beans, (b) => at(b.i, b.j));
    this.beanPresent = Uint8Array.from(config.beans, (b) => (b.present ? 1 : 0));
    this.beanTime = Int32Array.from(config.beans, (b) => b.time);
    this.beanPos.forEach((pos, k) => {
      this.beanHome[pos] = k;
    });
    this.kintonPos = Int32Array.from(config.kintons, (b) => at(b.i, b.j));
    this.kintonPresent = Uint8Array.from(config.kintons, (b) => (b.present ? 1 : 0));
    this.kintonTime = Int32Array.from(config.kintons, (b) => b.time);
    this.kintonPos.forEach((pos, k) => {
      this.kintonHome[pos] = k;
    });
    const g = config.gokus;
    this.gokuPos = Int32Array.from(g, (x) => at(x.i, x.j));
    this.gokuTime = Int32Array.from(g, (x) => x.time);
    this.gokuAlive = Uint8Array.from(g, (x) => (x.alive ? 1 : 0));
    this.gokuBall = Uint8Array.from(g, (x) => (x.ball ? 1 : 0));
    this.gokuBalls = Int32Array.from(g, (x) => x.balls);
    this.gokuStrength = Int32Array.from(g, (x) => x.strength);
    this.gokuKinton = Int32Array.from(g, (x) => x.kinton);
    this.gokuStatus = Int32Array.from(g, (x) => x.status);
    g.forEach((x, id) => {
      if (x.alive) this.gokuAt[this.gokuPos[id]!] = id;
    });
    this.rng = new Minstd(seed);
    this.shuffle = new GlibcRand(seed);
  }

  /** The cell next to `pos` in `dir`, or −1 off the board. */
  dest(pos: number, dir: DirLetter): number {
    const i = Math.floor(pos / this.cols) + DI[dir];
    const j = (pos % this.cols) + DJ[dir];
    if (i < 0 || j < 0 || i >= this.rows || j >= this.cols) return -1;
    return i * this.cols + j;
  }

  /** The original's Empty cell: no rock, capsule or ball, and no present bean or kinton. */
  isEmpty(pos: number): boolean {
    if (this.cell[pos] !== EMPTY) return false;
    const bean = this.beanHome[pos]!;
    if (bean >= 0 && this.beanPresent[bean] === 1) return false;
    const kinton = this.kintonHome[pos]!;
    return !(kinton >= 0 && this.kintonPresent[kinton] === 1);
  }

  /** No goku in the 5×5 square around `pos` (clipped). */
  noGokuAround(pos: number): boolean {
    const i = Math.floor(pos / this.cols);
    const j = pos % this.cols;
    for (let a = Math.max(0, i - 2); a <= Math.min(this.rows - 1, i + 2); a++)
      for (let b = Math.max(0, j - 2); b <= Math.min(this.cols - 1, j + 2); b++)
        if (this.gokuAt[a * this.cols + b] !== -1) return false;
    return true;
  }

  /** A random cell, the column drawn first (GCC evaluates the original's arguments right to left). */
  randomCell(): number {
    const j = this.rng.randomize() % this.cols;
    const i = this.rng.randomize() % this.rows;
    return i * this.cols + j;
  }

  /** A cell as `[row, column]`. */
  cellOf(pos: number): [number, number] {
    return [Math.floor(pos / this.cols), pos % this.cols];
  }

  kill(id: number, balls: { queued: number }): void {
    if (this.gokuBall[id] === 1) {
      this.gokuBall[id] = 0;
      balls.queued++;
    }
    const pos = this.gokuPos[id]!;
    if (this.gokuAt[pos] === id) this.gokuAt[pos] = -1;
    this.gokuAlive[id] = 0;
    this.gokuStrength[id] = 0;
    this.gokuKinton[id] = 0;
    this.gokuTime[id] = this.p.goku_regen_time;
  }
}

/**
 * Plays one round (2012 engine order): shuffle, Kame Hame, moves, kintons, respawns, items, balls.
 * The actions the rules ignore are recorded in `feedback` (with why), and what the rules did in
 * `events`, which change nothing else.
 * Long: the 2012 engine's phases in its order, each a block, as engine-notes.md has them.
 */
export function playRound(
  s: DragonBallState,
  orders: ReadonlyArray<readonly DragonBallOrder[]>,
  feedback?: OrderFeedback,
  events?: EventLog<DragonBallEvent>,
): void {
  const p = s.p;
  const r = s.round;
  const n = s.n;
  const action = (pl: number): DragonBallOrder | undefined => orders[pl]?.[0];
  const asked: Array<DragonBallOrder | undefined> = [];
  const done: Array<DragonBallOrder | undefined> = [];
  const turns: number[] = [];
  for (let pl = 0; pl < n; pl++) {
    asked.push(action(pl));
    done.push(undefined);
    turns.push(pl);
  }
  s.asked = asked;
  s.done = done;
  // 1. Player order: libstdc++ random_shuffle with glibc rand().
  for (let i = 1; i < n; i++) {
    const j = s.shuffle.rand() % (i + 1);
    if (j !== i) {
      const t = turns[i]!;
      turns[i] = turns[j]!;
      turns[j] = t;
    }
  }
  const balls = { queued: 0 };
  // An illegal throw is ignored whether or not it is granted: told before any state changes.
  if (feedback !== undefined) {
    for (let pl = 0; pl < n; pl++) {
      const a = action(pl);
      if (a === undefined || a.kind !== "throw" || a.dir === "n") continue;
      const why =
        s.gokuAlive[pl] !== 1
          ? "dead-unit"
          : s.gokuKinton[pl] === 0 && r % 2 === 1
            ? "illegal-move"
            : s.gokuStrength[pl]! < p.kamehame_penalty
              ? "illegal-move"
              : undefined;
      if (why !== undefined) feedback.reject(pl, 0, why, throwRejection(s, pl, r));
    }
  }
  const oldStrength = s.gokuStrength.slice();
  // 2. At most one Kame Hame; a draw for every strong enough player until one is granted.
  let thrower = -1;
  for (const pl of turns) {
    if (oldStrength[pl]! < p.kamehame_penalty) continue;
    const o = s.rng.randomize() % (p.max_strength - p.kamehame_penalty + 1);
    if (o > oldStrength[pl]! - p.kamehame_penalty) continue;
    const a = action(pl);
    if (a === undefined || a.kind !== "throw" || a.dir === "n") continue;
    if (s.gokuAlive[pl] !== 1 || (s.gokuKinton[pl] === 0 && r % 2 === 1)) continue;
    if (s.gokuStrength[pl]! < p.kamehame_penalty) continue;
    s.gokuStrength[pl]! -= p.kamehame_penalty;
    const from = s.gokuPos[pl]!;
    if (events !== undefined) recordKamehame(s, events, pl, a.dir, from);
    for (let q = s.dest(from, a.dir); q >= 0 && s.cell[q] !== ROCK; q = s.dest(q, a.dir)) {
      const victim = s.gokuAt[q]!;
      if (victim < 0) continue;
      if (events !== undefined) recordKill(s, events, pl, victim, q, "kamehame");
      s.kill(victim, balls);
    }
    s.done[pl] = a;
    thrower = pl;
    break;
  }
  // 3. Moves, in turn order.
  for (const a of turns) {
    if (a === thrower) continue;
    const order = action(a);
    if (order === undefined || order.kind !== "move" || order.dir === "n") continue;
    if (s.gokuAlive[a] !== 1) {
      feedback?.reject(a, 0, "dead-unit", `goku ${a} is dead (${s.gokuTime[a]} rounds to revive)`);
      continue;
    }
    const onKinton = s.gokuKinton[a]! > 0;
    if (r % 2 === 1 && !onKinton) {
      feedback?.reject(a, 0, "illegal-move", `without a kinton a goku moves only in even rounds`);
      continue;
    }
    const from = s.gokuPos[a]!;
    const to = s.dest(from, order.dir);
    if (to < 0 || s.cell[to] === ROCK) {
      const why = to < 0 ? "off the board" : "a rock";
      feedback?.reject(a, 0, "illegal-move", `goku ${a} cannot move '${order.dir}': ${why}`);
      continue;
    }
    const pays = !onKinton && r % 4 === 2;
    if (pays && s.gokuStrength[a]! < p.moving_penalty) {
      const message = `moving without a kinton in this round costs ${p.moving_penalty} strength`;
      feedback?.reject(a, 0, "illegal-move", message);
      continue;
    }
    s.done[a] = order;
    const b = s.gokuAt[to]!;
    if (b >= 0) {
      const sa = s.gokuStrength[a]!;
      const sb = s.gokuStrength[b]!;
      const o = s.rng.randomize() % (2 + sa + sb);
      if (o <= sa) {
        // The attacker wins and moves in.
        const strength = sa - p.combat_penalty - (pays ? p.moving_penalty : 0);
        s.gokuStrength[a] = Math.max(0, strength);
        s.gokuKinton[a]! += s.gokuKinton[b]!;
        const bBall = s.gokuBall[b] === 1;
        const takes = bBall && s.gokuBall[a] !== 1;
        if (bBall && s.gokuBall[a] === 1) balls.queued++;
        else if (bBall && s.cell[to] === BALL) {
          s.gokuBall[a] = 1;
          s.cell[to] = EMPTY;
          balls.queued++;
        } else if (bBall) s.gokuBall[a] = 1;
        if (events !== undefined) {
          recordKill(s, events, a, b, to, "combat");
          if (takes) events.add(pickup(a, s.cellOf(to), "ball", b));
        }
        s.gokuBall[b] = 0;
        s.kill(b, balls);
        s.gokuAt[from] = -1;
        s.gokuPos[a] = to;
        s.gokuAt[to] = a;
        if (s.gokuBall[a] === 1 && s.cell[to] === CAPSULE) {
          s.gokuBall[a] = 0;
          s.gokuBalls[a]!++;
          balls.queued++;
          events?.add(deposit(s, a, to));
        }
      } else {
        // The defender wins and stays.
        s.gokuStrength[b] = Math.max(0, sb - p.combat_penalty);
        s.gokuKinton[b]! += s.gokuKinton[a]!;
        if (events !== undefined) recordKill(s, events, b, a, from, "combat");
        if (s.gokuBall[a] === 1) {
          if (s.gokuBall[b] === 1) balls.queued++;
          else if (s.cell[to] === CAPSULE) {
            s.gokuBalls[b]!++;
            balls.queued++;
            events?.add(deposit(s, b, to));
          } else {
            s.gokuBall[b] = 1;
            events?.add(pickup(b, s.cellOf(to), "ball", a));
          }
          s.gokuBall[a] = 0;
        }
        s.kill(a, balls);
      }
      continue;
    }
    if (pays) s.gokuStrength[a]! -= p.moving_penalty;
    s.gokuAt[from] = -1;
    s.gokuPos[a] = to;
    s.gokuAt[to] = a;
    const bean = s.beanHome[to]!;
    const kinton = s.kintonHome[to]!;
    if (bean >= 0 && s.beanPresent[bean] === 1) {
      s.gokuStrength[a] = p.max_strength;
      s.beanPresent[bean] = 0;
      s.beanTime[bean] = p.bean_regen_time;
      events?.add(pickup(a, s.cellOf(to), "bean"));
    } else if (kinton >= 0 && s.kintonPresent[kinton] === 1) {
      s.gokuKinton[a]! += p.kinton_life_time;
      s.kintonPresent[kinton] = 0;
      s.kintonTime[kinton] = p.kinton_regen_time;
      events?.add(pickup(a, s.cellOf(to), "kinton"));
    } else if (s.cell[to] === BALL && s.gokuBall[a] === 0) {
      s.gokuBall[a] = 1;
      s.cell[to] = EMPTY;
      events?.add(pickup(a, s.cellOf(to), "ball"));
    } else if (s.cell[to] === CAPSULE && s.gokuBall[a] === 1) {
      s.gokuBall[a] = 0;
      s.gokuBalls[a]!++;
      balls.queued++;
      events?.add(deposit(s, a, to));
    }
  }
  // 4. Kintons wear out; dead gokus (not frozen) come back on odd rounds.
  for (let id = 0; id < n; id++) {
    if (s.gokuKinton[id]! > 0 && --s.gokuKinton[id]! <= 0) s.gokuKinton[id] = 0;
    if (s.gokuAlive[id] === 1 || s.gokuStatus[id]! < 0) continue;
    if (s.gokuTime[id]! > 0) s.gokuTime[id]!--;
    if (s.gokuTime[id] !== 0 || r % 2 === 0) continue;
    for (let attempt = 0; attempt < 200; attempt++) {
      const q = s.randomCell();
      if (!s.isEmpty(q) || !s.noGokuAround(q)) continue;
      s.gokuPos[id] = q;
      s.gokuAt[q] = id;
      s.gokuAlive[id] = 1;
      s.gokuStrength[id] = p.res_strength;
      s.gokuKinton[id] = 0;
      events?.add({ type: "respawn", player: id, unit: id, at: s.cellOf(q) });
      break;
    }
  }
  // 5. Beans, then kintons.
  regrow(s, s.beanPos, s.beanPresent, s.beanTime);
  regrow(s, s.kintonPos, s.kintonPresent, s.kintonTime);
  // 6. New balls: an Empty cell with no goku around, never a bean or kinton home.
  for (let k = 0; k < balls.queued; k++) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const q = s.randomCell();
      if (!s.isEmpty(q) || !s.noGokuAround(q) || s.beanHome[q] !== -1 || s.kintonHome[q] !== -1)
        continue;
      s.cell[q] = BALL;
      break;
    }
  }
  s.round = r + 1;
}

/** The Kame Hame of goku `pl` from `from` towards `dir`: its ray runs to the last cell before a rock. */
function recordKamehame(
  s: DragonBallState,
  events: EventLog<DragonBallEvent>,
  pl: number,
  dir: DirLetter,
  from: number,
): void {
  let end = from;
  for (let q = s.dest(from, dir); q >= 0 && s.cell[q] !== ROCK; q = s.dest(q, dir)) end = q;
  const at = s.cellOf(from);
  events.add({ type: "kamehame", player: pl, unit: pl, dir, at, to: s.cellOf(end) });
}

/** Goku `killer` killed goku `victim`, who died at `pos` (a goku's id is its player). */
function recordKill(
  s: DragonBallState,
  events: EventLog<DragonBallEvent>,
  killer: number,
  victim: number,
  pos: number,
  cause: DragonBallDeathCause,
): void {
  const by = { player: killer, unit: killer };
  addKillAndDeath(events, { player: victim, unit: victim }, cause, s.cellOf(pos), by);
}

/** Goku `id` (a goku's id is its player) took `item`, from the ground or from the goku `from`. */
function pickup(
  id: number,
  at: [number, number],
  item: "bean" | "kinton" | "ball",
  from?: number,
): DragonBallEvent {
  return {
    type: "pickup",
    player: id,
    unit: id,
    at,
    item,
    ...(from === undefined ? {} : { from }),
  };
}

/** Goku `id` stored a ball in the capsule at `pos` (after its count went up). */
function deposit(s: DragonBallState, id: number, pos: number): DragonBallEvent {
  return { type: "deposit", player: id, unit: id, at: s.cellOf(pos), balls: s.gokuBalls[id]! };
}

/** Items (beans or kintons) that are away count down, and come back on a free, goku-less cell. */
function regrow(s: DragonBallState, pos: Int32Array, present: Uint8Array, time: Int32Array): void {
  for (let k = 0; k < pos.length; k++) {
    if (present[k] === 1) continue;
    if (time[k]! > 0) time[k]!--;
    if (time[k] === 0 && s.cell[pos[k]!] === EMPTY && s.gokuAt[pos[k]!] === -1) present[k] = 1;
  }
}

const GOKU_TYPE = ["normal", "on_kinton", "with_ball", "on_kinton_with_ball"];

export function gokuType(s: DragonBallState, id: number): string {
  return GOKU_TYPE[(s.gokuKinton[id]! > 0 ? 1 : 0) + (s.gokuBall[id] === 1 ? 2 : 0)]!;
}

export function resPreamble(
  s: DragonBallState,
  names: readonly string[],
  variant: "2012" | "2015",
): string {
  let text = variant === "2015" ? "Game\n" : "";
  text += "boladedrac v1\n";
  for (const [name, value] of Object.entries(s.p)) text += `${name} ${value}\n`;
  return `${text}names ${names.join(" ")}\n\n\n`;
}

export function resState(s: DragonBallState): string {
  const parts = [`round ${s.round}\n`];
  for (let i = 0; i < s.rows; i++) {
    let line = "";
    for (let j = 0; j < s.cols; j++) line += LETTERS[s.cell[i * s.cols + j]!];
    parts.push(`${line}\n`);
  }
  const item = (pos: number, present: number, time: number) =>
    `${Math.floor(pos / s.cols)} ${pos % s.cols} ${present ? "y" : "n"} ${time}\n`;
  parts.push("beans\n");
  for (let k = 0; k < s.beanPos.length; k++)
    parts.push(item(s.beanPos[k]!, s.beanPresent[k]!, s.beanTime[k]!));
  parts.push("kintons\n");
  for (let k = 0; k < s.kintonPos.length; k++)
    parts.push(item(s.kintonPos[k]!, s.kintonPresent[k]!, s.kintonTime[k]!));
  for (let id = 0; id < s.n; id++) {
    const pos = s.gokuPos[id]!;
    parts.push(
      `${gokuType(s, id)} ${Math.floor(pos / s.cols)} ${pos % s.cols} ${s.gokuTime[id]} ${s.gokuAlive[id] ? "a" : "d"} ${s.gokuBalls[id]} ${s.gokuStrength[id]} ${s.gokuKinton[id]} ${s.gokuStatus[id]} \n`,
    );
  }
  parts.push("\n");
  return parts.join("");
}

const actionText = (pl: number, a: DragonBallOrder | undefined) =>
  a === undefined ? `${pl} u n\n` : `${pl} ${a.kind === "move" ? "m" : "t"} ${a.dir}\n`;

export function resActions(s: DragonBallState): string {
  return `actions_asked\n${s.asked.map((a, pl) => actionText(pl, a)).join("")}\nactions_done\n${s.done.map((a, pl) => actionText(pl, a)).join("")}\n\n`;
}

/** Why player `pl`'s throw is illegal (its goku is dead, has no kinton in an odd round, is weak). */
function throwRejection(s: DragonBallState, pl: number, r: number): string {
  if (s.gokuAlive[pl] !== 1) return `goku ${pl} is dead (${s.gokuTime[pl]} rounds to revive)`;
  if (s.gokuKinton[pl] === 0 && r % 2 === 1)
    return "without a kinton a goku throws only in even rounds";
  return `a Kame Hame needs ${s.p.kamehame_penalty} strength, goku ${pl} has ${s.gokuStrength[pl]}`;
}
