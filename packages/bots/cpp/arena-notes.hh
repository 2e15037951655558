// arena C++ kits, shared by every game (@arena/bots): a player's annotations, drawn by arena's
// viewer on the round they belong to, beside that round's stderr. Call them from play():
//
//   arena::log("going for the gold");              // the round's text (a line of the bot's log)
//   arena::annotate(p, "target");                  // a mark on cell p (a Pos), with a label
//   arena::annotate(p, "escape", "#d55e00");       // … in a CSS colour (#rgb, #rrggbb or a name)
//   arena::annotate(i, j, "here");                 // a mark on cell (i, j)
//   arena::annotate_unit(id, "escort");            // a text on unit id (in the tooltip too)
//   arena::annotate_line(a, b, "orange");          // a line from cell a to cell b
//
// They are in namespace `arena` (not members of Player), so a player's own `log(x)` still finds
// std::log. Each call adds a line to the round's annotations, which the adapter sends with the
// round's orders (never on stdout or stderr); arena records them in the replay, capped at 16 KiB
// a round like every bot's annotations (what goes over is dropped and the round says so). What a
// player writes on cerr (or cout) during a round is recorded with that round too.
#ifndef arena_notes_hh
#define arena_notes_hh

#include <cctype>
#include <complex>
#include <iostream>
#include <string>
#include <utility>

namespace arena {

/** The annotations of the round being played, one record per line (sent with its orders). */
inline std::string note_lines;
/** Their number. */
inline int note_count = 0;
/** An annotation did not fit (the round's are capped, as arena's NOTE_LIMIT). */
inline bool note_truncated = false;
/** Bytes of annotations a round, at most. */
constexpr size_t NOTE_BYTES = 16 * 1024;

/** `text` on one line: line breaks and tabs become spaces, at most `max` bytes. */
inline std::string note_text(const std::string& text, size_t max) {
  std::string out = text.substr(0, max);
  for (char& c : out)
    if (c == '\n' or c == '\r' or c == '\t') c = ' ';
  return out;
}

/** Adds one record line, unless the round's annotations are full. */
inline void note_add(const std::string& line) {
  if (note_lines.size() + line.size() + 1 > NOTE_BYTES) {
    note_truncated = true;
    return;
  }
  note_lines += line;
  note_lines += '\n';
  ++note_count;
}

/** A colour as the record writes it: `-` for none, a warning on cerr for one that is not CSS. */
inline std::string note_color(const std::string& color) {
  if (color.empty()) return "-";
  bool hex = color[0] == '#' and color.size() >= 4 and color.size() <= 9;
  bool ok = color.size() <= 40 and (hex or std::isalpha(static_cast<unsigned char>(color[0])));
  for (size_t k = hex ? 1 : 0; ok and k < color.size(); ++k) {
    unsigned char c = static_cast<unsigned char>(color[k]);
    ok = hex ? std::isxdigit(c) != 0 : std::isalpha(c) != 0;
  }
  if (ok) return color;
  std::cerr << ("warning: annotate: colour '" + note_text(color, 40) +
                "' is not a CSS colour (#rgb, #rrggbb or a name): drawn in the player's own\n")
            << std::flush;
  return "-";
}

/** The round's text: a line of the bot's log in the viewer (several calls: several lines). */
inline void log(const std::string& text) {
  size_t start = 0;
  for (;;) {
    size_t end = text.find('\n', start);
    note_add("text " + note_text(text.substr(start, end - start), 2000));
    if (end == std::string::npos or end + 1 == text.size()) return;
    start = end + 1;
  }
}

/** A mark on cell (i, j), with a short label (40 characters shown) and a CSS colour. */
inline void annotate(int i, int j, const std::string& text = "", const std::string& color = "") {
  note_add("mark " + std::to_string(i) + " " + std::to_string(j) + " " + note_color(color) + " " +
           note_text(text, 200));
}

/** A mark on cell `p` (a Pos of the game: `p.i`, `p.j`). */
template <class P, class = decltype(std::declval<const P&>().i + std::declval<const P&>().j)>
void annotate(const P& p, const std::string& text = "", const std::string& color = "") {
  annotate(p.i, p.j, text, color);
}

/** A mark on cell `p` (Mad Max Revisited's positions: complex<int> of row and column). */
inline void annotate(const std::complex<int>& p, const std::string& text = "",
                     const std::string& color = "") {
  annotate(p.real(), p.imag(), text, color);
}

/** A text on unit `id` (its id in the game's API), shown beside it and in its tooltip. */
inline void annotate_unit(int id, const std::string& text) {
  note_add("unit " + std::to_string(id) + " " + note_text(text, 200));
}

/** A line from cell (i1, j1) to cell (i2, j2), in a CSS colour. */
inline void annotate_line(int i1, int j1, int i2, int j2, const std::string& color = "") {
  note_add("line " + std::to_string(i1) + " " + std::to_string(j1) + " " + std::to_string(i2) +
           " " + std::to_string(j2) + " " + note_color(color));
}

/** A line from cell `a` to cell `b` (Pos of the game). */
template <class P, class = decltype(std::declval<const P&>().i + std::declval<const P&>().j)>
void annotate_line(const P& a, const P& b, const std::string& color = "") {
  annotate_line(a.i, a.j, b.i, b.j, color);
}

/** A line from cell `a` to cell `b` (complex<int> of row and column). */
inline void annotate_line(const std::complex<int>& a, const std::complex<int>& b,
                          const std::string& color = "") {
  annotate_line(a.real(), a.imag(), b.real(), b.imag(), color);
}

/**
 * The adapter: the round's annotations as the reply's `notes <count>` record (nothing when there
 * are none), and a fresh start for the next round.
 */
inline std::string take_notes() {
  if (note_count == 0 and not note_truncated) return "";
  if (note_truncated) {
    note_lines += "truncated\n";
    ++note_count;
  }
  std::string out = "notes " + std::to_string(note_count) + "\n" + note_lines;
  note_lines.clear();
  note_count = 0;
  note_truncated = false;
  return out;
}

}  // namespace arena

#endif
