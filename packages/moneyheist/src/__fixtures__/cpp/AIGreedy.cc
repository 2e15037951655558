// A Demo-like Money Heist player written for arena's tests and benchmark: every unit walks, by
// breadth-first search, toward the nearest money (soldiers also toward enemies they can poison);
// professors open the safes they stand next to; a small random move otherwise.
#include "Player.hh"

#define PLAYER_NAME Greedy

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  // The first direction of a shortest path from p to a cell that `good` accepts, or DirSize.
  template <class Good>
  Dir toward(Pos p, Good good) {
    int rows = board_rows(), cols = board_cols();
    vector<int> first(rows * cols, -2);
    queue<Pos> q;
    first[p.i * cols + p.j] = -1;
    q.push(p);
    while (not q.empty()) {
      Pos c = q.front();
      q.pop();
      for (int d = 0; d < 4; ++d) {
        Pos n = c + Dir(d);
        if (not pos_ok(n) or first[n.i * cols + n.j] != -2) continue;
        Cell c2 = cell(n);
        if (c2.type == Wall or c2.box != -1) continue;
        int f = first[c.i * cols + c.j] == -1 ? d : first[c.i * cols + c.j];
        first[n.i * cols + n.j] = f;
        if (good(c2)) return Dir(f);
        if (c2.id == -1) q.push(n);
      }
    }
    return DirSize;
  }

  virtual void play() {
    int prof = professor(me());
    Unit pu = unit(prof);
    if (pu.is_alive()) {
      if (pu.health < professor_max_health() / 2 and available_health(me()) > 0) heal(prof);
      Dir d = toward(pu.pos, [](const Cell& c) { return c.money > 0 or c.health_kit; });
      if (d != DirSize) move(prof, d);
      else move(prof, Dir(random(0, 3)));
    }
    for (int id : soldiers(me())) {
      Unit u = unit(id);
      if (u.poison == 0 and available_poison(me()) > 0) {
        charge(id);
        continue;
      }
      int mine = me();
      bool armed = u.poison > 0;
      Dir d = toward(u.pos, [&](const Cell& c) {
        if (c.money > 0 or c.poison_kit) return true;
        return armed and c.id != -1 and unit(c.id).player != mine;
      });
      move(id, d != DirSize ? d : Dir(random(0, 3)));
    }
  }
};

RegisterPlayer(PLAYER_NAME);
