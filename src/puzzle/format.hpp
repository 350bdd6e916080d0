#pragma once
// How the records of a file are laid out, whatever their kind: what the reader needs to cut a
// file into records (io/reader.hpp) and a kind's parser to read one (a row's parse(),
// io/parse.hpp's parse<Row>). Found from a file's first data line by the table (Kinds::detect:
// the first row whose detect() claims it, else the fallback row's).
#include <cstdint>
#include <span>
#include <string_view>

#include "puzzle/kind_types.hpp"

namespace puzzle {

struct Format {
  /// How far a record reaches (the reader).
  enum class Extent : uint8_t {
    lines,        ///< `record_lines` data lines (blank and `#` lines between them skipped)
    until_start,  ///< its first line and every line after it (blank ones too) up to the next
                  ///< line `starts_record` accepts, or the end
    rest,         ///< its first line and every line after it: the input is one record
  };
  PuzzleKind kind{};  ///< the kind of puzzle the records hold
  /// How a record is written, in its kind's words (an enum of the kind's own, set by its row's
  /// detect()); 0 is every kind's one-line layout: a puzzle as one word, then maybe fields.
  uint8_t layout = 0;
  Extent extent = Extent::lines;
  int record_lines = 1;  ///< Extent::lines: how many
  bool (*starts_record)(std::string_view line) = nullptr;  ///< Extent::until_start: where the next begins
  bool header = false;      ///< the first data line is a header, not a record (a CSV)
  /// The size every record must be, as the caller fixes it (`solve --size`: Kinds::size_option),
  /// in its kind's unit (a Sudoku's box); 0: each record's own. A layout may set it (a Sudoku
  /// n-line grid: its box).
  int size = 0;
  int puzzle_col = 0;       ///< csv: column index of the puzzle
  int solution_col = -1;    ///< csv: column of a known solution, or -1
  int count_col = -1;       ///< csv: column of a known solution count, or -1
  int columns = 0;          ///< csv: number of columns in the header

  /// Whether the layout is `l` (an enum of the format's kind).
  template <class L>
  bool is(L l) const noexcept {
    return layout == static_cast<uint8_t>(l);
  }
  template <class L>
  void set(L l) noexcept {
    layout = static_cast<uint8_t>(l);
  }
  /// Whether a record is one line (a puzzle given as text may be one).
  bool single_line() const noexcept { return extent == Extent::lines && record_lines == 1; }
  /// A file of `kind` in its one-line layout (a list of puzzle strings: the Python module).
  static Format one_line(PuzzleKind kind) noexcept {
    Format f;
    f.kind = kind;
    return f;
  }
};

/// How a caller fixes the size of every record (`solve --size`, Format::size), offered by the
/// row whose puzzles have sizes (Kinds::size_option: Sudoku's grid side): the option's help, the
/// values it takes, and a value as Format::size.
struct SizeOption {
  std::string_view help;
  std::span<const int> values;
  int (*size)(int value) = nullptr;
};

}  // namespace puzzle
