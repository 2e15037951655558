// A test player that gives 1001 commands in round 3 (more than the original's 1000): the same
// soldier over and over (duplicates count, as in the original). Before that, one order a round.
#include "Player.hh"

#define PLAYER_NAME Flood

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    int id = soldiers(me())[0];
    int count = round() == 3 ? 1001 : 1;
    for (int k = 0; k < count; ++k) move(id, Dir(k % 4));
  }
};

RegisterPlayer(PLAYER_NAME);
