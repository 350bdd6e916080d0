#pragma once
#include <memory>

#include "puzzle/solver.hpp"

namespace puzzle::sudoku {
/// Candidate propagation on bitboards sized for the grid (singles, hidden singles, locked
/// candidates), every size (box 2..5): the default for 16x16 and 25x25. See wide.cpp.
std::unique_ptr<Solver> make_wide();
}  // namespace puzzle::sudoku
