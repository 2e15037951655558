// arena compatibility kit for Bola de Drac: the one action a player asks for in a round, and the
// original Action.hh's `AType` with `a2c` / `c2a` (the letters of the .res). As in the original,
// the first call wins; later calls only log a warning.
#ifndef Action_hh
#define Action_hh

#include "PosDir.hh"
#include "Utils.hh"

/** The kinds of action. */
enum AType { Undefined, Moving, Throwing };

/** An action kind as its letter: u m t. */
inline char a2c(AType a) {
  switch (a) {
    case Undefined: return 'u';
    case Moving: return 'm';
    case Throwing: return 't';
  }
  _unreachable();
}

/** A letter as an action kind: m Moving, t Throwing, anything else Undefined. */
inline AType c2a(char c) {
  if (c == 'm') return Moving;
  if (c == 't') return Throwing;
  return Undefined;
}

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
    if (not arena::dir_ok(d)) {
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
