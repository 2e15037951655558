// arena compatibility kit for Mad Max: the adapter main. It reads the settings once and, every
// round, the state in the original .res format, fills the player's Settings/State, calls play()
// and writes the movements back (see @arena/core's arena-io.hh).
// arena-io.hh first: the kit defines macros (`_my_assert`, `_unreachable`, …) that the system
// headers must not see.
#include "arena-io.hh"
#include "Player.hh"

static const char* const PARAMETERS[] = {"nb_players",      "nb_rounds", "nb_cities", "nb_warriors",
                                         "nb_cars",         "warriors_health", "cars_fuel",
                                         "damage",          "rows",      "cols"};

struct ArenaAdapter {
  Player* player;
  double budget_ms = 0;
  /** The map's letters at the previous turn (row after row). */
  string board;
  /** Cells given a unit at the previous turn. */
  vector<int> touched;

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
    // The map as the previous turn left it: only the rows whose letters changed are written
    // again, and the cells given a unit then are cleared of it (the containers keep their
    // capacity: no allocation per round).
    size_t cells_count = size_t(rows) * cols;
    if (s.grid_.size() != cells_count or board.size() != cells_count) {
      s.grid_.assign(cells_count, Cell());
      board.assign(cells_count, '\0');
      touched.clear();
    }
    for (int cell : touched) s.grid_[cell].id = -1;
    touched.clear();
    arena::Tokens t(text);
    for (int i = 0; i < rows; ++i) {
      t.more();
      const char* row = t.p;
      char* seen = &board[size_t(i) * cols];
      if (memcmp(row, seen, cols) != 0) {
        memcpy(seen, row, cols);
        Cell* cells = &s.grid_[size_t(i) * cols];
        for (int j = 0; j < cols; ++j) {
          char ch = row[j];
          CellType type = Desert;
          int owner = -1;
          switch (ch) {
            case 'R': type = Road; break;
            case 'W': type = Water; break;
            case 'S': type = Station; break;
            case 'X': type = Wall; break;
            default:
              if (ch >= '0' and ch <= '9') {
                type = City;
                owner = ch - '0';
              }
              break;
          }
          cells[j] = Cell(type, owner, -1);
        }
      }
      t.p += cols;
    }
    t.pass();  // round
    s.round_ = int(t.integer());
    s.num_cities_.assign(n, 0);
    s.total_score_.assign(n, 0);
    s.status_.assign(n, 0);
    t.pass();
    for (int p = 0; p < n; ++p) s.num_cities_[p] = int(t.integer());
    t.pass();
    for (int p = 0; p < n; ++p) s.total_score_[p] = int(t.integer());
    t.pass();
    for (int p = 0; p < n; ++p) s.status_[p] = t.real();
    s.units_.clear();
    s.warriors_.resize(n);
    s.cars_.resize(n);
    for (vector<int>& list : s.warriors_) list.clear();
    for (vector<int>& list : s.cars_) list.clear();
    while (t.more()) {
      bool car = *t.p == 'c';
      t.pass();
      Unit u;
      u.type = car ? Car : Warrior;
      u.id = int(s.units_.size());
      u.player = int(t.integer());
      u.pos.i = int(t.integer());
      u.pos.j = int(t.integer());
      u.food = int(t.integer());
      u.water = int(t.integer());
      if (settings.pos_ok(u.pos)) {
        touched.push_back(u.pos.i * cols + u.pos.j);
        s.grid_[u.pos.i * cols + u.pos.j].id = u.id;
      }
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
