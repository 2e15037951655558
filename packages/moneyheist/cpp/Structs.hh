// arena compatibility kit for Money Heist: the types of the player API (engine notes §5.6), with
// the original Structs.hh's printing operators, `CommandType`, `command_type_ok` and the letter
// conversions of the .res (`Dir2char`, `char2Dir`, `UnitType2char`, `char2UnitType`,
// `CommandType2char`, `char2CommandType`).
#ifndef Structs_hh
#define Structs_hh

#include "Utils.hh"

/** Directions, in the original order (letters d r u l in the .res). */
enum Dir { Down, Right, Up, Left, DirSize };

/** True for one of the four directions. */
inline bool dir_ok(Dir dir) { return dir >= Down and dir <= Left; }

/** A direction's name (its number if it is none of the four). */
inline ostream& operator<<(ostream& out, Dir d) {
  static const char* const names[] = {"Down", "Right", "Up", "Left"};
  if (dir_ok(d)) return out << names[d];
  return out << int(d);
}

/** A board position: row i (0 at the top), column j (0 at the left). */
struct Pos {
  int i, j;

  Pos() : i(0), j(0) {}
  Pos(int i, int j) : i(i), j(j) {}

  friend ostream& operator<<(ostream& os, const Pos& p) {
    return os << "(" << p.i << ", " << p.j << ")";
  }
  friend bool operator==(const Pos& a, const Pos& b) { return a.i == b.i and a.j == b.j; }
  friend bool operator!=(const Pos& a, const Pos& b) { return not(a == b); }
  /** Row-major order. */
  friend bool operator<(const Pos& a, const Pos& b) {
    if (a.i != b.i) return a.i < b.i;
    return a.j < b.j;
  }

  Pos& operator+=(Dir d) {
    switch (d) {
      case Down: ++i; break;
      case Right: ++j; break;
      case Up: --i; break;
      case Left: --j; break;
      default: break;
    }
    return *this;
  }
  Pos operator+(Dir d) const {
    Pos p = *this;
    p += d;
    return p;
  }
  Pos& operator+=(Pos p) {
    i += p.i;
    j += p.j;
    return *this;
  }
  Pos operator+(Pos p) const { return Pos(i + p.i, j + p.j); }
};

enum CellType { Corridor, Wall, CellTypeSize };

/** A cell type's name (its number if it is neither). */
inline ostream& operator<<(ostream& out, CellType c) {
  if (c == Corridor) return out << "Corridor";
  if (c == Wall) return out << "Wall";
  return out << int(c);
}

/** A cell of the board. */
struct Cell {
  CellType type;    // Corridor or Wall
  int id;           // the unit on the cell, -1 if none
  bool health_kit;  // a health kit is on the cell
  bool poison_kit;  // a poison kit is on the cell
  int box;          // the safe whose door this cell is, -1 if none
  bool gold;        // the gold cell of a safe
  int money;        // the money on the cell, 0 if none

  Cell() : type(Corridor), id(-1), health_kit(false), poison_kit(false), box(-1), gold(false), money(0) {}
  Cell(CellType t, int id, bool h, bool p, int box, bool gold, int money)
      : type(t), id(id), health_kit(h), poison_kit(p), box(box), gold(gold), money(money) {}

  /** A corridor with no unit, kit, door or money. */
  bool is_empty() const {
    return type == Corridor and id == -1 and not health_kit and not poison_kit and box == -1 and
           money == 0;
  }
};

enum UnitType { Soldier, Professor, UnitTypeSize };

/** A unit type's name (its number if it is neither). */
inline ostream& operator<<(ostream& out, UnitType u) {
  if (u == Soldier) return out << "Soldier";
  if (u == Professor) return out << "Professor";
  return out << int(u);
}

/** A unit (soldier or professor). */
struct Unit {
  UnitType type;
  int id;
  int player;
  Pos pos;                // a dead professor keeps the position where it died
  int health;             // professors (-1 for soldiers)
  int poison;             // soldiers (-1 for professors)
  int rounds_for_reborn;  // professors: rounds until rebirth, 0 when alive (-1 for soldiers)

  Unit() : type(Soldier), id(-1), player(-1), pos(0, 0), health(-1), poison(0), rounds_for_reborn(-1) {}
  Unit(UnitType t, int id, int player, Pos pos, int health, int poison, int rounds)
      : type(t), id(id), player(player), pos(pos), health(health), poison(poison), rounds_for_reborn(rounds) {}

  /** On the board: soldiers always, professors unless waiting to be reborn. */
  bool is_alive() const { return type == Soldier or rounds_for_reborn == 0; }
};

/** The kinds of command, in the original's order. */
enum CommandType { Move, Open, Charge, Heal };

/** A command kind's name (its number if it is none of the four). */
inline ostream& operator<<(ostream& out, CommandType c) {
  static const char* const names[] = {"Move", "Open", "Charge", "Heal"};
  if (c >= Move and c <= Heal) return out << names[c];
  return out << int(c);
}

/** True for one of the four kinds of command. */
inline bool command_type_ok(CommandType c) { return c >= Move and c <= Heal; }

/** A command kind as its letter of the .res: m o c h (_ for any other). */
inline char CommandType2char(int t) {
  if (t >= Move and t <= Heal) return "moch"[t];
  return '_';
}

/** A letter of the .res as a command kind: m o c h (−1 for any other). */
inline int char2CommandType(char c) {
  switch (c) {
    case 'm': return Move;
    case 'o': return Open;
    case 'c': return Charge;
    case 'h': return Heal;
    default: return -1;
  }
}

/** A direction as its letter of the .res: d r u l (_ for any other). */
inline char Dir2char(int d) {
  if (d >= Down and d <= Left) return "drul"[d];
  return '_';
}

/** A letter of the .res as a direction: d r u l (−1 for any other). */
inline int char2Dir(char c) {
  switch (c) {
    case 'd': return Down;
    case 'r': return Right;
    case 'u': return Up;
    case 'l': return Left;
    default: return -1;
  }
}

/** A unit type as its letter of the .res: s p (_ for any other). */
inline char UnitType2char(int t) {
  if (t == Soldier) return 's';
  if (t == Professor) return 'p';
  return '_';
}

/** A letter of the .res as a unit type: s p (−1 for any other). */
inline int char2UnitType(char c) {
  if (c == 's') return Soldier;
  if (c == 'p') return Professor;
  return -1;
}

#endif
