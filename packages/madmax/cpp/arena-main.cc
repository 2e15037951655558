// arena compatibility kit for Mad Max: the adapter main. It reads the settings once and, every
// round, the state in the original .res format, fills the player's Settings/State, calls play()
// and writes the movements back (see @arena/core's arena-io.hh).
#include "Player.hh"
#include "arena-io.hh"

static const char* const PARAMETERS[] = {"nb_players",      "nb_rounds", "nb_cities", "nb_warriors",
                                         "nb_cars",         "warriors_health", "cars_fuel",
                                         "damage",          "rows",      "cols"};

struct ArenaAdapter {
  Player* player;
  double budget_ms = 0;

  /** After `player`, `seed` and `budget`: the .res preamble (`key value` lines until `names`). */
  void start(const arena::Start& head, arena::Tokens& t) {
    budget_ms = head.budget_ms;
    player->me_ = head.me;
    player->set_random_seed(int(head.seed + head.me + 1));
    Settings& s = *player;
    arena::read_parameters(t, PARAMETERS, s.p_);
  }

  /** One state block of the .res (engine notes §3.7). */
  void state(const string& text) {
    State& s = *player;
    const Settings& settings = *player;
    int rows = settings.rows(), cols = settings.cols(), n = settings.nb_players();
    s.rows_ = rows;
    s.cols_ = cols;
    s.grid_.assign(size_t(rows) * cols, Cell());
    arena::Tokens t(text);
    for (int i = 0; i < rows; ++i) {
      t.more();
      const char* row = t.p;
      for (int j = 0; j < cols; ++j) {
        Cell& c = s.grid_[i * cols + j];
        char ch = row[j];
        switch (ch) {
          case 'R': c.type = Road; break;
          case 'W': c.type = Water; break;
          case 'S': c.type = Station; break;
          case 'X': c.type = Wall; break;
          default:
            if (ch >= '0' and ch <= '9') {
              c.type = City;
              c.owner = ch - '0';
            }
            break;
        }
      }
      t.p += cols;
    }
    t.word();  // round
    s.round_ = int(t.integer());
    s.num_cities_.assign(n, 0);
    s.total_score_.assign(n, 0);
    s.status_.assign(n, 0);
    t.word();
    for (int p = 0; p < n; ++p) s.num_cities_[p] = int(t.integer());
    t.word();
    for (int p = 0; p < n; ++p) s.total_score_[p] = int(t.integer());
    t.word();
    for (int p = 0; p < n; ++p) s.status_[p] = t.real();
    s.units_.clear();
    s.warriors_.assign(n, vector<int>());
    s.cars_.assign(n, vector<int>());
    while (t.more()) {
      string type = t.word();
      Unit u;
      u.type = type == "c" ? Car : Warrior;
      u.id = int(s.units_.size());
      u.player = int(t.integer());
      u.pos.i = int(t.integer());
      u.pos.j = int(t.integer());
      u.food = int(t.integer());
      u.water = int(t.integer());
      if (settings.pos_ok(u.pos)) s.grid_[u.pos.i * cols + u.pos.j].id = u.id;
      if (u.player >= 0 and u.player < n) (u.type == Car ? s.cars_ : s.warriors_)[u.player].push_back(u.id);
      s.units_.push_back(u);
    }
    arena::own_status(s.status_[player->me()], budget_ms);
  }

  /** A turn: the state, play(), the reply with the kept orders. */
  string turn(const string& text, bool /*continued*/) {
    state(text);
    Action& a = *player;
    a.clear();
    player->play();
    return arena::reply_head(a.kept_, a.offered_) + "\n" + a.lines_;
  }
};

int main(int argc, char** argv) { return arena::serve<ArenaAdapter>(argc, argv); }
