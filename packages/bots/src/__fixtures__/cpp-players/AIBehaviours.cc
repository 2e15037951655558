// The test players of wasm-bot.test.ts and reproducible-layout.test.ts in one source (one compile
// per toolchain, not one per behaviour), played natively and as WebAssembly: the behaviour is
// chosen by the environment variable ARENA_BEHAVIOUR (natively through the tests' `wrap`, as a
// WebAssembly player through its `env`). Counter kit API: unit 0's number is what the behaviour
// computes, unit 1's the last digit of the player's own score.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "Player.hh"

#define PLAYER_NAME Behaviours

/** A digit of the address of `p` (hashed, so that any address bit changes it). */
static int address_digit(const void* p) {
  uintptr_t x = reinterpret_cast<uintptr_t>(p);
  x ^= x >> 17;
  x *= 0x45d9f3b;
  x ^= x >> 13;
  return int(x % 10);
}

struct Unit {
  int id;
};

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  std::string mode;
  std::vector<std::vector<char>> hoard;
  std::set<Unit*> units;  // ordered by address: the students' classic

  int behave() {
    if (mode == "address-timing") {
      // Its CPU time differs from run to run (0-3 ms of it a round, by the wall clock), so the
      // CPU time its replies carry has a different number of digits at different rounds.
      timespec wall, cpu;
      clock_gettime(CLOCK_MONOTONIC, &wall);
      long burn = wall.tv_nsec % 3000000, start = -1;
      for (;;) {
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
        long now = cpu.tv_sec * 1000000000L + cpu.tv_nsec;
        if (start < 0) start = now;
        if (now - start >= burn) break;
      }
    }
    if (mode == "address" or mode == "address-timing") {
      // What a student's `set<Unit*>` or printed pointer does to its moves.
      units.insert(new Unit{round()});
      int local = 0;
      return (address_digit(*units.begin()) + address_digit(&local) + address_digit(new int(1))) % 10;
    }
    if (mode == "loop") {
      // From round 50 on, an endless loop (that the compiler cannot remove).
      volatile unsigned spin = 0;
      while (round() >= 50) spin = spin + 1;
      return round() % 10;
    }
    if (mode == "grow") {
      // 4 MiB more each round, kept: past 64 MiB after about 16 rounds.
      hoard.emplace_back(4 << 20, char(round()));
      return int(hoard.size() % 10);
    }
    if (mode == "abort" and round() == 3) abort();
    if (mode == "exit" and round() == 3) exit(3);
    if (mode == "files") {
      // No file system: neither reading nor writing works.
      FILE* in = fopen("/etc/passwd", "r");
      FILE* out = fopen("/tmp/arena-wasm-was-here", "w");
      return (in != nullptr ? 1 : 0) + (out != nullptr ? 2 : 0);
    }
    if (mode == "stdout") {
      std::cout << "orders 9 9 9\nnot an order" << std::endl;
      printf("orders 1 1 1\n");
    }
    if (mode == "clocks") {
      // Deterministic clocks and randomness: the same digits every run.
      std::random_device device;
      return int((clock() + time(nullptr) + device()) % 10);
    }
    if (mode == "copy") {
      // 8 copies and 8 fills of 1 MiB a round (memcpy and memset: one memory.copy or memory.fill
      // instruction each, as WebAssembly), read through a volatile so that none is left out.
      static std::vector<char> from(1 << 20, 'a'), to(1 << 20);
      volatile char seen = 0;
      for (int k = 0; k < 8; ++k) {
        memcpy(to.data(), from.data(), to.size());
        seen = to[(k * 4099 + round()) % to.size()];
        memset(from.data(), 'a' + k, from.size());
        seen = from[(k * 257 + round()) % from.size()];
      }
      return int(seen) % 10;
    }
    if (mode == "work") {
      // Some work every round (a Demo-like load): the instructions grow with the round.
      unsigned x = 1;
      for (int k = 0; k < 1000 * (round() + 1); ++k) x = x * 1103515245u + 12345u;
      return int(x % 10);
    }
    // Not the engine's stream (a replay of it would not re-simulate): the round's digit.
    return (7 * round()) % 10;
  }

  virtual void play() {
    if (round() == 0) {
      const char* env = getenv("ARENA_BEHAVIOUR");
      mode = env == nullptr ? "" : env;
    }
    add(0, behave());
    add(1, score(me()) % 10);
  }
};

RegisterPlayer(PLAYER_NAME);
