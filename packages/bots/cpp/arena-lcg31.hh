// arena C++ kits, shared by the games of the 2018+ framework (Money Heist, Mad Max; @arena/core):
// the player's own random generator, the original's 31-bit LCG (engine notes §6.1 of both
// games; core's Lcg31), seeded with seed + me + 1 by the adapter. Their Random.hh includes it.
#ifndef arena_lcg31_hh
#define arena_lcg31_hh

#include "arena-std.hh"

class Random_generator {
 public:
  Random_generator() : s_(0) {}

  /** Seeds the generator: |x| masked to 31 bits. */
  void set_random_seed(int x) {
    long long y = x;
    if (y < 0) y = -y;
    s_ = static_cast<unsigned>(y & 0x7fffffffLL);
  }

  /** A uniform integer in [l, u] (l if l > u or if the range is wider than 10^6). */
  int random(int l, int u) {
    if (l > u) return l;
    if (static_cast<long long>(u) - l + 1 > 1000000) return l;
    step();  // the original discards one value per draw
    step();
    return l + static_cast<int>((u - l + 1) * (s_ / 2147483648.0));
  }

  /** A random permutation of 0..n-1. */
  vector<int> random_permutation(int n) {
    vector<int> v(n > 0 ? n : 0);
    for (int i = 0; i < n; ++i) v[i] = i;
    for (int i = 0; i < n; ++i) swap(v[i], v[random(i, n - 1)]);
    return v;
  }

 private:
  unsigned s_;
  void step() { s_ = (843314861u * s_ + 453816693u) & 0x7fffffffu; }
};

#endif
