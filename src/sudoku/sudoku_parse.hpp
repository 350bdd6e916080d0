#pragma once
// Sudoku's files (the Sudoku row's detect() and parse(), sudoku_kind.hpp): the layouts, found
// from a file's first data line when no other kind's row claims it, and the parsers of one
// record (a line, a CSV row, or an n-line comma grid) into a Grid. Pure functions, no I/O.
#include <cstdint>
#include <string>
#include <string_view>

#include "puzzle/format.hpp"
#include "puzzle/kinds.hpp"
#include "sudoku/grid.hpp"

namespace puzzle::sudoku {

/// How a file of Sudoku writes its records (Format::layout; a Sudoku file is one that no other
/// kind's row claims: SudokuKind::detect).
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
/// (SudokuKind::parse, the judge's: it leaves that check to the solver, which must report
/// `invalid`, and verifies it).
Parsed parse_record(const Format& format, std::string_view record,
                    CheckGivens check = CheckGivens::yes);

}  // namespace puzzle::sudoku
