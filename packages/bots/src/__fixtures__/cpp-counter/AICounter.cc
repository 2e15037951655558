// A test player of the counter game: unit 0 adds a draw from the shared stream, unit 1 the last
// digit of its own score; a second order for unit 0 is dropped (the first wins).
#include "Player.hh"

#define PLAYER_NAME Counter

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    add(0, random(0, 9));
    add(0, 5);
    add(1, score(me()) % 10);
  }
};

RegisterPlayer(PLAYER_NAME);
