// arena compatibility kit for Mad Max: the movements a player orders in a round (engine notes
// §3.8). As in the original: the first command for a unit wins (later ones are dropped with a
// warning), and more than 1000 command() calls in one round is a fault (arena freezes the player).
#ifndef Action_hh
#define Action_hh

#include "Structs.hh"

/** A movement: a unit and a direction. */
struct Movement {
  int id;
  Dir dir;
  Movement(int id, Dir dir) : id(id), dir(dir) {}
};

class Action {
 public:
  /** Orders unit id to move in direction dir. */
  void command(int id, Dir dir) {
    ++offered_;
    if (not units_.insert(id).second) {
      // One write: cerr is unbuffered, each << would be a system call of its own (a player that
      // repeats its commands gets this warning many times a round).
      cerr << ("warning: another command for unit " + to_string(id) + " this round: ignored\n")
           << flush;
      return;
    }
    if (not dir_ok(dir)) {
      cerr << ("warning: invalid direction " + to_string(int(dir)) + " for unit " + to_string(id) +
               ": ignored\n")
           << flush;
      return;
    }
    lines_ += to_string(id);
    lines_ += ' ';
    lines_ += d2c(dir);
    lines_ += '\n';
    ++kept_;
  }
  void command(const Movement& m) { command(m.id, m.dir); }

 private:
  friend struct ArenaAdapter;
  // The original's private names, private here too: the 1000-movements limit (arena's runner
  // applies it) and the .res letters of the directions.
  static const int MAX_MOVEMENTS = 1000;
  static Dir c2d(char c) {
    static const char letters[] = "bwrxtylzn";
    for (int d = 0; d < 9; ++d)
      if (letters[d] == c) return Dir(d);
    _unreachable();
    return None;
  }
  static char d2c(Dir d) { return dir_ok(d) ? "bwrxtylzn"[d] : '_'; }

  int offered_ = 0;
  set<int> units_;
  string lines_;
  int kept_ = 0;

  void clear() {
    offered_ = 0;
    kept_ = 0;
    units_.clear();
    lines_.clear();
  }
};

#endif
