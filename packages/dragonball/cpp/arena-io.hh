// arena compatibility kit (Bola de Drac): the adapter's side of arena's transport (see CppKit in @arena/core).
// Frames from arena are `<byte count>\n<bytes>`; the reply to a turn is `orders <kept> <offered>`
// and the kept order lines. The player's own stdin and stdout are moved away (stdin reads
// /dev/null, cout goes to stderr) so that they cannot disturb the transport.
#ifndef arena_io_hh
#define arena_io_hh

#include <fcntl.h>
#include <cerrno>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace arena {

struct Channel {
  int in = -1, out = -1;
  std::string buffer;
  size_t at = 0;

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

  bool fill() {
    if (at > 0 and at == buffer.size()) {
      buffer.clear();
      at = 0;
    }
    char chunk[1 << 16];
    ssize_t n;
    do n = read(in, chunk, sizeof chunk);
    while (n < 0 and errno == EINTR);
    if (n <= 0) return false;
    buffer.append(chunk, size_t(n));
    return true;
  }

  /** The next frame, or false at the end of the input. */
  bool frame(std::string& text) {
    size_t newline;
    while ((newline = buffer.find('\n', at)) == std::string::npos)
      if (not fill()) return false;
    size_t size = strtoul(buffer.c_str() + at, nullptr, 10);
    at = newline + 1;
    while (buffer.size() - at < size)
      if (not fill()) return false;
    text.assign(buffer, at, size);
    at += size;
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
  double real() {
    std::string w = word();
    return strtod(w.c_str(), nullptr);
  }
  /** Skips `count` tokens. */
  void skip(int count) {
    for (int k = 0; k < count; ++k) word();
  }
};

/** CPU time this process used (user + system), in milliseconds. */
inline double cpu_ms() {
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0 +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
}

}  // namespace arena

#endif
