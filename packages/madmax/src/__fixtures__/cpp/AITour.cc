// A kit tour (written for arena's tests): a player that uses every public name of the original
// Mad Max kit (2018) the way students' players do, and checks what each one means. A check that
// fails aborts the player (the test sees the fault); round 0 ends with "tour ok: <n> checks" on
// stderr. Its warriors then walk toward a city they do not own and its cars drive at random.
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

  // A switch over every unit type, with the original's `_unreachable()` for the impossible.
  char letter(UnitType t) {
    switch (t) {
      case Warrior: return 'W';
      case Car: return 'C';
      default: _unreachable();
    }
    return '?';
  }

  void tour_types() {
    EXPECT(int_to_string(-12) == "-12" and string_to_int("345") == 345);
    _my_assert(int_to_string(7) == "7", "int_to_string");
    EXPECT(Bottom == 0 and BR == 1 and Right == 2 and RT == 3 and Top == 4 and TL == 5);
    EXPECT(Left == 6 and LB == 7 and None == 8 and DirSize == 9);
    EXPECT(dir_ok(None) and dir_ok(LB) and not dir_ok(DirSize) and Dir((Top + 4) % 8) == Bottom);
    Pos p(10, 20);
    EXPECT(p + Bottom == Pos(11, 20) and p + RT == Pos(9, 21) and p + LB == Pos(11, 19));
    EXPECT(p + None == p and p + Pos(1, 2) == Pos(11, 22) and Pos(1, 9) < Pos(2, 0));
    p += TL;
    p += Pos(1, 1);
    EXPECT(p == Pos(10, 20) and p != Pos(0, 0));
    ostringstream out;
    out << p;
    EXPECT(out.str() == "(10, 20)");
    EXPECT(Desert == 0 and Road == 1 and City == 2 and Water == 3 and Station == 4 and Wall == 5);
    EXPECT(CellTypeSize == 6 and Warrior == 0 and Car == 1 and UnitTypeSize == 2);
    EXPECT(ut_ok(Warrior) and ut_ok(Car) and not ut_ok(UnitTypeSize));
    EXPECT(ut2char(Warrior) == 'w' and ut2char(Car) == 'c' and char2ut('c') == Car);
    EXPECT(letter(Car) == 'C' and letter(Warrior) == 'W');
    Cell c;
    EXPECT(c.type == Desert and c.owner == -1 and c.id == -1);
    Cell city(City, 2, 5);
    EXPECT(city.type == City and city.owner == 2 and city.id == 5);
    Unit u;
    EXPECT(u.type == Warrior and u.id == -1 and u.player == -1 and u.pos == Pos(0, 0));
    Unit car(Car, 3, 1, 50, 0);
    EXPECT(car.type == Car and car.food == 50 and car.water == 0 and car.pos == Pos(0, 0));
    Movement m(4, Left);
    EXPECT(m.id == 4 and m.dir == Left);
    EXPECT(char2cell('2').type == City and char2cell('2').owner == 2 and char2cell('R').type == Road);
    EXPECT(char2cell('W').type == Water and char2cell('S').type == Station and char2cell('X').type == Wall);
    EXPECT(Settings::version() == "Mad_Max 1.6");
  }

  void tour_state() {
    EXPECT(nb_players() == 4 and player_ok(3) and not player_ok(4) and nb_rounds() > 0);
    EXPECT(nb_cities() == 8 and nb_warriors() > 0 and nb_cars() > 0 and warriors_health() > 0);
    EXPECT(cars_fuel() > 0 and damage() > 0 and rows() == 60 and cols() == 60);
    EXPECT(pos_ok(0, 0) and not pos_ok(-1, 0) and pos_ok(Pos(59, 59)) and not pos_ok(Pos(60, 0)));
    EXPECT(round() == 0 and nb_units() == nb_players() * (nb_warriors() + nb_cars()));
    vector<int> w = warriors(me());
    vector<int> k = cars(me());
    EXPECT(int(w.size()) == nb_warriors() and int(k.size()) == nb_cars());
    for (int id : w) {
      Unit u = unit(id);
      EXPECT(u.id == id and u.player == me() and u.type == Warrior and cell(u.pos).id == id);
      EXPECT(cell(u.pos.i, u.pos.j).id == id);
    }
    for (int id : k) EXPECT(unit(id).type == Car and can_move(id));
    int cities = 0, total = 0;
    for (int pl = 0; pl < nb_players(); ++pl) {
      cities += num_cities(pl);
      total += total_score(pl);
      EXPECT(status(pl) >= 0 and status(pl) <= 1);
    }
    EXPECT(cities == nb_cities() and total >= 0);
    Random_generator mine;
    mine.set_random_seed(7);
    vector<int> perm = mine.random_permutation(5);
    EXPECT(perm.size() == 5 and accumulate(perm.begin(), perm.end(), 0) == 10);
    int r = random(3, 5);
    EXPECT(r >= 3 and r <= 5 and random_permutation(-1).empty());
  }

  // The first step toward the nearest city cell not owned by me (None if none).
  Dir toward_city(Pos from) {
    vector<vector<int>> seen(rows(), vector<int>(cols(), 0));
    queue<pair<Pos, Dir>> q;
    seen[from.i][from.j] = 1;
    for (int d = 0; d < 8; ++d) {
      Pos p = from + Dir(d);
      if (pos_ok(p) and cell(p).type != Water and cell(p).type != Wall and cell(p).type != Station)
        seen[p.i][p.j] = 1, q.push({p, Dir(d)});
    }
    while (not q.empty()) {
      auto [p, first] = q.front();
      q.pop();
      if (cell(p).type == City and cell(p).owner != me()) return first;
      for (int d = 0; d < 8; ++d) {
        Pos n = p + Dir(d);
        if (pos_ok(n) and not seen[n.i][n.j] and cell(n).type != Water and cell(n).type != Wall and
            cell(n).type != Station)
          seen[n.i][n.j] = 1, q.push({n, first});
      }
    }
    return None;
  }

  void play() {
    if (round() == 0) {
      tour_types();
      tour_state();
      cerr << "tour ok: " << checks << " checks" << endl;
    }
    for (int id : cars(me()))
      if (can_move(id)) command(Movement(id, Dir(random(0, 7))));
    if (round() % 4 != me()) return;
    for (int id : warriors(me())) command(id, toward_city(unit(id).pos));
  }
};

RegisterPlayer(PLAYER_NAME);
