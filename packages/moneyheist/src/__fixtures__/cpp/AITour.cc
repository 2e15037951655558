// A kit tour (written for arena's tests): a player that uses every public name of the original
// Money Heist kit (2025) the way students' players do, and checks what each one means. A check
// that fails aborts the player (the test sees the fault); round 0 ends with "tour ok: <n> checks"
// on stderr. Its soldiers then walk at random (attacking a neighbouring enemy) and its professor
// heals or walks.
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

  const vector<Dir> dirs = {Down, Right, Up, Left};

  // A switch over every kind of command, with the original's `_unreachable()` for the impossible.
  string kind(CommandType c) {
    switch (c) {
      case Move: return "move";
      case Open: return "open";
      case Charge: return "charge";
      case Heal: return "heal";
      default: _unreachable();
    }
    return "";
  }

  void tour_types() {
    EXPECT(string(GAME_NAME) == "MoneyHeist" and string(VERSION) == "1.0");
    EXPECT(Settings::version() == "MoneyHeist 1.0");
    EXPECT(int_to_string(-3) == "-3" and string_to_int("77") == 77 and double_to_string(0.5) == "0.5");
    _my_assert(dir_ok(Up), "Up is a direction");
    EXPECT(Down == 0 and Right == 1 and Up == 2 and Left == 3 and dir_ok(Left) and not dir_ok(Dir(4)));
    EXPECT(Move == 0 and Open == 1 and Charge == 2 and Heal == 3 and kind(Charge) == "charge");
    EXPECT(command_type_ok(Heal) and not command_type_ok(CommandType(4)));
    EXPECT(CommandType2char(Move) == 'm' and CommandType2char(Open) == 'o' and CommandType2char(9) == '_');
    EXPECT(CommandType2char(Charge) == 'c' and CommandType2char(Heal) == 'h');
    EXPECT(char2CommandType('o') == Open and char2CommandType('h') == Heal and char2CommandType('x') == -1);
    EXPECT(Dir2char(Down) == 'd' and Dir2char(Right) == 'r' and Dir2char(Up) == 'u' and Dir2char(Left) == 'l');
    EXPECT(char2Dir('u') == Up and char2Dir('z') == -1 and Dir2char(-1) == '_');
    EXPECT(UnitType2char(Soldier) == 's' and UnitType2char(Professor) == 'p' and char2UnitType('p') == Professor);
    EXPECT(char2UnitType('q') == -1 and Corridor == 0 and Wall == 1 and Soldier == 0 and Professor == 1);
    ostringstream out;
    out << Up << " " << Wall << " " << Professor << " " << Charge << " " << Pos(1, 2);
    EXPECT(out.str() == "Up Wall Professor Charge (1, 2)");
    Pos p(5, 5);
    p += Left;
    EXPECT(p == Pos(5, 4) and p + Down == Pos(6, 4) and p + Pos(1, 1) == Pos(6, 5) and Pos(1, 9) < p);
    Cell empty;
    Cell gold(Corridor, -1, false, false, -1, true, 0);
    EXPECT(empty.is_empty() and gold.is_empty() and gold.gold and gold.box == -1);  // gold aside
    Unit u;
    EXPECT(u.type == Soldier and u.id == -1 and u.pos == Pos(0, 0) and u.poison == 0 and u.is_alive());
    Unit prof(Professor, 2, 0, Pos(3, 3), 100, -1, 4);
    EXPECT(not prof.is_alive() and prof.rounds_for_reborn == 4);
    Command c(7, Open, Left, {1, 2, 3});
    EXPECT(c.id == 7 and c.c_type == Open and c.dir == Left and c.sol.size() == 3);
    EXPECT(char2Cell('W').type == Wall and char2Cell('G').gold and char2Cell('P').poison_kit);
    EXPECT(char2Cell('H').health_kit and char2Cell('M').is_empty() and char2Cell('0').is_empty());
  }

  void tour_state() {
    EXPECT(num_players() == 4 and player_ok(3) and not player_ok(4) and num_rounds() > 0);
    EXPECT(pos_ok(0, 0) and not pos_ok(board_rows(), 0) and pos_ok(Pos(board_rows() - 1, 0)));
    EXPECT(num_ini_soldiers_per_clan() > 0 and soldier_ini_poisons() >= 0);
    EXPECT(soldier_max_poisons() >= soldier_ini_poisons() and points_for_killing_soldier() > 0);
    EXPECT(professor_max_health() >= professor_ini_health() and professor_health_decrease() > 0);
    EXPECT(points_for_killing_professor() > 0 and professor_rounds_rebirth() > 0);
    EXPECT(num_money() > 0 and min_money_value() <= max_money_value() and num_health_kits() >= 0);
    EXPECT(health_kit_value() > 0 and num_poison_kits() >= 0 and poison_kit_value() > 0);
    EXPECT(num_safety_boxes() > 0 and gold_value() > 0 and size_hints_per_box() % 3 == 0);
    EXPECT(round() == 0 and status(me()) >= 0 and status(9) == -2);
    vector<int> s = soldiers(me());
    EXPECT(int(s.size()) == num_ini_soldiers_per_clan());
    for (int id : s) EXPECT(unit(id).player == me() and cell(unit(id).pos).id == id);
    Unit prof = unit(professor(me()));
    EXPECT(prof.type == Professor and prof.is_alive() and cell(prof.pos.i, prof.pos.j).id == prof.id);
    EXPECT(available_poison(me()) >= 0 and available_health(me()) >= 0 and score(me()) == 0);
    EXPECT(int(safety_box_hints(0).size()) == size_hints_per_box() and safety_box_hints(-1).empty());
    Random_generator mine;
    mine.set_random_seed(3);
    EXPECT(mine.random_permutation(4).size() == 4 and random(2, 2) == 2);
  }

  void play() {
    if (round() == 0) {
      tour_types();
      tour_state();
      cerr << "tour ok: " << checks << " checks" << endl;
    }
    for (int id : soldiers(me())) {
      Unit u = unit(id);
      Dir go = dirs[random(0, 3)];
      for (Dir d : dirs) {
        Pos n = u.pos + d;
        if (pos_ok(n) and cell(n).id != -1 and unit(cell(n).id).player != me()) go = d;
      }
      if (u.poison == 0 and available_poison(me()) > 0) charge(id);
      else if (pos_ok(u.pos + go) and cell(u.pos + go).type != Wall) move(id, go);
    }
    Unit prof = unit(professor(me()));
    if (not prof.is_alive()) return;
    if (prof.health < professor_max_health() / 2 and available_health(me()) > 0) heal(prof.id);
    else {
      Dir d = dirs[random(0, 3)];
      Pos n = prof.pos + d;
      if (pos_ok(n) and cell(n).box != -1) open(prof.id, vector<int>(size_hints_per_box(), 0), d);
      else if (pos_ok(n) and cell(n).type != Wall) move(prof.id, d);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
