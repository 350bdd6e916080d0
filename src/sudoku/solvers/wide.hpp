#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "puzzle/solver.hpp"
#include "sudoku/grid.hpp"

namespace puzzle::sudoku {
/// The test the reducer (generate/reduce.hpp) asks of a checker that offers it beside solve():
/// a search of `puzzle` (limit 1) for a solution in which `cell` does not hold `digit`; at a
/// guessed cell the digit `prefer` has there is tried first (the reducer's full grid: another
/// solution, when there is one, tends to share most of it). `none`: there is no such solution.
/// A search that ends `budget_exceeded` (it branched) leaves in `root` the candidates its
/// propagation left at the root, per cell bit d - 1 for digit d (a given or placed cell: its
/// digit alone): every solution it was looking for lies within them.
class ExcludingSolver {
 public:
  virtual ~ExcludingSolver() = default;
  virtual Result solve_excluding(const Grid& puzzle, int cell, int digit, const Grid& prefer,
                                 const Limits& limits, std::vector<uint32_t>& root) = 0;
};

/// Candidate propagation on bitboards sized for the grid (singles, hidden singles, locked
/// candidates), every size (box 2..5): the default for 16x16 and 25x25. See wide.cpp. The
/// solver is also an ExcludingSolver.
std::unique_ptr<Solver> make_wide();
}  // namespace puzzle::sudoku
