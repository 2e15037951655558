// arena compatibility kit for Bola de Drac: the board a player reads (engine notes §1.5) and the
// original Board.hh's public types and helpers (`<<` of CType and GType, `has_kinton`,
// `jump_on_kinton`, `has_ball`, `take_ball`). Players see the whole board. The adapter fills it
// every round from the original .res state block.
#ifndef Board_hh
#define Board_hh

#include "Action.hh"
#include "PosDir.hh"
#include "Utils.hh"

/** What a cell holds (a bean or kinton cloud only while present). */
enum CType { Empty, Rock, Capsule, Ball, Kinton, Bean };

/** A cell content's name, as the original prints it. */
inline ostream& operator<<(ostream& os, CType t) {
  static const char* const names[] = {"Empty", "Rock", "Capsule", "Ball", "Kinton", "Bean"};
  if (t >= Empty and t <= Bean) os << names[t];
  return os;
}

/** A goku's state. */
enum GType { Normal, On_Kinton, With_Ball, On_Kinton_With_Ball };

/** A goku state's name, as the original prints it. */
inline ostream& operator<<(ostream& os, GType t) {
  static const char* const names[] = {"Normal", "On_Kinton", "With_Ball", "On_Kinton_With_Ball"};
  if (t >= Normal and t <= On_Kinton_With_Ball) os << names[t];
  return os;
}

/** Whether a goku of this type rides a kinton cloud. */
inline bool has_kinton(GType t) { return t == On_Kinton or t == On_Kinton_With_Ball; }
/** The type of a goku of type t once it jumps on a kinton cloud. */
inline GType jump_on_kinton(GType t) {
  if (t == Normal) return On_Kinton;
  if (t == With_Ball) return On_Kinton_With_Ball;
  return t;
}
/** Whether a goku of this type carries a ball. */
inline bool has_ball(GType t) { return t == With_Ball or t == On_Kinton_With_Ball; }
/** The type of a goku of type t once it takes a ball. */
inline GType take_ball(GType t) {
  if (t == Normal) return With_Ball;
  if (t == On_Kinton) return On_Kinton_With_Ball;
  return t;
}

/** A cell: its position, its type and the goku on it (−1 if none). */
struct Cell {
  Pos pos;
  CType type = Empty;
  int id = -1;
};

/** The home of a kinton cloud: where it is, whether it is there, rounds until it comes back. */
struct Kinton_Cloud {
  Pos pos;
  bool present = false;
  int time = 0;
};

/** The home of a magic bean. */
struct Magic_Bean {
  Pos pos;
  bool present = false;
  int time = 0;
};

/** A goku (rounds of kinton left in `kinton`; `time`: rounds until a dead goku may come back). */
struct Goku {
  int id = -1;
  Pos pos;
  GType type = Normal;
  int balls = 0;
  int strength = 0;
  int kinton = 0;
  bool alive = false;
  int time = 0;
};

class Board {
 public:
  int nb_players() const { return p_[0]; }
  int nb_rounds() const { return p_[1]; }
  int nb_capsules() const { return p_[2]; }
  int nb_balls() const { return p_[3]; }
  int nb_beans() const { return p_[4]; }
  int nb_kintons() const { return p_[5]; }
  int goku_regen_time() const { return p_[6]; }
  int bean_regen_time() const { return p_[7]; }
  int kinton_regen_time() const { return p_[8]; }
  int kinton_life_time() const { return p_[9]; }
  int max_strength() const { return p_[10]; }
  int res_strength() const { return p_[11]; }
  int moving_penalty() const { return p_[12]; }
  int kamehame_penalty() const { return p_[13]; }
  int combat_penalty() const { return p_[14]; }
  int rows() const { return p_[15]; }
  int cols() const { return p_[16]; }
  int round() const { return round_; }

  bool player_ok(int pl) const { return pl >= 0 and pl < nb_players(); }
  bool pos_ok(int i, int j) const { return i >= 0 and i < rows() and j >= 0 and j < cols(); }
  bool pos_ok(const Pos& p) const { return pos_ok(p.i, p.j); }
  bool pos_ok(int i, int j, Dir d) const { return pos_ok(Pos(i, j) + d); }
  bool pos_ok(const Pos& p, Dir d) const { return pos_ok(p + d); }
  /** The position next to p in direction d. */
  Pos dest(const Pos& p, Dir d) const { return p + d; }

  /** The name of player id. */
  string name(int id) const {
    assert(player_ok(id));
    return names_[id];
  }
  /** Balls player id has deposited. */
  int balls(int id) const { return goku(id).balls; }
  int strength(int id) const { return goku(id).strength; }
  /** balls · (max_strength + 1) + strength. */
  int score(int id) const { return balls(id) * (max_strength() + 1) + strength(id); }
  /** The fraction of its CPU budget player id has used (−1: frozen). */
  double status(int id) const {
    assert(player_ok(id));
    return status_[id];
  }
  /** The same, writable (the player's own copy of the board), as the original's. */
  double& status(int id) { return status_[id]; }
  const Cell& cell(int i, int j) const {
    assert(pos_ok(i, j));
    return cells_[size_t(i) * cols() + j];
  }
  const Cell& cell(const Pos& p) const { return cell(p.i, p.j); }
  const Goku& goku(int id) const {
    assert(player_ok(id));
    return gokus_[id];
  }
  const vector<Magic_Bean>& beans() const { return beans_; }
  const vector<Kinton_Cloud>& kintons() const { return kintons_; }

 private:
  friend struct ArenaAdapter;
  int p_[17] = {};
  int round_ = 0;
  vector<Cell> cells_;
  vector<Goku> gokus_;
  vector<Magic_Bean> beans_;
  vector<Kinton_Cloud> kintons_;
  vector<string> names_;
  vector<double> status_;
};

#endif
