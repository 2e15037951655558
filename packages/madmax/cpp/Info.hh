// arena compatibility kit for Mad Max: what a player can query (settings and state).
#ifndef Info_hh
#define Info_hh

#include "Settings.hh"
#include "State.hh"

class Info : public Settings, public State {
 public:
  /**
   * The cell at (i, j); off the board: a warning and an empty Cell. Checked with pos_ok, the
   * settings' size: after a player's own pos_ok(p), the compiler drops the second check.
   */
  Cell cell(int i, int j) const {
    if (not pos_ok(i, j)) return arena::off_board<Cell>(i, j);
    return grid_[i * cols() + j];
  }
  Cell cell(Pos p) const { return cell(p.i, p.j); }
};

#endif
