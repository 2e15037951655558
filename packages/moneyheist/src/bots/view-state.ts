import type { MoneyHeistConfig } from "../config";
import { HEALTH_KIT, type MoneyHeistState, NO_KIT, POISON_KIT, PROFESSOR, SOLDIER } from "../state";
import type { MoneyHeistView } from "../view";

/** The parts of the match state the built-in Demo reads. */
export type DemoState = Pick<
  MoneyHeistState,
  | "rows"
  | "cols"
  | "cells"
  | "numUnits"
  | "round"
  | "wall"
  | "unitAt"
  | "kit"
  | "money"
  | "door"
  | "unitType"
  | "unitPlayer"
  | "unitPos"
  | "unitHealth"
  | "unitPoison"
  | "unitRebirth"
  | "potHealth"
  | "potPoison"
  | "hints"
  | "safeGold"
  | "safeDoor"
  | "step"
> & { readonly config: Pick<MoneyHeistConfig, "numPlayers" | "professorMaxHealth"> };

const DR = [1, 0, -1, 0];
const DC = [0, 1, 0, -1];

/**
 * The Demo's state read through a view's public API only, for a view made by another copy of the
 * package (its private fields are not this copy's). Same arrays, same values as the engine's
 * state for everything the Demo reads, refreshed by `read` once per round.
 */
export class ViewState implements DemoState {
  rows = 0;
  cols = 0;
  cells = 0;
  numUnits = 0;
  round = 0;
  wall = new Uint8Array(0);
  unitAt = new Int16Array(0);
  kit = new Uint8Array(0);
  money = new Int32Array(0);
  door = new Int8Array(0);
  /** 1 on a safe's gold cell (to find each safe's gold next to its door). */
  private gold = new Uint8Array(0);
  unitType = new Uint8Array(0);
  unitPlayer = new Int8Array(0);
  unitPos = new Int32Array(0);
  unitHealth = new Int32Array(0);
  unitPoison = new Int32Array(0);
  unitRebirth = new Int32Array(0);
  potHealth = new Int32Array(0);
  potPoison = new Int32Array(0);
  hints: Int32Array[] = [];
  safeGold = new Int32Array(0);
  safeDoor = new Int32Array(0);
  readonly config = { numPlayers: 0, professorMaxHealth: 0 };

  /** The cell next to `cell` in direction `dir` (d r u l), or −1 off the board (as the state's). */
  step(cell: number, dir: number): number {
    const r = Math.floor(cell / this.cols) + DR[dir]!;
    const c = (cell % this.cols) + DC[dir]!;
    if (r < 0 || r >= this.rows || c < 0 || c >= this.cols) return -1;
    return r * this.cols + c;
  }

  /** Reads the current round of `view`. */
  read(view: MoneyHeistView): this {
    const rows = view.boardRows();
    const cols = view.boardCols();
    const players = view.numPlayers();
    const units = players * (1 + view.numIniSoldiersPerClan());
    const safes = view.numSafetyBoxes();
    if (rows !== this.rows || cols !== this.cols) {
      this.rows = rows;
      this.cols = cols;
      this.cells = rows * cols;
      this.wall = new Uint8Array(this.cells);
      this.unitAt = new Int16Array(this.cells);
      this.kit = new Uint8Array(this.cells);
      this.money = new Int32Array(this.cells);
      this.door = new Int8Array(this.cells);
      this.gold = new Uint8Array(this.cells);
    }
    if (units !== this.numUnits) {
      this.numUnits = units;
      this.unitType = new Uint8Array(units);
      this.unitPlayer = new Int8Array(units);
      this.unitPos = new Int32Array(units);
      this.unitHealth = new Int32Array(units);
      this.unitPoison = new Int32Array(units);
      this.unitRebirth = new Int32Array(units);
    }
    if (players !== this.config.numPlayers) {
      this.config.numPlayers = players;
      this.potHealth = new Int32Array(players);
      this.potPoison = new Int32Array(players);
    }
    if (safes !== this.safeDoor.length) {
      this.safeGold = new Int32Array(safes);
      this.safeDoor = new Int32Array(safes);
    }
    this.config.professorMaxHealth = view.professorMaxHealth();
    this.round = view.round();
    for (let i = 0, c = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++, c++) {
        const cell = view.cell(i, j);
        this.wall[c] = cell.type === "wall" ? 1 : 0;
        this.unitAt[c] = cell.id;
        this.kit[c] = cell.healthKit ? HEALTH_KIT : cell.poisonKit ? POISON_KIT : NO_KIT;
        this.money[c] = cell.money;
        this.door[c] = cell.box;
        this.gold[c] = cell.gold ? 1 : 0;
      }
    }
    for (let id = 0; id < units; id++) {
      const unit = view.unit(id);
      this.unitType[id] = unit.type === "professor" ? PROFESSOR : SOLDIER;
      this.unitPlayer[id] = unit.player;
      // The state keeps −1 for a unit off the board, which the view shows as (−1, −1).
      this.unitPos[id] = unit.pos.i < 0 ? -1 : unit.pos.i * cols + unit.pos.j;
      this.unitHealth[id] = unit.health;
      this.unitPoison[id] = unit.poison;
      this.unitRebirth[id] = unit.roundsForReborn;
    }
    for (let pl = 0; pl < players; pl++) {
      this.potHealth[pl] = view.availableHealth(pl);
      this.potPoison[pl] = view.availablePoison(pl);
    }
    this.hints.length = safes;
    for (let box = 0; box < safes; box++) {
      this.hints[box] = Int32Array.from(view.safetyBoxHints(box));
      const at = view.safetyBoxDoor(box);
      const door = at.i < 0 ? -1 : at.i * cols + at.j;
      this.safeDoor[box] = door;
      // The gold is the door's one neighbour that is a gold cell (a ring of walls surrounds it).
      let gold = -1;
      for (let d = 0; d < 4 && door >= 0 && gold < 0; d++) {
        const next = this.step(door, d);
        if (next >= 0 && this.gold[next] === 1) gold = next;
      }
      this.safeGold[box] = gold;
    }
    return this;
  }
}
