// A test-only C++ kit for core's counter game (../counter-game.mjs): what a game's kit provides,
// reduced to the minimum, on core's shared headers (../../../cpp: Registry.hh, arena-io.hh). The
// player draws from a random stream it shares with the engine (as in Bola de Drac 2012): the
// adapter receives its state with every turn and hands it back.
#ifndef Player_hh
#define Player_hh

#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "Registry.hh"

using namespace std;

class Player {
 public:
  int me() const { return me_; }
  int round() const { return round_; }
  int score(int pl) const { return scores_[pl]; }
  /** Adds k to the score with unit `unit`; the first order for a unit wins. */
  void add(int unit, int k) {
    ++offered_;
    if (not units_.insert(unit).second) return;
    lines_ += to_string(unit) + " " + to_string(k) + "\n";
    ++kept_;
  }
  /** A draw of the 31-bit LCG from the stream shared with the engine. */
  int random(int l, int u) {
    step();
    step();
    return l + int((u - l + 1) * (stream_ / 2147483648.0));
  }
  virtual void play() = 0;
  virtual ~Player() {}

  // The adapter's part.
  int me_ = 0, round_ = 0, kept_ = 0, offered_ = 0;
  unsigned stream_ = 0;
  vector<int> scores_;
  set<int> units_;
  string lines_;

 private:
  void step() { stream_ = (843314861u * stream_ + 453816693u) & 0x7fffffffu; }
};

#endif
