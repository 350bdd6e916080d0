#pragma once
#include <memory>

#include "puzzle/solver.hpp"

namespace puzzle::nonogram {

/// A nonogram solver: a Sudoku grid is `unsupported`.
/// `nonogram-backtracking`: the naive baseline, row by row over every placement of the runs.
/// See nonogram_backtracking.cpp.
std::unique_ptr<Solver> make_nonogram_backtracking();
/// `nonogram-line`: the exact line solver to a fixpoint, probing, then search.
/// See nonogram_line.cpp.
std::unique_ptr<Solver> make_nonogram_line();
/// `nonogram-cdcl`: line logic, probing that learns, then CDCL (CaDiCaL). See
/// nonogram_cdcl.cpp and nonogram/search.hpp.
std::unique_ptr<Solver> make_nonogram_cdcl();
}  // namespace puzzle::nonogram
