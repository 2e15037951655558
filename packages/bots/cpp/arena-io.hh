// arena C++ kits, shared by every game (@arena/core): the adapter's side of arena's transport
// (see CppKit in @arena/core) and the parts every game's adapter main has in common. Frames from
// arena are `<byte count>\n<bytes>`. A process serves one or more seats of a match (copies of one
// player, as in the original, where every player is linked into the one game process): each start
// frame (`player <p>\n…`) adds a seat, with its own Player object; a turn frame is
// `turn <slot>…\n` + the state, and the seats listed (slots in the order of their start frames)
// play in that order, each answering `orders <kept> <offered> <cpu µs> [<extra>]` and the kept
// order lines, all in one write. The player's own stdin and stdout are moved away (stdin reads
// /dev/null, cout goes to stderr) so that they cannot disturb the transport. Before a seat's
// `orders` line come its optional records: `notes <n>` and n lines (its annotations of the round,
// arena-notes.hh) and, when the process serves several seats, `stderr <bytes>` (the size of its
// stderr file when the seat's turn ended: arena gives each seat what was written during its turn).
//
// A game's arena-main.cc defines `struct ArenaAdapter` (a friend of its Player, Action and state
// classes) with `Player* player`, `void start(Start&, Tokens&)` (the game's part of the start
// frame) and `string turn(const string& state, bool continued)` (fill the player's state, call
// play(), return the reply; `continued`: an earlier seat of the same request played just before,
// so that what the seats share with the engine, e.g. random streams, goes on from where it left
// them instead of being read from the state), and its main is
// `return arena::serve<ArenaAdapter>(argc, argv);`.
//
// Compiled for WebAssembly (wasm32-wasi, `__wasi__`), the same adapter is played in arena's own
// process: there is no pipe, no process and no clock. The module is a reactor; arena calls its
// exported main once (which registers the adapter, see `serve`), then writes each frame into the
// module's memory (`arena_buffer`) and calls `arena_start` (a seat's start frame) or `arena_turn`
// (one seat's turn: the state alone, the seat, `continued`, and the seat's use so far), and reads
// the reply from memory (`arena_reply`, `arena_reply_size`). The CPU time the kit reports and
// status(me) are arena's deterministic count (instructions) instead of a clock.
#ifndef arena_io_hh
#define arena_io_hh

#include <cerrno>
#include <time.h>
#ifndef __wasi__
#include <fcntl.h>
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "Registry.hh"
#include "arena-notes.hh"

namespace arena {

#ifndef __wasi__
/**
 * The transport's input and output. Its reads go to a fixed buffer and each frame is copied into
 * the caller's string, so that the heap's allocations do not depend on how the pipe happens to
 * split the bytes (a player whose moves depend on addresses plays the same match every run).
 */
struct Channel {
  int in = -1, out = -1;
  static constexpr size_t CHUNK = 1 << 16;
  char raw[CHUNK];
  size_t have = 0, at = 0;  // raw[at, have): read, not yet taken

  /** Takes over fds 0 and 1 for the transport. */
  void open() {
    in = dup(0);
    out = dup(1);
    int null = ::open("/dev/null", O_RDONLY);
    if (null >= 0) {
      dup2(null, 0);
      close(null);
    }
    dup2(2, 1);
  }

  /** Reads up to `size` bytes into `into`: the count, 0 at the end of the input. */
  size_t read_some(char* into, size_t size) {
    ssize_t n;
    do n = read(in, into, size);
    while (n < 0 and errno == EINTR);
    return n <= 0 ? 0 : size_t(n);
  }

  /** Makes `raw[at]` the next byte (reading more when none is left): false at the end. */
  bool more() {
    if (at < have) return true;
    at = 0;
    have = read_some(raw, CHUNK);
    return have > 0;
  }

  /** The next frame, or false at the end of the input. */
  bool frame(std::string& text) {
    size_t size = 0;
    for (;;) {
      if (not more()) return false;
      char c = raw[at++];
      if (c == '\n') break;
      size = size * 10 + size_t(c - '0');
    }
    text.resize(size);
    size_t done = 0;
    while (done < size) {
      if (at < have) {
        size_t part = std::min(size - done, have - at);
        memcpy(&text[done], raw + at, part);
        at += part;
        done += part;
      } else {
        size_t n = read_some(&text[done], size - done);
        if (n == 0) return false;
        done += n;
      }
    }
    return true;
  }

  void write_all(const std::string& text) {
    size_t done = 0;
    while (done < text.size()) {
      ssize_t n = ::write(out, text.data() + done, text.size() - done);
      if (n < 0 and errno == EINTR) continue;
      if (n <= 0) _exit(0);  // arena is gone
      done += size_t(n);
    }
  }
};
#endif

/** Whitespace-separated tokens of a frame. */
struct Tokens {
  const char* p;
  const char* end;
  explicit Tokens(const std::string& text) : p(text.data()), end(text.data() + text.size()) {}

  bool more() {
    while (p < end and (*p == ' ' or *p == '\t' or *p == '\n' or *p == '\r')) ++p;
    return p < end;
  }
  std::string word() {
    more();
    const char* start = p;
    while (p < end and not(*p == ' ' or *p == '\t' or *p == '\n' or *p == '\r')) ++p;
    return std::string(start, p);
  }
  long integer() {
    more();
    bool negative = false;
    if (p < end and *p == '-') {
      negative = true;
      ++p;
    }
    long value = 0;
    while (p < end and *p >= '0' and *p <= '9') value = value * 10 + (*p++ - '0');
    return negative ? -value : value;
  }
  /**
   * The next token as a double, exactly as strtod reads it. A plain decimal (`-12.5`, `3e-4`) of
   * at most 19 significant digits whose digits make an integer up to 2^53 and whose power of ten
   * is within 10^±22 is that integer times or divided by that power: both exact doubles, one
   * correctly rounded operation, so the correctly rounded value strtod gives (the classic fast
   * path). Any other token goes to strtod (as WebAssembly, strtod computes with software 128-bit
   * floats: it cost more than many a player's play()).
   */
  double real() {
    more();
    const char* q = p;
    bool negative = q < end and *q == '-';
    if (q < end and (*q == '-' or *q == '+')) ++q;
    unsigned long long mantissa = 0;
    int digits = 0, exponent = 0;
    bool seen = false, fast = true;
    auto digit = [&](char c) {
      seen = true;
      if (mantissa == 0 and c == '0') return;
      if (++digits > 19) fast = false;
      else mantissa = mantissa * 10 + static_cast<unsigned long long>(c - '0');
    };
    for (; q < end and *q >= '0' and *q <= '9'; ++q) digit(*q);
    if (q < end and *q == '.')
      for (++q; q < end and *q >= '0' and *q <= '9'; ++q, --exponent) digit(*q);
    if (seen and q < end and (*q == 'e' or *q == 'E')) {
      ++q;
      bool down = q < end and *q == '-';
      if (q < end and (*q == '-' or *q == '+')) ++q;
      int power = 0, length = 0;
      for (; q < end and *q >= '0' and *q <= '9'; ++q, ++length) power = power * 10 + (*q - '0');
      if (length == 0 or length > 4) fast = false;
      exponent += down ? -power : power;
    }
    bool whole = q == end or *q == ' ' or *q == '\t' or *q == '\n' or *q == '\r';
    if (fast and seen and whole and mantissa <= (1ULL << 53) and exponent >= -22 and exponent <= 22) {
      static const double powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
      double value = static_cast<double>(mantissa);
      value = exponent < 0 ? value / powers[-exponent] : value * powers[exponent];
      p = q;
      return negative ? -value : value;
    }
    std::string w = word();
    return strtod(w.c_str(), nullptr);
  }
  /** Skips one token (nothing is copied). */
  void pass() {
    more();
    while (p < end and not(*p == ' ' or *p == '\t' or *p == '\n' or *p == '\r')) ++p;
  }
  /** Skips `count` tokens. */
  void skip(int count) {
    for (int k = 0; k < count; ++k) pass();
  }
};

#ifdef __wasi__
/**
 * In WebAssembly, the seat's use so far as arena counts it (thousands of instructions), set by
 * arena before each call: the kit's "CPU time", in the unit of the start frame's budget.
 */
inline double wasm_used = 0;
inline double process_cpu_ms() { return wasm_used; }
inline double thread_cpu_ms() { return wasm_used; }
#else
/** CPU time this process used (user + system), in milliseconds. */
inline double process_cpu_ms() {
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0 +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
}

/** CPU time of this thread (user + system), in milliseconds. */
inline double thread_cpu_ms() {
  timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}
#endif

/**
 * The CPU clock of the seat being served: a process serving one seat counts the whole process's
 * CPU time (its start-up included); one serving several counts each seat's own calls (its start
 * and its turns, thread CPU time), so that copies sharing a process are charged apart. A CPU
 * clock is a system call (≈ 1 µs on a VM): a turn reads one once, at its reply (`reply_head`),
 * and that reading also ends the seat's call and begins the next seat's.
 */
struct SeatClock {
  bool alone = true;
  double* used = nullptr;  // the seat's total before the current call
  double since = 0;        // thread CPU time when the current call began
  double end = -1;         // the reading taken at the reply (thread CPU time), or -1
  double reported = 0;     // a lone seat's process CPU time at its last reply (or start)
};
inline SeatClock seat_clock;

/** CPU time the current seat used so far, in milliseconds (see SeatClock). */
inline double cpu_ms() {
  if (seat_clock.alone or seat_clock.used == nullptr) return process_cpu_ms();
  return *seat_clock.used + thread_cpu_ms() - seat_clock.since;
}

/** The fixed head of the start frame: `player <p>`, `seed <s>`, `budget <total ms, 0 = none>`. */
struct Start {
  int me = 0;
  long seed = 0;
  double budget_ms = 0;
};

/** Reads the fixed head of the start frame. */
inline Start read_start(Tokens& t) {
  Start start;
  t.word();
  start.me = int(t.integer());
  t.word();
  start.seed = t.integer();
  t.word();
  start.budget_ms = double(t.integer());
  return start;
}

/**
 * Reads the `.res` preamble's `<key> <value>` lines up to `names` (consumed): the value of
 * `keys[k]` goes to `values[k]`; other keys are skipped.
 */
template <size_t N>
void read_parameters(Tokens& t, const char* const (&keys)[N], int* values) {
  while (t.more()) {
    std::string key = t.word();
    if (key == "names") return;
    for (size_t k = 0; k < N; ++k)
      if (key == keys[k]) values[k] = int(t.integer());
  }
}

/**
 * The status the player sees for itself: the fraction of its CPU budget used up to its previous
 * reply (as the original's status(me), which the engine updates between rounds; no clock is
 * read); a frozen player's -1 and an unlimited budget leave `status` as sent.
 */
inline void own_status(double& status, double budget_ms) {
  if (budget_ms <= 0 or status < 0) return;
  double used = seat_clock.alone or seat_clock.used == nullptr ? seat_clock.reported
                                                                 : *seat_clock.used;
  status = std::min(1.0, used / budget_ms);
}

/** The head of a turn's reply, without its newline: `orders <kept> <offered> <cpu µs>`. */
inline std::string reply_head(int kept, int offered) {
  // The seat's CPU time so far rides along, for arena's figures and budgets.
  double cpu;
  if (seat_clock.alone or seat_clock.used == nullptr) {
    cpu = process_cpu_ms();
    seat_clock.reported = cpu;
  } else {
    seat_clock.end = thread_cpu_ms();
    cpu = *seat_clock.used + seat_clock.end - seat_clock.since;
  }
  // In a fixed width: the number's digits are timing, and a reply one digit longer would make
  // other allocations (a player whose moves follow addresses would follow the machine's speed).
  // std::to_string and zeros, not snprintf's "%015lld": the same text without printf's machinery
  // (as WebAssembly, printf's formatting cost a player more than many a play()).
  std::string micros = std::to_string(static_cast<long long>(cpu * 1000));
  if (micros.size() < 15) micros.insert(micros[0] == '-' ? 1 : 0, 15 - micros.size(), '0');
  return "orders " + std::to_string(kept) + " " + std::to_string(offered) + " " + micros;
}

/** A new seat: its Adapter with a new Player, started from the start frame `text`; or null. */
template <class Adapter>
Adapter* new_seat(const std::string& text) {
  Adapter* adapter = new Adapter();
  adapter->player = Registry::make();
  if (adapter->player == nullptr) {
    std::cerr << "arena: no player registered (RegisterPlayer(PLAYER_NAME); is missing)" << std::endl;
    return nullptr;
  }
  Tokens t(text);
  Start start = read_start(t);
  adapter->start(start, t);
  return adapter;
}

#ifdef __wasi__
/** The seats of the module, and its frame and reply buffers (see the top of this file). */
struct WasmSeats {
  std::string frame, reply;
  int (*start)(const std::string&) = nullptr;
  void (*turn)(size_t slot, const std::string& state, bool continued) = nullptr;
};
inline WasmSeats wasm;

template <class Adapter>
struct WasmAdapters {
  static inline std::vector<Adapter*> seats;
  static int start(const std::string& text) {
    Adapter* adapter = new_seat<Adapter>(text);
    take_notes();  // a start's annotations are not a turn's (a turn always takes its own)
    if (adapter == nullptr) return -1;
    seats.push_back(adapter);
    return int(seats.size() - 1);
  }
  static void turn(size_t slot, const std::string& state, bool continued) {
    std::string part = seats[slot]->turn(state, continued);
    // The seat's annotations go before its orders line, as natively (no `stderr` record: arena
    // reads each turn's output from the module's stderr itself).
    wasm.reply = take_notes() + part;
    // What the player wrote through cout goes before the reply (to its output, as natively):
    // libc++'s cout keeps no buffer of its own, it writes into stdout's, which this flushes.
    fflush(stdout);
  }
};

/** The adapter "main" of a WebAssembly module: registers the adapter, then arena calls in. */
template <class Adapter>
int serve(int, char**) {
  wasm.start = &WasmAdapters<Adapter>::start;
  wasm.turn = &WasmAdapters<Adapter>::turn;
  return 0;
}
#else
/**
 * Runs this program again (once) without address-space randomisation, the `personality` flag
 * `setarch -R` sets: the stack, the heap and every mapping at the same addresses every run, so
 * that a player whose moves depend on addresses (iterating a `set<Unit*>`, hashing a pointer)
 * plays the same match every time. The environment and arguments are kept; the pipes too (fds 0
 * to 2). `ARENA_RANDOM_LAYOUT` (tests) keeps the randomisation; where the flag is refused (some
 * sandboxes) the player runs as it is.
 */
inline void fixed_layout(char** argv) {
  if (getenv("ARENA_RANDOM_LAYOUT") != nullptr) return;
  int current = personality(0xffffffff);
  if (current == -1 or (current & ADDR_NO_RANDOMIZE) != 0) return;
  if (personality(current | ADDR_NO_RANDOMIZE) == -1) return;
  execv("/proc/self/exe", argv);
  personality(current);  // execv failed: run as it is
}

/**
 * The `stderr <bytes>` record of a seat that shares its process: the size of the stderr file
 * (everything written so far, cout flushed first), or "" when stderr is not a file.
 */
inline std::string stderr_record() {
  std::cout.flush();
  struct stat info;
  if (fstat(2, &info) != 0 or not S_ISREG(info.st_mode)) return "";
  return "stderr " + std::to_string(static_cast<long long>(info.st_size)) + "\n";
}

/** Bytes reserved for a frame and for the state (see `serve`). */
constexpr size_t FRAME_RESERVE = 1 << 20;

/**
 * The adapter main: `--name` prints the registered PLAYER_NAME; otherwise every start frame adds
 * a seat (a new Player, `Adapter::start`) and every turn frame plays the seats it lists in order
 * (`Adapter::turn`), answered at once in one write.
 */
template <class Adapter>
int serve(int argc, char** argv) {
  if (argc > 1 and std::string(argv[1]) == "--name") {
    if (Registry::name() == nullptr) return 1;
    printf("%s\n", Registry::name());
    return 0;
  }
  fixed_layout(argv);
  Channel channel;
  channel.open();
  std::string text, state, reply;
  // Room for the frames from the start, outside the heap the player allocates from (a block this
  // size is mapped on its own): a frame's size follows timing (the players' status), and a
  // frame's string growing at different rounds would move the player's own allocations.
  text.reserve(FRAME_RESERVE);
  state.reserve(FRAME_RESERVE);
  std::vector<Adapter*> seats;
  std::vector<double> used;
  used.reserve(1024);  // pointers into it stay valid (arena starts at most this many per process)
  while (channel.frame(text)) {
    if (text.compare(0, 5, "turn ") == 0) {
      size_t newline = text.find('\n');
      if (newline == std::string::npos) newline = text.size();
      state.assign(text, std::min(text.size(), newline + 1), std::string::npos);
      seat_clock.alone = seats.size() == 1;
      reply.clear();
      text.resize(newline);  // the seats' line (strtoul must not read on into the state)
      const char* p = text.c_str() + 5;
      bool continued = false;
      // Copies sharing the process: one clock reading per seat (see SeatClock).
      double since = seat_clock.alone ? 0 : thread_cpu_ms();
      for (;;) {
        while (*p == ' ') ++p;
        if (*p < '0' or *p > '9') break;
        char* next;
        unsigned long slot = strtoul(p, &next, 10);
        p = next;
        if (slot >= seats.size()) {
          std::cerr << "arena: no seat " << slot << std::endl;
          return 1;
        }
        seat_clock.used = &used[slot];
        seat_clock.since = since;
        seat_clock.end = -1;
        take_notes();  // none left from before (a start, another seat's leftovers)
        std::string part = seats[slot]->turn(state, continued);
        // The seat's records first: its annotations and, sharing the process, its stderr's end.
        reply += take_notes();
        if (not seat_clock.alone) reply += stderr_record();
        reply += part;
        if (not seat_clock.alone) {
          since = seat_clock.end >= 0 ? seat_clock.end : thread_cpu_ms();
          used[slot] += since - seat_clock.since;
        }
        seat_clock.used = nullptr;
        continued = true;
      }
      // What the players wrote through cout (a buffered stderr) goes before the reply.
      std::cout.flush();
      channel.write_all(reply);
      continue;
    }
    if (seats.size() == used.capacity()) {
      std::cerr << "arena: too many seats" << std::endl;
      return 1;
    }
    used.push_back(0);
    seat_clock.used = &used.back();
    seat_clock.since = thread_cpu_ms();
    Adapter* adapter = new_seat<Adapter>(text);
    if (adapter == nullptr) return 1;
    seats.push_back(adapter);
    used.back() += thread_cpu_ms() - seat_clock.since;
    seat_clock.used = nullptr;
    seat_clock.reported = process_cpu_ms();
  }
  return 0;
}
#endif

}  // namespace arena

#ifdef __wasi__
// The module's exports (see the top of this file). Defined here, in the adapter's translation
// unit (a player's file includes Player.hh, not this header).

/** Room for a frame of `size` bytes in the module's memory: where arena writes it. */
extern "C" __attribute__((export_name("arena_buffer"))) char* arena_buffer(size_t size) {
  arena::wasm.frame.resize(size);
  return arena::wasm.frame.data();
}

/** A seat's start frame (`size` bytes in the buffer): its slot, or -1 (no player registered). */
extern "C" __attribute__((export_name("arena_start"))) int arena_start(size_t size) {
  arena::wasm.frame.resize(size);
  return arena::wasm.start == nullptr ? -1 : arena::wasm.start(arena::wasm.frame);
}

/**
 * Seat `slot`'s turn on the state in the buffer (`size` bytes): `continued` as the adapter's, and
 * the seat's use so far (`used`, in the start frame's budget unit). The reply is `arena_reply`.
 */
extern "C" __attribute__((export_name("arena_turn"))) void arena_turn(size_t slot, size_t size,
                                                                       int continued,
                                                                       double used) {
  arena::wasm.frame.resize(size);
  arena::wasm_used = used;
  arena::seat_clock.alone = true;
  arena::seat_clock.reported = used;
  arena::wasm.turn(slot, arena::wasm.frame, continued != 0);
}

/** The last reply (see `arena_reply_size`). */
extern "C" __attribute__((export_name("arena_reply"))) const char* arena_reply() {
  return arena::wasm.reply.data();
}

/** The last reply's size in bytes. */
extern "C" __attribute__((export_name("arena_reply_size"))) size_t arena_reply_size() {
  return arena::wasm.reply.size();
}

/** The registered PLAYER_NAME, or null. */
extern "C" __attribute__((export_name("arena_name"))) const char* arena_name() {
  return Registry::name();
}

// The C library's memcpy, memmove and memset, as WebAssembly's own `memory.copy` and `memory.fill`
// (players are compiled with bulk memory): WASI's C library, built without it, copies in a loop
// of loads and stores, the most of a turn's time for a kit that copies the board to each seat.
// The library's own calls (libc++, printf…) link to these. The metering counts them by their
// bytes (metering.ts).
extern "C" void* memcpy(void* __restrict to, const void* __restrict from, size_t size) {
  return __builtin_memcpy(to, from, size);
}
extern "C" void* memmove(void* to, const void* from, size_t size) {
  return __builtin_memmove(to, from, size);
}
extern "C" void* memset(void* to, int value, size_t size) {
  return __builtin_memset(to, value, size);
}
// And memcmp 8 bytes at a time while they are equal (WASI's compares byte by byte: half of a Money
// Heist turn, whose kit compares each row of the board with the last one's), then byte by byte
// from there: the same result as WASI's, the difference of the first bytes that differ.
extern "C" int memcmp(const void* left, const void* right, size_t size) {
  const unsigned char* l = static_cast<const unsigned char*>(left);
  const unsigned char* r = static_cast<const unsigned char*>(right);
  for (; size >= 8; size -= 8, l += 8, r += 8) {
    unsigned long long a, b;
    __builtin_memcpy(&a, l, 8);
    __builtin_memcpy(&b, r, 8);
    if (a != b) break;
  }
  for (; size > 0 and *l == *r; --size, ++l, ++r) {
  }
  return size > 0 ? *l - *r : 0;
}
#endif

#endif
