// A test player: calls every function of the Bola de Drac player API each round and writes what
// it sees, as one JSON line per round, to $ARENA_REFLECT_OUT.<me> (the shape of the engine's JSON
// view, plus the settings, the queries and its own random draws). It walks towards free cells
// with Pos + Dir and asks for a second action that the original ignores.
#include <fstream>

#include "Player.hh"

#define PLAYER_NAME Reflect

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  ofstream out;

  static string b(bool x) { return x ? "true" : "false"; }
  static string pos(const Pos& p) { return "{\"i\":" + to_string(p.i) + ",\"j\":" + to_string(p.j) + "}"; }
  template <typename T>
  static string items(const vector<T>& list) {
    string s = "[";
    for (size_t k = 0; k < list.size(); ++k)
      s += string(k ? "," : "") + "{\"pos\":" + pos(list[k].pos) + ",\"present\":" + b(list[k].present) +
           ",\"time\":" + to_string(list[k].time) + "}";
    return s + "]";
  }

  virtual void play() {
    if (not out.is_open()) {
      const char* path = getenv("ARENA_REFLECT_OUT");
      out.open(string(path ? path : "/dev/null") + "." + to_string(me()));
    }
    static const char* const GTYPES[] = {"Normal", "On_Kinton", "With_Ball", "On_Kinton_With_Ball"};
    ostringstream o;
    o << "{\"round\":" << round() << ",\"me\":" << me() << ",\"map\":[";
    int counts[6] = {};
    string ids;
    for (int i = 0; i < rows(); ++i) {
      o << (i ? ",\"" : "\"");
      for (int j = 0; j < cols(); ++j) {
        Cell c = (i + j) % 2 ? cell(i, j) : cell(Pos(i, j));
        assert(c.pos == Pos(i, j));
        ++counts[c.type];
        if (c.id != -1) ids += string(ids.empty() ? "" : ",") + "[" + to_string(i) + "," + to_string(j) + "," + to_string(c.id) + "]";
        o << (c.type == Rock ? 'X' : c.type == Capsule ? 'C' : c.type == Ball ? 'B' : '.');
      }
      o << "\"";
    }
    o << "],\"beans\":" << items(beans()) << ",\"kintons\":" << items(kintons()) << ",\"gokus\":[";
    for (int id = 0; id < nb_players(); ++id) {
      const Goku& g = goku(id);
      o << (id ? "," : "") << "{\"id\":" << g.id << ",\"pos\":" << pos(g.pos) << ",\"type\":\"" << GTYPES[g.type]
        << "\",\"balls\":" << g.balls << ",\"strength\":" << g.strength << ",\"kinton\":" << g.kinton
        << ",\"alive\":" << b(g.alive) << ",\"time\":" << g.time << "}";
    }
    o << "],\"scores\":[";
    for (int id = 0; id < nb_players(); ++id) o << (id ? "," : "") << score(id);
    o << "],\"counts\":[";
    for (int t = 0; t < 6; ++t) o << (t ? "," : "") << counts[t];
    o << "],\"ids\":[" << ids << "],\"players\":[";
    for (int id = 0; id < nb_players(); ++id) {
      const Goku& g = goku(id);
      o << (id ? "," : "") << "[\"" << name(id) << "\"," << balls(id) << "," << strength(id) << ","
        << status(id) << "," << b(has_kinton(g.type)) << "," << b(has_ball(g.type)) << "]";
    }
    o << "],\"settings\":[" << nb_players() << "," << nb_rounds() << "," << nb_capsules() << "," << nb_balls()
      << "," << nb_beans() << "," << nb_kintons() << "," << goku_regen_time() << "," << bean_regen_time()
      << "," << kinton_regen_time() << "," << kinton_life_time() << "," << max_strength() << ","
      << res_strength() << "," << moving_penalty() << "," << kamehame_penalty() << "," << combat_penalty()
      << "," << rows() << "," << cols() << "],\"queries\":[";
    Pos corner(0, 0);
    o << b(player_ok(3)) << "," << b(player_ok(4)) << "," << b(pos_ok(0, 0)) << "," << b(pos_ok(corner, Top))
      << "," << b(pos_ok(rows() - 1, cols() - 1, Right)) << "," << b(pos_ok(Pos(rows(), 0))) << ","
      << b(pos_ok(corner + Bottom + Right)) << "," << pos(dest(Pos(3, 4), Left)) << "]";
    int draw = randomize();
    int c_draw = rand();
    o << ",\"random\":[" << draw << "," << c_draw << "]}";
    out << o.str() << endl;

    // Walk to a free neighbour (the first in Top, Bottom, Left, Right order), then a second action.
    Pos p = goku(me()).pos;
    for (Dir d : {Top, Bottom, Left, Right}) {
      Pos q = p + d;
      if (pos_ok(q) and cell(q).type != Rock) {
        move(d);
        break;
      }
    }
    throw_kamehame(Left);  // a second action: ignored
  }
};

RegisterPlayer(PLAYER_NAME);
