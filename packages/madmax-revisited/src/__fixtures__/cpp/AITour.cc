// A kit tour (written for arena's tests): a player that uses every public name of the original
// Mad Max Revisited kit ("Mad Max 2020") the way students' players do, and checks what each one
// means. A check that fails aborts the player (the test sees the fault); round 0 ends with
// "tour ok: <n> checks" on stderr. Its cars play like the original Demo: shoot an enemy straight
// ahead, else take a bonus next to them, else a random direction.
#include "Defs.hh"
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

  vector<Dir> all = {UP, DEFAULT, DOWN, SLOW_UP, SLOW, SLOW_DOWN, FAST_UP, FAST, FAST_DOWN};

  void tour_types() {
    EXPECT(string(LONG_GAME_NAME) == "Mad Max 2020" and string(VERSION) == "1.0");
    EXPECT(UP == Dir(-1, 1) and DEFAULT == Dir(0, 1) and DOWN == Dir(1, 1));
    EXPECT(SLOW_UP == Dir(-1, 0) and SLOW == Dir(0, 0) and SLOW_DOWN == Dir(1, 0));
    EXPECT(FAST_UP == Dir(-1, 2) and FAST == Dir(0, 2) and FAST_DOWN == Dir(1, 2));
    int ok = 0;
    for (Dir d : all) ok += dir_ok(d);
    EXPECT(ok == 9 and not dir_ok(Dir(0, 3)) and not dir_ok(Dir(2, 1)) and not dir_ok(Dir(0, -1)));
    Pos p(3, 7);
    EXPECT(first(p) == 3 and second(p) == 7 and first(p + FAST_DOWN) == 4);
    EXPECT(Cmp()(Dir(-1, 2), Dir(0, 0)) and not Cmp()(Dir(0, 0), Dir(0, 0)));
    // dir2all: a const map in the original, read with find/at.
    const map<Dir, vector<Dir>, Cmp>& cells = dir2all;
    auto it = cells.find(FAST_UP);
    EXPECT(it != cells.end() and it->second.size() == 5 and it->second.back() == FAST_UP);
    EXPECT(dir2all.at(SLOW).empty() and dir2all.at(DOWN).back() == DOWN and dir2all.size() == 9);
    // The enums in the original's order, and their letters.
    EXPECT(EMPTY == 0 and TYRE == 1 and CAR == 2 and MISSILE == 3 and WATER_BONUS == 4);
    EXPECT(MISSILE_BONUS == 5 and GAS_BONUS == 6);
    EXPECT(UNDEFINED == 0 and MOVE == 1 and SHOOT == 2);
    EXPECT(i2c(MOVE) == 'm' and i2c(SHOOT) == 's' and i2c(UNDEFINED) == 'u');
    EXPECT(c2i('m') == MOVE and c2i('s') == SHOOT and c2i('x') == UNDEFINED);
    Instruction ins = {Car_Id(3), SHOOT, DEFAULT};
    EXPECT(ins.cid == 3 and ins.type == SHOOT and ins.dir == DEFAULT);
    ostringstream out;
    out << TYRE << " " << GAS_BONUS;
    EXPECT(out.str() == "TYRE GAS_BONUS");
    // Aggregates, as students build them.
    Cell c = {CAR, 2, -1};
    Car k = {Car_Id(1), Pos(2, 3), 5, 60, true, 0};
    Missile m = {Missile_Id(9), Car_Id(1), Pos(2, 5)};
    EXPECT(c.type == CAR and c.cid == 2 and c.mid == -1 and k.nb_miss == 5 and k.gas == 60);
    EXPECT(k.alive and k.time == 0 and m.mid == 9 and m.cid == 1 and m.pos == Pos(2, 5));
    // `contains` is `count`; my_assert passes quietly.
    set<Pos, Cmp> seen = {Pos(1, 1)};
    map<Car_Id, int> laps = {{2, 1}};
    EXPECT(seen.contains(Pos(1, 1)) == 1 and laps.contains(3) == 0);
    my_assert(seen.size() == 1);
    // A generator of one's own, as the original's.
    Random_generator g;
    g.srandomize(5);
    int a = g.randomize();
    g.srandomize(5);
    EXPECT(g.randomize() == a and a >= 0 and a <= 2147483645);
    EXPECT(g.randomize(3, 3) == 3);
  }

  void tour_board() {
    Player_Id p = me();
    EXPECT(player_ok(p) and not player_ok(number_players()) and number_players() == 4);
    EXPECT(number_rounds() == 300 and round() >= 0 and round() < number_rounds());
    EXPECT(number_rows() > 0 and number_universe_columns() >= number_window_columns());
    EXPECT(number_cars() == number_players() * number_cars_per_player());
    EXPECT(number_rounds_to_regenerate() > 0 and number_missile_bonuses() > 0);
    EXPECT(number_water_bonuses() > 0 and number_gas_bonuses() > 0 and bonus_missiles() > 0);
    EXPECT(bonus_gas() > 0 and water_points() > 0 and kill_points() > 0 and initial_gas() > 0);
    EXPECT(within_universe(Pos(0, -3)) and not within_universe(Pos(-1, 0)));
    EXPECT(within_window(Pos(0, round()), round()) and not within_window(Pos(0, round() - 1), round()));
    EXPECT(car_ok(0) and not car_ok(number_cars()) and not car_ok(-1));
    EXPECT(end(p) - begin(p) == number_cars_per_player());
    // The iterator-style loop over one's cars, as every student writes it.
    int mine = 0;
    for (Car_Id cid = begin(me()); cid != end(me()); ++cid) {
      EXPECT(player_of(cid) == me() and car(cid).cid == cid);
      ++mine;
    }
    EXPECT(mine == number_cars_per_player());
    int scores = 0;
    for (Player_Id q = 0; q < number_players(); ++q) scores += score(q) >= 0 and status(q) <= 1;
    EXPECT(scores == number_players());
    // missiles(): a map from missile ids, by value.
    map<Missile_Id, Missile> flying = missiles();
    for (auto& entry : flying) {
      EXPECT(entry.first == entry.second.mid);
      EXPECT(cell(entry.second.pos).type == MISSILE or cell(entry.second.pos).type == CAR);
    }
    EXPECT(missiles().size() == flying.size() and missiles().count(-1) == 0);
    int r = randomize(0, 9);
    EXPECT(r >= 0 and r <= 9 and randomize() >= 0);
  }

  // As the original Demo: a bonus in a neighbouring cell reachable next round, if any.
  bool move_to_bonus(const Car& c) {
    for (Dir d : all)
      if (within_window(c.pos + d, round() + 1)) {
        CType t = cell(c.pos + d).type;
        if (t == MISSILE_BONUS or t == WATER_BONUS or t == GAS_BONUS) {
          move(c.cid, d);
          return true;
        }
      }
    return false;
  }

  virtual void play() {
    if (round() == 0) {
      tour_types();
      tour_board();
      cerr << "tour ok: " << checks << " checks" << endl;
    }
    for (Car_Id cid = begin(me()); cid != end(me()); ++cid) {
      Car c = car(cid);
      if (not c.alive) continue;
      Cell ahead = cell(c.pos + DEFAULT);
      if (c.nb_miss > 0 and ahead.type == CAR and player_of(ahead.cid) != me())
        shoot(cid);
      else if (not move_to_bonus(c)) {
        Dir d = all[randomize(0, all.size() - 1)];
        if (within_window(c.pos + d, round() + 1)) move(cid, d);
      }
    }
  }
};

RegisterPlayer(PLAYER_NAME);
