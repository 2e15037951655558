// A player for any game's kit (it uses only Player.hh's round()) that gives no orders and, from
// round 50 on, loops forever in its turn (a loop the compiler cannot remove): the tournament's
// instruction-budget test, as WebAssembly.
#include "Player.hh"

#define PLAYER_NAME Loop

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    volatile unsigned spin = 0;
    while (round() >= 50) spin = spin + 1;
  }
};

RegisterPlayer(PLAYER_NAME);
