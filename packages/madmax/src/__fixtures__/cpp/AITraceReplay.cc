// A test player: replays, through the Action API, the movements of player me() recorded in an
// order trace, converted by the test to lines `<round> <player> <unit> <dir letter>` in the file
// $ARENA_TRACE_ORDERS. The test writes it under the recorded player's name.
#include <fstream>

#include "Player.hh"

#define PLAYER_NAME TraceReplay

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  bool loaded = false;
  map<int, vector<Movement>> orders;  // round -> movements of this player

  virtual void play() {
    if (not loaded) {
      loaded = true;
      ifstream in(getenv("ARENA_TRACE_ORDERS"));
      assert(in.good());
      const string letters = "bwrxtylzn";
      int r, pl, id;
      char letter;
      while (in >> r >> pl >> id >> letter)
        if (pl == me()) orders[r].push_back(Movement(id, Dir(letters.find(letter))));
    }
    for (const Movement& m : orders[round()]) command(m);
  }
};

RegisterPlayer(PLAYER_NAME);
