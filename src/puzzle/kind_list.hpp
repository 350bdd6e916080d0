#pragma once
// The kinds of puzzle: the one list of them, their ids and their puzzle and solution types, in
// the table's order (kind_rows.hpp has their rows, in the same order). Adding a kind is a line in
// each of the two, and its folder. A test build can put its own pair first on the include path
// to add a kind (tests/third_kind/).
#include <cstdint>

#include "nonogram/nonogram.hpp"
#include "sudoku/grid.hpp"

namespace puzzle {

/// The kinds of puzzle, in the table's order: a solver solves one kind; a file holds one kind
/// (its first data line decides).
enum class PuzzleKind : uint8_t { sudoku, nonogram };

/// Each kind's puzzle and solution types, in the order of PuzzleKind (the table's rows).
using PuzzleTypes = TypeList<sudoku::Grid, nonogram::Puzzle>;
using SolutionTypes = TypeList<sudoku::Grid, nonogram::Picture>;

}  // namespace puzzle
