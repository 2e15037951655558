// arena compatibility kit for Mad Max: what a player can query (settings and state).
#ifndef Info_hh
#define Info_hh

#include "Settings.hh"
#include "State.hh"

class Info : public Settings, public State {
 public:
  /** The cell a letter of the original's map stands for: . R W S X, or 0..3 a player's city. */
  static Cell char2cell(char c) {
    Cell cell;
    switch (c) {
      case '0': case '1': case '2': case '3': cell.type = City; cell.owner = c - '0'; break;
      case '.': break;
      case 'R': cell.type = Road; break;
      case 'W': cell.type = Water; break;
      case 'S': cell.type = Station; break;
      case 'X': cell.type = Wall; break;
      default: _my_assert(false, string(1, c) + " in grid definition.");
    }
    return cell;
  }

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
