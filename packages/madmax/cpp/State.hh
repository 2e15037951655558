// arena compatibility kit for Mad Max: the state of the match as the player sees it (engine notes
// §3.8). The adapter refills it before every play(). Out-of-range queries warn and return defaults.
#ifndef State_hh
#define State_hh

#include "Structs.hh"

class State {
 public:
  /** The current round (0-based). */
  int round() const { return round_; }

  /**
   * The cell at (i, j); off the board: a warning and an empty Cell. (A player calls Info's, the
   * same query checked against the settings' size.)
   */
  Cell cell(int i, int j) const {
    if (unsigned(i) >= unsigned(rows_) or unsigned(j) >= unsigned(cols_))
      return arena::off_board<Cell>(i, j);
    return grid_[i * cols_ + j];
  }
  Cell cell(Pos p) const { return cell(p.i, p.j); }

  /** The number of units (warriors and cars). */
  int nb_units() const { return int(units_.size()); }

  Unit unit(int id) const {
    if (unsigned(id) >= units_.size()) return arena::no_unit<Unit>(id);
    return units_[id];
  }

  /** The number of cities player pl owns. */
  int num_cities(int pl) const { return ok(pl, "num_cities") ? num_cities_[pl] : -1; }
  /** Player pl's total score. */
  int total_score(int pl) const { return ok(pl, "total_score") ? total_score_[pl] : -1; }
  /** Player pl's status: its fraction of CPU budget used (0..1); −1: frozen; −2: no such player. */
  double status(int pl) const { return ok(pl, "status") ? status_[pl] : -2; }

  /** The ids of player pl's warriors, ascending. */
  vector<int> warriors(int pl) const { return ok(pl, "warriors") ? warriors_[pl] : vector<int>(); }
  /** The ids of player pl's cars, ascending. */
  vector<int> cars(int pl) const { return ok(pl, "cars") ? cars_[pl] : vector<int>(); }

  /** Whether unit id may move this round: its player's round, or a car with fuel on a road. */
  bool can_move(int id) const {
    if (id < 0 or id >= nb_units()) {
      cerr << "warning: can_move(" << id << "): no such unit" << endl;
      return false;
    }
    const Unit& u = units_[id];
    int n = int(num_cities_.size());
    if (n > 0 and u.player == round_ % n) return true;
    return u.type == Car and u.food > 0 and grid_[u.pos.i * cols_ + u.pos.j].type == Road;
  }

 private:
  friend struct ArenaAdapter;
  friend class Info;
  int round_ = 0, rows_ = 0, cols_ = 0;
  vector<Cell> grid_;
  vector<Unit> units_;
  vector<vector<int>> warriors_, cars_;
  vector<int> num_cities_, total_score_;
  vector<double> status_;

  bool ok(int pl, const char* what) const {
    if (pl >= 0 and pl < int(num_cities_.size())) return true;
    return arena::no_player(pl, what);
  }
};

#endif
