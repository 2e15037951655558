// arena compatibility kit for Mad Max Revisited (written for arena from the statement and engine
// notes). The conveniences players of the original kit rely on: the common standard headers
// already included and `using namespace std` (@arena/core's arena-std.hh), positions and
// directions as `complex<int>` (row, column), the nine direction constants and `dir2all` (the
// cells a move passes through, in order).
#ifndef Utils_hh
#define Utils_hh

#include <complex>

#include "arena-std.hh"

/** A position: (row, universe column); columns wrap, rows do not. */
typedef complex<int> Pos;
/** A direction: (row offset −1..1, column offset 0..2). */
typedef complex<int> Dir;

/** The row of a position (or direction). */
inline int first(const Pos& p) { return p.real(); }
/** The column of a position (or direction). */
inline int second(const Pos& p) { return p.imag(); }

// Positions as keys of map and set, ordered by row then column.
namespace std {
template <>
struct less<complex<int>> {
  bool operator()(const complex<int>& a, const complex<int>& b) const {
    return a.real() != b.real() ? a.real() < b.real() : a.imag() < b.imag();
  }
};
}  // namespace std

const Dir UP(-1, 1);
const Dir DEFAULT(0, 1);
const Dir DOWN(1, 1);
const Dir SLOW_UP(-1, 0);
const Dir SLOW(0, 0);
const Dir SLOW_DOWN(1, 0);
const Dir FAST_UP(-1, 2);
const Dir FAST(0, 2);
const Dir FAST_DOWN(1, 2);

/** The nine directions: UP, DEFAULT, DOWN, SLOW_UP, SLOW, SLOW_DOWN, FAST_UP, FAST, FAST_DOWN. */
inline vector<Dir> all_dirs = {UP, DEFAULT, DOWN, SLOW_UP, SLOW, SLOW_DOWN, FAST_UP, FAST, FAST_DOWN};

/** True for a direction: rows −1..1, columns 0..2. */
inline bool dir_ok(const Dir& d) {
  return first(d) >= -1 and first(d) <= 1 and second(d) >= 0 and second(d) <= 2;
}

/**
 * For every direction, the offsets of the cells a move passes through, in the order the game
 * visits them, the destination last (SLOW: none). Not const, so that `dir2all[d]` compiles.
 */
inline map<Dir, vector<Dir>> dir2all = {
    {UP, {Dir(0, 1), Dir(-1, 0), Dir(-1, 1)}},
    {DEFAULT, {Dir(0, 1)}},
    {DOWN, {Dir(0, 1), Dir(1, 0), Dir(1, 1)}},
    {SLOW_UP, {Dir(-1, 0)}},
    {SLOW, {}},
    {SLOW_DOWN, {Dir(1, 0)}},
    {FAST_UP, {Dir(0, 1), Dir(-1, 0), Dir(-1, 1), Dir(0, 2), Dir(-1, 2)}},
    {FAST, {Dir(0, 1), Dir(0, 2)}},
    {FAST_DOWN, {Dir(0, 1), Dir(1, 0), Dir(1, 1), Dir(0, 2), Dir(1, 2)}},
};

/** What a cell holds. */
enum CType { EMPTY, TYRE, CAR, MISSILE, WATER_BONUS, MISSILE_BONUS, GAS_BONUS };

/** A cell: its content, and the car or missile on it (−1 if none). */
struct Cell {
  CType type;
  int cid;
  int mid;
  Cell() : type(EMPTY), cid(-1), mid(-1) {}
  Cell(CType type, int cid, int mid) : type(type), cid(cid), mid(mid) {}
};

/** A car (a dead car keeps its last position; `time`: rounds until it may come back). */
struct Car {
  int cid;
  Pos pos;
  int nb_miss;
  int gas;
  bool alive;
  int time;
  Car() : cid(-1), pos(0, 0), nb_miss(0), gas(0), alive(false), time(0) {}
};

/** A missile in flight, fired by car `cid`. */
struct Missile {
  int mid;
  int cid;
  Pos pos;
  Missile() : mid(-1), cid(-1), pos(0, 0) {}
  Missile(int mid, int cid, Pos pos) : mid(mid), cid(cid), pos(pos) {}
};

#endif
