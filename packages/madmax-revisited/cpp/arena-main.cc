// arena compatibility kit for Mad Max Revisited: the adapter main. It reads the settings once and,
// every round, the state in the original .res format, fills the player's Board, reseeds the
// player's generator as the original does, calls play() and writes the instructions back (see
// arena-io.hh).
#include "Player.hh"
#include "arena-io.hh"

static const char* const PARAMETERS[] = {
    "nb_players",      "nb_rnds",        "nb_rows",          "nb_uni_cols", "nb_win_cols",
    "nb_cars_x_player", "nb_rnds_regen", "nb_miss_bonuses",  "nb_gas_bonuses",
    "nb_water_bonuses", "bonus_miss",    "bonus_gas",        "water_pnts",  "kill_pnts",
    "init_gas"};

struct ArenaAdapter {
  Player* player;
  double budget_ms = 0;

  /** `player P`, `seed S`, `budget MS`, then the .res preamble (`key value` lines until `names`). */
  void start(const string& text) {
    arena::Tokens t(text);
    t.word();
    int me = int(t.integer());
    t.word();
    long seed = t.integer();
    t.word();
    budget_ms = double(t.integer());
    player->me_ = me;
    // Player k's generator starts from seed + k (engine notes §6.2).
    player->srandomize(int(seed + me));
    Board& b = *player;
    while (t.more()) {
      string key = t.word();
      if (key == "names") break;
      for (int k = 0; k < 15; ++k)
        if (key == PARAMETERS[k]) b.p_[k] = int(t.integer());
    }
  }

  /** One state block of the .res (engine notes §4.4). */
  void state(const string& text) {
    Board& b = *player;
    int rows = b.number_rows(), cols = b.number_universe_columns(), n = b.number_players();
    int cars = b.number_cars();
    arena::Tokens t(text);
    t.word();  // rnd
    b.round_ = int(t.integer());
    t.skip(2);  // the column labels
    b.cells_.assign(size_t(rows) * cols, Cell());
    for (int i = 0; i < rows; ++i) {
      t.word();  // the row label
      t.more();
      const char* row = t.p;
      for (int j = 0; j < cols; ++j) {
        CType type = EMPTY;
        switch (row[j]) {
          case 'X': type = TYRE; break;
          case 'W': type = WATER_BONUS; break;
          case 'G': type = GAS_BONUS; break;
          case 'M': type = MISSILE_BONUS; break;
          default: break;
        }
        b.cells_[size_t(i) * cols + j].type = type;
      }
      t.p += cols;
    }
    t.skip(1 + 7);  // cars and its header
    b.cars_.assign(cars, Car());
    for (int c = 0; c < cars; ++c) {
      Car& car = b.cars_[c];
      car.cid = int(t.integer());
      int i = int(t.integer());
      int j = int(t.integer());
      car.pos = Pos(i, j);
      car.nb_miss = int(t.integer());
      car.gas = int(t.integer());
      car.alive = t.word() == "y";
      car.time = int(t.integer());
      if (car.alive) b.cells_[size_t(i) * cols + j] = Cell(CAR, car.cid, -1);
    }
    t.word();  // missiles
    int count = int(t.integer());
    t.skip(4);
    b.missiles_.clear();
    for (int k = 0; k < count; ++k) {
      int mid = int(t.integer());
      int cid = int(t.integer());
      int i = int(t.integer());
      int j = int(t.integer());
      b.missiles_.push_back(Missile(mid, cid, Pos(i, j)));
      Cell& cell = b.cells_[size_t(i) * cols + j];
      if (cell.type != CAR) cell = Cell(MISSILE, -1, mid);
    }
    t.skip(1 + 3);  // players and its header
    b.score_.assign(n, 0);
    b.status_.assign(n, 0);
    for (int p = 0; p < n; ++p) {
      t.integer();
      b.score_[p] = int(t.integer());
      b.status_[p] = t.real();
    }
    int me = player->me();
    if (budget_ms > 0 and b.status_[me] >= 0) b.status_[me] = min(1.0, arena::cpu_ms() / budget_ms);
  }

  string turn() {
    Action& a = *player;
    a.clear();
    player->play();
    // The process's CPU time so far (µs) rides along, for arena's figures.
    string reply = "orders " + to_string(a.kept_) + " " + to_string(a.offered_) + " " +
                   to_string(static_cast<long long>(arena::cpu_ms() * 1000)) + "\n";
    reply += a.lines_;
    return reply;
  }
};

int main(int argc, char** argv) {
  if (argc > 1 and string(argv[1]) == "--name") {
    if (Registry::name() == nullptr) return 1;
    printf("%s\n", Registry::name());
    return 0;
  }
  arena::Channel channel;
  channel.open();
  string text;
  if (not channel.frame(text)) return 0;
  ArenaAdapter adapter;
  adapter.player = Registry::make();
  if (adapter.player == nullptr) {
    cerr << "arena: no player registered (RegisterPlayer(PLAYER_NAME); is missing)" << endl;
    return 1;
  }
  adapter.start(text);
  while (channel.frame(text)) {
    // The original draws the seed of this round from the player's generator, copies the board
    // into the player (its generator too) and reseeds the copy with that seed (engine notes §6.2).
    int seed = adapter.player->randomize();
    adapter.state(text);
    adapter.player->srandomize(seed);
    channel.write_all(adapter.turn());
  }
  return 0;
}
