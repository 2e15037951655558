// Test helper: a Money Heist match on an empty 60×60 board (no walls, no units placed) where
// a test puts exactly the pieces it needs.
import { Lcg31 } from "@arena/core";
import { defaultConfig } from "./config";
import { MoneyHeistMatch } from "./match";
import type { MoneyHeistOrder } from "./orders";
import { HEALTH_KIT, type MoneyHeistState, PROFESSOR, SOLDIER } from "./state";

export interface TestBoard {
  match: MoneyHeistMatch;
  state: MoneyHeistState;
  at(i: number, j: number): number;
  put(id: number, i: number, j: number): void;
  play(...orders: MoneyHeistOrder[][]): void;
}

/** An empty board; units 0..3 are the professors, 4..83 the soldiers (20 per player), unplaced. */
export function testBoard(seed = 1): TestBoard {
  const match = new MoneyHeistMatch(defaultConfig(), seed, false);
  const state = match.state;
  const { config } = state;
  for (let id = 0; id < state.numUnits; id++) {
    const professor = id < config.numPlayers;
    state.unitType[id] = professor ? PROFESSOR : SOLDIER;
    state.unitPlayer[id] = professor
      ? id
      : Math.floor((id - config.numPlayers) / config.initialSoldiersPerClan);
    state.unitHealth[id] = professor ? config.initialProfessorHealth : -1;
    state.unitPoison[id] = professor ? -1 : config.initialSoldiersPoisons;
    state.unitRebirth[id] = professor ? 0 : -1;
  }
  const at = (i: number, j: number) => i * state.cols + j;
  return {
    match,
    state,
    at,
    put: (id, i, j) => state.placeUnit(id, at(i, j)),
    play: (...orders) => match.step([0, 1, 2, 3].map((p) => orders[p] ?? [])),
  };
}

/** A seed whose generator's next `random(1, q)` is `k` (to fix who moves first). */
export function seedDrawing(q: number, k: number): number {
  for (let seed = 1; ; seed++) if (new Lcg31(seed).random(1, q) === k) return seed;
}

export { HEALTH_KIT };
