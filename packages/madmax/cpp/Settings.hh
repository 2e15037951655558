// arena compatibility kit for Mad Max: the game parameters (default.cnf), engine notes §3.2.
#ifndef Settings_hh
#define Settings_hh

#include "Structs.hh"

class Settings {
 public:
  /** The game and version, as in the .res. */
  static string version() { return "Mad_Max 1.6"; }

  int nb_players() const { return p_[0]; }
  int nb_rounds() const { return p_[1]; }
  int nb_cities() const { return p_[2]; }
  int nb_warriors() const { return p_[3]; }
  int nb_cars() const { return p_[4]; }
  int warriors_health() const { return p_[5]; }
  int cars_fuel() const { return p_[6]; }
  int damage() const { return p_[7]; }
  int rows() const { return p_[8]; }
  int cols() const { return p_[9]; }

  /** True for a valid player number. */
  bool player_ok(int pl) const { return pl >= 0 and pl < nb_players(); }
  /** True for a position on the board. */
  bool pos_ok(int i, int j) const {
    // One unsigned comparison per coordinate (a negative one wraps past any size).
    return unsigned(i) < unsigned(rows()) and unsigned(j) < unsigned(cols());
  }
  bool pos_ok(const Pos& p) const { return pos_ok(p.i, p.j); }

  Settings() { for (int k = 0; k < 10; ++k) p_[k] = 0; }

 private:
  friend struct ArenaAdapter;
  int p_[10];
};

#endif
