// A test player written the way students write theirs: typedefs inside the class, positions as
// complex numbers (arithmetic, real()/imag(), first()/second()), map and set of Pos, dir2all[d],
// the direction constants, asserts, cerr, lambdas, no includes but Player.hh. It must compile
// unmodified and play without a fault.
#include "Player.hh"

#define PLAYER_NAME Idioms

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  typedef vector<int> VI;
  typedef pair<int, Dir> PID;
  const vector<Dir> dirs = {FAST, DEFAULT, UP, DOWN, FAST_UP, FAST_DOWN, SLOW};

  map<Pos, int> seen;  // memory between rounds
  set<Pos> tyres;

  virtual void play() {
    if (round() == 0) {
      for (int i = 0; i < number_rows(); ++i)
        for (int j = 0; j < number_universe_columns(); ++j)
          if (cell(i, j).type == TYRE) tyres.insert(Pos(i, j));
      cerr << "Idioms starts at " << car(begin(me())).pos << " with " << tyres.size() << " tyres" << endl;
    }
    auto safe = [&](const Pos& from, Dir d) {
      for (const Dir& step : dir2all[d]) {
        Pos q = from + step;
        if (not within_universe(q)) return false;
        CType t = cell(q).type;
        if (t == TYRE or t == CAR or t == MISSILE) return false;
      }
      return within_window(from + d, round() + 1);
    };
    for (int c = begin(me()); c != end(me()); ++c) {
      Car k = car(c);
      if (not k.alive) continue;
      ++seen[k.pos];
      assert(player_of(c) == me());
      vector<PID> options;
      for (Dir d : dirs)
        if (safe(k.pos, d)) options.push_back(PID(d.imag() * 10 - abs(d.real()), d));
      sort(options.begin(), options.end(), [](const PID& a, const PID& b) { return a.first > b.first; });
      if (not options.empty()) move(c, options[0].second);
      int r = randomize(0, 9);
      assert(r >= 0 and r <= 9);
      (void)first(k.pos);
      (void)second(k.pos);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
