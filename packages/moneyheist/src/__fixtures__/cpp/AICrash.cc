// A test player that crashes in round 2: a failed assertion (SIGABRT) when $ARENA_CRASH is
// "assert", else a write through a null pointer (SIGSEGV). It says so on stderr first.
#include "Player.hh"

#define PLAYER_NAME Crash

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  int* nowhere = nullptr;
  virtual void play() {
    for (int id : soldiers(me())) move(id, Up);
    if (round() < 2) return;
    cerr << "about to crash in round " << round() << endl;
    const char* how = getenv("ARENA_CRASH");
    if (how != nullptr and string(how) == "assert") assert(round() < 2);
    *nowhere = round();
    cerr << "still alive: " << *nowhere << endl;
  }
};

RegisterPlayer(PLAYER_NAME);
