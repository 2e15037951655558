// A starter Mad Max Revisited player, written against the original game's player API (arena's
// compatibility kit in @arena/madmax-revisited/cpp has the same classes and names, and this file
// uses no other, so it compiles with the original kit too): every car shoots at an enemy car
// straight ahead, or else takes the safest move that collects the most (water, and gas when its
// tank runs low). Make it yours.
#include "Player.hh"

#define PLAYER_NAME Starter

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  // Whether an enemy car is in row i a few columns ahead of p, with nothing in between.
  bool enemy_ahead(const Pos& p) {
    for (int dj = 2; dj <= 6; ++dj) {
      Cell c = cell(p + Dir(0, dj));
      if (c.type == CAR) return player_of(c.cid) != me();
      if (c.type != EMPTY) return false;
    }
    return false;
  }

  // Whether a missile will fly over cell p this round (missiles fly 2 columns before cars move;
  // columns wrap around the universe, hence the modulo).
  bool missile_over(const Pos& p) {
    int u = number_universe_columns();
    for (const auto& [mid, m] : missiles()) {  // missiles() maps missile ids to missiles
      int ahead = ((second(p) - second(m.pos)) % u + u) % u;
      if (first(m.pos) == first(p) and (ahead == 1 or ahead == 2)) return true;
    }
    return false;
  }

  // How good moving car c in direction d is (more is better): −100 if it would crash on the way.
  int value(const Car& c, Dir d) {
    if (not within_window(c.pos + d, round() + 1)) return -100;
    int v = 0;
    for (Dir step : dir2all.at(d)) {  // every cell the move passes through, the destination last
      Pos p = c.pos + step;
      Cell x = cell(p);
      if (x.type == TYRE or x.type == CAR or x.type == MISSILE or missile_over(p)) return -100;
      if (x.type == WATER_BONUS) v += water_points();
      if (x.type == GAS_BONUS) v += c.gas < 20 ? 50 : 1;
      if (x.type == MISSILE_BONUS) v += 2;
    }
    // Near the window's left edge a car has no room left to dodge: keep clear of it.
    int u = number_universe_columns();
    int lead = ((second(c.pos + d) - (round() + 1)) % u + u) % u;
    if (lead < 4) v -= 4 - lead;
    return v;
  }

  const vector<Dir> dirs = {UP, DEFAULT, DOWN, SLOW_UP, SLOW, SLOW_DOWN, FAST_UP, FAST, FAST_DOWN};

  virtual void play() {
    // My cars, as the original's Demo loops over them: begin(me()) .. end(me()), STL style.
    for (Car_Id cid = begin(me()); cid != end(me()); ++cid) {
      Car c = car(cid);
      if (not c.alive) continue;
      if (c.nb_miss > 0 and enemy_ahead(c.pos)) {
        shoot(cid);
        continue;
      }
      Dir best = DEFAULT;
      int best_value = value(c, DEFAULT);
      for (Dir d : dirs) {
        int v = value(c, d);
        if (v > best_value) best = d, best_value = v;
      }
      move(cid, best);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
