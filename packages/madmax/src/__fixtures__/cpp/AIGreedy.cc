// A Demo-like Mad Max player written for arena's tests and benchmark. Breadth-first distance
// fields over the 8 directions, computed only in the rounds its units may move: warriors step
// toward water when thirsty, a city when hungry, otherwise a city cell their team does not own;
// cars toward the nearest enemy warrior. A random direction when nothing is reachable.
#include "Player.hh"

#define PLAYER_NAME Greedy

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  enum Field { Thirst, Hunger, Conquest, Hunt, Fields };
  vector<int> dist[Fields];

  bool near_water(Pos p) {
    for (int d = 0; d < 8; ++d)
      if (pos_ok(p + Dir(d)) and cell(p + Dir(d)).type == Water) return true;
    return false;
  }

  bool passable(Field f, const Cell& c) {
    if (f == Hunt) return c.type == Desert or c.type == Road;
    return c.type == Desert or c.type == Road or c.type == City;
  }

  bool target(Field f, Pos p, const Cell& c) {
    switch (f) {
      case Thirst: return passable(f, c) and near_water(p);
      case Hunger: return c.type == City;
      case Conquest: return c.type == City and c.owner != me();
      default: return c.id != -1 and unit(c.id).type == Warrior and unit(c.id).player != me();
    }
  }

  void compute(Field f) {
    vector<int>& d = dist[f];
    d.assign(rows() * cols(), INT_MAX);
    queue<Pos> q;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j)
        if (target(f, Pos(i, j), cell(i, j))) {
          d[i * cols() + j] = 0;
          q.push(Pos(i, j));
        }
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      for (int k = 0; k < 8; ++k) {
        Pos n = p + Dir(k);
        if (not pos_ok(n) or d[n.i * cols() + n.j] != INT_MAX or not passable(f, cell(n))) continue;
        d[n.i * cols() + n.j] = d[p.i * cols() + p.j] + 1;
        q.push(n);
      }
    }
  }

  Dir downhill(Field f, Pos p) {
    const vector<int>& d = dist[f];
    int best = d[p.i * cols() + p.j];
    Dir dir = None;
    for (int k = 0; k < 8; ++k) {
      Pos n = p + Dir(k);
      if (not pos_ok(n) or not passable(f, cell(n))) continue;
      if (d[n.i * cols() + n.j] < best) {
        best = d[n.i * cols() + n.j];
        dir = Dir(k);
      }
    }
    return dir == None ? Dir(random(0, 7)) : dir;
  }

  virtual void play() {
    bool computed[Fields] = {false, false, false, false};
    auto step = [&](Field f, Pos p) {
      if (not computed[f]) compute(f);
      computed[f] = true;
      return downhill(f, p);
    };
    for (int id : warriors(me())) {
      if (not can_move(id)) continue;
      Unit u = unit(id);
      command(id, step(u.water < 15 ? Thirst : u.food < 15 ? Hunger : Conquest, u.pos));
    }
    for (int id : cars(me()))
      if (can_move(id)) command(id, step(Hunt, unit(id).pos));
  }
};

RegisterPlayer(PLAYER_NAME);
