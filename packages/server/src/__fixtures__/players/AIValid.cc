// A starter Money Heist player, written against the original game's player API (arena's
// compatibility kit in @arena/moneyheist/cpp has the same classes and names): every soldier walks
// in a random direction and the professor heals when hurt. Make it yours.
#include "Player.hh"

#define PLAYER_NAME Valid

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  virtual void play() {
    for (int id : soldiers(me())) move(id, Dir(random(0, 3)));
    int prof = professor(me());
    if (prof != -1 and unit(prof).health < professor_max_health()) heal(prof);
  }
};

RegisterPlayer(PLAYER_NAME);
