#pragma once
// Nonograms, the second puzzle kind: clues, pictures, the game-ID format of Simon Tatham's
// "Pattern" (`sgt-pattern --generate N WxH`), and the rules a picture must obey.
//
// Layout: a line (row or column) is at most kMaxSide cells; the solvers hold a line's cells as
// a bit mask (bit i = cell i) of one word up to 63 cells, of several beyond (bits.hpp). A
// Picture keeps each row as ceil(width / 64) words; a Puzzle keeps every line's runs in one
// flat array, columns first then rows: the game ID's order.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nonogram/bits.hpp"

namespace puzzle::nonogram {

/// The longest side: the widest mask's (bits.hpp), which is also the longest run a clue's
/// byte holds.
inline constexpr int kMaxSide = kSideOf<Bits<4>>;
/// A line of up to 63 cells (every line of a puzzle whose sides are all that short).
using Mask = uint64_t;

/// The clues: runs of each column (left to right), then of each row (top to bottom).
struct Puzzle {
  int width = 0, height = 0;
  std::vector<uint8_t> runs;    ///< every line's runs, one after the other
  std::vector<uint16_t> first;  ///< line i's runs are runs[first[i] .. first[i+1]); size lines()+1

  int lines() const noexcept { return width + height; }
  std::span<const uint8_t> line(int i) const noexcept {
    return {runs.data() + first[i], static_cast<std::size_t>(first[i + 1] - first[i])};
  }
  std::span<const uint8_t> column(int c) const noexcept { return line(c); }
  std::span<const uint8_t> row(int r) const noexcept { return line(width + r); }
  /// Cells of line i: a column has `height`, a row `width`.
  int length(int i) const noexcept { return i < width ? height : width; }
  /// Numbers in all the clues (the `clues` column of the rows CSV).
  int clue_count() const noexcept { return static_cast<int>(runs.size()); }
  friend bool operator==(const Puzzle&, const Puzzle&) = default;
};

/// A filled-in grid: row r is words[r * stride ..] (stride = ceil(width / 64) words), bit c
/// of it set when cell (r, c) is shaded.
struct Picture {
  int width = 0, height = 0, stride = 0;
  std::vector<uint64_t> words;

  Picture() = default;
  Picture(int w, int h)
      : width(w), height(h), stride((w + 63) / 64), words(static_cast<std::size_t>(h) * static_cast<std::size_t>(stride), 0) {}
  bool at(int r, int c) const noexcept { return (words[index(r, c)] >> (c & 63)) & 1u; }
  void set(int r, int c) noexcept { words[index(r, c)] |= uint64_t{1} << (c & 63); }
  /// Row r as a mask M (bits.hpp) that holds `width` cells.
  template <class M = Mask>
  M row(int r) const noexcept {
    return load_words<M>(&words[static_cast<std::size_t>(r) * static_cast<std::size_t>(stride)], stride);
  }
  template <class M>
  void set_row(int r, const M& m) noexcept {
    store_words(m, &words[static_cast<std::size_t>(r) * static_cast<std::size_t>(stride)], stride);
  }
  friend bool operator==(const Picture&, const Picture&) = default;

 private:
  std::size_t index(int r, int c) const noexcept {
    return static_cast<std::size_t>(r) * static_cast<std::size_t>(stride) + static_cast<std::size_t>(c >> 6);
  }
};

/// What the input says of a puzzle besides its clues.
struct Known {
  std::optional<Picture> solution;
  std::optional<uint64_t> solutions;
};

/// True when `text` starts like a game ID (`WxH:` or `WxH#`): how a file is recognised as one
/// of nonograms.
bool looks_like_id(std::string_view text) noexcept;

/// Parses a game ID, `WxH:` then w + h clues separated by `/` (columns first), runs within a
/// clue separated by `.`, an empty clue (or `0`) for an empty line; `text` is the ID alone.
/// Checks the clues: each fits its line, column and row totals agree. Returns false with
/// `error` set ("row 3: clue 5.6 needs 12 cells, the row has 10").
bool parse_id(std::string_view text, Puzzle& out, std::string& error);

/// Builds a Puzzle's clues line by line (columns first, then rows), checking each as it goes:
/// what every reader of clues (game IDs, the tournament format, `.non`) shares, so that each
/// says the same of the same mistake.
class ClueBuilder {
 public:
  /// Clears `out` and gives it the size (each side 1..kMaxSide: the caller checks).
  ClueBuilder(Puzzle& out, int width, int height);
  /// Starts the next line.
  void begin_line() {
    line_ = static_cast<int>(p_.first.size());
    p_.first.push_back(static_cast<uint16_t>(p_.runs.size()));
    n_ = p_.length(line_);
    need_ = -1;
  }
  /// Adds a run (len > 0) to the current line; false with `error` ("row 3: run of 30 cells,
  /// the row has 25") when it is longer than the line.
  bool add_run(long len, std::string& error) {
    if (len > n_) return too_long(len, error);
    p_.runs.push_back(static_cast<uint8_t>(len));
    need_ += static_cast<int>(len) + 1;
    totals_[line_ < p_.width ? 0 : 1] += len;
    return true;
  }
  /// Ends the current line; false with `error` when its runs and gaps need more cells than it
  /// has ("row 3: clue 5.6 needs 12 cells, the row has 10").
  bool end_line(std::string& error) { return need_ <= n_ || too_many(error); }
  /// After the last line: false with `error` when the column and row clues shade different
  /// numbers of cells.
  bool finish(std::string& error);

 private:
  bool too_long(long len, std::string& error) const;
  bool too_many(std::string& error) const;

  Puzzle& p_;
  int line_ = -1, n_ = 0, need_ = -1;
  long totals_[2] = {0, 0};
};

/// "column 3", "row 5" (1-based) for line i of `p`.
std::string line_name(const Puzzle& p, int i);
/// A clue as the game ID writes it ("3.1.2"; "0" for an empty line).
std::string clue_text(std::span<const uint8_t> runs);
/// A character for a message: itself when printable, else `\xNN`.
std::string printable(char c);

/// The game ID (sgt-pattern's form; an empty line is written as an empty clue).
std::string to_id(const Puzzle& p);

/// A picture as one field: w*h characters row-major, `#` shaded, `.` blank.
std::string to_text(const Picture& p);

/// Reads to_text()'s form (also `1`/`0`) of a w x h picture; false when `text` is not one.
bool parse_picture(std::string_view text, int width, int height, Picture& out);

/// The clues a picture gives.
Puzzle clues_of(const Picture& p);
/// The same into `out`, reusing its memory.
void clues_of(const Picture& p, Puzzle& out);

/// The runs of `cells` (n cells, a mask of bits.hpp) into `out`.
template <class M>
void runs_of(M cells, int n, std::vector<uint8_t>& out) {
  cells &= full<M>(n);
  while (cells) {  // one step per run: skip the blanks, measure the run (the top bit is blank)
    cells >>= lowest(cells);
    const int len = lowest(~cells);
    out.push_back(static_cast<uint8_t>(len));
    cells >>= len;
  }
}

/// Empty when `answer` has the puzzle's size and its rows and columns read as the clues;
/// otherwise the first line that does not ("row 3 reads 2.1, its clue is 3").
std::optional<std::string> check_picture(const Puzzle& puzzle, const Picture& answer);

/// Human name of a cell, 1-based: "r4c7".
std::string cell_name(int row, int col);

}  // namespace puzzle::nonogram
