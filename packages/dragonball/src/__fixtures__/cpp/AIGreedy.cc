// A Demo-like player written for arena (the benchmark's and a test's): throws a Kame Hame at a
// goku in line when strong enough; otherwise walks (breadth-first) to what it needs most: a
// capsule when it carries a ball, a bean when weak, a ball, or a kinton cloud.
#include "Player.hh"

#define PLAYER_NAME Greedy

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  typedef bool (PLAYER_NAME::*Goal)(const Cell&) const;
  bool capsule(const Cell& c) const { return c.type == Capsule; }
  bool bean(const Cell& c) const { return c.type == Bean; }
  bool ball(const Cell& c) const { return c.type == Ball; }
  bool kinton(const Cell& c) const { return c.type == Kinton; }

  /** Distances (in moves) from every cell to the nearest goal cell, −1 if unreachable. */
  vector<vector<int>> field(Goal goal) const {
    vector<vector<int>> dist(rows(), vector<int>(cols(), -1));
    queue<Pos> q;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j)
        if (cell(i, j).type != Rock and (this->*goal)(cell(i, j))) {
          dist[i][j] = 0;
          q.push(Pos(i, j));
        }
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      for (Dir d : {Top, Bottom, Left, Right}) {
        Pos n = p + d;
        if (not pos_ok(n) or cell(n).type == Rock or dist[n.i][n.j] != -1) continue;
        dist[n.i][n.j] = dist[p.i][p.j] + 1;
        q.push(n);
      }
    }
    return dist;
  }

  virtual void play() {
    const Goku& g = goku(me());
    if (not g.alive) return;
    bool on_kinton = g.kinton > 0;
    if (not on_kinton and round() % 2 == 1) return;
    if (g.strength >= kamehame_penalty()) {
      for (Dir d : {Top, Bottom, Left, Right})
        for (Pos p = g.pos + d; pos_ok(p) and cell(p).type != Rock; p += d)
          if (cell(p).id >= 0 and cell(p).id != me()) {
            throw_kamehame(d);
            return;
          }
    }
    if (not on_kinton and round() % 4 == 2 and g.strength < moving_penalty()) return;
    bool weak = g.strength < max_strength() / 3;
    bool carrying = has_ball(g.type);
    vector<Goal> goals;
    if (carrying) goals.push_back(&PLAYER_NAME::capsule);
    if (weak) goals.push_back(&PLAYER_NAME::bean);
    if (not carrying) goals.push_back(&PLAYER_NAME::ball);
    if (not on_kinton) goals.push_back(&PLAYER_NAME::kinton);
    for (Goal goal : goals) {
      vector<vector<int>> dist = field(goal);
      int best_dist = dist[g.pos.i][g.pos.j] < 0 ? INT_MAX : dist[g.pos.i][g.pos.j];
      Dir best = None;
      for (Dir d : {Top, Bottom, Left, Right}) {
        Pos q = g.pos + d;
        if (not pos_ok(q) or dist[q.i][q.j] < 0 or dist[q.i][q.j] >= best_dist) continue;
        int other = cell(q).id;
        if (other >= 0 and strength(other) * 2 > g.strength) continue;
        best = d;
        best_dist = dist[q.i][q.j];
      }
      if (best != None) {
        move(best);
        return;
      }
    }
  }
};

RegisterPlayer(PLAYER_NAME);
