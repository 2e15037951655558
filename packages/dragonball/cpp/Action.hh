// arena compatibility kit for Bola de Drac: the one action a player asks for in a round. As in
// the original, the first call wins; later calls only log a warning.
#ifndef Action_hh
#define Action_hh

#include "PosDir.hh"

class Action {
 public:
  /** Asks the goku to move in direction d. */
  void move(Dir d) { ask('m', d); }
  /** Asks the goku to throw a Kame Hame in direction d. */
  void throw_kamehame(Dir d) { ask('t', d); }

 private:
  friend struct ArenaAdapter;
  int offered_ = 0;
  string line_;

  void ask(char kind, Dir d) {
    ++offered_;
    if (not line_.empty()) {
      cerr << "warning: another action this round: ignored" << endl;
      return;
    }
    if (not dir_ok(d)) {
      cerr << "warning: invalid direction " << int(d) << ": ignored" << endl;
      return;
    }
    line_ = string(1, kind) + " " + "ntblr"[d] + "\n";
  }
  void clear() {
    offered_ = 0;
    line_.clear();
  }
};

#endif
