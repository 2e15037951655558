// arena C++ kits, shared by every game (@arena/core): the conveniences players of the original
// kits rely on, which every game's Utils.hh includes: the common standard headers already
// included and `using namespace std`; and the kits' warnings for queries out of range.
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

#if defined(__wasi__) && defined(_LIBCPP_VERSION) && !defined(_LIBCPP_ENABLE_CXX17_REMOVED_RANDOM_SHUFFLE)
// Compiled to WebAssembly (clang's libc++), `random_shuffle` — removed in C++17, still in g++'s
// library, used by students (the 2012 kits' players) — as g++'s library does it: each element from
// the second on swapped with one drawn before it (or itself), the two-argument form drawing from
// rand() (which the Bola de Drac 2012 kit shares with the engine), the three-argument one from the
// given generator. libc++'s own, when enabled, draws otherwise: a different match.
_LIBCPP_BEGIN_NAMESPACE_STD
template <class _RandomAccessIterator>
void random_shuffle(_RandomAccessIterator __first, _RandomAccessIterator __last) {
  if (__first == __last) return;
  for (_RandomAccessIterator __i = __first + 1; __i != __last; ++__i) {
    _RandomAccessIterator __j = __first + rand() % ((__i - __first) + 1);
    if (__i != __j) iter_swap(__i, __j);
  }
}
template <class _RandomAccessIterator, class _RandomNumberGenerator>
void random_shuffle(_RandomAccessIterator __first, _RandomAccessIterator __last,
                    _RandomNumberGenerator&& __rand) {
  if (__first == __last) return;
  for (_RandomAccessIterator __i = __first + 1; __i != __last; ++__i) {
    _RandomAccessIterator __j = __first + __rand((__i - __first) + 1);
    if (__i != __j) iter_swap(__i, __j);
  }
}
_LIBCPP_END_NAMESPACE_STD
#endif

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
