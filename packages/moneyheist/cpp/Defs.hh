// arena compatibility kit for Money Heist: the original kit's Defs.hh (the game's name and
// version), included by Utils.hh as there.
#ifndef Defs_hh
#define Defs_hh

#define GAME_NAME "MoneyHeist"
#define VERSION "1.0"

#endif
