// The test kit's adapter: frames `<n>\n<bytes>` in, `orders <kept> <offered> <cpu> stream <s>` out.
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>

#include "Player.hh"

static bool frame(string& text) {
  size_t size;
  if (scanf("%zu", &size) != 1) return false;
  getchar();  // the newline
  text.resize(size);
  return fread(&text[0], 1, size, stdin) == size;
}

int main(int argc, char** argv) {
  if (argc > 1 and string(argv[1]) == "--name") {
    printf("%s\n", registered_name());
    return 0;
  }
  string text, word;
  if (not frame(text)) return 0;
  Player* player = factory()();
  long seed, budget;
  istringstream start(text);
  start >> word >> player->me_ >> word >> seed >> word >> budget;
  while (frame(text)) {
    istringstream turn(text);
    int n;
    turn >> word >> player->round_ >> word >> player->stream_ >> word >> n;
    player->scores_.assign(n, 0);
    for (int& s : player->scores_) turn >> s;
    player->kept_ = player->offered_ = 0;
    player->units_.clear();
    player->lines_.clear();
    player->play();
    printf("orders %d %d 0 stream %u\n%s", player->kept_, player->offered_, player->stream_,
           player->lines_.c_str());
    fflush(stdout);
  }
  return 0;
}
