// arena compatibility kit for Money Heist (written for arena from the statement, the engine notes
// and the list of the original kit's public names). What the original Utils.hh gives every
// player: the common standard headers already included and `using namespace std` (@arena/core's
// arena-std.hh, the same in every game), the game's Defs.hh (`GAME_NAME`, `VERSION`), and the
// 2018 framework's `_my_assert`, `_unreachable`, `int_to_string`, `string_to_int`
// (@arena/core's arena-utils-2018.hh) with this kit's `double_to_string`.
#ifndef Utils_hh
#define Utils_hh

#include "Defs.hh"
#include "arena-std.hh"
#include "arena-utils-2018.hh"

/** A double as a string, as `cout << d` writes it. */
inline string double_to_string(double d) {
  ostringstream out;
  out << d;
  return out.str();
}

#endif
