import {
  deepFreeze,
  GlibcRand,
  Minstd,
  type OrderCollector,
  type OrderFeedback,
  type Rejection,
} from "@arena/core";
import {
  BALL,
  CAPSULE,
  type DirLetter,
  type DragonBallOrder,
  type DragonBallState,
  gokuType,
  ROCK,
} from "./state";

/** A position: row `i` (0 at the top), column `j`. */
export interface Pos {
  readonly i: number;
  readonly j: number;
}

/** The original `Dir`: none, top, bottom, left, right. */
export type Dir = DirLetter;
export const Dir = deepFreeze({
  None: "n",
  Top: "t",
  Bottom: "b",
  Left: "l",
  Right: "r",
} as const satisfies Record<string, DirLetter>);

/** The original `CType`. */
export type CellType = "Empty" | "Rock" | "Capsule" | "Ball" | "Kinton" | "Bean";
/** The original `GType`. */
export type GokuType = "Normal" | "On_Kinton" | "With_Ball" | "On_Kinton_With_Ball";

/** A cell: its type and the goku on it (−1 if none). */
export interface Cell {
  readonly pos: Pos;
  readonly type: CellType;
  readonly id: number;
}

/** A goku, as the original `Goku`. */
export interface Goku {
  readonly id: number;
  readonly pos: Pos;
  readonly type: GokuType;
  readonly balls: number;
  readonly strength: number;
  /** Rounds of kinton left (0: none). */
  readonly kinton: number;
  readonly alive: boolean;
  /** Rounds until a dead goku may come back. */
  readonly time: number;
}

/** A magic bean or kinton cloud home. */
export interface Item {
  readonly pos: Pos;
  readonly present: boolean;
  readonly time: number;
}

const TYPE_NAMES: Record<string, GokuType> = {
  normal: "Normal",
  on_kinton: "On_Kinton",
  with_ball: "With_Ball",
  on_kinton_with_ball: "On_Kinton_With_Ball",
};

/** True when the goku type rides a kinton / carries a ball (the original helpers). */
export const hasKinton = (type: GokuType) => type === "On_Kinton" || type === "On_Kinton_With_Ball";
export const hasBall = (type: GokuType) => type === "With_Ball" || type === "On_Kinton_With_Ball";

let readRaw: (view: DragonBallView) => DragonBallState;
let readOwn: (view: object) => DragonBallState | undefined;

/**
 * @internal The live state behind a view, for the built-in bots' fast paths (not exported from
 * the package: a bot cannot reach it).
 */
export const rawState = (view: DragonBallView): DragonBallState => readRaw(view);

/**
 * @internal The live state behind `view` when it is a view of this copy of the package, else
 * undefined: a view made by another copy (a second installed @arena/dragonball, or the one bundled in
 * the arena cli) has other private fields, so the built-in bots read it through its public API.
 */
export const ownState = (view: object): DragonBallState | undefined => readOwn(view);

/**
 * What a player sees: the whole board (the original Board queries, camelCased) and its own
 * generator (`randomize()`), seeded `seed + player + 1` — not the engine's stream (see README).
 */
export class DragonBallView {
  static {
    readRaw = (view) => view.#s;
    readOwn = (view) => (#s in view ? view.#s : undefined);
  }

  // Private fields (#): no property, prototype or constructor path leads from a view to the state.
  readonly #s: DragonBallState;
  readonly #player: number;
  readonly #feedback: OrderFeedback | undefined;
  readonly #generator: Minstd;
  readonly #names: readonly string[];
  /** Whether the player draws from the engine's streams (the 2012 rules, see `DragonBallPlayerView`). */
  readonly #shared: boolean;
  readonly #ownRand = new GlibcRand(1);
  /** @internal */
  constructor(
    s: DragonBallState,
    player: number,
    seed: number,
    names: readonly string[] = [],
    shared = false,
    feedback?: OrderFeedback,
  ) {
    this.#s = s;
    this.#player = player;
    this.#generator = new Minstd(seed + player + 1);
    this.#names = names;
    this.#shared = shared;
    this.#feedback = feedback;
    Object.freeze(this);
  }
  me(): number {
    return this.#player;
  }
  /**
   * Which of this player's orders of its previous turn were rejected, and why (empty when none):
   * `index` is the order's position among the orders given that turn, `reason` one of
   * `malformed`, `duplicate` and the game's own (see the README, "Rejected orders").
   */
  rejected(): readonly Rejection[] {
    return this.#feedback?.shown(this.#player) ?? [];
  }
  round(): number {
    return this.#s.round;
  }
  nbRounds(): number {
    return this.#s.p.nb_rounds;
  }
  nbPlayers(): number {
    return this.#s.n;
  }
  nbCapsules(): number {
    return this.#s.p.nb_capsules;
  }
  nbBalls(): number {
    return this.#s.p.nb_balls;
  }
  nbBeans(): number {
    return this.#s.p.nb_beans;
  }
  nbKintons(): number {
    return this.#s.p.nb_kintons;
  }
  gokuRegenTime(): number {
    return this.#s.p.goku_regen_time;
  }
  beanRegenTime(): number {
    return this.#s.p.bean_regen_time;
  }
  kintonRegenTime(): number {
    return this.#s.p.kinton_regen_time;
  }
  kintonLifeTime(): number {
    return this.#s.p.kinton_life_time;
  }
  maxStrength(): number {
    return this.#s.p.max_strength;
  }
  resStrength(): number {
    return this.#s.p.res_strength;
  }
  movingPenalty(): number {
    return this.#s.p.moving_penalty;
  }
  kamehamePenalty(): number {
    return this.#s.p.kamehame_penalty;
  }
  combatPenalty(): number {
    return this.#s.p.combat_penalty;
  }
  rows(): number {
    return this.#s.rows;
  }
  cols(): number {
    return this.#s.cols;
  }
  playerOk(pl: number): boolean {
    return Number.isInteger(pl) && pl >= 0 && pl < this.#s.n;
  }
  posOk(pos: Pos, dir: Dir = "n"): boolean {
    const d = this.dest(pos, dir);
    return (
      Number.isInteger(d.i) &&
      Number.isInteger(d.j) &&
      d.i >= 0 &&
      d.j >= 0 &&
      d.i < this.#s.rows &&
      d.j < this.#s.cols
    );
  }
  /** The position next to `pos` in `dir`. */
  dest(pos: Pos, dir: Dir): Pos {
    const di = dir === "t" ? -1 : dir === "b" ? 1 : 0;
    const dj = dir === "l" ? -1 : dir === "r" ? 1 : 0;
    return { i: pos.i + di, j: pos.j + dj };
  }
  name(id: number): string {
    return this.#names[id] ?? `Player${id}`;
  }
  balls(id: number): number {
    return this.#s.gokuBalls[id]!;
  }
  strength(id: number): number {
    return this.#s.gokuStrength[id]!;
  }
  /** balls·(max_strength + 1) + strength. */
  score(id: number): number {
    return this.#s.gokuBalls[id]! * (this.#s.p.max_strength + 1) + this.#s.gokuStrength[id]!;
  }
  status(id: number): number {
    return this.#s.gokuStatus[id]!;
  }
  cell(pos: Pos): Cell {
    if (!this.posOk(pos)) throw new RangeError(`cell(${pos.i}, ${pos.j}) is off the board`);
    const q = pos.i * this.#s.cols + pos.j;
    const t = this.#s.cell[q];
    const bean = this.#s.beanHome[q]!;
    const kinton = this.#s.kintonHome[q]!;
    const type: CellType =
      t === ROCK
        ? "Rock"
        : t === CAPSULE
          ? "Capsule"
          : t === BALL
            ? "Ball"
            : bean >= 0 && this.#s.beanPresent[bean] === 1
              ? "Bean"
              : kinton >= 0 && this.#s.kintonPresent[kinton] === 1
                ? "Kinton"
                : "Empty";
    return { pos, type, id: this.#s.gokuAt[q]! };
  }
  goku(id: number): Goku {
    const s = this.#s;
    const q = s.gokuPos[id]!;
    return {
      id,
      pos: { i: Math.floor(q / s.cols), j: q % s.cols },
      type: TYPE_NAMES[gokuType(s, id)]!,
      balls: s.gokuBalls[id]!,
      strength: s.gokuStrength[id]!,
      kinton: s.gokuKinton[id]!,
      alive: s.gokuAlive[id] === 1,
      time: s.gokuTime[id]!,
    };
  }
  #items(pos: Int32Array, present: Uint8Array, time: Int32Array): Item[] {
    return Array.from(pos, (q, k) => ({
      pos: { i: Math.floor(q / this.#s.cols), j: q % this.#s.cols },
      present: present[k] === 1,
      time: time[k]!,
    }));
  }
  beans(): Item[] {
    return this.#items(this.#s.beanPos, this.#s.beanPresent, this.#s.beanTime);
  }
  kintons(): Item[] {
    return this.#items(this.#s.kintonPos, this.#s.kintonPresent, this.#s.kintonTime);
  }
  /** The next number of the MINSTD stream (0..2^31−3): the engine's under 2012, else own. */
  randomize(): number {
    return this.#shared ? this.#s.rng.randomize() : this.#generator.randomize();
  }
  /** The next C library `rand()` (0..2^31−1): the engine's under 2012, else own. */
  rand(): number {
    return this.#shared ? this.#s.shuffle.rand() : this.#ownRand.rand();
  }
}

Object.freeze(DragonBallView.prototype);
Object.freeze(DragonBallView);

/** The original `Action`: one action per round; the first call wins. */
export class DragonBallActions {
  readonly #collector: OrderCollector<DragonBallOrder>;
  /** @internal */
  constructor(collector: OrderCollector<DragonBallOrder>) {
    this.#collector = collector;
    Object.freeze(this);
  }
  move(dir: Dir): void {
    this.#collector.add(0, { kind: "move", dir: checkDir(dir) });
  }
  throwKamehame(dir: Dir): void {
    this.#collector.add(0, { kind: "throw", dir: checkDir(dir) });
  }
}

Object.freeze(DragonBallActions.prototype);
Object.freeze(DragonBallActions);

function checkDir(dir: string): DirLetter {
  if (!["n", "t", "b", "l", "r"].includes(dir))
    throw new RangeError(`bad direction '${dir}': use n, t, b, l or r`);
  return dir as DirLetter;
}
