// A slow player for the restart and live tests: the starter player, sleeping 0.08 s each round.
#include "Player.hh"
#include <unistd.h>

#define PLAYER_NAME Slow

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  virtual void play() {
    // 0.08 s of wall time a round, no CPU: a match long enough to watch live. Once a round, not
    // once a turn: the copies of it in its validation match share one process (as in the
    // original), and four sleeps a round made that match four times as long as a ladder match.
    static int slept = -1;
    if (round() != slept) {
      slept = round();
      usleep(80000);
    }
    for (int id : soldiers(me())) move(id, Dir(random(0, 3)));
    int prof = professor(me());
    if (prof != -1 and unit(prof).health < professor_max_health()) heal(prof);
  }
};

RegisterPlayer(PLAYER_NAME);
