// A test player written the way students write theirs: typedefs inside the class, standard
// containers of Pos, Dir arithmetic, asserts, cerr, lambdas, no includes but Player.hh. It must
// compile unmodified and play without a fault.
#include "Player.hh"

#define PLAYER_NAME Idioms

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  typedef vector<int> VI;
  typedef vector<VI> VVI;
  typedef pair<int, Pos> IP;
  static const int INF = 1e9;
  const vector<Dir> dirs = {Down, Right, Up, Left};

  map<int, Pos> last;  // memory between rounds
  set<Pos> visited;

  int distance(Pos a, Pos b) { return abs(a.i - b.i) + abs(a.j - b.j); }

  VVI bfs(Pos from) {
    VVI d(board_rows(), VI(board_cols(), INF));
    queue<Pos> q;
    d[from.i][from.j] = 0;
    q.push(from);
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      for (Dir dir : dirs) {
        Pos n = p + dir;
        if (pos_ok(n) and cell(n).type != Wall and d[n.i][n.j] == INF) {
          d[n.i][n.j] = d[p.i][p.j] + 1;
          q.push(n);
        }
      }
    }
    return d;
  }

  virtual void play() {
    VI mine = soldiers(me());
    assert(int(mine.size()) >= 0);
    if (round() == 0) cerr << "Idioms starts at " << unit(professor(me())).pos << endl;
    priority_queue<IP, vector<IP>, greater<IP>> pq;
    for (int id : mine) pq.push(IP(distance(unit(id).pos, Pos(30, 30)), unit(id).pos));
    if (not pq.empty()) visited.insert(pq.top().second);
    VVI d = bfs(unit(professor(me())).pos);
    auto free_cell = [&](const Pos& p) { return pos_ok(p) and cell(p).is_empty(); };
    for (int id : mine) {
      Unit u = unit(id);
      last[id] = u.pos;
      vector<int> order = random_permutation(4);
      Dir chosen = static_cast<Dir>(random(0, DirSize - 1));
      for (int k : order)
        if (free_cell(u.pos + dirs[k])) {
          chosen = dirs[k];
          break;
        }
      Pos target = u.pos;
      target += chosen;
      if (target != u.pos and d[u.pos.i][u.pos.j] < INF) move(id, chosen);
    }
    int prof = professor(me());
    if (unit(prof).is_alive()) {
      vector<int> hints = safety_box_hints(0);
      sort(hints.begin(), hints.end());
      if (unit(prof).health < professor_max_health()) heal(prof);
      else move(prof, Dir((round() + me()) % 4));
    }
  }
};

RegisterPlayer(PLAYER_NAME);
