#pragma once
// Parsing of one puzzle record (a line, a CSV row, or a 9-line comma grid) into a Grid.
// Pure functions, no I/O: the driver runs them in its parallel stage.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/grid.hpp"
#include "sudoku/kinds.hpp"
#include "sudoku/nonogram/nonogram.hpp"
#include "sudoku/solver.hpp"
#include "sudoku/verify.hpp"

namespace sudoku {

/// How the records of a file are laid out; found from the file's first data line.
struct Format {
  enum class Kind : uint8_t {
    lines,  ///< one puzzle per line, optional trailing `:count:solution`, `,solution`, ...
    csv,    ///< a header row naming a puzzle column (and maybe solution/count columns)
    grid,   ///< n lines of n comma-separated cells (` ,8,5,1,3, , , , `), one puzzle per n lines
    nonogram,  ///< nonograms, written as `records` says
  } kind = Kind::lines;
  /// How a nonogram file's records are written (nonogram/formats.hpp), from its first data line.
  enum class Records : uint8_t {
    game_id,     ///< one sgt-pattern game ID per line (`WxH:clues`), optional `,solution`, `:count`
    tournament,  ///< the computer tournaments' batch format: a `$N` line, then 2n clue lines
    non,         ///< Steve Simpson's `.non`: the whole file is one puzzle
  } records = Records::game_id;
  int box = 0;              ///< expected box size; 0 = decided by each line's length
  int puzzle_col = 0;       ///< csv: column index of the puzzle
  int solution_col = -1;    ///< csv: column of a known solution, or -1
  int count_col = -1;       ///< csv: column of a known solution count, or -1
  int columns = 0;          ///< csv: number of columns in the header
};

/// A parsed record of each kind (kinds.hpp's Record): the puzzle and what the file knows of it,
/// or why it could not be read; a Sudoku record's error is always on its first line.
using Parsed = Record<SudokuKind>;
using ParsedNonogram = Record<NonogramKind>;

/// Parses one line of a nonogram file: a game ID (nonogram::parse_id: bad clues are errors),
/// then maybe fields separated by `,`, `:`, `;`, `|`, a space or a tab: a number is a known
/// count, w*h cells of `#`/`.` (or `1`/`0`) a known solution.
ParsedNonogram parse_nonogram_record(std::string_view line);
/// Parses one record of a nonogram file of `format` (a game ID line, a tournament record, a
/// whole `.non` file; nonogram/formats.hpp).
ParsedNonogram parse_nonogram_record(const Format& format, std::string_view record);

/// The kind of puzzle a file of `format` holds.
PuzzleKind kind_of(const Format& format) noexcept;

/// Parses a puzzle written as cell symbols: `.`, `0`, `_` for empty; `1-9` up to 9x9; for 16x16
/// `1-9A-G` or hexadecimal `0-F` (chosen by the line: a `0` without a `G` means hexadecimal);
/// `A-Y` for 25x25 (letters in either case). `box` 0 takes the size from the length.
/// Returns false with `error` set ("too short: 80 cells, a 9x9 puzzle has 81", "bad character
/// 'x' at column 17").
bool parse_cells(std::string_view text, int box, Grid& out, std::string& error);

/// Whether parse_record checks the givens for two equal digits in a unit.
enum class CheckGivens : bool { no, yes };

/// Parses one record of `format` (for `grid`, its n lines joined by '\n'). Contradictory givens
/// are reported as an error too ("digit 5 twice in row 3 (r3c1, r3c7)"), unless `check` is no
/// (the driver leaves that check to the solver, which must report `invalid`, and verifies it).
Parsed parse_record(const Format& format, std::string_view record,
                    CheckGivens check = CheckGivens::yes);

/// Parses one record of a file of `format` (whose kind is Row's: kind_of()) into Row's Record,
/// as the judge takes it (the driver, batch.cpp): what the kind leaves to the solver to find is
/// not an error here (a Sudoku's contradictory givens: the solver must say `invalid`, and the
/// judge checks that it did). One specialization per row of Kinds, so that the callers are one
/// template over the row.
template <class Row>
Record<Row> parse(const Format& format, std::string_view record);
template <>
inline Record<SudokuKind> parse<SudokuKind>(const Format& format, std::string_view record) {
  return parse_record(format, record, CheckGivens::no);
}
template <>
inline Record<NonogramKind> parse<NonogramKind>(const Format& format, std::string_view record) {
  return parse_nonogram_record(format, record);
}

/// Recognises the format from the first non-comment, non-blank line. Returns false with `error`
/// when the line is a header with no puzzle column.
bool detect_format(std::string_view first_line, int box, Format& out, std::string& error);

/// Splits one CSV line (RFC 4180 quoting, no embedded newlines) into `fields`.
void split_csv(std::string_view line, std::vector<std::string_view>& fields,
               std::string& unquote_buffer);

}  // namespace sudoku
