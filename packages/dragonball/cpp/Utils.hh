// arena compatibility kit for Bola de Drac (written for arena from the statement and engine notes).
// The conveniences players of the original kit rely on: the common standard headers already
// included and `using namespace std` (@arena/core's arena-std.hh, the same in every game).
#ifndef Utils_hh
#define Utils_hh

#include "arena-std.hh"

#endif
