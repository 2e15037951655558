// arena compatibility kit for Mad Max Revisited: the instructions a player gives in a round
// (engine notes §4.3, §4.5), and the original Action.hh's public types: `IType`, `i2c`/`c2i` and
// `Instruction`. As in the original, the first instruction for a car wins (later ones are dropped
// with a warning). The Player versions of move and shoot also refuse an invalid car, another
// player's car or an invalid direction, with a warning.
#ifndef Action_hh
#define Action_hh

#include "Utils.hh"

/** The kinds of instruction. */
enum IType { UNDEFINED, MOVE, SHOOT };

/** An instruction kind as its letter: m, s (u for any other). */
inline char i2c(IType a) {
  if (a == MOVE) return 'm';
  if (a == SHOOT) return 's';
  return 'u';
}

/** A letter as an instruction kind: m MOVE, s SHOOT, anything else UNDEFINED. */
inline IType c2i(char c) {
  if (c == 'm') return MOVE;
  if (c == 's') return SHOOT;
  return UNDEFINED;
}

/** An instruction: the car commanded, its kind and its direction (DEFAULT for a shot). */
struct Instruction {
  Car_Id cid;
  IType type;
  Dir dir;
};

class Action {
 public:
  /** Orders car c to move in direction d. */
  void move(Car_Id c, Dir d) {
    if (not take(c)) return;
    lines_ += to_string(c) + " m " + to_string(first(d)) + " " + to_string(second(d)) + "\n";
    ++kept_;
  }
  /** Orders car c to shoot a missile (then it moves DEFAULT). */
  void shoot(Car_Id c) {
    if (not take(c)) return;
    lines_ += to_string(c) + " s\n";
    ++kept_;
  }

 private:
  friend struct ArenaAdapter;
  friend class Player;
  int offered_ = 0;
  set<int> cars_;
  string lines_;
  int kept_ = 0;

  bool take(int c) {
    if (cars_.insert(c).second) return true;
    cerr << "warning: another instruction for car " << c << " this round: ignored" << endl;
    return false;
  }
  void clear() {
    offered_ = 0;
    kept_ = 0;
    cars_.clear();
    lines_.clear();
  }
};

#endif
