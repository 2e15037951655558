// A starter Bola de Drac player, written against the original game's player API (arena's
// compatibility kit in @arena/dragonball/cpp has the same classes and names): the goku walks the
// shortest way to the nearest dragon ball, then to the nearest Hoi Poi capsule to deposit it.
// Make it yours: pick up beans when weak, ride kinton clouds, throw Kame Hames...
#include "Player.hh"

#define PLAYER_NAME Starter

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  // The four directions a goku may move in.
  const vector<Dir> dirs = {Top, Bottom, Left, Right};

  // The first step of a shortest path (breadth-first search around the rocks) from `from` to the
  // nearest cell of type `target`, or None when no such cell can be reached.
  Dir first_step(Pos from, CType target) {
    vector<vector<bool>> seen(rows(), vector<bool>(cols(), false));
    queue<pair<Pos, Dir>> todo;  // a cell, and the first step taken to reach it
    seen[from.i][from.j] = true;
    for (Dir d : dirs) {
      Pos p = from + d;
      if (pos_ok(p) and cell(p).type != Rock) {
        seen[p.i][p.j] = true;
        todo.push({p, d});
      }
    }
    while (not todo.empty()) {
      auto [p, step] = todo.front();
      todo.pop();
      if (cell(p).type == target) return step;
      for (Dir d : dirs) {
        Pos q = p + d;
        if (pos_ok(q) and not seen[q.i][q.j] and cell(q).type != Rock) {
          seen[q.i][q.j] = true;
          todo.push({q, step});
        }
      }
    }
    return None;
  }

  virtual void play() {
    const Goku& g = goku(me());
    if (not g.alive) return;
    if (not has_kinton(g.type)) {
      // Without a kinton cloud, a goku acts only in even rounds, and a move in a round ≡ 2 (mod 4)
      // costs moving_penalty() strength: too weak, it must wait (the engine would reject it).
      if (round() % 2 != 0) return;
      if (round() % 4 == 2 and g.strength < moving_penalty()) return;
    }
    Dir d = first_step(g.pos, has_ball(g.type) ? Capsule : Ball);
    if (d != None) move(d);
  }
};

RegisterPlayer(PLAYER_NAME);
