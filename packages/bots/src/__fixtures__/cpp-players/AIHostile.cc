// A hostile C++ player of the counter game (counter kit API): it plays like Demo (9 on each of
// units 0-2) and at round 3 attacks, as ARENA_ATTACK says (the tests' `wrap`: `env
// ARENA_ATTACK=<attack> ARENA_TARGET=<…> <player>`), then plays on if it can. One source for
// every attack, so that the run compiles one player. Attacks: system (a shell writes TARGET),
// write (writes TARGET), socket (connects to 127.0.0.1:TARGET and sends "pwned"), kill (SIGKILL
// to pid TARGET), killparent (SIGKILL to its parent), renice (nice 19 for pid TARGET), allocate
// (TARGET MiB, touched), fork (a setsid'd child named arena-burner burning CPU for 10 minutes),
// tmpfill (TARGET MiB into /tmp, what it wrote on stderr), burn (TARGET ms of CPU time at round
// 3), burnall (TARGET ms of CPU time a round), stdout (floods stdout through printf and write(1)),
// loop (endless), read (reads TARGET and prints it on stderr: "stole <content>").
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <time.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>
#include "Player.hh"
#define PLAYER_NAME Hostile

static std::string env(const char* name) {
  const char* value = getenv(name);
  return value == nullptr ? "" : value;
}

static double cpu_ms() {
  timespec now;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

static void burn(double ms) {
  double until = cpu_ms() + ms;
  while (cpu_ms() < until) {}
}

static std::vector<char*> kept;

static void attack(const std::string& what, const std::string& target) {
  if (what == "system") {
    int code = system(("echo pwned > '" + target + "'").c_str());
    cerr << "system gave " << code << endl;
  } else if (what == "write") {
    FILE* file = fopen(target.c_str(), "w");
    cerr << "fopen " << (file == nullptr ? "failed" : "worked") << endl;
    if (file != nullptr) { fputs("pwned", file); fclose(file); }
  } else if (what == "socket") {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(atoi(target.c_str()));
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    int code = fd < 0 ? -1 : connect(fd, (sockaddr*)&address, sizeof address);
    cerr << "connect gave " << code << endl;
    if (code == 0) { ssize_t n = write(fd, "pwned", 5); (void)n; }
  } else if (what == "kill") {
    cerr << "kill gave " << kill(atoi(target.c_str()), SIGKILL) << endl;
  } else if (what == "killparent") {
    cerr << "kill of the parent gave " << kill(getppid(), SIGKILL) << endl;
  } else if (what == "renice") {
    cerr << "setpriority gave " << setpriority(PRIO_PROCESS, atoi(target.c_str()), 19) << endl;
  } else if (what == "allocate") {
    for (int k = 0; k < atoi(target.c_str()) / 4; ++k) {
      char* block = (char*)malloc(4 << 20);
      if (block == nullptr) { cerr << "malloc failed after " << k * 4 << " MiB" << endl; throw std::bad_alloc(); }
      memset(block, 1, 4 << 20);
      kept.push_back(block);
    }
    cerr << "allocated " << target << " MiB" << endl;
  } else if (what == "fork") {
    pid_t child = fork();
    if (child == 0) {
      setsid();
      if (fork() == 0) {
        prctl(PR_SET_NAME, "arena-burner");
        burn(600000);
      }
      _exit(0);
    }
    cerr << "fork gave " << child << endl;
  } else if (what == "tmpfill") {
    const std::string fill = "/tmp/arena-hostile-fill-" + to_string(getpid());
    int fd = open(fill.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    std::vector<char> block(1 << 20, 'x');
    long written = 0;
    for (int k = 0; fd >= 0 && k < atoi(target.c_str()); ++k) {
      ssize_t n = write(fd, block.data(), block.size());
      if (n <= 0) break;
      written += n;
    }
    cerr << "wrote " << written << " bytes to /tmp" << endl;
    unlink(fill.c_str());
  } else if (what == "burn") {
    burn(atof(target.c_str()));
  } else if (what == "stdout") {
    for (int k = 0; k < 1000; ++k) printf("orders 99 99 0 stdout line %d\n", k);
    fflush(stdout);
    ssize_t n = write(1, "orders 1 1 0\n7 7\n", 17);
    (void)n;
  } else if (what == "read") {
    FILE* file = fopen(target.c_str(), "r");
    char line[256] = "";
    if (file != nullptr) { if (fgets(line, sizeof line, file) == nullptr) line[0] = 0; fclose(file); }
    cerr << (file == nullptr ? "read failed" : std::string("stole ") + line) << endl;
  } else if (what == "loop") {
    for (volatile unsigned long k = 0;; k++) {}
  }
}

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    const std::string what = env("ARENA_ATTACK");
    const std::string target = env("ARENA_TARGET");
    if (what == "burnall") burn(atof(target.c_str()));
    if (round() == 3) {
      try {
        attack(what, target);
      } catch (const std::bad_alloc&) {
        cerr << "std::bad_alloc" << endl;
        abort();
      }
    }
    for (int unit = 0; unit < 3; ++unit) add(unit, 9);
  }
};
RegisterPlayer(PLAYER_NAME);
