// arena compatibility kit for Mad Max Revisited: the original kit's Defs.hh, the game's long name
// and version (its engine's name is "Mad Max 2020"). As in the original, Player.hh does not
// include it: a player that wants these names includes "Defs.hh" itself.
#ifndef Defs_hh
#define Defs_hh

#define LONG_GAME_NAME "Mad Max 2020"
#define VERSION "1.0"

#endif
