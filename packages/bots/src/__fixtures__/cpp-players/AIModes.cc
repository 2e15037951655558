// The C++ test players of cpp-bot.test.ts and one-cpu.test.ts in one source, so that the run
// compiles one player for them (≈ 0.7 s of g++ CPU each), not one per behaviour: the behaviour is
// chosen by the environment variable ARENA_TEST_PLAYER (the tests' `wrap`: `env
// ARENA_TEST_PLAYER=<mode> <player>`). Counter kit API.
#include <unistd.h>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include "Player.hh"
#include "arena-notes.hh"
#define PLAYER_NAME Modes
static int calls = 0;  // shared by every copy in the process, as in the original
struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    const char* env = getenv("ARENA_TEST_PLAYER");
    const std::string mode = env == nullptr ? "" : env;
    if (mode == "loud") {
      // More stderr in a turn than a pipe holds.
      for (int k = 0; k < 5000; ++k) cerr << "round " << round() << " line " << k << string(20, '.') << endl;
      add(0, 1);
    } else if (mode == "sleepy") {
      if (round() < 2) return;
      cerr << "about to sleep in round " << round() << endl;
      for (;;) sleep(60);
    } else if (mode == "chatty") {
      // Every round: a line on cerr and one through cout (both stderr), the round's text, a mark,
      // a unit's text and a line (arena-notes.hh); a colour that is not CSS at round 1.
      cerr << "seat " << me() << " round " << round() << endl;
      cout << "cout of seat " << me() << "\n";
      arena::log("round " + to_string(round()) + "\nsecond line");
      arena::annotate(me(), round(), "here", round() == 1 ? "not a colour" : "#d55e00");
      arena::annotate_unit(0, "unit zero");
      arena::annotate_line(0, 0, me(), round());
      add(0, 1);
    } else if (mode == "flood-notes") {
      // More annotations than a round keeps (16 KiB): the rest is dropped, and the note says so.
      for (int k = 0; k < 2000; ++k) arena::annotate(k, k, "a label of some length");
      add(0, 1);
    } else if (mode == "calls") {
      add(0, ++calls);
    } else if (mode == "crashes") {
      if (round() == 1 and me() == 2) {
        cerr << "seat 2 crashes in round 1" << endl;
        *(volatile int*)nullptr = 1;
      }
      add(0, 1);
    } else if (mode == "spin") {
      if (round() < 2) return;
      cerr << "spinning in round " << round() << endl;
      for (volatile unsigned long k = 0;; k++) {}
    } else {
      cerr << "unknown ARENA_TEST_PLAYER '" << mode << "'" << endl;
      exit(1);
    }
  }
};
RegisterPlayer(PLAYER_NAME);
