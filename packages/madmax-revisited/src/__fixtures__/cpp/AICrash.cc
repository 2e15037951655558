// A test player that crashes in round 2 (a failed assertion: SIGABRT), saying so on stderr first.
#include "Player.hh"

#define PLAYER_NAME Crash

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    if (round() < 2) return;
    cerr << "about to crash in round " << round() << endl;
    assert(round() < 2);
  }
};

RegisterPlayer(PLAYER_NAME);
