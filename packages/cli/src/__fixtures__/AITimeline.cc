// A Money Heist player for the viewer's timeline test (view.test.ts): every round it writes a line
// on cerr, annotates a cell and logs a text (arena::annotate, arena::log), moves its soldiers at
// random, and gives an order for another player's soldier (rejected: not-yours).
#include "Player.hh"

#define PLAYER_NAME Timeline

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  virtual void play() {
    vector<int> mine = soldiers(me());
    cerr << "round " << round() << ": " << mine.size() << " soldiers" << endl;
    arena::annotate(Pos(1, 1), "round " + to_string(round()), "#ff00ff");
    arena::log("plan of round " + to_string(round()));
    for (int id : mine) move(id, Dir(random(0, 3)));
    vector<int> theirs = soldiers((me() + 1) % 4);
    if (not theirs.empty()) move(theirs[0], Up);
  }
};

RegisterPlayer(PLAYER_NAME);
