import {
  deepFreeze,
  Lcg31,
  type OrderCollector,
  type OrderFeedback,
  type Rejection,
} from "@arena/core";
import type { MoneyHeistConfig } from "./config";
import type { MoneyHeistOrder } from "./orders";
import {
  DIRECTION_LETTERS,
  type DirectionLetter,
  HEALTH_KIT,
  type MoneyHeistState,
  POISON_KIT,
  PROFESSOR,
} from "./state";

/** A board position: row `i` (0 at the top) and column `j` (0 at the left). */
export interface Pos {
  readonly i: number;
  readonly j: number;
}

/** A cell, as the original `Cell`. */
export interface Cell {
  /** `corridor` or `wall`. */
  readonly type: "corridor" | "wall";
  /** Id of the unit on the cell, −1 if none. */
  readonly id: number;
  readonly healthKit: boolean;
  readonly poisonKit: boolean;
  /** Id of the safe whose door this cell is, −1 if none. */
  readonly box: number;
  /** True on a safe's gold cell. */
  readonly gold: boolean;
  /** Money amount on the cell, 0 if none. */
  readonly money: number;
}

/** A unit, as the original `Unit`. */
export interface Unit {
  readonly type: "soldier" | "professor";
  readonly id: number;
  readonly player: number;
  /** Its position (a dead professor keeps the one where it died). */
  readonly pos: Pos;
  /** Professors only (−1 for soldiers). */
  readonly health: number;
  /** Soldiers only (−1 for professors). */
  readonly poison: number;
  /** Professors: rounds left until rebirth, 0 when alive (−1 for soldiers). */
  readonly roundsForReborn: number;
}

/** True when the unit is on the board (soldiers always are; professors unless dead). */
export function isAlive(unit: Unit): boolean {
  return unit.roundsForReborn <= 0;
}

/** True for a corridor with no unit, kit, door or money (the original `is_empty`). */
export function isEmpty(cell: Cell): boolean {
  return (
    cell.type === "corridor" &&
    cell.id === -1 &&
    !cell.healthKit &&
    !cell.poisonKit &&
    cell.box === -1 &&
    cell.money === 0
  );
}

let readRaw: (view: MoneyHeistView) => MoneyHeistState;
let readOwn: (view: object) => MoneyHeistState | undefined;

/**
 * What a player sees: the whole state (the original's State and Settings queries, camelCased),
 * plus its own random generator seeded `seed + player + 1` as in the original.
 */
export class MoneyHeistView {
  // Private fields (#): no property, prototype or constructor path leads from a view to the state.
  readonly #state: MoneyHeistState;
  readonly #player: number;
  readonly #feedback: OrderFeedback | undefined;
  readonly #generator: Lcg31;
  #settings: Readonly<MoneyHeistConfig> | undefined;

  /** @internal */
  constructor(state: MoneyHeistState, player: number, seed: number, feedback?: OrderFeedback) {
    this.#state = state;
    this.#player = player;
    this.#generator = new Lcg31(seed + player + 1);
    this.#feedback = feedback;
    Object.freeze(this);
  }

  static {
    readRaw = (view) => view.#state;
    readOwn = (view) => (#state in view ? view.#state : undefined);
  }

  /** This player's number. */
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
  /** The current round (0-based). */
  round(): number {
    return this.#state.round;
  }
  /** The cell at `pos` or at row `i`, column `j`. */
  cell(pos: Pos): Cell;
  cell(i: number, j: number): Cell;
  cell(a: Pos | number, b?: number): Cell {
    const s = this.#state;
    const [i, j] = typeof a === "number" ? [a, b!] : [a.i, a.j];
    if (!this.posOk(i, j)) throw new RangeError(`cell(${i}, ${j}) is off the board`);
    const c = i * s.cols + j;
    return {
      type: s.wall[c] === 1 ? "wall" : "corridor",
      id: s.unitAt[c]!,
      healthKit: s.kit[c] === HEALTH_KIT,
      poisonKit: s.kit[c] === POISON_KIT,
      box: s.door[c]!,
      gold: s.gold[c]! >= 0,
      money: s.money[c]!,
    };
  }
  /** The unit with id `id`. */
  unit(id: number): Unit {
    const s = this.#state;
    if (!(id >= 0 && id < s.numUnits)) throw new RangeError(`unit(${id}): no such unit`);
    const pos = s.unitPos[id]!;
    return {
      type: s.unitType[id] === PROFESSOR ? "professor" : "soldier",
      id,
      player: s.unitPlayer[id]!,
      pos: { i: Math.floor(pos / s.cols), j: pos % s.cols },
      health: s.unitHealth[id]!,
      poison: s.unitPoison[id]!,
      roundsForReborn: s.unitRebirth[id]!,
    };
  }
  /** The ids of the soldiers of player `pl`, ascending. */
  soldiers(pl: number): number[] {
    const s = this.#state;
    const ids: number[] = [];
    for (let id = s.config.numPlayers; id < s.numUnits; id++)
      if (s.unitPlayer[id] === pl) ids.push(id);
    return ids;
  }
  /** The id of player `pl`'s professor. */
  professor(pl: number): number {
    return pl;
  }
  /** Poison in player `pl`'s common pot. */
  availablePoison(pl: number): number {
    return this.#state.potPoison[pl]!;
  }
  /** Health in player `pl`'s common pot. */
  availableHealth(pl: number): number {
    return this.#state.potHealth[pl]!;
  }
  /** Player `pl`'s score. */
  score(pl: number): number {
    return this.#state.score[pl]!;
  }
  /** The hints of safe `box` (15 integers). */
  safetyBoxHints(box: number): number[] {
    return Array.from(this.#state.hints[box]!);
  }
  /** The position of safe `box`'s door. */
  safetyBoxDoor(box: number): Pos {
    const d = this.#state.safeDoor[box]!;
    return { i: Math.floor(d / this.#state.cols), j: d % this.#state.cols };
  }
  /** Player `pl`'s CPU status: 0, or −1 when frozen. */
  status(pl: number): number {
    return this.#state.status[pl]!;
  }
  /** All parameters of the match (a frozen copy). */
  settings(): Readonly<MoneyHeistConfig> {
    // The config is JSON data (it is stored in replays): a JSON round trip is a deep copy.
    const settings =
      this.#settings ??
      deepFreeze(JSON.parse(JSON.stringify(this.#state.config)) as MoneyHeistConfig);
    this.#settings = settings;
    return settings;
  }
  numPlayers(): number {
    return this.#state.config.numPlayers;
  }
  numRounds(): number {
    return this.#state.config.numRounds;
  }
  boardRows(): number {
    return this.#state.rows;
  }
  boardCols(): number {
    return this.#state.cols;
  }
  numIniSoldiersPerClan(): number {
    return this.#state.config.initialSoldiersPerClan;
  }
  soldierIniPoisons(): number {
    return this.#state.config.initialSoldiersPoisons;
  }
  soldierMaxPoisons(): number {
    return this.#state.config.soldierMaxPoisons;
  }
  pointsForKillingSoldier(): number {
    return this.#state.config.pointsForKillingSoldier;
  }
  professorMaxHealth(): number {
    return this.#state.config.professorMaxHealth;
  }
  professorIniHealth(): number {
    return this.#state.config.initialProfessorHealth;
  }
  professorHealthDecrease(): number {
    return this.#state.config.professorHealthDecrease;
  }
  pointsForKillingProfessor(): number {
    return this.#state.config.pointsForKillingProfessor;
  }
  professorRoundsRebirth(): number {
    return this.#state.config.professorRoundsRebirth;
  }
  numMoney(): number {
    return this.#state.config.numMoney;
  }
  minMoneyValue(): number {
    return this.#state.config.minMoneyValue;
  }
  maxMoneyValue(): number {
    return this.#state.config.maxMoneyValue;
  }
  numHealthKits(): number {
    return this.#state.config.numHealthKits;
  }
  healthKitValue(): number {
    return this.#state.config.healthKitValue;
  }
  numPoisonKits(): number {
    return this.#state.config.numPoisonKits;
  }
  poisonKitValue(): number {
    return this.#state.config.poisonKitValue;
  }
  numSafetyBoxes(): number {
    return this.#state.config.numSafetyBoxes;
  }
  goldValue(): number {
    return this.#state.config.goldValue;
  }
  sizeHintsPerBox(): number {
    return this.#state.config.sizeHintsPerBox;
  }
  /** True for a valid player number. */
  playerOk(pl: number): boolean {
    return Number.isInteger(pl) && pl >= 0 && pl < this.#state.config.numPlayers;
  }
  /** True for a position on the board. */
  posOk(pos: Pos): boolean;
  posOk(i: number, j: number): boolean;
  posOk(a: Pos | number, b?: number): boolean {
    const [i, j] = typeof a === "number" ? [a, b!] : [a.i, a.j];
    return (
      Number.isInteger(i) &&
      Number.isInteger(j) &&
      i >= 0 &&
      j >= 0 &&
      i < this.#state.rows &&
      j < this.#state.cols
    );
  }
  /** A uniform integer in [l, u] from this player's own generator (as the original). */
  random(l: number, u: number): number {
    return this.#generator.random(l, u);
  }
  /** A random permutation of 0..n−1 from this player's own generator. */
  randomPermutation(n: number): number[] {
    return this.#generator.randomPermutation(n);
  }
}

Object.freeze(MoneyHeistView.prototype);
Object.freeze(MoneyHeistView);

/**
 * @internal The live state behind a view, for the built-in bots' fast paths (not exported from
 * the package: a bot cannot reach it).
 */
export const rawState = (view: MoneyHeistView): MoneyHeistState => readRaw(view);

/**
 * @internal The live state behind `view` when it is a view of this copy of the package, else
 * undefined: a view made by another copy (a second installed @arena/moneyheist, or the one bundled in
 * the arena cli) has other private fields, so the built-in bots read it through its public API.
 */
export const ownState = (view: object): MoneyHeistState | undefined => readOwn(view);

/** A direction: a letter `d` `r` `u` `l`, or the original's names. */
export type Dir = DirectionLetter;
/** The original `Dir` names, for readability: `Dir.Down` is `"d"`. */
export const Dir = Object.freeze({
  Down: "d",
  Right: "r",
  Up: "u",
  Left: "l",
} as const satisfies Record<string, DirectionLetter>);

const checkDir = (dir: string): DirectionLetter => {
  if (!DIRECTION_LETTERS.includes(dir as DirectionLetter))
    throw new RangeError(`bad direction '${dir}': use d, r, u or l (Dir.Down, …)`);
  return dir as DirectionLetter;
};

/**
 * The original `Action`: the commands a player gives this round. The first command for a unit
 * wins; later ones for the same unit are ignored.
 */
export class MoneyHeistActions {
  readonly #collector: OrderCollector<MoneyHeistOrder>;
  /** @internal */
  constructor(collector: OrderCollector<MoneyHeistOrder>) {
    this.#collector = collector;
    Object.freeze(this);
  }
  /** Moves unit `id` one cell (a soldier moving onto an enemy attacks it). */
  move(id: number, dir: Dir): void {
    this.#collector.add(id, { unit: id, kind: "move", dir: checkDir(dir) });
  }
  /** Professor `id` tries to open the safe whose door is next to it in `dir` with `solution`. */
  open(id: number, solution: readonly number[], dir: Dir): void {
    this.#collector.add(id, {
      unit: id,
      kind: "open",
      dir: checkDir(dir),
      solution: [...solution],
    });
  }
  /** Soldier `id` refills its poison from the team pot. */
  charge(id: number): void {
    this.#collector.add(id, { unit: id, kind: "charge" });
  }
  /** Professor `id` heals from the team pot. */
  heal(id: number): void {
    this.#collector.add(id, { unit: id, kind: "heal" });
  }
}

Object.freeze(MoneyHeistActions.prototype);
Object.freeze(MoneyHeistActions);
