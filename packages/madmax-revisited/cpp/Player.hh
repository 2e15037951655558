// arena compatibility kit for Mad Max Revisited: the base class of every player. A player file reads
//   #include "Player.hh"
//   #define PLAYER_NAME Furiosa
//   struct PLAYER_NAME : public Player {
//     static Player* factory() { return new PLAYER_NAME; }
//     virtual void play() {
//       for (Car_Id cid = begin(me()); cid != end(me()); ++cid) { ... }
//     }
//   };
//   RegisterPlayer(PLAYER_NAME);
#ifndef Player_hh
#define Player_hh

#include "Action.hh"
#include "Board.hh"
#include "Registry.hh"

class Player : public Board, public Action {
 public:
  /** This player's number (0..3). */
  int me() const { return me_; }
  /** Called every round: give the instructions of this round. */
  virtual void play() = 0;
  virtual ~Player() {}

  /** Orders car c (one of mine) to move in direction d. */
  void move(Car_Id c, Dir d) {
    ++offered_;
    if (not mine(c)) return;
    if (not dir_ok(d)) {
      cerr << "warning: invalid direction (" << first(d) << ", " << second(d) << ") for car " << c
           << ": ignored" << endl;
      return;
    }
    Action::move(c, d);
  }
  /** Orders car c (one of mine) to shoot. */
  void shoot(Car_Id c) {
    ++offered_;
    if (mine(c)) Action::shoot(c);
  }

 private:
  friend struct ArenaAdapter;
  int me_ = 0;

  bool mine(int c) {
    if (not car_ok(c)) {
      cerr << "warning: invalid car " << c << ": instruction ignored" << endl;
      return false;
    }
    if (player_of(c) != me()) {
      cerr << "warning: car " << c << " is not yours: instruction ignored" << endl;
      return false;
    }
    return true;
  }
};

#endif
