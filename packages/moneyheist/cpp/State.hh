// arena compatibility kit for Money Heist: the state of the match as the player sees it
// (engine notes §5.6). The adapter refills it before every play().
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

  /** The unit with this id; a bad id: a warning and an empty Unit. */
  Unit unit(int id) const {
    if (unsigned(id) >= units_.size()) return arena::no_unit<Unit>(id);
    return units_[id];
  }

  /** The ids of player pl's soldiers, ascending. */
  vector<int> soldiers(int pl) const {
    if (not ok(pl, "soldiers")) return vector<int>();
    return soldiers_[pl];
  }
  /** The id of player pl's professor. */
  int professor(int pl) const { return ok(pl, "professor") ? professors_[pl] : -1; }
  /** Poison in player pl's common pot. */
  int available_poison(int pl) const { return ok(pl, "available_poison") ? poison_[pl] : -1; }
  /** Health in player pl's common pot. */
  int available_health(int pl) const { return ok(pl, "available_health") ? health_[pl] : -1; }
  /** Player pl's score. */
  int score(int pl) const { return ok(pl, "score") ? score_[pl] : -1; }
  /** The hints of safe box_id. */
  vector<int> safety_box_hints(int box_id) const {
    if (box_id < 0 or box_id >= int(hints_.size())) {
      cerr << "warning: safety_box_hints(" << box_id << "): no such safety box" << endl;
      return vector<int>();
    }
    return hints_[box_id];
  }
  /** Player pl's status: its fraction of CPU budget used (0..1); −1: frozen; −2: no such player. */
  double status(int pl) const { return ok(pl, "status") ? status_[pl] : -2; }

 private:
  friend struct ArenaAdapter;
  friend class Info;
  int round_ = 0, rows_ = 0, cols_ = 0;
  vector<Cell> grid_;
  vector<Unit> units_;
  vector<vector<int>> soldiers_, hints_;
  vector<int> professors_, poison_, health_, score_;
  vector<double> status_;

  bool ok(int pl, const char* what) const {
    if (pl >= 0 and pl < int(score_.size())) return true;
    return arena::no_player(pl, what);
  }
};

#endif
