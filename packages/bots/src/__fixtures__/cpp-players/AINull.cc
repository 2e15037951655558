// The player that gives no orders, for any game's kit (it uses only Player.hh): the bench's and
// the tournament's one-CPU test's `Null` C++ player.
#include "Player.hh"
#define PLAYER_NAME Null
struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {}
};
RegisterPlayer(PLAYER_NAME);
