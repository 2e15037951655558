// arena compatibility kit for Money Heist: the adapter main. It reads the settings once and, every
// round, the state in the original .res format, fills the player's Settings/State, calls play()
// and writes the orders back (see @arena/core's arena-io.hh).
// arena-io.hh first: the kit defines macros (`_my_assert`, `_unreachable`, …) that the system
// headers must not see.
#include "arena-io.hh"
#include "Player.hh"

static const char* const PARAMETERS[] = {
    "NUM_PLAYERS", "NUM_ROUNDS", "BOARD_ROWS", "BOARD_COLS", "INITIAL_SOLDIERS_PER_CLAN",
    "INITIAL_SOLDIERS_POISONS", "SOLDIER_MAX_POISONS", "POINTS_FOR_KILLING_SOLDIER",
    "PROFESSOR_MAX_HEALTH", "INITIAL_PROFESSOR_HEALTH", "PROFESSOR_HEALTH_DECREASE",
    "POINTS_FOR_KILLING_PROFESSOR", "PROFESSOR_ROUNDS_REBIRTH", "NUM_MONEY", "MIN_MONEY_VALUE",
    "MAX_MONEY_VALUE", "NUM_HEALTH_KITS", "HEALTH_KIT_VALUE", "NUM_POISON_KITS",
    "POISON_KIT_VALUE", "NUM_SAFETY_BOXES", "GOLD_VALUE", "SIZE_HINTS_PER_BOX"};

struct ArenaAdapter {
  Player* player;
  double budget_ms = 0;
  /** The board's letters at the previous turn (row after row, without labels). */
  string board;
  /** Cells given a unit, money or a safe's door at the previous turn. */
  vector<int> touched;

  /** Cell `cell` of the player's grid, remembered as touched this turn. */
  Cell& mark(int cell) {
    touched.push_back(cell);
    State& s = *player;
    return s.grid_[cell];
  }

  /** After `player`, `seed` and `budget`: the .res preamble (parameter lines until `names`). */
  void start(const arena::Start& head, arena::Tokens& t) {
    budget_ms = head.budget_ms;
    player->me_ = head.me;
    player->set_random_seed(int(head.seed + head.me + 1));
    Settings& s = *player;
    arena::read_parameters(t, PARAMETERS, s.p_);
  }

  /** One state block of the .res (engine notes §5.5). */
  void state(const string& text) {
    State& s = *player;
    const Settings& settings = *player;
    int rows = settings.board_rows(), cols = settings.board_cols(), n = settings.num_players();
    s.rows_ = rows;
    s.cols_ = cols;
    // The board as the previous turn left it: only the cells whose letters changed are written
    // again, and the cells given a unit, money or a safe's door then are cleared of it (the
    // containers keep their capacity: no allocation per round).
    size_t cells_count = size_t(rows) * cols;
    if (s.grid_.size() != cells_count or board.size() != cells_count) {
      s.grid_.assign(cells_count, Cell());
      board.assign(cells_count, '\0');
      touched.clear();
    }
    for (int cell : touched) {
      Cell& c = s.grid_[cell];
      c.id = -1;
      c.money = 0;
      c.box = -1;
    }
    touched.clear();
    arena::Tokens t(text);
    t.skip(2);  // the column labels
    for (int i = 0; i < rows; ++i) {
      t.pass();  // the row label
      t.more();
      const char* row = t.p;
      char* seen = &board[size_t(i) * cols];
      if (memcmp(row, seen, cols) != 0) {
        // Only the cells whose letter changed (a unit's digit or a kit moves a few a row): what
        // a letter says of a cell; its unit, money and door come below.
        Cell* cells = &s.grid_[size_t(i) * cols];
        for (int j = 0; j < cols; ++j) {
          char c = row[j];
          if (c == seen[j]) continue;
          seen[j] = c;
          Cell& cell = cells[j];
          cell.type = c == 'W' ? Wall : Corridor;
          cell.health_kit = c == 'H';
          cell.poison_kit = c == 'P';
          cell.gold = c == 'G';
        }
      }
      t.p += cols;
    }
    t.pass();  // units
    int count = int(t.integer());
    t.skip(8);  // the header
    s.units_.resize(count);
    s.soldiers_.resize(n);
    for (vector<int>& list : s.soldiers_) list.clear();
    s.professors_.assign(n, -1);
    for (int k = 0; k < count; ++k) {
      t.more();
      bool professor = t.p < t.end and *t.p == 'p';
      t.pass();
      Unit& u = s.units_[k];
      u.type = professor ? Professor : Soldier;
      u.id = int(t.integer());
      u.player = int(t.integer());
      u.pos.i = int(t.integer());
      u.pos.j = int(t.integer());
      u.health = int(t.integer());
      u.poison = int(t.integer());
      u.rounds_for_reborn = int(t.integer());
      if (u.is_alive() and settings.pos_ok(u.pos)) mark(u.pos.i * cols + u.pos.j).id = u.id;
      if (u.player >= 0 and u.player < n) {
        if (u.type == Soldier) s.soldiers_[u.player].push_back(u.id);
        else s.professors_[u.player] = u.id;
      }
    }
    t.pass();  // money
    count = int(t.integer());
    t.skip(3);
    for (int k = 0; k < count; ++k) {
      int i = int(t.integer()), j = int(t.integer());
      int amount = int(t.integer());
      if (settings.pos_ok(i, j)) mark(i * cols + j).money = amount;
    }
    t.pass();  // safety_box_hints
    count = int(t.integer());
    s.hints_.resize(count);
    for (int k = 0; k < count; ++k) {
      int size = int(t.integer());
      int i = int(t.integer()), j = int(t.integer());
      if (settings.pos_ok(i, j)) mark(i * cols + j).box = k;
      s.hints_[k].resize(size);
      for (int h = 0; h < size; ++h) s.hints_[k][h] = int(t.integer());
    }
    t.pass();  // round
    s.round_ = int(t.integer());
    s.score_.assign(n, 0);
    s.health_.assign(n, 0);
    s.poison_.assign(n, 0);
    s.status_.assign(n, 0);
    vector<int>* lists[] = {&s.score_, &s.health_, &s.poison_};
    for (vector<int>* list : lists) {
      t.pass();
      for (int p = 0; p < n; ++p) (*list)[p] = int(t.integer());
    }
    t.pass();  // status
    for (int p = 0; p < n; ++p) s.status_[p] = t.real();
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
