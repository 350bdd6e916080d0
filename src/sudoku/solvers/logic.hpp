#pragma once
#include <memory>

#include "puzzle/solver.hpp"
#include "sudoku/logic/engine.hpp"

namespace puzzle::sudoku {

/// `logic`: human-style techniques in order of difficulty, a guess with backtracking only when
/// none applies (see logic/engine.cpp). 9x9 only.
class LogicSolver final : public SolverOf<LogicSolver, Grid> {
 public:
  Result solve_one(const Grid& puzzle, const Limits& limits) { return engine_.solve(puzzle, limits); }

 private:
  logic::Engine engine_;
};

std::unique_ptr<Solver> make_logic();

}  // namespace puzzle::sudoku
