// arena compatibility kit for Mad Max Revisited: the board a player reads (engine notes §4.5) and
// the original Board.hh's public types. A player sees the whole universe, including what lies
// outside the window. The adapter fills it every round from the original .res state block; its
// random generator is the player's own, reseeded every round as the original does (see
// arena-main.cc).
#ifndef Board_hh
#define Board_hh

#include "Action.hh"
#include "Utils.hh"

/** What a cell holds. */
enum CType { EMPTY, TYRE, CAR, MISSILE, WATER_BONUS, MISSILE_BONUS, GAS_BONUS };

/** A cell content's name, as the original prints it. */
inline ostream& operator<<(ostream& os, CType t) {
  static const char* const names[] = {"EMPTY",       "TYRE",          "CAR",      "MISSILE",
                                      "WATER_BONUS", "MISSILE_BONUS", "GAS_BONUS"};
  if (t >= EMPTY and t <= GAS_BONUS) os << names[t];
  return os;
}

/** A cell: its content, and the car or missile on it (−1 if none). */
struct Cell {
  CType type = EMPTY;
  Car_Id cid = -1;
  Missile_Id mid = -1;
};

/** A car (a dead car keeps its last position; `time`: rounds until it may come back). */
struct Car {
  Car_Id cid = -1;
  Pos pos = Pos(0, 0);
  int nb_miss = 0;
  int gas = 0;
  bool alive = false;
  int time = 0;
};

/** A missile in flight, fired by car `cid`. */
struct Missile {
  Missile_Id mid = -1;
  Car_Id cid = -1;
  Pos pos = Pos(0, 0);
};

class Board {
 public:
  int number_players() const { return p_[0]; }
  int number_rounds() const { return p_[1]; }
  int number_rows() const { return p_[2]; }
  int number_universe_columns() const { return p_[3]; }
  int number_window_columns() const { return p_[4]; }
  int number_cars_per_player() const { return p_[5]; }
  int number_cars() const { return p_[0] * p_[5]; }
  int number_rounds_to_regenerate() const { return p_[6]; }
  int number_missile_bonuses() const { return p_[7]; }
  int number_gas_bonuses() const { return p_[8]; }
  int number_water_bonuses() const { return p_[9]; }
  int bonus_missiles() const { return p_[10]; }
  int bonus_gas() const { return p_[11]; }
  int water_points() const { return p_[12]; }
  int kill_points() const { return p_[13]; }
  int initial_gas() const { return p_[14]; }

  /** True when the row of p is inside the universe (columns wrap, so every column is). */
  bool within_universe(const Pos& p) const { return first(p) >= 0 and first(p) < number_rows(); }
  /** True when p is inside the window of round r (columns r .. r + W − 1, wrapping). */
  bool within_window(const Pos& p, int r) const {
    if (not within_universe(p)) return false;
    int u = number_universe_columns();
    return (((second(p) - r) % u) + u) % u < number_window_columns();
  }
  bool car_ok(Car_Id c) const { return c >= 0 and c < number_cars(); }
  bool player_ok(Player_Id pl) const { return pl >= 0 and pl < number_players(); }
  /** The player owning car c. */
  Player_Id player_of(Car_Id c) const { return c / number_cars_per_player(); }
  /**
   * The first car of player pl; with `end(pl)`, the iterator-style range of its cars:
   * `for (Car_Id cid = begin(me()); cid != end(me()); ++cid)`.
   */
  Car_Id begin(Player_Id pl) const { return pl * number_cars_per_player(); }
  /** One past the last car of player pl. */
  Car_Id end(Player_Id pl) const { return (pl + 1) * number_cars_per_player(); }

  int round() const { return round_; }
  /** The cell at p (its column wrapping). */
  Cell cell(const Pos& p) const {
    assert(within_universe(p));
    return cells_[size_t(first(p)) * number_universe_columns() + column(second(p))];
  }
  Cell cell(int i, int j) const { return cell(Pos(i, j)); }
  /** Car c. */
  const Car& car(Car_Id c) const {
    assert(car_ok(c));
    return cars_[c];
  }
  /** The missiles in flight, from their identifiers (a copy, as the original returns). */
  map<Missile_Id, Missile> missiles() const { return missiles_; }
  int score(Player_Id pl) const {
    assert(player_ok(pl));
    return score_[pl];
  }
  /** The fraction of its CPU budget player pl has used (−1: frozen). */
  double status(Player_Id pl) const {
    assert(player_ok(pl));
    return status_[pl];
  }

  /** The next number of this player's generator (MINSTD), 0 .. 2^31 − 3. */
  int randomize() { return rgen_.randomize(); }
  /** A number in [l, u]: l + randomize() mod (u − l + 1). */
  int randomize(int l, int u) { return rgen_.randomize(l, u); }

 private:
  friend struct ArenaAdapter;
  int p_[15] = {};
  int round_ = 0;
  vector<Cell> cells_;
  vector<Car> cars_;
  map<Missile_Id, Missile> missiles_;
  vector<int> score_;
  vector<double> status_;
  Random_generator rgen_;

  /** Seeds the generator (private, as in the original: the adapter reseeds it every round). */
  void srandomize(int s) { rgen_.srandomize(s); }

  int column(int j) const {
    int u = number_universe_columns();
    return ((j % u) + u) % u;
  }
};

#endif
