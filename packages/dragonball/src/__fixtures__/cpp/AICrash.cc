// A test player that crashes in round 2 (a write through a null pointer: SIGSEGV), saying so on
// stderr first.
#include "Player.hh"

#define PLAYER_NAME Crash

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  int* nowhere = nullptr;
  virtual void play() {
    if (round() < 2) return;
    cerr << "about to crash in round " << round() << endl;
    *nowhere = round();
    cerr << "still alive: " << *nowhere << endl;
  }
};

RegisterPlayer(PLAYER_NAME);
