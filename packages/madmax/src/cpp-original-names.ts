/**
 * Every public name the original Mad Max kit (2018) gives a player through `Player.hh` (Utils.hh,
 * Structs.hh, Settings.hh, State.hh, Info.hh, Action.hh, Random.hh, Player.hh, Registry.hh), read
 * from public copies of the kit's headers: the C++ kit offers each of them (a test checks it), and
 * a player that does not compile for lack of one gets an error that blames arena (`CppKit`). Not
 * here, deliberately: Info's loaders of the engine's own state (`read_grid`,
 * `update_vectors_by_player`), which a player has no use for.
 */
// biome-ignore format: grouped by header, as the original kit declares them
export const ORIGINAL_NAMES: readonly string[] = [
  // Utils.hh
  "_my_assert", "_unreachable", "int_to_string", "string_to_int",
  // Structs.hh
  "Dir", "Bottom", "BR", "Right", "RT", "Top", "TL", "Left", "LB", "None", "DirSize", "dir_ok",
  "Pos", "i", "j", "CellType", "Desert", "Road", "City", "Water", "Station", "Wall",
  "CellTypeSize", "Cell", "type", "owner", "id", "UnitType", "Warrior", "Car", "UnitTypeSize",
  "ut_ok", "ut2char", "char2ut", "Unit", "player", "food", "water", "pos",
  // Settings.hh
  "Settings", "version", "nb_players", "nb_rounds", "nb_cities", "nb_warriors", "nb_cars",
  "warriors_health", "cars_fuel", "damage", "rows", "cols", "player_ok", "pos_ok",
  // State.hh, Info.hh
  "State", "round", "cell", "nb_units", "unit", "num_cities", "total_score", "status",
  "warriors", "cars", "can_move", "Info", "char2cell",
  // Action.hh (MAX_MOVEMENTS, c2d and d2c are private, as in the original)
  "Movement", "dir", "Action", "command", "MAX_MOVEMENTS", "c2d", "d2c",
  // Random.hh (RANDOM_MOD and RANDOM_MASC are private, as in the original)
  "Random_generator", "random", "random_permutation", "RANDOM_MOD", "RANDOM_MASC",
  // Player.hh, Registry.hh
  "Player", "me", "play", "Registry", "RegisterPlayer",
];
