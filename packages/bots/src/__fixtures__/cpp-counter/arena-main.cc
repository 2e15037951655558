// The test kit's adapter on core's arena-io.hh: frames `round <r>\nstream <s>\nscores <n> <s…>`
// in, `orders <kept> <offered> <cpu µs> stream <s>` and the kept order lines out.
#include "Player.hh"
#include "arena-io.hh"

// The stream after the last seat that played: the next seat of the same turn request goes on
// from it (the seats of a request share the engine's stream in turn).
static unsigned last_stream = 0;

struct ArenaAdapter {
  Player* player;

  void start(const arena::Start& head, arena::Tokens&) { player->me_ = head.me; }

  string turn(const string& text, bool continued) {
    arena::Tokens t(text);
    t.word();
    player->round_ = int(t.integer());
    t.word();
    player->stream_ = unsigned(t.integer());
    if (continued) player->stream_ = last_stream;
    t.word();
    player->scores_.assign(int(t.integer()), 0);
    for (int& score : player->scores_) score = int(t.integer());
    player->kept_ = player->offered_ = 0;
    player->units_.clear();
    player->lines_.clear();
    player->play();
    last_stream = player->stream_;
    return arena::reply_head(player->kept_, player->offered_) + " stream " +
           to_string(player->stream_) + "\n" + player->lines_;
  }
};

int main(int argc, char** argv) { return arena::serve<ArenaAdapter>(argc, argv); }
