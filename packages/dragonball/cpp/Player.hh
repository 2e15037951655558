// arena compatibility kit for Bola de Drac: the base class of every player. A player file reads
//   #include "Player.hh"
//   #define PLAYER_NAME SonGoku
//   struct PLAYER_NAME : public Player {
//     static Player* factory() { return new PLAYER_NAME; }
//     virtual void play() { ... }
//   };
//   RegisterPlayer(PLAYER_NAME);
#ifndef Player_hh
#define Player_hh

#include "Action.hh"
#include "Board.hh"
#include "Registry.hh"

class Player : public Board, public Action {
 public:
  /** This player's number (0..3), the id of its goku. */
  int me() const { return me_; }
  /** Called every round: ask for this round's action. */
  virtual void play() = 0;
  virtual ~Player() {}

 private:
  friend struct ArenaAdapter;
  int me_ = 0;
};

#endif
