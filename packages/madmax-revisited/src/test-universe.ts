// Test helper: a small hand-made universe (4 players, one car each) for scenario tests.
import type { MadMaxRevisitedConfig } from "./config";
import { MadMaxRevisitedMatch } from "./match";
import type { MadMaxRevisitedOrder } from "./state";

export interface TinyCar {
  row: number;
  col: number;
  missiles?: number;
  gas?: number;
}

/** `map` rows of equal length; cars 0..3 (one per player) where given, the others parked dead. */
export function tiny(
  map: string[],
  cars: TinyCar[],
  options: Partial<MadMaxRevisitedConfig["params"]> = {},
) {
  const cols = map[0]!.length;
  const count = (letter: string) => map.join("").split(letter).length - 1;
  const config: MadMaxRevisitedConfig = {
    params: {
      nb_players: 4,
      nb_rnds: 300,
      nb_rows: map.length,
      nb_uni_cols: cols,
      nb_win_cols: 8,
      nb_cars_x_player: 1,
      nb_rnds_regen: 30,
      nb_miss_bonuses: count("M"),
      nb_gas_bonuses: count("G"),
      nb_water_bonuses: count("W"),
      bonus_miss: 5,
      bonus_gas: 30,
      water_pnts: 10,
      kill_pnts: 30,
      init_gas: 60,
      ...options,
    },
    round: 0,
    map,
    cars: [0, 1, 2, 3].map((k) => {
      const car = cars[k];
      return car
        ? {
            row: car.row,
            col: car.col,
            missiles: car.missiles ?? 0,
            gas: car.gas ?? 60,
            alive: true,
            time: 0,
          }
        : { row: 0, col: 0, missiles: 0, gas: 60, alive: false, time: 1000 };
    }),
    missiles: [],
    scores: [0, 0, 0, 0],
  };
  const match = new MadMaxRevisitedMatch(config, 1);
  const s = match.state;
  const at = (row: number, col: number) => row * cols + col;
  return {
    match,
    s,
    at,
    play: (...orders: MadMaxRevisitedOrder[][]) =>
      match.step([0, 1, 2, 3].map((p) => orders[p] ?? [])),
    car: (c: number) => ({
      row: Math.floor(s.carPos[c]! / cols),
      col: s.carPos[c]! % cols,
      alive: s.carAlive[c] === 1,
    }),
    addMissile: (mid: number, cid: number, row: number, col: number) => {
      s.missiles.set(mid, { cid, pos: at(row, col) });
      s.missileAt[at(row, col)] = mid;
      s.nextMissile = Math.max(s.nextMissile, mid + 1);
    },
  };
}
