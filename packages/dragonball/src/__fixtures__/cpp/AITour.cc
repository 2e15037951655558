// A kit tour (written for arena's tests): a player that uses every public name of the original
// Bola de Drac kit (2012) the way students' players do, and checks what each one means. A check
// that fails aborts the player (the test sees the fault); round 0 ends with "tour ok: <n> checks"
// on stderr. Its goku then walks toward the nearest ball (or capsule, with a ball), breadth first,
// and throws a Kame Hame at an aligned goku when strong enough.
#include "Player.hh"

#define PLAYER_NAME Tour

static int checks = 0;
#define EXPECT(condition)                                                     \
  do {                                                                        \
    ++checks;                                                                 \
    if (not(condition)) {                                                     \
      cerr << "tour failed at line " << __LINE__ << ": " #condition << endl;  \
      abort();                                                                \
    }                                                                         \
  } while (0)

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  void tour_utils() {
    EXPECT(maxint == numeric_limits<int>::max() and minint == numeric_limits<int>::min());
    EXPECT(infinite > 1e308 and -infinite < -1e308);
    EXPECT(s2i("42") == 42 and s2i("-7x") == -7 and i2s(-13) == "-13");
    vector<Pos> v(5);
    EXPECT(sze(v) == 5);
    _unused(v);
    bool t = true, f = false;
    EXPECT((f implies t) and (f implies f) and (t implies t) and not(t implies f));
    boolean b = true;
    EXPECT(bool(b));
    check(sze(v) == 5);
    int answer = 42;
    PRINT(answer);  // "answer: 42" on stderr
    EXPECT(RANDOMIZE_MODULUS == 2147483647 and RANDOMIZE_MULTIPLIER == 48271);
    EXPECT(RANDOMIZE_DEFAULT == 123456789 and RANDOMIZE_MAX == 2147483645);
    // The global stream: its state is rnd_seed (restored after, not to disturb the match).
    long saved = rnd_seed;
    srandomize(1);
    EXPECT(rnd_seed == 2 and randomize() == 96541);
    srandomize(-1);
    EXPECT(rnd_seed == 2);
    rnd_seed = saved;
    if (false) {
      BackTrace::print();
      myerr("never %d", 1);
      myerrx("never");
      myerror_at_line(1, 0, "f", 1, "never");
      _unreachable();
    }
  }

  void tour_types() {
    EXPECT(None == 0 and Top == 1 and Bottom == 2 and Left == 3 and Right == 4);
    EXPECT(d2c(None) == 'n' and d2c(Top) == 't' and d2c(Bottom) == 'b' and d2c(Left) == 'l');
    EXPECT(d2c(Right) == 'r' and c2d('l') == Left and c2d('b') == Bottom and c2d('?') == None);
    EXPECT(Undefined == 0 and Moving == 1 and Throwing == 2);
    EXPECT(a2c(Moving) == 'm' and a2c(Throwing) == 't' and a2c(Undefined) == 'u');
    EXPECT(c2a('t') == Throwing and c2a('m') == Moving and c2a('x') == Undefined);
    EXPECT(Empty == 0 and Rock == 1 and Capsule == 2 and Ball == 3 and Kinton == 4 and Bean == 5);
    EXPECT(Normal == 0 and On_Kinton == 1 and With_Ball == 2 and On_Kinton_With_Ball == 3);
    EXPECT(has_kinton(On_Kinton_With_Ball) and not has_kinton(With_Ball) and has_ball(With_Ball));
    EXPECT(jump_on_kinton(Normal) == On_Kinton and jump_on_kinton(With_Ball) == On_Kinton_With_Ball);
    EXPECT(take_ball(Normal) == With_Ball and take_ball(On_Kinton) == On_Kinton_With_Ball);
    Pos p(2, 3);
    p += Right;
    EXPECT(p == Pos(2, 4) and p + Top == Pos(1, 4) and Pos(1, 9) < p and p <= p and p >= p);
    EXPECT(Pos(3, 0) > p and p != Pos(0, 0) and (p + None) == p);
    ostringstream out;
    out << p << " " << Capsule << " " << On_Kinton;
    EXPECT(out.str() == "(2,4) Capsule On_Kinton");
    // Aggregates, as students build them.
    Cell c = {Pos(1, 1), Ball, -1};
    Goku g = {0, Pos(1, 1), Normal, 0, 100, 0, true, 0};
    Magic_Bean mb = {Pos(2, 2), true, 0};
    Kinton_Cloud kc = {Pos(3, 3), false, 7};
    EXPECT(c.type == Ball and g.strength == 100 and mb.present and kc.time == 7);
  }

  void tour_board() {
    EXPECT(player_ok(me()) and nb_players() == 4 and not player_ok(4));
    EXPECT(nb_rounds() > 0 and round() == 0 and nb_capsules() > 0 and nb_balls() > 0);
    EXPECT(nb_beans() == sze(beans()) and nb_kintons() == sze(kintons()));
    EXPECT(goku_regen_time() > 0 and bean_regen_time() > 0 and kinton_regen_time() > 0);
    EXPECT(kinton_life_time() > 0 and max_strength() > 0 and res_strength() > 0);
    EXPECT(moving_penalty() > 0 and kamehame_penalty() > 0 and combat_penalty() > 0);
    EXPECT(rows() > 2 and cols() > 2 and pos_ok(0, 0) and not pos_ok(-1, 0) and pos_ok(Pos(1, 1)));
    EXPECT(not pos_ok(0, 0, Top) and pos_ok(Pos(1, 1), Bottom) and dest(Pos(1, 1), Left) == Pos(1, 0));
    const Goku& mine = goku(me());
    EXPECT(mine.id == me() and cell(mine.pos).id == me() and cell(mine.pos.i, mine.pos.j).id == me());
    EXPECT(name(me()) != "" and balls(me()) == mine.balls and strength(me()) == mine.strength);
    EXPECT(score(me()) == balls(me()) * (max_strength() + 1) + strength(me()));
    EXPECT(status(me()) >= 0 and status(me()) <= 1);
    const Board& board = *this;
    EXPECT(board.status(me()) == status(me()));
    int rock = 0;
    for (int j = 0; j < cols(); ++j) rock += cell(0, j).type == Rock;
    EXPECT(rock == cols());
  }

  // The first step of a shortest path to a cell of type t, None if none.
  Dir toward(CType t) {
    Pos from = goku(me()).pos;
    vector<vector<int>> dist(rows(), vector<int>(cols(), maxint));
    vector<vector<Dir>> first_step(rows(), vector<Dir>(cols(), None));
    queue<Pos> q;
    dist[from.i][from.j] = 0;
    q.push(from);
    while (not q.empty()) {
      Pos u = q.front();
      q.pop();
      if (cell(u).type == t) return first_step[u.i][u.j];
      for (Dir d : {Top, Bottom, Left, Right}) {
        Pos v = dest(u, d);
        if (pos_ok(v) and cell(v).type != Rock and dist[v.i][v.j] == maxint) {
          dist[v.i][v.j] = dist[u.i][u.j] + 1;
          first_step[v.i][v.j] = u == from ? d : first_step[u.i][u.j];
          q.push(v);
        }
      }
    }
    return None;
  }

  virtual void play() {
    if (round() == 0) {
      tour_utils();
      tour_types();
      tour_board();
      cerr << "tour ok: " << checks << " checks" << endl;
    }
    const Goku& g = goku(me());
    if (not g.alive or (round() % 2 == 1 and not has_kinton(g.type))) return;
    if (g.strength > kamehame_penalty())
      for (Dir d : {Top, Bottom, Left, Right})
        for (Pos p = dest(g.pos, d); pos_ok(p) and cell(p).type != Rock; p += d)
          if (cell(p).id != -1) return throw_kamehame(d);
    move(toward(has_ball(g.type) ? Capsule : Ball));
  }
};

RegisterPlayer(PLAYER_NAME);
