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
    static const char letters[] = "bwrxtylzn";
    lines_ += to_string(id);
    lines_ += ' ';
    lines_ += letters[dir];
    lines_ += '\n';
    ++kept_;
  }
  void command(const Movement& m) { command(m.id, m.dir); }

 private:
  friend struct ArenaAdapter;
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
