// arena compatibility kit for Mad Max Revisited: the adapter main. It reads the settings once and,
// every round, the state in the original .res format, fills the player's Board, reseeds the
// player's generator as the original does, calls play() and writes the instructions back (see
// @arena/core's arena-io.hh).
// arena-io.hh first: the kit defines macros (`contains`, `my_assert`) that the system headers
// must not see.
#include "arena-io.hh"
#include "Player.hh"

static const char* const PARAMETERS[] = {
    "nb_players",      "nb_rnds",        "nb_rows",          "nb_uni_cols", "nb_win_cols",
    "nb_cars_x_player", "nb_rnds_regen", "nb_miss_bonuses",  "nb_gas_bonuses",
    "nb_water_bonuses", "bonus_miss",    "bonus_gas",        "water_pnts",  "kill_pnts",
    "init_gas"};

struct ArenaAdapter {
  Player* player;
  double budget_ms = 0;

  /** After `player`, `seed` and `budget`: the .res preamble (`key value` lines until `names`). */
  void start(const arena::Start& head, arena::Tokens& t) {
    budget_ms = head.budget_ms;
    player->me_ = head.me;
    // Player k's generator starts from seed + k (engine notes §6.2).
    player->srandomize(int(head.seed + head.me));
    Board& b = *player;
    arena::read_parameters(t, PARAMETERS, b.p_);
  }

  /**
   * The round's state as this process last read it: the seats of one request see the same state
   * block, read once (into here) and copied into each seat's Board.
   */
  static inline Board parsed;

  /**
   * The state block for this seat: read when `continued` is false (`read`), then copied into the
   * seat's Board, with its own status.
   */
  void state(const string& text, bool continued) {
    Board& b = *player;
    if (not continued) read(text, b);
    b.round_ = parsed.round_;
    b.cells_ = parsed.cells_;
    b.cars_ = parsed.cars_;
    b.missiles_ = parsed.missiles_;
    b.score_ = parsed.score_;
    b.status_ = parsed.status_;
    arena::own_status(b.status_[player->me()], budget_ms);
  }

  /** One state block of the .res (engine notes §4.4) into `parsed` (with the settings of `seat`). */
  void read(const string& text, const Board& seat) {
    Board& b = parsed;
    std::copy(std::begin(seat.p_), std::end(seat.p_), std::begin(b.p_));
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
      if (car.alive) b.cells_[size_t(i) * cols + j] = Cell{CAR, car.cid, -1};
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
      b.missiles_[mid] = Missile{mid, cid, Pos(i, j)};
      Cell& cell = b.cells_[size_t(i) * cols + j];
      if (cell.type != CAR) cell = Cell{MISSILE, -1, mid};
    }
    t.skip(1 + 3);  // players and its header
    b.score_.assign(n, 0);
    b.status_.assign(n, 0);
    for (int p = 0; p < n; ++p) {
      t.integer();
      b.score_[p] = int(t.integer());
      b.status_[p] = t.real();
    }
  }

  /** A turn: the state, play(), the reply with the kept orders. */
  string turn(const string& text, bool continued) {
    // The original draws the seed of this round from the player's generator, copies the board
    // into the player (its generator too) and reseeds the copy with that seed (engine notes §6.2).
    int seed = player->randomize();
    state(text, continued);
    player->srandomize(seed);
    Action& a = *player;
    a.clear();
    player->play();
    return arena::reply_head(a.kept_, a.offered_) + "\n" + a.lines_;
  }
};

int main(int argc, char** argv) { return arena::serve<ArenaAdapter>(argc, argv); }
