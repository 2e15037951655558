// A starter Mad Max player, written against the original game's player API (arena's
// compatibility kit in @arena/madmax/cpp has the same classes and names): every warrior and car
// that may move this round moves in a random direction. Make it yours.
#include "Player.hh"

#define PLAYER_NAME Starter

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  void walk(const vector<int>& ids) {
    for (int id : ids)
      if (can_move(id)) command(id, Dir(random(0, 7)));
  }

  virtual void play() {
    walk(warriors(me()));
    walk(cars(me()));
  }
};

RegisterPlayer(PLAYER_NAME);
