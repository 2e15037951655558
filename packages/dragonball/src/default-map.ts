import type { DragonBallConfig } from "./config";

/**
 * The default map shipped with this package, written here (not one of the original maps): 15 × 31,
 * 2015 rules (the statement's parameters as in the 2012 maps), 1001 rounds, 3 capsules, 2 balls,
 * 4 beans and 4 kintons, the four gokus in the corners. Original maps load from a file.
 */
export function defaultConfig(): DragonBallConfig {
  const map = [
    "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    "X.....X...........X.......X...X",
    "X.XXX.X.XXXXX.XXX.X.XXXXX.X.X.X",
    "X...X...X.......X.....X.....X.X",
    "XXX.XXXXX.XXX.X.XXXXX.X.XXXXX.X",
    "X.........X...X.......X.......X",
    "X.XXXXX.X.X.XXXXXXX.X.XXXXX.X.X",
    "X..C..X.X...B..C..B...X..C..X.X",
    "X.XXXXX.X.X.XXXXXXX.X.XXXXX.X.X",
    "X.........X...X.......X.......X",
    "XXX.XXXXX.XXX.X.XXXXX.X.XXXXX.X",
    "X...X...X.......X.....X.....X.X",
    "X.XXX.X.XXXXX.XXX.X.XXXXX.X.X.X",
    "X.....X...........X.......X...X",
    "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
  ];
  const item = (i: number, j: number) => ({ i, j, present: true, time: 0 });
  const goku = (i: number, j: number) => ({
    i,
    j,
    time: 0,
    alive: true,
    ball: false,
    balls: 0,
    strength: 999,
    kinton: 0,
    status: 0,
  });
  return {
    params: {
      nb_players: 4,
      nb_rounds: 1001,
      nb_capsules: 3,
      nb_balls: 2,
      nb_beans: 4,
      nb_kintons: 4,
      goku_regen_time: 60,
      bean_regen_time: 60,
      kinton_regen_time: 60,
      kinton_life_time: 55,
      max_strength: 999,
      res_strength: 200,
      moving_penalty: 10,
      kamehame_penalty: 700,
      combat_penalty: 25,
      rows: map.length,
      cols: map[0]!.length,
    },
    map,
    beans: [item(3, 2), item(3, 27), item(11, 2), item(11, 27)],
    kintons: [item(1, 14), item(13, 14), item(5, 5), item(9, 25)],
    gokus: [goku(1, 1), goku(1, 29), goku(13, 1), goku(13, 29)],
    variant: "2015",
  };
}
