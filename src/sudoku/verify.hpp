#pragma once
// The driver's verifier: no answer is counted as solved until it has been checked here.
#include <cstdint>
#include <optional>
#include <string>

#include "puzzle/solver.hpp"
#include "sudoku/grid.hpp"

namespace puzzle::sudoku {

/// What the input file says about a puzzle, when it says anything.
struct Known {
  std::optional<Grid> solution;        ///< a known solution (from the file)
  std::optional<uint64_t> solutions;   ///< a known solution count (e.g. tdoku's `puzzle:count:...`)

  /// Becomes a copy of `from`, its grid by cells alone (Grid::assign).
  void assign(const Known& from) noexcept {
    solutions = from.solutions;
    if (!from.solution) {
      solution.reset();
      return;
    }
    if (!solution) solution.emplace();
    solution->assign(*from.solution);
  }
};

/// Empty when `answer` is a complete valid grid that keeps every given of `puzzle`; otherwise
/// the reason it is not.
std::optional<std::string> check_solution(const Grid& puzzle, const Grid& answer);

/// Checks a solver's result against the rules and against what the file knows. Returns the
/// reason the result is wrong, or nothing when it holds up:
///  - a reported solution must pass check_solution;
///  - solved/unique must equal the known solution when there is one;
///  - a count below the limit must equal the known count; `none` contradicts a known solution;
///  - `invalid` (the givens contradict each other) needs two equal digits in a unit.
std::optional<std::string> verify(const Grid& puzzle, const Result& result, uint64_t limit,
                                  const Known& known);

}  // namespace puzzle::sudoku
