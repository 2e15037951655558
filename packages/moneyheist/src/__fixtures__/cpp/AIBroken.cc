// A test player that does not compile: it calls a function the API does not have.
#include "Player.hh"

#define PLAYER_NAME Broken

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() { fly_to(professor(me()), Up); }
};

RegisterPlayer(PLAYER_NAME);
