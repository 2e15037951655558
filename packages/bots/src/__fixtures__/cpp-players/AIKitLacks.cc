// A test player of the counter game written against an "original kit" that declares
// `counter_limit()`: core's test kit for the counter game lacks it, so this file stops at the
// compiler, and the error must blame the kit (missing-kit-name.test.ts).
#include "Player.hh"

#define PLAYER_NAME KitLacks

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() { add(0, counter_limit() - score(me())); }
};

RegisterPlayer(PLAYER_NAME);
