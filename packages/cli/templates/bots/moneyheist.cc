// A starter Money Heist player, written against the original game's player API (arena's
// compatibility kit in @arena/moneyheist/cpp has the same classes and names): every soldier walks
// to a random free cell next to it and the professor heals when hurt. Make it yours.
#include "Player.hh"

#define PLAYER_NAME Starter

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  // Whether a unit of another player stands next to cell p: it could step onto p first, and a
  // move there would then be an attack (the game rejects one by a soldier without poison).
  bool enemy_next_to(Pos p) {
    for (Dir d : {Down, Right, Up, Left}) {
      Pos q = p + d;
      if (pos_ok(q) and cell(q).id != -1 and unit(cell(q).id).player != me()) return true;
    }
    return false;
  }

  virtual void play() {
    set<Pos> taken;  // the cells my soldiers walk to this round
    for (int id : soldiers(me())) {
      // The directions to a free cell: a corridor with no unit or safe door, not taken yet
      // (the game rejects a move into a wall, a door, the edge or one of my own units), and with
      // no enemy next to it for a soldier without poison.
      vector<Dir> free;
      for (Dir d : {Down, Right, Up, Left}) {
        Pos p = unit(id).pos + d;
        if (pos_ok(p) and cell(p).type == Corridor and cell(p).id == -1 and cell(p).box == -1 and
            not taken.count(p) and (unit(id).poison > 0 or not enemy_next_to(p)))
          free.push_back(d);
      }
      if (free.empty()) continue;
      Dir d = free[random(0, int(free.size()) - 1)];
      taken.insert(unit(id).pos + d);
      move(id, d);
    }
    int prof = professor(me());  // a dead professor waits to be reborn: it cannot heal till then
    if (unit(prof).is_alive() and unit(prof).health < professor_max_health()) heal(prof);
  }
};

RegisterPlayer(PLAYER_NAME);
