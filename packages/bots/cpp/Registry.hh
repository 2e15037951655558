// arena C++ kits, shared by every game (@arena/core): RegisterPlayer(PLAYER_NAME), as in the
// original kits, records the player's factory and name.
#ifndef Registry_hh
#define Registry_hh

class Player;

class Registry {
 public:
  typedef Player* (*Factory)();
  /** Records the one player of this program; returns a value for a static initialiser. */
  static int Register(const char* name, Factory factory) {
    entry().name = name;
    entry().factory = factory;
    return 0;
  }
  static const char* name() { return entry().name; }
  static Player* make() { return entry().factory == nullptr ? nullptr : entry().factory(); }

 private:
  struct Entry {
    const char* name = nullptr;
    Factory factory = nullptr;
  };
  static Entry& entry() {
    static Entry e;
    return e;
  }
};

// Two levels so that RegisterPlayer(PLAYER_NAME) registers the name PLAYER_NAME stands for.
#define ARENA_REGISTER_PLAYER(x) static int arena_registered_##x = Registry::Register(#x, x::factory)
#define RegisterPlayer(x) ARENA_REGISTER_PLAYER(x)

#endif
