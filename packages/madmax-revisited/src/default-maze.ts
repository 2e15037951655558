import type { MadMaxRevisitedConfig } from "./config";

/**
 * The default universe shipped with this package, generated here (not one of the original mazes):
 * the original default's size and parameters (19 × 97, window 40, 2 cars per player, 300 rounds,
 * 9 missile, 10 gas and 26 water bonuses), with rings of tyres around bonus caches laid out by a
 * fixed formula. Original mazes load from a file (`parseConfig`).
 */
export function defaultConfig(): MadMaxRevisitedConfig {
  const rows = 19;
  const cols = 97;
  const grid = Array.from({ length: rows }, () => Array<string>(cols).fill("."));
  // Tyre rings (a diamond of radius 2) at fixed centres, each guarding one bonus in its middle.
  const centres: Array<[number, number]> = [];
  for (let k = 0; k < 12; k++) centres.push([k % 2 === 0 ? 4 : 13, 12 + k * 7]);
  const bonuses = "WMWGWWMGWWGM".split("");
  centres.forEach(([r, c], k) => {
    for (const [dr, dc] of [
      [-2, 0],
      [2, 0],
      [0, -2],
      [0, 2],
      [-1, -1],
      [-1, 1],
      [1, -1],
      [1, 1],
    ] as const)
      grid[r + dr]![c + dc] = "X";
    grid[r]![c] = bonuses[k]!;
  });
  // Scattered single tyres in the lanes between the rings.
  for (let k = 0; k < 40; k++) {
    const r = (k * 7 + 3) % rows;
    const c = 10 + ((k * 23) % (cols - 12));
    if (grid[r]![c] === "." && r !== 9) grid[r]![c] = "X";
  }
  // The remaining bonuses on free cells, spread by another fixed stride.
  const want = { M: 9, G: 10, W: 26 };
  const have = { M: 0, G: 0, W: 0 };
  for (const row of grid) for (const cell of row) if (cell in have) have[cell as "M"]++;
  let k = 0;
  for (const type of ["M", "G", "W"] as const) {
    while (have[type] < want[type]) {
      const r = (k * 5 + 1) % rows;
      const c = 8 + ((k * 37) % (cols - 9));
      k++;
      if (grid[r]![c] !== ".") continue;
      grid[r]![c] = type;
      have[type]++;
    }
  }
  const carRows = [1, 2, 6, 7, 11, 12, 16, 17];
  return {
    params: {
      nb_players: 4,
      nb_rnds: 300,
      nb_rows: rows,
      nb_uni_cols: cols,
      nb_win_cols: 40,
      nb_cars_x_player: 2,
      nb_rnds_regen: 30,
      nb_miss_bonuses: 9,
      nb_gas_bonuses: 10,
      nb_water_bonuses: 26,
      bonus_miss: 5,
      bonus_gas: 30,
      water_pnts: 10,
      kill_pnts: 30,
      init_gas: 60,
    },
    round: 0,
    map: grid.map((row) => row.join("")),
    cars: carRows.map((row) => ({ row, col: 0, missiles: 5, gas: 60, alive: true, time: 0 })),
    missiles: [],
    scores: [0, 0, 0, 0],
  };
}
