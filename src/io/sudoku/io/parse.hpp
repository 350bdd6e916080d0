#pragma once
// The formats of files: detection from the first data line (a kind's row, else Sudoku's
// layouts), Sudoku's parsers of one record (a line, a CSV row, or a 9-line comma grid) into a
// Grid, and parse<Row>, any kind's record parser. Pure functions, no I/O: the driver runs them
// in its parallel stage.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/grid.hpp"
#include "sudoku/kinds.hpp"
#include "sudoku/format.hpp"
#include "sudoku/solver.hpp"
#include "sudoku/split_csv.hpp"
#include "sudoku/verify.hpp"

namespace sudoku {

/// How a file of Sudoku writes its records (Format::layout; a Sudoku file is one that no other
/// kind's row claims: detect_format).
enum class SudokuLayout : uint8_t {
  lines,  ///< one puzzle per line, optional trailing `:count:solution`, `,solution`, ...
  csv,    ///< a header row naming a puzzle column (and maybe solution/count columns)
  grid,   ///< n lines of n comma-separated cells (` ,8,5,1,3, , , , `), one puzzle per n lines
};

/// A parsed Sudoku record (kinds.hpp's Record): the puzzle and what the file knows of it, or why
/// it could not be read; its error is always on its first line.
using Parsed = Record<SudokuKind>;

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

/// Parses one record of a file of `format` (whose kind is Row's) into Row's Record,
/// as the judge takes it (the driver, batch.cpp): what the kind leaves to the solver to find is
/// not an error here (a Sudoku's contradictory givens: the solver must say `invalid`, and the
/// judge checks that it did). A row's own parse(format, record); Sudoku's is parse_record with
/// the givens unchecked. The callers are one template over the row.
template <class Row>
Record<Row> parse(const Format& format, std::string_view record) {
  return Row::parse(format, record);
}
template <>
inline Record<SudokuKind> parse<SudokuKind>(const Format& format, std::string_view record) {
  return parse_record(format, record, CheckGivens::no);
}

/// Recognises the format from the first non-comment, non-blank line: a kind's row that claims
/// it (Kinds::detect), else one of Sudoku's layouts. Returns false with `error` when the line is
/// a header with no puzzle column.
bool detect_format(std::string_view first_line, int box, Format& out, std::string& error);

}  // namespace sudoku
