// A test player: calls every function of the Mad Max player API each round and writes what it
// sees, as one JSON line per round, to $ARENA_REFLECT_OUT.<me> (the shape of the engine's JSON
// view, plus the settings, the per-player queries and its own random draws). It orders every unit
// it may move (Movement and plain commands, with duplicates that the original drops).
#include <fstream>

#include "Player.hh"

#define PLAYER_NAME Reflect

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  ofstream out;

  static string list(const vector<int>& v) {
    string s = "[";
    for (size_t k = 0; k < v.size(); ++k) s += (k ? "," : "") + to_string(v[k]);
    return s + "]";
  }

  virtual void play() {
    if (not out.is_open()) {
      const char* path = getenv("ARENA_REFLECT_OUT");
      out.open(string(path ? path : "/dev/null") + "." + to_string(me()));
    }
    ostringstream o;
    o << "{\"round\":" << round() << ",\"me\":" << me() << ",\"map\":[";
    int owners = 0;
    string ids;
    for (int i = 0; i < rows(); ++i) {
      o << (i ? ",\"" : "\"");
      for (int j = 0; j < cols(); ++j) {
        Cell c = (i + j) % 2 ? cell(i, j) : cell(Pos(i, j));
        if (c.owner != -1) ++owners;
        if (c.id != -1)
          ids += (ids.empty() ? "[" : ",[") + to_string(i) + "," + to_string(j) + "," + to_string(c.id) + "]";
        o << (c.type == City ? char('0' + c.owner) : ".RCWSX"[c.type]);
      }
      o << "\"";
    }
    o << "],\"units\":[";
    for (int id = 0; id < nb_units(); ++id) {
      Unit u = unit(id);
      o << (id ? "," : "") << "{\"id\":" << u.id << ",\"type\":\""
        << (u.type == Car ? "car" : "warrior") << "\",\"player\":" << u.player << ",\"i\":" << u.pos.i
        << ",\"j\":" << u.pos.j << ",\"food\":" << u.food << ",\"water\":" << u.water
        << ",\"canMove\":" << (can_move(id) ? "true" : "false") << "}";
    }
    vector<int> cities, scores;
    o << "],\"warriors\":[";
    for (int pl = 0; pl < nb_players(); ++pl) {
      cities.push_back(num_cities(pl));
      scores.push_back(total_score(pl));
      o << (pl ? "," : "") << list(warriors(pl));
    }
    o << "],\"cars\":[";
    for (int pl = 0; pl < nb_players(); ++pl) o << (pl ? "," : "") << list(cars(pl));
    o << "],\"numCities\":" << list(cities) << ",\"totalScore\":" << list(scores) << ",\"status\":[";
    for (int pl = 0; pl < nb_players(); ++pl) o << (pl ? "," : "") << status(pl);
    o << "],\"nbUnits\":" << nb_units() << ",\"owners\":" << owners << ",\"ids\":[" << ids << "],\"checks\":[" << player_ok(-1) << "," << player_ok(0) << ","
      << player_ok(nb_players()) << "," << pos_ok(-1, 0) << "," << pos_ok(rows() - 1, cols() - 1)
      << "," << pos_ok(Pos(0, cols())) << "," << (Pos(5, 5) + TL == Pos(4, 4)) << ","
      << (Pos(5, 5) + Dir((BR + 4) % 8) == Pos(4, 4)) << "]";
    int r = random(0, 99);
    vector<int> perm = random_permutation(5);
    o << ",\"random\":" << r << ",\"perm\":" << list(perm) << ",\"version\":\"" << version()
      << "\",\"settings\":[" << nb_players() << "," << nb_rounds() << "," << nb_cities() << ","
      << nb_warriors() << "," << nb_cars() << "," << warriors_health() << "," << cars_fuel() << ","
      << damage() << "," << rows() << "," << cols() << "]}";
    out << o.str() << "\n" << flush;

    for (int id : warriors(me()))
      if (can_move(id)) {
        command(Movement(id, Dir((id + round()) % 9)));
        command(id, Top);
      }
    for (int id : cars(me()))
      if (can_move(id)) command(id, Dir((id * 7 + round()) % 8));
  }
};

RegisterPlayer(PLAYER_NAME);
