// arena compatibility kit for Bola de Drac: positions and directions (engine notes §1.5), with the
// original PosDir.hh's `d2c` / `c2d` (the letters of the .res).
#ifndef PosDir_hh
#define PosDir_hh

#include "Utils.hh"

/** The directions: none, up (top), down (bottom), left, right. */
enum Dir { None, Top, Bottom, Left, Right };

/** A direction as its letter: n t b l r. */
inline char d2c(Dir d) {
  switch (d) {
    case None: return 'n';
    case Top: return 't';
    case Bottom: return 'b';
    case Left: return 'l';
    case Right: return 'r';
  }
  _unreachable();
}

/** A letter as a direction: n t b l r (None for any other). */
inline Dir c2d(char c) {
  switch (c) {
    case 't': return Top;
    case 'b': return Bottom;
    case 'l': return Left;
    case 'r': return Right;
    default: return None;
  }
}

namespace arena {
/** True for a direction (arena's check; the original kit has no such function). */
inline bool dir_ok(Dir d) { return d >= None and d <= Right; }
}  // namespace arena

/** A position: row i (0 at the top), column j. */
struct Pos {
  int i, j;
  Pos() : i(0), j(0) {}
  Pos(int i, int j) : i(i), j(j) {}

  /** `(i,j)`, as the original prints it. */
  friend ostream& operator<<(ostream& os, const Pos& p) { return os << "(" << p.i << "," << p.j << ")"; }
  /** Row first, then column. */
  friend bool operator<(const Pos& a, const Pos& b) { return a.i != b.i ? a.i < b.i : a.j < b.j; }
  friend bool operator==(const Pos& a, const Pos& b) { return a.i == b.i and a.j == b.j; }
  friend bool operator!=(const Pos& a, const Pos& b) { return not(a == b); }
  friend bool operator<=(const Pos& a, const Pos& b) { return a < b or a == b; }
  friend bool operator>=(const Pos& a, const Pos& b) { return not(a < b); }
  friend bool operator>(const Pos& a, const Pos& b) { return not(a <= b); }

  /** Moves this position one cell in direction d. */
  Pos& operator+=(Dir d) {
    switch (d) {
      case Top: --i; break;
      case Bottom: ++i; break;
      case Left: --j; break;
      case Right: ++j; break;
      default: break;
    }
    return *this;
  }
  /** The position next to this one in direction d. */
  Pos operator+(Dir d) const {
    Pos p = *this;
    p += d;
    return p;
  }
};

#endif
