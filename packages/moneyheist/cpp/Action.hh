// arena compatibility kit for Money Heist: the commands a player gives in a round (engine notes
// §5.6). As in the original: the first command for a unit wins (later ones are dropped with a
// warning), and more than 1000 commands in one round is a fault (arena freezes the player).
#ifndef Action_hh
#define Action_hh

#include "Structs.hh"

/** A command, as the original's Action records it: unit, kind, direction, a safe's password. */
struct Command {
  int id;           // the unit commanded
  int c_type;       // its CommandType
  int dir;          // its Dir (−1 for charge and heal)
  vector<int> sol;  // the password tried by open
  Command(int id, int c_type, int dir, const vector<int>& s) : id(id), c_type(c_type), dir(dir), sol(s) {}
};

class Action {
 public:
  /** Moves unit id one cell (a soldier moving onto an enemy attacks it). */
  void move(int id, Dir dir) { add(id, 'm', dir, nullptr); }
  /** Professor id tries to open the safe whose door is next to it in direction dir. */
  void open(int id, const vector<int>& sol, Dir dir) { add(id, 'o', dir, &sol); }
  /** Soldier id refills its poison from the team's pot. */
  void charge(int id) { add(id, 'c', Down, nullptr); }
  /** Professor id heals from the team's pot. */
  void heal(int id) { add(id, 'h', Down, nullptr); }

 private:
  friend struct ArenaAdapter;
  /** The original's limit of commands a round, private as there (arena's runner applies it). */
  static const int MAX_COMMANDS = 1000;

  int offered_ = 0;
  set<int> units_;
  string lines_;
  int kept_ = 0;

  void add(int id, char kind, Dir dir, const vector<int>* sol) {
    ++offered_;
    if (not units_.insert(id).second) {
      // One write: cerr is unbuffered, each << would be a system call of its own (a player that
      // repeats its commands gets this warning many times a round).
      cerr << ("warning: another command for unit " + to_string(id) + " this round: ignored\n")
           << flush;
      return;
    }
    if ((kind == 'm' or kind == 'o') and not dir_ok(dir)) {
      cerr << ("warning: invalid direction " + to_string(int(dir)) + " for unit " + to_string(id) +
               ": ignored\n")
           << flush;
      return;
    }
    static const char letters[] = "drul";
    char buffer[64];
    if (kind == 'm' or kind == 'o')
      snprintf(buffer, sizeof buffer, "%c %d %c", kind, id, letters[dir]);
    else
      snprintf(buffer, sizeof buffer, "%c %d", kind, id);
    lines_ += buffer;
    if (sol != nullptr) {
      lines_ += ' ';
      lines_ += to_string(sol->size());
      for (int v : *sol) {
        lines_ += ' ';
        lines_ += to_string(v);
      }
    }
    lines_ += '\n';
    ++kept_;
  }

  void clear() {
    offered_ = 0;
    kept_ = 0;
    units_.clear();
    lines_.clear();
  }
};

#endif
