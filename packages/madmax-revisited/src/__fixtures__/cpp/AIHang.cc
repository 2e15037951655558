// A test player that never answers from round 1 on: it sleeps forever (no CPU used).
#include <unistd.h>

#include "Player.hh"

#define PLAYER_NAME Hang

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    if (round() == 0) return;
    for (;;) sleep(60);
  }
};

RegisterPlayer(PLAYER_NAME);
