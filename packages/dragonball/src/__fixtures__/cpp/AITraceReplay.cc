// A test player: replays, through the Action API, the actions of player me() recorded in a .res,
// converted by the test to lines `<round> <player> <m|t> <dir letter>` in the file
// $ARENA_TRACE_ORDERS. The test writes it under the recorded player's name.
#include <fstream>

#include "Player.hh"

#define PLAYER_NAME TraceReplay

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  bool loaded = false;
  map<int, pair<char, Dir>> actions;  // round -> this player's action

  virtual void play() {
    if (not loaded) {
      loaded = true;
      ifstream in(getenv("ARENA_TRACE_ORDERS"));
      assert(in.good());
      const string letters = "ntblr";
      int r, pl;
      char kind, letter;
      while (in >> r >> pl >> kind >> letter)
        if (pl == me()) actions[r] = {kind, Dir(letters.find(letter))};
    }
    auto it = actions.find(round());
    if (it == actions.end()) return;
    if (it->second.first == 'm')
      move(it->second.second);
    else
      throw_kamehame(it->second.second);
  }
};

RegisterPlayer(PLAYER_NAME);
