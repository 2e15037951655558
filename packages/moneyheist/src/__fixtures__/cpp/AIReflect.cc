// A test player: calls every function of the Money Heist player API each round and writes what it
// sees, as one JSON line per round, to $ARENA_REFLECT_OUT.<me> (the shape of the engine's JSON
// view, plus the settings, the per-player queries and its own random draws). Its orders exercise
// every Action (with duplicates, dropped as in the original).
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
    o << "{\"round\":" << round() << ",\"me\":" << me() << ",\"board\":[";
    int empty = 0;
    for (int i = 0; i < board_rows(); ++i) {
      o << (i ? ",\"" : "\"");
      for (int j = 0; j < board_cols(); ++j) {
        Cell c = (i + j) % 2 ? cell(i, j) : cell(Pos(i, j));
        if (c.is_empty()) ++empty;
        char ch = '.';
        if (c.type == Wall) ch = 'W';
        else if (c.id != -1) ch = unit(c.id).type == Professor ? 'X' : char('0' + unit(c.id).player);
        else if (c.health_kit) ch = 'H';
        else if (c.poison_kit) ch = 'P';
        else if (c.box != -1) ch = 'B';
        else if (c.gold) ch = 'G';
        else if (c.money > 0) ch = 'M';
        o << ch;
      }
      o << "\"";
    }
    o << "],\"units\":[";
    int alive = 0;
    for (int id = 0;; ++id) {
      if (id == num_players() * (1 + num_ini_soldiers_per_clan())) break;
      Unit u = unit(id);
      if (u.is_alive()) ++alive;
      o << (id ? "," : "") << "{\"id\":" << u.id << ",\"type\":\""
        << (u.type == Professor ? "professor" : "soldier") << "\",\"player\":" << u.player
        << ",\"i\":" << u.pos.i << ",\"j\":" << u.pos.j << ",\"health\":" << u.health
        << ",\"poison\":" << u.poison << ",\"roundsForReborn\":" << u.rounds_for_reborn << "}";
    }
    o << "],\"money\":[";
    bool first = true;
    for (int i = 0; i < board_rows(); ++i)
      for (int j = 0; j < board_cols(); ++j)
        if (cell(i, j).money > 0) {
          o << (first ? "" : ",") << "[" << i << "," << j << "," << cell(i, j).money << "]";
          first = false;
        }
    o << "],\"safes\":[";
    for (int b = 0; b < num_safety_boxes(); ++b) {
      Pos door(-1, -1), gold(-1, -1);
      for (int i = 0; i < board_rows(); ++i)
        for (int j = 0; j < board_cols(); ++j)
          if (cell(i, j).box == b) door = Pos(i, j);
      for (int d = 0; d < DirSize; ++d)
        if (pos_ok(door + Dir(d)) and cell(door + Dir(d)).gold) gold = door + Dir(d);
      o << (b ? "," : "") << "{\"id\":" << b << ",\"door\":[" << door.i << "," << door.j
        << "],\"gold\":[" << gold.i << "," << gold.j << "],\"hints\":" << list(safety_box_hints(b))
        << "}";
    }
    vector<int> score, health, poison, professors;
    vector<double> status;
    o << "],\"soldiers\":[";
    for (int pl = 0; pl < num_players(); ++pl) {
      score.push_back(this->score(pl));
      health.push_back(available_health(pl));
      poison.push_back(available_poison(pl));
      professors.push_back(professor(pl));
      status.push_back(this->status(pl));
      o << (pl ? "," : "") << list(soldiers(pl));
    }
    o << "],\"professors\":" << list(professors) << ",\"score\":" << list(score)
      << ",\"health\":" << list(health) << ",\"poison\":" << list(poison) << ",\"status\":[";
    for (int pl = 0; pl < num_players(); ++pl) o << (pl ? "," : "") << status[pl];
    o << "],\"empty\":" << empty << ",\"alive\":" << alive << ",\"checks\":[" << player_ok(-1)
      << "," << player_ok(0) << "," << player_ok(num_players()) << "," << pos_ok(-1, 0) << ","
      << pos_ok(board_rows() - 1, board_cols() - 1) << "," << pos_ok(Pos(0, board_cols())) << "]";
    int r = random(0, 99);
    vector<int> perm = random_permutation(5);
    o << ",\"random\":" << r << ",\"perm\":" << list(perm) << ",\"settings\":[";
    int values[] = {num_players(), num_rounds(), board_rows(), board_cols(),
                    num_ini_soldiers_per_clan(), soldier_ini_poisons(), soldier_max_poisons(),
                    points_for_killing_soldier(), professor_max_health(), professor_ini_health(),
                    professor_health_decrease(), points_for_killing_professor(),
                    professor_rounds_rebirth(), num_money(), min_money_value(), max_money_value(),
                    num_health_kits(), health_kit_value(), num_poison_kits(), poison_kit_value(),
                    num_safety_boxes(), gold_value(), size_hints_per_box()};
    for (int k = 0; k < 23; ++k) o << (k ? "," : "") << values[k];
    o << "]}";
    out << o.str() << "\n" << flush;

    // Orders: every kind of command, and a duplicate for each soldier (dropped, first wins).
    int prof = professor(me());
    if (unit(prof).is_alive()) {
      if (round() % 3 == 0) heal(prof);
      else if (round() % 3 == 1) open(prof, vector<int>(size_hints_per_box(), 0), Up);
      else move(prof, Dir((round() / 3) % 4));
    }
    for (int id : soldiers(me())) {
      if (unit(id).poison == 0) charge(id);
      move(id, Dir((id + round()) % 4));
      charge(id);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
