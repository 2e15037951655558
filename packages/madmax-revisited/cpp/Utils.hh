// arena compatibility kit for Mad Max Revisited (written for arena from the statement, the engine
// notes and the list of the original kit's public names). What the original Utils.hh gives every
// player: the common standard headers already included and `using namespace std` (@arena/core's
// arena-std.hh), the identifier types, positions and directions as `complex<int>` (row, column),
// the nine direction constants, `dir_ok`, `first`/`second`, `Cmp` and `dir2all` (the cells a move
// passes through, in order), the `Random_generator` class, the `contains` macro and `my_assert`.
#ifndef Utils_hh
#define Utils_hh

#include <complex>

#include "arena-std.hh"

/** Identifiers: a player (0..3), a car (0..7: player p's are begin(p) .. end(p) − 1), a missile. */
typedef int Player_Id;
typedef int Car_Id;
typedef int Missile_Id;

/** A position: (row, universe column); columns wrap, rows do not. */
typedef complex<int> Pos;
/** A direction: (row offset −1..1, column offset 0..2). */
typedef complex<int> Dir;

const Dir UP(-1, 1);
const Dir DEFAULT(0, 1);
const Dir DOWN(1, 1);
const Dir SLOW_UP(-1, 0);
const Dir SLOW(0, 0);
const Dir SLOW_DOWN(1, 0);
const Dir FAST_UP(-1, 2);
const Dir FAST(0, 2);
const Dir FAST_DOWN(1, 2);

/** The row of a position (or direction). */
inline int first(complex<int> x) { return x.real(); }
/** The column of a position (or direction). */
inline int second(complex<int> x) { return x.imag(); }

/** True for one of the nine directions: rows −1..1, columns 0..2. */
inline bool dir_ok(Dir d) {
  return first(d) >= -1 and first(d) <= 1 and second(d) >= 0 and second(d) <= 2;
}

/** The order of `dir2all`'s keys: row, then column. */
struct Cmp {
  bool operator()(Dir a, Dir b) const {
    return first(a) != first(b) ? first(a) < first(b) : second(a) < second(b);
  }
};

// arena's addition: positions as keys of map and set, ordered by row then column (the original
// kit has no order on complex<int>; its players wrote their own comparators).
namespace std {
template <>
struct less<complex<int>> {
  bool operator()(const complex<int>& a, const complex<int>& b) const { return Cmp()(a, b); }
};
}  // namespace std

/** arena's addition: the nine directions, in the order of the constants above. */
inline vector<Dir> all_dirs = {UP, DEFAULT, DOWN, SLOW_UP, SLOW, SLOW_DOWN, FAST_UP, FAST, FAST_DOWN};

/**
 * For every direction, the offsets of the cells a move passes through, in the order the game
 * visits them, the destination last (SLOW: none). The original's is const; arena's is not, so
 * that `dir2all[d]` compiles too (a deliberate difference: every use of the original's compiles).
 */
inline map<Dir, vector<Dir>, Cmp> dir2all = {
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

/**
 * A MINSTD generator (Park–Miller, multiplier 48271; engine notes §6.2), as the original's: the
 * board's and each player's. Its constants are private, as in the original.
 */
class Random_generator {
  static const int RANDOMIZE_MODULUS = 2147483647;
  static const int RANDOMIZE_MULTIPLIER = 48271;
  static const int RANDOMIZE_DEFAULT = 123456789;  // the seed before any srandomize
  static const int RANDOMIZE_MAX = RANDOMIZE_MODULUS - 2;

  long rnd_seed = RANDOMIZE_DEFAULT;

 public:
  /** Seeds the generator: negative seeds are negated; state = 1 + (s mod (modulus − 1)). */
  void srandomize(int s = RANDOMIZE_DEFAULT) {
    long long x = s;
    if (x < 0) x = -x;
    rnd_seed = long(1 + x % (RANDOMIZE_MODULUS - 1));
  }
  /** The next number, 0 .. RANDOMIZE_MAX. */
  int randomize() {
    rnd_seed = long((static_cast<long long>(RANDOMIZE_MULTIPLIER) * rnd_seed) % RANDOMIZE_MODULUS);
    return int(rnd_seed - 1);
  }
  /** A number in [l, u]: l + randomize() mod (u − l + 1). */
  int randomize(int l, int u) { return l + randomize() % (u - l + 1); }
};

/** `s.contains(x)` on a set or map means `s.count(x)`, as in the original (a macro). */
#define contains count

/** The original's hard assertion: on failure, a message on stderr and exit(1). */
#define my_assert(X)                                                                        \
  if (not(X)) {                                                                             \
    cerr << "Failed assertion '" << #X << "' in file " << __FILE__ << ", line " << __LINE__ \
         << "\n";                                                                           \
    exit(1);                                                                                \
  }

#endif
