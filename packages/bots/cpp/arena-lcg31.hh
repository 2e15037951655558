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

  /** A random permutation of 0..n-1 (empty when n is below 0 or above 10^6). */
  vector<int> random_permutation(int n) {
    if (n < 0 or n > 1000000) return vector<int>();
    vector<int> v(n);
    for (int i = 0; i < n; ++i) v[i] = i;
    for (int i = 0; i < n; ++i) swap(v[i], v[random(i, n - 1)]);
    return v;
  }

 private:
  // The original's constants, private as there (Mad Max's kit spells the mask RANDOM_MASC).
  static const long long RANDOM_MOD = 1LL << 31;
  static const long long RANDOM_MASK = RANDOM_MOD - 1;
  static const long long RANDOM_MASC = RANDOM_MASK;

  unsigned s_;
  void step() { s_ = (843314861u * s_ + 453816693u) & 0x7fffffffu; }
};

#endif
