// arena compatibility kit for Money Heist: the game parameters (default.cnf), engine notes §5.2.
#ifndef Settings_hh
#define Settings_hh

#include "Structs.hh"

class Settings {
 public:
  /** The game and version, as the original's. */
  static string version() { return "MoneyHeist 1.0"; }

  int num_players() const { return p_[0]; }
  int num_rounds() const { return p_[1]; }
  int board_rows() const { return p_[2]; }
  int board_cols() const { return p_[3]; }
  int num_ini_soldiers_per_clan() const { return p_[4]; }
  int soldier_ini_poisons() const { return p_[5]; }
  int soldier_max_poisons() const { return p_[6]; }
  int points_for_killing_soldier() const { return p_[7]; }
  int professor_max_health() const { return p_[8]; }
  int professor_ini_health() const { return p_[9]; }
  int professor_health_decrease() const { return p_[10]; }
  int points_for_killing_professor() const { return p_[11]; }
  int professor_rounds_rebirth() const { return p_[12]; }
  int num_money() const { return p_[13]; }
  int min_money_value() const { return p_[14]; }
  int max_money_value() const { return p_[15]; }
  int num_health_kits() const { return p_[16]; }
  int health_kit_value() const { return p_[17]; }
  int num_poison_kits() const { return p_[18]; }
  int poison_kit_value() const { return p_[19]; }
  int num_safety_boxes() const { return p_[20]; }
  int gold_value() const { return p_[21]; }
  int size_hints_per_box() const { return p_[22]; }

  /** True for a valid player number. */
  bool player_ok(int pl) const { return pl >= 0 and pl < num_players(); }
  /** True for a position on the board. */
  bool pos_ok(int i, int j) const {
    // One unsigned comparison per coordinate (a negative one wraps past any size).
    return unsigned(i) < unsigned(board_rows()) and unsigned(j) < unsigned(board_cols());
  }
  bool pos_ok(const Pos& p) const { return pos_ok(p.i, p.j); }

  Settings() { for (int k = 0; k < 23; ++k) p_[k] = 0; }

 private:
  friend struct ArenaAdapter;
  int p_[23];
};

#endif
