// arena compatibility kit for Mad Max: what a player can query (settings and state).
#ifndef Info_hh
#define Info_hh

#include "Settings.hh"
#include "State.hh"

class Info : public Settings, public State {};

#endif
