/**
 * Every public name the original Money Heist kit (2025) gives a player through `Player.hh`
 * (Utils.hh with its Defs.hh, Structs.hh, Settings.hh, State.hh, Info.hh, Action.hh, Random.hh,
 * Player.hh, Registry.hh), read from public copies of the kit's headers: the C++ kit offers each
 * of them (a test checks it), and a player that does not compile for lack of one gets an error
 * that blames arena (`CppKit`). Not here, deliberately: Info's loader of the engine's own state
 * (`read_grid`), which a player has no use for.
 */
// biome-ignore format: grouped by header, as the original kit declares them
export const ORIGINAL_NAMES: readonly string[] = [
  // Utils.hh, Defs.hh
  "_my_assert", "_unreachable", "int_to_string", "string_to_int", "double_to_string",
  "GAME_NAME", "VERSION",
  // Structs.hh
  "Dir", "Down", "Right", "Up", "Left", "Pos", "i", "j", "CellType", "Corridor", "Wall",
  "Cell", "type", "id", "health_kit", "poison_kit", "box", "gold", "money", "is_empty",
  "UnitType", "Soldier", "Professor", "Unit", "player", "pos", "health", "poison",
  "rounds_for_reborn", "is_alive", "CommandType", "Move", "Open", "Charge", "Heal", "dir_ok",
  "command_type_ok", "CommandType2char", "char2CommandType", "Dir2char", "char2Dir",
  "UnitType2char", "char2UnitType",
  // Settings.hh
  "Settings", "version", "num_players", "num_rounds", "board_rows", "board_cols",
  "num_ini_soldiers_per_clan", "soldier_ini_poisons", "soldier_max_poisons",
  "points_for_killing_soldier", "professor_max_health", "professor_ini_health",
  "professor_health_decrease", "points_for_killing_professor", "professor_rounds_rebirth",
  "num_money", "min_money_value", "max_money_value", "num_health_kits", "health_kit_value",
  "num_poison_kits", "poison_kit_value", "num_safety_boxes", "gold_value", "size_hints_per_box",
  "player_ok", "pos_ok",
  // State.hh, Info.hh
  "State", "round", "cell", "unit", "soldiers", "professor", "available_poison",
  "available_health", "score", "safety_box_hints", "status", "Info", "char2Cell",
  // Action.hh (MAX_COMMANDS is private, as in the original)
  "Action", "move", "open", "charge", "heal", "Command", "c_type", "dir", "sol", "MAX_COMMANDS",
  // Random.hh (RANDOM_MOD and RANDOM_MASK are private, as in the original)
  "Random_generator", "random", "random_permutation", "RANDOM_MOD", "RANDOM_MASK",
  // Player.hh, Registry.hh
  "Player", "me", "play", "Registry", "RegisterPlayer",
];
