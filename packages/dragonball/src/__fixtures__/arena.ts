// Test helper: the small hand-made arena the scenario and rejection tests play on.
import type { DragonBallConfig } from "../config";
import { defaultConfig } from "../default-map";
import { DragonBallMatch } from "../match";
import type { DragonBallOrder } from "../state";

/**
 * A small open arena: 9 × 9 with a rock border, a capsule, a ball, a bean and a kinton, and four
 * gokus with strength 500 and no kinton; `edit` changes the config first. `at(i, j)` is a cell's
 * index, `play(o0, o1, o2, o3)` plays one round with at most one order a player.
 */
export function arena(edit: (config: DragonBallConfig) => void = () => {}) {
  const config = defaultConfig();
  config.params = {
    ...config.params,
    rows: 9,
    cols: 9,
    nb_capsules: 1,
    nb_balls: 1,
    nb_beans: 1,
    nb_kintons: 1,
  };
  config.map = [
    "XXXXXXXXX",
    "X.......X",
    "X.......X",
    "X.......X",
    "X...C...X",
    "X.......X",
    "X.......X",
    "X.....B.X",
    "XXXXXXXXX",
  ];
  config.beans = [{ i: 1, j: 7, present: true, time: 0 }];
  config.kintons = [{ i: 7, j: 1, present: true, time: 0 }];
  const goku = (i: number, j: number) => ({
    i,
    j,
    time: 0,
    alive: true,
    ball: false,
    balls: 0,
    strength: 500,
    kinton: 0,
    status: 0,
  });
  config.gokus = [goku(1, 1), goku(1, 4), goku(6, 6), goku(3, 7)];
  edit(config);
  const match = new DragonBallMatch(config, 1);
  const s = match.state;
  const at = (i: number, j: number) => i * 9 + j;
  const play = (...orders: Array<DragonBallOrder | undefined>) =>
    match.step([0, 1, 2, 3].map((p) => (orders[p] ? [orders[p]!] : [])));
  return { match, s, at, play };
}
