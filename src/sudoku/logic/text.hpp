#pragma once
// What `explain --logic` prints: the steps in words, the candidate grid, and the same as JSON.
#include <string>
#include <vector>

#include "sudoku/logic/engine.hpp"

namespace puzzle::sudoku::logic {

/// The whole explanation: one numbered line per step (with the candidate grid before each step
/// when `candidates`), then the result and, solved, the hardest technique used (the last in the
/// order the engine tries them); with `hint`, the next step only.
std::string explain_text(const Grid& puzzle, const Result& r, const std::vector<Deduction>& steps,
                         bool candidates, bool hint);

/// The same as a JSON document (nlohmann-json): puzzle, status, solution, hardest_technique,
/// steps (each with technique, text, unit, digits, cells, placements, eliminations and, with
/// `candidates`, the candidates before it as 81 strings).
std::string explain_json(const Grid& puzzle, const Result& r, const std::vector<Deduction>& steps,
                         bool candidates);

}  // namespace puzzle::sudoku::logic
