// A test player: replays, through the Action API, the orders of player me() recorded in an order
// trace, converted by the test to lines `<round> <player> <kind> <unit> [<dir> [<n> <v…>]]` in the
// file $ARENA_TRACE_ORDERS. The test writes it under the recorded player's name.
#include <fstream>

#include "Player.hh"

#define PLAYER_NAME TraceReplay

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  bool loaded = false;
  map<int, vector<string>> orders;  // round -> order lines of this player

  static Dir dir(char letter) {
    switch (letter) {
      case 'd': return Down;
      case 'r': return Right;
      case 'u': return Up;
      default: return Left;
    }
  }

  virtual void play() {
    if (not loaded) {
      loaded = true;
      ifstream in(getenv("ARENA_TRACE_ORDERS"));
      assert(in.good());
      string line;
      while (getline(in, line)) {
        istringstream words(line);
        int r, pl;
        words >> r >> pl;
        if (pl == me()) orders[r].push_back(line);
      }
    }
    for (const string& line : orders[round()]) {
      istringstream words(line);
      int r, pl, id;
      char kind;
      words >> r >> pl >> kind >> id;
      if (kind == 'c') charge(id);
      else if (kind == 'h') heal(id);
      else {
        char letter;
        words >> letter;
        if (kind == 'm') move(id, dir(letter));
        else {
          int n;
          words >> n;
          vector<int> solution(n);
          for (int& v : solution) words >> v;
          open(id, solution, dir(letter));
        }
      }
    }
  }
};

RegisterPlayer(PLAYER_NAME);
