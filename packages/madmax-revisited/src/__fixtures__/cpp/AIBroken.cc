// A test player that does not compile (a function the API does not have).
#include "Player.hh"

#define PLAYER_NAME Broken

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() { teleport(begin(me()), FAST); }
};

RegisterPlayer(PLAYER_NAME);
