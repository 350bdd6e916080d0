#pragma once
// The test build's table of kinds (src/puzzle/kind_rows.hpp's, found first on its include path).
#include "latin/latin.hpp"
#include "nonogram/kind.hpp"
#include "sudoku/sudoku_kind.hpp"

namespace puzzle {

using Kinds = KindTable<sudoku::SudokuKind, nonogram::NonogramKind, latin::LatinKind>;

}  // namespace puzzle
