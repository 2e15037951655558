// arena compatibility kit for Money Heist: what a player can query (settings and state).
#ifndef Info_hh
#define Info_hh

#include "Settings.hh"
#include "State.hh"

class Info : public Settings, public State {
 public:
  /**
   * The cell a letter of the original's map stands for: W a wall, P a poison kit, H a health kit,
   * G gold; every other letter (. 0 1 2 3 M B X) an empty corridor, as the original reads them.
   */
  static Cell char2Cell(char c) {
    Cell cell;
    switch (c) {
      case 'W': cell.type = Wall; break;
      case 'P': cell.poison_kit = true; break;
      case 'H': cell.health_kit = true; break;
      case 'G': cell.gold = true; break;
      case '.': case '0': case '1': case '2': case '3': case 'M': case 'B': case 'X': break;
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
    return grid_[i * board_cols() + j];
  }
  Cell cell(Pos p) const { return cell(p.i, p.j); }
};

#endif
