// arena compatibility kit for Mad Max: the player's own random generator (Random_generator), the
// original's 31-bit LCG, shared with the other game of the 2018+ framework (@arena/core's
// arena-lcg31.hh).
#ifndef Random_hh
#define Random_hh

#include "arena-lcg31.hh"

#endif
