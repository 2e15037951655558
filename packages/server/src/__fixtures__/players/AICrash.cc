// Compiles, then crashes at round 3: a null pointer written (SIGSEGV).
#include "Player.hh"

#define PLAYER_NAME Crash

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  virtual void play() {
    if (round() == 3) {
      volatile int* nowhere = nullptr;
      *nowhere = 1;
    }
  }
};

RegisterPlayer(PLAYER_NAME);
