// A slow player for the restart and live tests: the starter player, sleeping 0.08 s each turn.
#include "Player.hh"
#include <unistd.h>

#define PLAYER_NAME Slow

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  virtual void play() {
    usleep(80000);  // 0.08 s of wall time a turn, no CPU: a match long enough to watch live
    for (int id : soldiers(me())) move(id, Dir(random(0, 3)));
    int prof = professor(me());
    if (prof != -1 and unit(prof).health < professor_max_health()) heal(prof);
  }
};

RegisterPlayer(PLAYER_NAME);
