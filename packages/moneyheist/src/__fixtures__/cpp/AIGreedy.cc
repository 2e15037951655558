// A Demo-like Money Heist player written for arena's tests and benchmark. One breadth-first
// distance field per round, from every money cell and kit: each unit steps down it. Soldiers with
// poison attack an adjacent enemy first and recharge from the pot when empty; the professor heals
// when hurt. A random direction when nothing is reachable.
#include "Player.hh"

#define PLAYER_NAME Greedy

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  vector<int> dist;

  // Distances (in moves, through corridors that are not safe doors) to the nearest target.
  void field() {
    int rows = board_rows(), cols = board_cols();
    dist.assign(rows * cols, INT_MAX);
    queue<Pos> q;
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) {
        Cell c = cell(i, j);
        if (c.money > 0 or c.health_kit or c.poison_kit) {
          dist[i * cols + j] = 0;
          q.push(Pos(i, j));
        }
      }
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      for (int d = 0; d < DirSize; ++d) {
        Pos n = p + Dir(d);
        if (not pos_ok(n) or dist[n.i * cols + n.j] != INT_MAX) continue;
        Cell c = cell(n);
        if (c.type == Wall or c.box != -1) continue;
        dist[n.i * cols + n.j] = dist[p.i * cols + p.j] + 1;
        q.push(n);
      }
    }
  }

  Dir downhill(Pos p) {
    int best = dist[p.i * board_cols() + p.j];
    Dir dir = DirSize;
    for (int d = 0; d < DirSize; ++d) {
      Pos n = p + Dir(d);
      if (not pos_ok(n) or cell(n).id != -1) continue;
      int v = dist[n.i * board_cols() + n.j];
      if (v < best) {
        best = v;
        dir = Dir(d);
      }
    }
    return dir == DirSize ? Dir(random(0, 3)) : dir;
  }

  virtual void play() {
    field();
    int prof = professor(me());
    Unit pu = unit(prof);
    if (pu.is_alive()) {
      if (pu.health < professor_max_health() / 2 and available_health(me()) > 0) heal(prof);
      else move(prof, downhill(pu.pos));
    }
    for (int id : soldiers(me())) {
      Unit u = unit(id);
      if (u.poison == 0 and available_poison(me()) > 0) {
        charge(id);
        continue;
      }
      if (u.poison > 0)
        for (int d = 0; d < DirSize; ++d) {
          Pos n = u.pos + Dir(d);
          if (pos_ok(n) and cell(n).id != -1 and unit(cell(n).id).player != me()) move(id, Dir(d));
        }
      move(id, downhill(u.pos));  // ignored after an attack: the first command wins
    }
  }
};

RegisterPlayer(PLAYER_NAME);
