#pragma once
// The test build's list of kinds (src/puzzle/kind_list.hpp's, found first on its include path):
// the tool's two and a third, the Latin square.
#include <cstdint>

#include "latin/square.hpp"
#include "nonogram/nonogram.hpp"
#include "sudoku/grid.hpp"

namespace puzzle {

enum class PuzzleKind : uint8_t { sudoku, nonogram, latin };

using PuzzleTypes = TypeList<sudoku::Grid, nonogram::Puzzle, latin::Square>;
using SolutionTypes = TypeList<sudoku::Grid, nonogram::Picture, latin::Square>;

}  // namespace puzzle
