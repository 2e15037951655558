// A test player that draws from both random streams every round and lets the draws decide its
// action: randomize() and rand(), a few more randomize() calls, sometimes a random_shuffle (which
// calls rand()). The test plays the same logic in-process (drawBot in cpp.test.ts).
#include "Player.hh"

#define PLAYER_NAME Draw

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    int r = randomize();
    int x = rand();
    for (int k = 0; k < r % 3; ++k) randomize();
    Dir d;
    if (x % 4 == 0) {
      vector<int> v = {0, 1, 2, 3};
      random_shuffle(v.begin(), v.end());
      d = Dir(1 + v[0]);
    } else {
      d = Dir(1 + (r % 4 + x % 4) % 4);
    }
    if (r % 7 == 0)
      throw_kamehame(d);
    else
      move(d);
    move(None);  // a second action: ignored
  }
};

RegisterPlayer(PLAYER_NAME);
