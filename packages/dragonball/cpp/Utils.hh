// arena compatibility kit for Bola de Drac (written for arena from the statement, the engine notes
// and the list of the original 2012 kit's public names). What the original Utils.hh gives every
// player: the common standard headers already included and `using namespace std` (@arena/core's
// arena-std.hh), its error macros (`myerror_at_line`, `myerr`, `myerrx`, `check`, `_unused`,
// `_unreachable`), `infinite`, `maxint`, `minint`, `s2i`/`i2s`, `sze`, the `implies` connective
// (`boolean`), `PRINT`, and the global random stream: `RANDOMIZE_*`, `rnd_seed`, `srandomize`,
// `randomize` (engine notes §6.2).
#ifndef Utils_hh
#define Utils_hh

#ifndef __wasi__
#include <execinfo.h>  // not in WebAssembly's C library: no call stack printed there
#endif
#include <time.h>

#include "arena-std.hh"

/** The original's BackTrace.hh: `check(b)` prints the call stack before it stops the program. */
class BackTrace {
 public:
  /** Writes the current call stack on stderr. */
  static void print() {
#ifndef __wasi__
    void* frames[64];
    int n = backtrace(frames, 64);
    backtrace_symbols_fd(frames, n, 2);
#endif
  }
};

/** Prints `Error at FILE:LINE: ` and the message (and errno's text if `error`), then exits. */
#define myerror_at_line(status, error, file, line, ...)    \
  {                                                        \
    fprintf(stderr, "Error at %s:%i: ", file, line);       \
    fprintf(stderr, __VA_ARGS__);                          \
    if (error) perror(" errno");                           \
    fprintf(stderr, "\n");                                 \
    exit(status);                                          \
  }
/** An error with errno's text, then exit(EXIT_FAILURE). */
#define myerr(...) myerror_at_line(EXIT_FAILURE, errno, __FILE__, __LINE__, __VA_ARGS__)
/** An error without errno's text, then exit(EXIT_FAILURE). */
#define myerrx(...) myerror_at_line(EXIT_FAILURE, 0, __FILE__, __LINE__, __VA_ARGS__)

/** A hard assertion, kept with NDEBUG too: the call stack, a message, exit(EXIT_FAILURE). */
#define check(b)                                                                                  \
  {                                                                                               \
    if (not(b)) {                                                                                 \
      BackTrace::print();                                                                         \
      myerror_at_line(EXIT_FAILURE, errno, __FILE__, __LINE__, "Assertion `" #b "' failed in check()."); \
    }                                                                                             \
  }

/** Marks x as used (no warning under NDEBUG). */
#define _unused(x) ((void)x)

/** Marks code that must not be reached: an assertion, then an error that exits. */
#define _unreachable()                     \
  {                                        \
    assert(0);                             \
    myerrx("unreachable code reached.");   \
  }

/** Infinity, for doubles. */
const double infinite = numeric_limits<double>::infinity();

/** The largest and the smallest int. */
const int maxint = numeric_limits<int>::max();
const int minint = numeric_limits<int>::min();

/** A string's leading integer (0 if none). */
inline int s2i(const string& s) {
  istringstream in(s);
  int i = 0;
  in >> i;
  return i;
}

/** An integer as a string. */
inline string i2s(int i) {
  ostringstream out;
  out << i;
  return out.str();
}

/** A container's size as an int. */
template <typename T>
inline int sze(T& x) {
  return int(x.size());
}

/** A bool that `implies` another: `a implies b` is `not a or b`. */
class boolean {
 public:
  boolean(bool b = false) : val(b) {}
  operator bool() { return val; }
  friend boolean operator%(bool b1, boolean b2);

 private:
  bool val;
};

inline boolean operator%(bool b1, boolean b2) { return not b1 or b2.val; }

/** `a implies b`. */
#define implies % (boolean)

#ifndef PRINT
/** Prints an expression and its value on stderr: `x: 42`. */
#define PRINT_AUX(ARG, SEP)                                                             \
  {                                                                                     \
    string tmpStr(SEP #ARG SEP);                                                        \
    cerr << boolalpha << tmpStr.substr(1, tmpStr.size() - 2) << ": " << ARG << endl;    \
  }
#define PRINT(ARG) PRINT_AUX(ARG, "\"")
#endif

// The global random stream (MINSTD, multiplier 48271). Under the 2012 rules it is the engine's
// own stream, shared by every player: the adapter sets it from the engine's state before play()
// and hands it back after. Under the 2015 rules it is this player's own, seeded seed + me + 1.
const int RANDOMIZE_MODULUS = 2147483647;
const int RANDOMIZE_MULTIPLIER = 48271;
const int RANDOMIZE_DEFAULT = 123456789;  // the seed before any srandomize
const int RANDOMIZE_MAX = RANDOMIZE_MODULUS - 2;

/** The stream's state, 1 .. RANDOMIZE_MODULUS − 1. */
inline long rnd_seed = RANDOMIZE_DEFAULT;

/** Seeds the stream: negative seeds are negated; state = 1 + (s mod (modulus − 1)). */
inline void srandomize(int s = RANDOMIZE_DEFAULT) {
  long long x = s;
  if (x < 0) x = -x;
  rnd_seed = long(1 + x % (RANDOMIZE_MODULUS - 1));
}

/** The next number of the stream, 0 .. RANDOMIZE_MAX. */
inline int randomize() {
  rnd_seed = long((static_cast<long long>(RANDOMIZE_MULTIPLIER) * rnd_seed) % RANDOMIZE_MODULUS);
  return int(rnd_seed - 1);
}

#endif
