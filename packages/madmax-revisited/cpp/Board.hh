// arena compatibility kit for Mad Max Revisited: the board a player reads (engine notes §4.5). A
// player sees the whole universe, including what lies outside the window. The adapter fills it
// every round from the original .res state block; its random generator is the player's own,
// reseeded every round as the original does (see arena-main.cc).
#ifndef Board_hh
#define Board_hh

#include "Utils.hh"

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
  bool car_ok(int c) const { return c >= 0 and c < number_cars(); }
  bool player_ok(int pl) const { return pl >= 0 and pl < number_players(); }
  /** The player owning car c. */
  int player_of(int c) const { return c / number_cars_per_player(); }
  /** The first car of player pl. */
  int begin(int pl) const { return pl * number_cars_per_player(); }
  /** One past the last car of player pl. */
  int end(int pl) const { return (pl + 1) * number_cars_per_player(); }

  int round() const { return round_; }
  /** The cell at p (its column wrapping). */
  Cell cell(const Pos& p) const {
    assert(within_universe(p));
    return cells_[size_t(first(p)) * number_universe_columns() + column(second(p))];
  }
  Cell cell(int i, int j) const { return cell(Pos(i, j)); }
  /** Car c. */
  const Car& car(int c) const {
    assert(car_ok(c));
    return cars_[c];
  }
  /** The missiles in flight, by ascending id. */
  const vector<Missile>& missiles() const { return missiles_; }
  int score(int pl) const {
    assert(player_ok(pl));
    return score_[pl];
  }
  /** The fraction of its CPU budget player pl has used (−1: frozen). */
  double status(int pl) const {
    assert(player_ok(pl));
    return status_[pl];
  }

  /** The next number of this player's generator (MINSTD), 0 .. 2^31 − 3. */
  int randomize() {
    s_ = int((48271LL * s_) % 2147483647LL);
    return s_ - 1;
  }
  /** A number in [l, u]: l + randomize() mod (u − l + 1). */
  int randomize(int l, int u) { return l + randomize() % (u - l + 1); }
  /** Seeds the generator: negative seeds are negated; state = 1 + (x mod 2147483646). */
  void srandomize(int x) {
    long long y = x;
    if (y < 0) y = -y;
    s_ = int(1 + y % 2147483646LL);
  }

 private:
  friend struct ArenaAdapter;
  int p_[15] = {};
  int round_ = 0;
  vector<Cell> cells_;
  vector<Car> cars_;
  vector<Missile> missiles_;
  vector<int> score_;
  vector<double> status_;
  int s_ = 1;

  int column(int j) const {
    int u = number_universe_columns();
    return ((j % u) + u) % u;
  }
};

#endif
