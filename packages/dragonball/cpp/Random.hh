// arena compatibility kit for Bola de Drac: the global randomize() (MINSTD, engine notes §6.2).
// Under the 2012 rules it is the engine's own stream, shared by every player: the adapter sets it
// from the engine's state before play() and hands it back after. Under the 2015 rules it is this
// player's own generator, seeded seed + me + 1.
#ifndef Random_hh
#define Random_hh

namespace arena {
inline int minstd_state = 1;
}

/** The next number of the stream, 0 .. 2^31 − 3. */
inline int randomize() {
  arena::minstd_state = int((48271LL * arena::minstd_state) % 2147483647LL);
  return arena::minstd_state - 1;
}

/** Seeds the stream: negative seeds are negated; state = 1 + (x mod 2147483646). */
inline void srandomize(int x) {
  long long y = x;
  if (y < 0) y = -y;
  arena::minstd_state = int(1 + y % 2147483646LL);
}

#endif
