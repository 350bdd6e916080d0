#include "sudoku/solvers/logic.hpp"

namespace puzzle::sudoku {

std::unique_ptr<Solver> make_logic() { return std::make_unique<LogicSolver>(); }

}  // namespace puzzle::sudoku
