// A starter Mad Max player, written against the original game's player API (arena's
// compatibility kit in @arena/madmax/cpp has the same classes and names): every warrior and car
// that may move this round moves in a random direction it may take. Make it yours.
#include "Player.hh"

#define PLAYER_NAME Starter

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  set<Pos> taken;  // the cells my units move to this round

  // Whether unit u may enter cell p: on the board, desert or road, or a city for a warrior (the
  // game rejects a move into water, a station, a wall or off the board), with no unit of mine on
  // it and none moving there (a move onto my own unit captures one of them).
  bool can_enter(const Unit& u, Pos p) {
    if (not pos_ok(p) or taken.count(p)) return false;
    Cell c = cell(p);
    if (c.id != -1 and unit(c.id).player == me()) return false;
    return c.type == Desert or c.type == Road or (c.type == City and u.type == Warrior);
  }

  void walk(const vector<int>& ids) {
    for (int id : ids) {
      if (not can_move(id)) continue;
      vector<Dir> dirs;  // the directions (of the eight) unit id may take
      for (int d = 0; d < 8; ++d)
        if (can_enter(unit(id), unit(id).pos + Dir(d))) dirs.push_back(Dir(d));
      if (dirs.empty()) continue;
      Dir d = dirs[random(0, int(dirs.size()) - 1)];
      taken.insert(unit(id).pos + d);
      command(id, d);
    }
  }

  virtual void play() {
    taken.clear();
    walk(warriors(me()));
    walk(cars(me()));
  }
};

RegisterPlayer(PLAYER_NAME);
