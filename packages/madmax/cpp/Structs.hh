// arena compatibility kit for Mad Max: the types of the player API (engine notes §3.8), with the
// original Structs.hh's `ut_ok`, `ut2char` and `char2ut`.
#ifndef Structs_hh
#define Structs_hh

#include "Utils.hh"

/** The eight directions counter-clockwise from Bottom, then None; Dir((d + 4) % 8) is the opposite. */
enum Dir { Bottom, BR, Right, RT, Top, TL, Left, LB, None, DirSize };

/** True for one of the nine directions (None included). */
inline bool dir_ok(Dir dir) { return dir >= Bottom and dir <= None; }

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
    static const int di[] = {1, 1, 0, -1, -1, -1, 0, 1, 0};
    static const int dj[] = {0, 1, 1, 1, 0, -1, -1, -1, 0};
    if (dir_ok(d)) {
      i += di[d];
      j += dj[d];
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

enum CellType { Desert, Road, City, Water, Station, Wall, CellTypeSize };

/** A cell: its type, the owner of a city cell (-1 otherwise), the unit on it (-1 if none). */
struct Cell {
  CellType type;
  int owner;
  int id;

  Cell() : type(Desert), owner(-1), id(-1) {}
  Cell(CellType type, int owner, int id) : type(type), owner(owner), id(id) {}
};

enum UnitType { Warrior, Car, UnitTypeSize };

/** True for Warrior or Car. */
inline bool ut_ok(UnitType u) { return u == Warrior or u == Car; }

/** A unit type as its letter of the .res: w, c. */
inline char ut2char(UnitType u) {
  if (u == Warrior) return 'w';
  if (u == Car) return 'c';
  _unreachable();
  return '_';
}

/** A letter of the .res as a unit type: w, c. */
inline UnitType char2ut(char c) {
  if (c == 'w') return Warrior;
  if (c == 'c') return Car;
  _unreachable();
  return UnitTypeSize;
}

/** A unit; a car's fuel is in food (and its water is 0). */
struct Unit {
  UnitType type;
  int id;
  int player;
  int food;
  int water;
  Pos pos;

  Unit() : type(Warrior), id(-1), player(-1), food(0), water(0), pos(0, 0) {}
  Unit(UnitType type, int id, int player, int food, int water, Pos pos = Pos(0, 0))
      : type(type), id(id), player(player), food(food), water(water), pos(pos) {}
};

#endif
