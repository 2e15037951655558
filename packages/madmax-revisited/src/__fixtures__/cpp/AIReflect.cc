// A test player: calls every function of the Mad Max Revisited player API each round and writes
// what it sees, as one JSON line per round, to $ARENA_REFLECT_OUT.<me> (the shape of the engine's
// JSON view, plus the settings, the queries and its own random draws). It drives its cars with
// the direction constants, shoots now and then, and gives instructions the original refuses or
// drops (another player's car, an invalid direction, a second instruction for a car).
#include <fstream>

#include "Player.hh"

#define PLAYER_NAME Reflect

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  ofstream out;

  static string b(bool x) { return x ? "true" : "false"; }

  virtual void play() {
    if (not out.is_open()) {
      const char* path = getenv("ARENA_REFLECT_OUT");
      out.open(string(path ? path : "/dev/null") + "." + to_string(me()));
    }
    int rows = number_rows(), cols = number_universe_columns();
    ostringstream o;
    o << "{\"round\":" << round() << ",\"me\":" << me() << ",\"map\":[";
    map<CType, int> counts;
    string cells;
    for (int i = 0; i < rows; ++i) {
      o << (i ? ",\"" : "\"");
      for (int j = 0; j < cols; ++j) {
        // Columns wrap: (i, j + U) and (i, j − U) are the same cell.
        Cell c = j % 3 == 0 ? cell(i, j) : j % 3 == 1 ? cell(Pos(i, j + cols)) : cell(Pos(i, j - cols));
        ++counts[c.type];
        if (c.cid != -1 or c.mid != -1)
          cells += string(cells.empty() ? "" : ",") + "[" + to_string(i) + "," + to_string(j) + "," +
                   to_string(c.type) + "," + to_string(c.cid) + "," + to_string(c.mid) + "]";
        o << (c.type == TYRE ? 'X' : c.type == WATER_BONUS ? 'W' : c.type == GAS_BONUS ? 'G'
              : c.type == MISSILE_BONUS ? 'M' : '.');
      }
      o << "\"";
    }
    o << "],\"cars\":[";
    for (int c = 0; c < number_cars(); ++c) {
      const Car& k = car(c);
      o << (c ? "," : "") << "{\"cid\":" << k.cid << ",\"player\":" << player_of(c)
        << ",\"row\":" << first(k.pos) << ",\"column\":" << second(k.pos) << ",\"nbMiss\":" << k.nb_miss
        << ",\"gas\":" << k.gas << ",\"alive\":" << b(k.alive) << ",\"time\":" << k.time << "}";
    }
    o << "],\"missiles\":[";
    bool comma = false;
    for (const auto& [mid, m] : missiles()) {  // a map from missile ids, as in the original
      o << (comma ? "," : "") << "{\"mid\":" << m.mid << ",\"cid\":" << m.cid << ",\"row\":" << m.pos.real()
        << ",\"column\":" << m.pos.imag() << "}";
      comma = true;
    }
    o << "],\"scores\":[";
    for (int pl = 0; pl < number_players(); ++pl) o << (pl ? "," : "") << score(pl);
    o << "],\"status\":[";
    for (int pl = 0; pl < number_players(); ++pl) o << (pl ? "," : "") << status(pl);
    o << "],\"cells\":[" << cells << "]" << ",\"counts\":[";
    for (int t = EMPTY; t <= GAS_BONUS; ++t) o << (t ? "," : "") << counts[CType(t)];
    o << "],\"settings\":[" << number_players() << "," << number_rounds() << "," << number_rows() << ","
      << number_universe_columns() << "," << number_window_columns() << "," << number_cars_per_player()
      << "," << number_rounds_to_regenerate() << "," << number_missile_bonuses() << ","
      << number_gas_bonuses() << "," << number_water_bonuses() << "," << bonus_missiles() << ","
      << bonus_gas() << "," << water_points() << "," << kill_points() << "," << initial_gas() << ","
      << number_cars() << "],\"queries\":[";
    // Window and ownership queries at a few fixed places.
    o << b(within_universe(Pos(0, -5))) << "," << b(within_universe(Pos(rows, 0))) << ","
      << b(within_universe(Pos(-1, 3))) << "," << b(within_window(Pos(3, round()), round())) << ","
      << b(within_window(Pos(3, round() - 1), round())) << ","
      << b(within_window(Pos(3, round() + number_window_columns() - 1), round())) << ","
      << b(within_window(Pos(3, round() + number_window_columns()), round())) << ","
      << b(within_window(Pos(3, round() + cols), round())) << "," << b(car_ok(-1)) << "," << b(car_ok(7))
      << "," << b(car_ok(8)) << "," << b(player_ok(3)) << "," << b(player_ok(4)) << "," << begin(me())
      << "," << end(me()) << "," << player_of(5) << "]";
    // The direction constants and dir2all, and positions as map keys.
    map<Pos, int> seen;
    int passed = 0;
    for (const Dir& d : all_dirs) {
      passed += int(dir2all.at(d).size());
      ++seen[d];
    }
    o << ",\"dirs\":[" << first(UP) << second(UP) << "," << first(FAST_DOWN) << second(FAST_DOWN) << ","
      << passed << "," << seen.size() << "," << second(dir2all.at(FAST_UP).back()) << "]";
    int draw = randomize();
    int ranged = randomize(0, 99);
    o << ",\"random\":[" << draw << "," << ranged << "]}";
    out << o.str() << endl;

    // Instructions: every car of mine forward (fast when the window allows it), a shot every 7
    // rounds, and instructions the original refuses or drops.
    for (int c = begin(me()); c < end(me()); ++c) {
      const Car& k = car(c);
      if (not k.alive) continue;
      if (round() % 7 == 3 and k.nb_miss > 0) {
        shoot(c);
      } else {
        Dir d = within_window(k.pos + FAST, round() + 1) ? FAST : DEFAULT;
        if (cell(k.pos + d).type == TYRE) d = within_window(k.pos + DOWN, round() + 1) ? DOWN : UP;
        move(c, d);
      }
      move(c, SLOW);  // a second instruction: dropped
    }
    move((begin(me()) + number_cars_per_player()) % number_cars(), FAST);  // not mine: refused
    move(begin(me()), Dir(2, 0));  // invalid: refused (or dropped)
  }
};

RegisterPlayer(PLAYER_NAME);
