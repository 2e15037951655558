// arena compatibility kit for Bola de Drac: the adapter main. It reads the settings once and,
// every round, the state in the original .res format, fills the player's Board, calls play() and
// writes the action back (see @arena/core's arena-io.hh).
//
// Random streams: under the 2012 rules the players share the engine's MINSTD stream (randomize(),
// its state the original's global `rnd_seed`)
// and the C library's rand(), which the engine uses for its per-round player order; arena sends
// both states with each turn and takes them back with the action, so a player's draws are
// interleaved with the engine's exactly as in the original. rand() and srand() are therefore
// defined here, as glibc's (engine notes §6.2), so that their state can be handed over; a
// player's std::random_shuffle uses them too. Under the 2015 rules the player's randomize() is its
// own generator (seed + me + 1) and rand() its own glibc stream.
#include <cstdint>

// arena-io.hh first: the kit defines macros (`check`, `implies`, …) that the system headers must
// not see.
#include "arena-io.hh"
#include "Player.hh"

namespace arena {
/** glibc's rand() (TYPE_3): the last 34 values and the count of values produced. */
struct GlibcRand {
  int32_t r[34];
  long long i = 34;

  void seed(unsigned s) {
    int32_t word = int32_t(s == 0 ? 1 : s);
    r[0] = word;
    for (int k = 1; k < 31; ++k) {
      int32_t hi = r[k - 1] / 127773, lo = r[k - 1] % 127773;
      int32_t w = 16807 * lo - 2836 * hi;
      if (w < 0) w += 2147483647;
      r[k] = w;
    }
    for (int k = 31; k < 34; ++k) r[k] = r[k - 31];
    i = 34;
    for (int k = 34; k < 344; ++k) step();
  }
  uint32_t step() {
    uint32_t v = uint32_t(r[(i - 31) % 34]) + uint32_t(r[(i - 3) % 34]);
    r[i % 34] = int32_t(v);
    ++i;
    return v;
  }
};
inline GlibcRand c_rand = [] {
  GlibcRand g;
  g.seed(1);  // the C library's state before any srand()
  return g;
}();
}  // namespace arena

// glibc declares rand() and srand() `noexcept` (its __THROW); WebAssembly's C library (WASI) does
// not: each definition follows its library's declaration.
#ifdef __wasi__
#define ARENA_LIBC_NOEXCEPT
#else
#define ARENA_LIBC_NOEXCEPT noexcept
#endif
extern "C" int rand() ARENA_LIBC_NOEXCEPT { return int(arena::c_rand.step() >> 1); }
extern "C" void srand(unsigned seed) ARENA_LIBC_NOEXCEPT { arena::c_rand.seed(seed); }

static const char* const PARAMETERS[] = {
    "nb_players",     "nb_rounds",        "nb_capsules",      "nb_balls",     "nb_beans",
    "nb_kintons",     "goku_regen_time",  "bean_regen_time",  "kinton_regen_time",
    "kinton_life_time", "max_strength",   "res_strength",     "moving_penalty",
    "kamehame_penalty", "combat_penalty", "rows",             "cols"};

static const char* const GOKU_TYPES[] = {"normal", "on_kinton", "with_ball", "on_kinton_with_ball"};

struct ArenaAdapter {
  Player* player;
  double budget_ms = 0;
  bool shared = false;  // the 2012 rules: randomize() and rand() are the engine's streams
  // Under the 2015 rules, this seat's own randomize() and rand() streams: the globals hold them
  // while it plays (copies of a player served by one process each keep their own).
  long own_minstd = 1;
  arena::GlibcRand own_rand = arena::c_rand;

  /** After `player`, `seed` and `budget`: `variant V`, then the .res preamble (until `names`). */
  void start(const arena::Start& head, arena::Tokens& t) {
    budget_ms = head.budget_ms;
    t.word();
    shared = t.word() == "2012";
    player->me_ = head.me;
    if (not shared) {
      srandomize(int(head.seed + head.me + 1));
      own_minstd = rnd_seed;
    }
    Board& b = *player;
    arena::read_parameters(t, PARAMETERS, b.p_);
    b.names_.clear();
    for (int p = 0; p < b.nb_players(); ++p) b.names_.push_back(t.word());
  }

  /**
   * The round's state as this process last read it: the seats of one request see the same state
   * block, read once (into here) and copied into each seat's Board (same sizes every round: no
   * allocation).
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
    b.gokus_ = parsed.gokus_;
    b.beans_ = parsed.beans_;
    b.kintons_ = parsed.kintons_;
    b.status_ = parsed.status_;
    arena::own_status(b.status_[player->me()], budget_ms);
  }

  /**
   * One state block of the .res (engine notes §1.4) into `parsed` (with the settings of `seat`),
   * then the shared streams under 2012 (not read by the later seats of a request: they go on from
   * the seat that played just before, as in the engine).
   */
  void read(const string& text, const Board& seat) {
    Board& b = parsed;
    std::copy(std::begin(seat.p_), std::end(seat.p_), std::begin(b.p_));
    int rows = b.rows(), cols = b.cols(), n = b.nb_players();
    arena::Tokens t(text);
    t.word();  // round
    b.round_ = int(t.integer());
    b.cells_.assign(size_t(rows) * cols, Cell());
    for (int i = 0; i < rows; ++i) {
      t.more();
      const char* row = t.p;
      for (int j = 0; j < cols; ++j) {
        Cell& c = b.cells_[size_t(i) * cols + j];
        c.pos = Pos(i, j);
        switch (row[j]) {
          case 'X': c.type = Rock; break;
          case 'C': c.type = Capsule; break;
          case 'B': c.type = Ball; break;
          default: c.type = Empty; break;
        }
      }
      t.p += cols;
    }
    auto items = [&](auto& list, int count, CType type) {
      t.word();  // beans / kintons
      list.resize(count);
      for (auto& item : list) {
        int i = int(t.integer());
        int j = int(t.integer());
        item.pos = Pos(i, j);
        item.present = t.word() == "y";
        item.time = int(t.integer());
        Cell& c = b.cells_[size_t(i) * cols + j];
        if (item.present and c.type == Empty) c.type = type;
      }
    };
    items(b.beans_, b.nb_beans(), Bean);
    items(b.kintons_, b.nb_kintons(), Kinton);
    // A present bean wins over a present kinton on the same cell, as the engine's view.
    for (const Magic_Bean& bean : b.beans_)
      if (bean.present and b.cells_[size_t(bean.pos.i) * cols + bean.pos.j].type == Kinton)
        b.cells_[size_t(bean.pos.i) * cols + bean.pos.j].type = Bean;
    b.gokus_.assign(n, Goku());
    b.status_.assign(n, 0);
    for (int id = 0; id < n; ++id) {
      Goku& g = b.gokus_[id];
      g.id = id;
      string type = t.word();
      for (int k = 0; k < 4; ++k)
        if (type == GOKU_TYPES[k]) g.type = GType(k);
      int i = int(t.integer());
      int j = int(t.integer());
      g.pos = Pos(i, j);
      g.time = int(t.integer());
      g.alive = t.word() == "a";
      g.balls = int(t.integer());
      g.strength = int(t.integer());
      g.kinton = int(t.integer());
      b.status_[id] = t.real();
      if (g.alive) b.cells_[size_t(i) * cols + j].id = id;
    }
    if (shared) {
      t.word();  // random
      rnd_seed = long(t.integer());
      arena::c_rand.i = t.integer();
      for (int k = 0; k < 34; ++k) arena::c_rand.r[k] = int32_t(t.integer());
    }
  }

  /** A turn: the state, play(), the reply with the action; under 2012 the shared streams' states. */
  string turn(const string& text, bool continued) {
    state(text, continued);
    Action& a = *player;
    a.clear();
    if (not shared) {
      rnd_seed = own_minstd;
      arena::c_rand = own_rand;
    }
    player->play();
    if (not shared) {
      own_minstd = rnd_seed;
      own_rand = arena::c_rand;
    }
    string reply = arena::reply_head(a.line_.empty() ? 0 : 1, a.offered_);
    if (shared) {
      reply += " " + to_string(rnd_seed) + " " + to_string(arena::c_rand.i);
      for (int k = 0; k < 34; ++k) reply += " " + to_string(arena::c_rand.r[k]);
    }
    reply += "\n";
    reply += a.line_;
    return reply;
  }
};

int main(int argc, char** argv) { return arena::serve<ArenaAdapter>(argc, argv); }
