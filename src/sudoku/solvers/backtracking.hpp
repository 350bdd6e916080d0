#pragma once
#include <memory>

#include "puzzle/solver.hpp"

namespace puzzle::sudoku {
/// The naive baseline (any grid size). See backtracking.cpp.
std::unique_ptr<Solver> make_backtracking();
}  // namespace puzzle::sudoku
