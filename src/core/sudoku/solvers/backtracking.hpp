#pragma once
#include <memory>

#include "sudoku/solver.hpp"

namespace sudoku {
/// The naive baseline (any grid size). See backtracking.cpp.
std::unique_ptr<Solver> make_backtracking();
}  // namespace sudoku
