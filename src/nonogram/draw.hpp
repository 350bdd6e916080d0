#pragma once
// A nonogram drawn for a terminal (`show`): the column clues stacked above the grid, the row
// clues to its left, the cells, and rules every five rows and columns so that a 25x25 (or a
// 100x100) puzzle can be read and checked by eye.
#include <string>

#include "nonogram/nonogram.hpp"

namespace puzzle::nonogram {

/// The puzzle's clues around its grid: with `picture` (of the puzzle's size) the grid shows it,
/// `#` for a shaded cell and `.` for a blank one; without, every cell is `.`. A column is two
/// characters wide, three when a run is 10 or more, four past 99, so that the numbers above it
/// never touch; an empty line's clue is `0`. Lines end with '\n' and carry no trailing spaces.
std::string to_pretty(const Puzzle& puzzle, const Picture* picture = nullptr);

}  // namespace puzzle::nonogram
