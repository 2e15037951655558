// A Demo-like player written for arena (the benchmark's and a test's): for each car, shoots an
// enemy car in line a few columns ahead, otherwise takes the move whose path (dir2all) is free of
// tyres, cars and missiles and collects the most, keeping inside the next round's window.
#include "Player.hh"

#define PLAYER_NAME Greedy

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  virtual void play() {
    int next = round() + 1;
    set<Pos> danger;  // cells missiles sweep this round and the next
    for (const auto& entry : missiles())  // a map from missile ids, as in the original
      for (int dj = 1; dj <= 4; ++dj) danger.insert(norm(entry.second.pos + Pos(0, dj)));
    set<Pos> claimed;
    for (int c = begin(me()); c < end(me()); ++c) {
      const Car& car = this->car(c);
      if (not car.alive) continue;
      if (car.nb_miss > 0) {
        bool target = false;
        for (int dj = 3; dj <= 8 and not target; ++dj) {
          Cell x = cell(car.pos + Pos(0, dj));
          if (x.type == CAR and player_of(x.cid) != me()) target = true;
          if (x.type != EMPTY) break;
        }
        Pos ahead = norm(car.pos + DEFAULT);
        if (target and cell(ahead).type == EMPTY and not danger.count(ahead)) {
          shoot(c);
          claimed.insert(ahead);
          continue;
        }
      }
      Dir best = DEFAULT;
      double best_value = -1e9;
      bool found = false;
      for (const Dir& d : all_dirs) {
        Pos dest = norm(car.pos + d);
        if (not within_window(dest, next) or claimed.count(dest)) continue;
        double value = 0;
        bool fatal = danger.count(dest) > 0;
        for (const Dir& step : dir2all.at(d)) {
          Pos q = car.pos + step;
          if (not within_universe(q)) {
            fatal = true;
            continue;
          }
          Cell x = cell(q);
          if (x.type == TYRE or x.type == CAR or x.type == MISSILE or danger.count(norm(q))) fatal = true;
          if (x.type == WATER_BONUS) value += 10;
          if (x.type == GAS_BONUS) value += car.gas < 25 ? 30 : 4;
          if (x.type == MISSILE_BONUS) value += car.nb_miss < 2 ? 8 : 2;
        }
        if (fatal) continue;
        int u = number_universe_columns();
        int lead = ((second(dest) - next) % u + u) % u;
        value += min(lead, 12) * 0.2;
        for (int dj = 1; dj <= 2; ++dj)
          if (cell(dest + Pos(0, dj)).type == TYRE) value -= 2;
        if (value > best_value) {
          best_value = value;
          best = d;
          found = true;
        }
      }
      if (found) {
        claimed.insert(norm(car.pos + best));
        move(c, best);
      }
    }
  }

  Pos norm(Pos p) const {
    int u = number_universe_columns();
    return Pos(first(p), ((second(p) % u) + u) % u);
  }
};

RegisterPlayer(PLAYER_NAME);
