// arena C++ kits, shared by the games of the 2018+ framework (Money Heist, Mad Max; @arena/core):
// what the original framework's Utils.hh gives every player besides the standard headers
// (arena-std.hh): the C headers it includes (getopt.h, string.h), `_my_assert(b, s)`,
// `_unreachable()`, `int_to_string` and `string_to_int`. Each game's Utils.hh includes it.
#ifndef arena_utils_2018_hh
#define arena_utils_2018_hh

#include <getopt.h>
#include <string.h>

#include "arena-std.hh"

/** An assertion with a message: `error: <s>` on stderr, then assert(b). */
#define _my_assert(b, s)                 \
  {                                      \
    if (not(b)) {                        \
      cerr << "error: " << s << endl;    \
      assert(b);                         \
    }                                    \
  }

/** Marks code that must not be reached (an assertion that fails). */
#define _unreachable()                                 \
  {                                                    \
    _my_assert(false, "Unreachable code reached.");    \
  }

/** An integer as a string. */
inline string int_to_string(int i) {
  ostringstream out;
  out << i;
  return out.str();
}

/** A string's leading integer. */
inline int string_to_int(const string& s) {
  istringstream in(s);
  int i;
  in >> i;
  return i;
}

#endif
