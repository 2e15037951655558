/**
 * Every public name the original Bola de Drac kit (2012) gives a player through `Player.hh`
 * (Utils.hh with its BackTrace.hh, PosDir.hh, Action.hh, Board.hh, Player.hh, Registry.hh), read
 * from public copies of the kit's headers: the C++ kit offers each of them (a test checks it), and
 * a player that does not compile for lack of one gets an error that blames arena (`CppKit`).
 */
// biome-ignore format: grouped by header, as the original kit declares them
export const ORIGINAL_NAMES: readonly string[] = [
  // Utils.hh, BackTrace.hh
  "myerror_at_line", "myerr", "myerrx", "check", "_unused", "_unreachable", "BackTrace",
  "infinite", "maxint", "minint", "s2i", "i2s", "sze", "implies", "boolean", "PRINT", "PRINT_AUX",
  "RANDOMIZE_MODULUS", "RANDOMIZE_MULTIPLIER", "RANDOMIZE_DEFAULT", "RANDOMIZE_MAX", "rnd_seed",
  "srandomize", "randomize",
  // PosDir.hh
  "Dir", "None", "Top", "Bottom", "Left", "Right", "d2c", "c2d", "Pos", "i", "j",
  // Action.hh
  "AType", "Undefined", "Moving", "Throwing", "a2c", "c2a", "Action", "move", "throw_kamehame",
  // Board.hh
  "CType", "Empty", "Rock", "Capsule", "Ball", "Kinton", "Bean",
  "GType", "Normal", "On_Kinton", "With_Ball", "On_Kinton_With_Ball",
  "has_kinton", "jump_on_kinton", "has_ball", "take_ball",
  "Cell", "pos", "type", "id", "Kinton_Cloud", "Magic_Bean", "present", "time",
  "Goku", "balls", "strength", "kinton", "alive", "Board",
  "nb_rounds", "nb_players", "nb_capsules", "nb_balls", "nb_beans", "nb_kintons",
  "goku_regen_time", "bean_regen_time", "kinton_regen_time", "kinton_life_time", "max_strength",
  "res_strength", "moving_penalty", "kamehame_penalty", "combat_penalty", "rows", "cols", "round",
  "player_ok", "pos_ok", "dest", "name", "score", "status", "cell", "goku", "beans", "kintons",
  // Player.hh, Registry.hh
  "Player", "me", "play", "Registry", "RegisterPlayer",
];
