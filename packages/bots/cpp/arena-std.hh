// arena C++ kits, shared by every game (@arena/core): the conveniences players of the original
// kits rely on, which every game's Utils.hh includes: the common standard headers already
// included and `using namespace std`; the kits' warnings for queries out of range; and the
// annotation calls (`arena::log`, `arena::annotate`…, arena-notes.hh).
#ifndef arena_std_hh
#define arena_std_hh

#include <algorithm>
#include <array>
#include <bitset>
#include <cassert>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <limits>
#include <list>
#include <map>
#include <numeric>
#include <queue>
#include <set>
#include <sstream>
#include <stack>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "arena-notes.hh"

using namespace std;

namespace arena {

// The kits' warnings for a query out of range, out of line (cold) so that the queries stay small
// enough to be inlined. Each returns what the query then answers: an empty `T`, or false.

template <class T>
[[gnu::cold, gnu::noinline]] T off_board(int i, int j) {
  cerr << "warning: cell(" << i << ", " << j << ") is off the board" << endl;
  return T();
}

template <class T>
[[gnu::cold, gnu::noinline]] T no_unit(int id) {
  cerr << "warning: unit(" << id << "): no such unit" << endl;
  return T();
}

[[gnu::cold, gnu::noinline]] inline bool no_player(int pl, const char* what) {
  cerr << "warning: " << what << "(" << pl << "): no such player" << endl;
  return false;
}

}  // namespace arena

#endif
