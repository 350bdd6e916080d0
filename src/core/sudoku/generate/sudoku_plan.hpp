#pragma once
// Sudoku's part of generate's options (generate/options.hpp): SudokuKind::plan_generate, which
// checks the Sudoku options (size, method, clues, symmetry, grids, difficulty and ER targets,
// checker and verifier) and makes the plan of a GenerateSpec (job.hpp), is defined in
// sudoku_plan.cpp; this header gives what the command line says of them.
#include <string>

namespace sudoku {

/// The level names with their ER bands, comma-separated, easiest first:
/// "easy (1.0-1.9), medium (2.0-2.9), ...".
std::string level_names();

}  // namespace sudoku
