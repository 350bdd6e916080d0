#pragma once
// The reducer's removal test by CDCL (CaDiCaL), for the checks a backtracking search finds
// hard: near the end of a 25x25 reduction, proving a given needed or removable takes wide 10^5
// to 10^6 nodes (seconds), CaDiCaL a few thousand conflicts (about a tenth of a second).
#include <cstdint>
#include <memory>
#include <vector>

#include "puzzle/solver.hpp"
#include "puzzle/stop.hpp"
#include "sudoku/grid.hpp"

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
  /// The candidates the givens leave, through the check below.
  Status check(const Grid& puzzle, int cell, int digit, const Stop& stop);
  /// Whether the grid of box `box` has a solution within `cand` (per cell, bit d - 1: digit d
  /// may go there; a cell with one candidate is placed): `multiple` (there is one), `none`,
  /// `budget_exceeded` (`stop` fired). A complete search (no budget); deterministic. The
  /// reducer passes the candidates wide's propagation left at the root of its search (singles,
  /// hidden singles, locked candidates; 4% fewer conflicts than the givens' over four 25x25
  /// reductions) and the full grid as `prefer`, each variable's first phase (its digit true,
  /// the others false), as wide tries the full grid's digit first. The formula: one variable a
  /// candidate of a cell not placed; each such cell, and each digit of each row, column and box
  /// not placed, exactly once (one clause at-least-one, pairwise at-most-one); made fresh at
  /// each call (learnt clauses carried over one reduction with the givens as assumptions cost
  /// 5x more per conflict over the full grid's 750k binary clauses, which their reuse did not
  /// repay: results/wide.md).
  Status check(int box, const std::vector<uint32_t>& cand, const Grid* prefer, const Stop& stop);
  /// Conflicts over every check so far.
  uint64_t conflicts() const noexcept;

 private:
  std::unique_ptr<SatHooks> hooks_;  // puzzle/sat_hooks.hpp
  std::vector<uint32_t> cand_;       // check(puzzle, ...)'s candidates
};

}  // namespace puzzle::sudoku
