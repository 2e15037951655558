// A Demo-like Mad Max player written for arena's benchmark: each warrior that may move walks, by
// breadth-first search over the 8 directions, toward water when thirsty, a city when hungry, and
// otherwise a city cell its team does not own; each car drives toward the nearest enemy warrior.
#include "Player.hh"

#define PLAYER_NAME Greedy

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  // The first direction of a shortest path from p to a cell that `good` accepts, or None.
  template <class Pass, class Good>
  Dir toward(Pos p, Pass pass, Good good) {
    int n = rows() * cols();
    vector<int> first(n, -2);
    queue<Pos> q;
    first[p.i * cols() + p.j] = -1;
    q.push(p);
    while (not q.empty()) {
      Pos c = q.front();
      q.pop();
      for (int d = 0; d < 8; ++d) {
        Pos x = c + Dir(d);
        if (not pos_ok(x) or first[x.i * cols() + x.j] != -2) continue;
        Cell cx = cell(x);
        if (not pass(cx)) continue;
        int f = first[c.i * cols() + c.j] == -1 ? d : first[c.i * cols() + c.j];
        first[x.i * cols() + x.j] = f;
        if (good(x, cx)) return Dir(f);
        if (cx.id == -1) q.push(x);
      }
    }
    return None;
  }

  bool near_water(Pos p) {
    for (int d = 0; d < 8; ++d)
      if (pos_ok(p + Dir(d)) and cell(p + Dir(d)).type == Water) return true;
    return false;
  }

  virtual void play() {
    int mine = me();
    for (int id : warriors(mine)) {
      if (not can_move(id)) continue;
      Unit u = unit(id);
      auto pass = [](const Cell& c) { return c.type == Desert or c.type == Road or c.type == City; };
      Dir d;
      if (u.water < 15) d = toward(u.pos, pass, [&](Pos x, const Cell&) { return near_water(x); });
      else if (u.food < 15) d = toward(u.pos, pass, [](Pos, const Cell& c) { return c.type == City; });
      else
        d = toward(u.pos, pass, [&](Pos, const Cell& c) { return c.type == City and c.owner != mine; });
      if (d == None) d = Dir(random(0, 7));
      command(id, d);
    }
    for (int id : cars(mine)) {
      if (not can_move(id)) continue;
      Unit u = unit(id);
      auto pass = [](const Cell& c) { return c.type == Desert or c.type == Road; };
      Dir d = toward(u.pos, pass, [&](Pos, const Cell& c) {
        return c.id != -1 and unit(c.id).type == Warrior and unit(c.id).player != mine;
      });
      command(id, d == None ? Dir(random(0, 7)) : d);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
