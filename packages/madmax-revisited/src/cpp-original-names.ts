/**
 * Every public name the original Mad Max Revisited kit ("Mad Max 2020") gives a player through
 * `Player.hh` (Utils.hh, Action.hh, Board.hh, Player.hh, Registry.hh) and its Defs.hh, read from
 * public copies of the kit's headers: the C++ kit offers each of them (a test checks it), and a
 * player that does not compile for lack of one gets an error that blames arena (`CppKit`).
 */
// biome-ignore format: grouped by header, as the original kit declares them
export const ORIGINAL_NAMES: readonly string[] = [
  // Utils.hh
  "Player_Id", "Car_Id", "Missile_Id", "Pos", "Dir",
  "UP", "DEFAULT", "DOWN", "SLOW_UP", "SLOW", "SLOW_DOWN", "FAST_UP", "FAST", "FAST_DOWN",
  "first", "second", "dir_ok", "Cmp", "dir2all",
  "Random_generator", "srandomize", "randomize",
  "RANDOMIZE_MODULUS", "RANDOMIZE_MULTIPLIER", "RANDOMIZE_DEFAULT", "RANDOMIZE_MAX",
  "contains", "my_assert",
  // Action.hh
  "Action", "move", "shoot", "IType", "UNDEFINED", "MOVE", "SHOOT", "i2c", "c2i",
  "Instruction", "cid", "type", "dir",
  // Board.hh
  "CType", "EMPTY", "TYRE", "CAR", "MISSILE", "WATER_BONUS", "MISSILE_BONUS", "GAS_BONUS",
  "Cell", "mid", "Car", "pos", "nb_miss", "gas", "alive", "time", "Missile", "Board",
  "number_players", "number_rounds", "number_rows", "number_universe_columns",
  "number_window_columns", "number_cars_per_player", "number_cars", "number_rounds_to_regenerate",
  "number_missile_bonuses", "number_water_bonuses", "number_gas_bonuses", "bonus_missiles",
  "bonus_gas", "water_points", "kill_points", "initial_gas", "within_universe", "within_window",
  "car_ok", "player_ok", "player_of", "begin", "end", "round", "cell", "car", "missiles", "score",
  "status",
  // Player.hh, Registry.hh
  "Player", "me", "play", "Registry", "RegisterPlayer",
  // Defs.hh (not included by Player.hh: a player includes it itself)
  "LONG_GAME_NAME", "VERSION",
];
