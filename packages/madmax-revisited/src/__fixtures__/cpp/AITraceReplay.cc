// A test player: replays, through the Action API, the instructions of player me() recorded in an
// order trace, converted by the test to lines `<round> <player> <car> m <di> <dj>` or
// `<round> <player> <car> s` in the file $ARENA_TRACE_ORDERS. The test writes it under the
// recorded player's name.
#include <fstream>

#include "Player.hh"

#define PLAYER_NAME TraceReplay

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  struct Instruction {
    int car;
    bool shoot;
    Dir dir;
  };
  bool loaded = false;
  map<int, vector<Instruction>> orders;  // round -> instructions of this player

  virtual void play() {
    if (not loaded) {
      loaded = true;
      ifstream in(getenv("ARENA_TRACE_ORDERS"));
      assert(in.good());
      string line;
      while (getline(in, line)) {
        istringstream words(line);
        int r, pl, car, di = 0, dj = 0;
        char kind;
        words >> r >> pl >> car >> kind;
        if (kind == 'm') words >> di >> dj;
        if (pl == me()) orders[r].push_back({car, kind == 's', Dir(di, dj)});
      }
    }
    for (const Instruction& o : orders[round()]) {
      if (o.shoot)
        shoot(o.car);
      else
        move(o.car, o.dir);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
