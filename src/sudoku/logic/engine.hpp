#pragma once
// The human-style solver: techniques in order of difficulty, one step at a time, a guess (with
// backtracking search underneath) only when nothing applies; its steps are what `explain --logic`
// says in plain words. It rates nothing: the rating is the Sudoku Explainer's (se/).
#include <cstdint>
#include <vector>

#include "puzzle/solver.hpp"
#include "sudoku/logic/board.hpp"
#include "sudoku/logic/technique.hpp"

namespace puzzle::sudoku::logic {

/// The logic solver's worker: scratch memory. Not thread-safe.
class Engine {
 public:
  /// Solves `puzzle` like puzzle::Solver::solve; when `steps` is given, records every step for
  /// `explain --logic` (for a puzzle with one solution, on to the end: where nothing applies, a
  /// guess places the solution's digit and the techniques resume).
  Result solve(const Grid& puzzle, const Limits& limits, std::vector<Deduction>* steps = nullptr);

 private:
  enum class Outcome { solved, stuck, contradiction, budget };
  Outcome run_logic(Board& b, std::vector<Deduction>* steps, uint64_t budget);
  void search(const Board& b);

  Deduction step_;
  Work work_;
  uint64_t limit_ = 1, budget_ = 0, found_ = 0;
  bool budget_hit_ = false;
  Grid first_;
};

}  // namespace puzzle::sudoku::logic
