// arena compatibility kit for Bola de Drac: positions and directions (engine notes §1.5).
#ifndef PosDir_hh
#define PosDir_hh

#include "Utils.hh"

/** The directions: none, up (top), down (bottom), left, right. */
enum Dir { None, Top, Bottom, Left, Right };

/** True for a direction. */
inline bool dir_ok(Dir d) { return d >= None and d <= Right; }

/** A position: row i (0 at the top), column j. */
struct Pos {
  int i, j;
  Pos() : i(0), j(0) {}
  Pos(int i, int j) : i(i), j(j) {}

  /** The position next to this one in direction d. */
  Pos operator+(Dir d) const {
    switch (d) {
      case Top: return Pos(i - 1, j);
      case Bottom: return Pos(i + 1, j);
      case Left: return Pos(i, j - 1);
      case Right: return Pos(i, j + 1);
      default: return *this;
    }
  }
  Pos& operator+=(Dir d) { return *this = *this + d; }
  bool operator==(const Pos& p) const { return i == p.i and j == p.j; }
  bool operator!=(const Pos& p) const { return not(*this == p); }
  /** Row first, then column. */
  bool operator<(const Pos& p) const { return i != p.i ? i < p.i : j < p.j; }
  bool operator>(const Pos& p) const { return p < *this; }
  bool operator<=(const Pos& p) const { return not(p < *this); }
  bool operator>=(const Pos& p) const { return not(*this < p); }
};

inline ostream& operator<<(ostream& os, const Pos& p) { return os << "(" << p.i << ", " << p.j << ")"; }

#endif
