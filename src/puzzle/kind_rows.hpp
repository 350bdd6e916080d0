#pragma once
// The table of puzzle kinds (kinds.hpp): the rows of the kinds kind_list.hpp lists, in its order.
#include "nonogram/kind.hpp"
#include "sudoku/sudoku_kind.hpp"

namespace puzzle {

using Kinds = KindTable<sudoku::SudokuKind, nonogram::NonogramKind>;

}  // namespace puzzle
