// arena compatibility kit for Mad Max: the base class of every player. A player file reads
//   #include "Player.hh"
//   #define PLAYER_NAME Rockatansky
//   struct PLAYER_NAME : public Player {
//     static Player* factory() { return new PLAYER_NAME; }
//     virtual void play() { ... }
//   };
//   RegisterPlayer(PLAYER_NAME);
#ifndef Player_hh
#define Player_hh

#include "Action.hh"
#include "Info.hh"
#include "Random.hh"
#include "Registry.hh"

class Player : public Info, public Action, public Random_generator {
 public:
  /** This player's number (0..3). */
  int me() const { return me_; }
  /** Called every round: give the orders of this round. */
  virtual void play() = 0;
  virtual ~Player() {}

 private:
  friend struct ArenaAdapter;
  int me_ = 0;
};

#endif
