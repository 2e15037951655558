// Does not compile: a missing semicolon and an unknown name.
#include "Player.hh"

#define PLAYER_NAME Broken

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  virtual void play() {
    int soldiers_moved = 0
    move_everyone_north(soldiers_moved);
  }
};

RegisterPlayer(PLAYER_NAME);
