// arena compatibility kit for Mad Max (written for arena from the statement, the engine notes and
// the list of the original kit's public names). What the original Utils.hh gives every player:
// the common standard headers already included and `using namespace std` (@arena/core's
// arena-std.hh, the same in every game), and the 2018 framework's `_my_assert`, `_unreachable`,
// `int_to_string` and `string_to_int` (@arena/core's arena-utils-2018.hh).
#ifndef Utils_hh
#define Utils_hh

#include "arena-std.hh"
#include "arena-utils-2018.hh"

#endif
