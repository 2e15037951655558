// A test player of the counter game with its own bugs: a query of the kit called from a free
// function (as in the original, `round` is a member of Player, not declared there) and a name
// nobody declares. The error is the player's: CPP_COMPILE, arena not blamed.
#include "Player.hh"

#define PLAYER_NAME OwnBug

bool even_round() { return round() % 2 == 0; }

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() { add(0, even_round() ? 1 : teleport()); }
};

RegisterPlayer(PLAYER_NAME);
