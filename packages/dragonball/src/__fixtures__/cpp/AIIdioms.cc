// A test player written the way students write theirs: typedefs inside the class, standard
// containers of Pos, Pos + Dir, dest(), pos_ok(p, d), has_ball(), asserts, cerr, lambdas, the
// global randomize(), rand() and random_shuffle, no includes but Player.hh. It must compile
// unmodified and play without a fault.
#include "Player.hh"

#define PLAYER_NAME Idioms

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  typedef vector<int> VI;
  typedef vector<VI> VVI;
  static const int INF = 1e9;
  const vector<Dir> dirs = {Top, Bottom, Left, Right};

  map<Pos, int> visits;  // memory between rounds
  set<Pos> capsules;

  VVI bfs(Pos from) {
    VVI d(rows(), VI(cols(), INF));
    queue<Pos> q;
    d[from.i][from.j] = 0;
    q.push(from);
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      for (Dir dir : dirs) {
        Pos n = dest(p, dir);
        if (pos_ok(n) and cell(n).type != Rock and d[n.i][n.j] == INF) {
          d[n.i][n.j] = d[p.i][p.j] + 1;
          q.push(n);
        }
      }
    }
    return d;
  }

  virtual void play() {
    const Goku& g = goku(me());
    if (round() == 0) {
      for (int i = 0; i < rows(); ++i)
        for (int j = 0; j < cols(); ++j)
          if (cell(i, j).type == Capsule) capsules.insert(Pos(i, j));
      cerr << "Idioms starts at " << g.pos << endl;
    }
    if (not g.alive) return;
    ++visits[g.pos];
    VVI d = bfs(g.pos);
    assert(d[g.pos.i][g.pos.j] == 0);
    vector<Dir> order = dirs;
    random_shuffle(order.begin(), order.end());
    auto free = [&](Dir dir) { return pos_ok(g.pos, dir) and cell(g.pos + dir).type != Rock; };
    for (Dir dir : order)
      if (free(dir) and (has_ball(g.type) or randomize() % 2 == 0 or rand() % 3 == 0)) {
        move(dir);
        return;
      }
  }
};

RegisterPlayer(PLAYER_NAME);
