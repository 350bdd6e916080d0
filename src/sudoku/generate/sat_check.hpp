#pragma once
// The reducer's removal test by CDCL (CaDiCaL), for the checks a backtracking search finds
// hard: near the end of a 25x25 reduction, proving a given needed or removable takes wide 10^5
// to 10^6 nodes (seconds), CaDiCaL a few thousand conflicts (about a tenth of a second).
#include <cstdint>
#include <memory>

#include "puzzle/solver.hpp"
#include "puzzle/stop.hpp"
#include "sudoku/grid.hpp"

namespace CaDiCaL {
class Solver;
}
namespace puzzle {
class SatHooks;
}

namespace puzzle::sudoku {

class SatRemovalCheck {
 public:
  SatRemovalCheck();
  ~SatRemovalCheck();
  SatRemovalCheck(const SatRemovalCheck&) = delete;
  SatRemovalCheck& operator=(const SatRemovalCheck&) = delete;
  /// Whether `puzzle` has a solution in which `cell` (empty in `puzzle`) does not hold `digit`:
  /// `multiple` (there is one), `none` (there is none), `budget_exceeded` (`stop` fired).
  /// A complete search (no budget); deterministic. The formula is the candidates the givens
  /// leave (one variable a cell and digit), each cell, and each digit of each row, column and
  /// box not given, exactly once (one clause at-least-one, pairwise at-most-one), made fresh
  /// at each call: learnt clauses carried over one reduction with the givens as assumptions
  /// cost 5x more per conflict (the full grid's 750k binary clauses), which their reuse did
  /// not repay (results/wide.md).
  Status check(const Grid& puzzle, int cell, int digit, const Stop& stop);
  /// Conflicts over every check so far.
  uint64_t conflicts() const noexcept;

 private:
  std::unique_ptr<SatHooks> hooks_;  // puzzle/sat_hooks.hpp
};

}  // namespace puzzle::sudoku
