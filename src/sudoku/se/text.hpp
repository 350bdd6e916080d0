#pragma once
// What `explain` prints for the SE rating: every step with its rating and the reference's words,
// then ER/EP/ED; the same as JSON.
#include <string>
#include <vector>

#include "sudoku/se/se.hpp"

namespace puzzle::sudoku::se {

/// One numbered line per step ("  12. 4.2  XY-Wing: ... (remove r5c5-1)"), with the candidate
/// grid before each step when `candidates`, then the rating; with `hint`, the first step only.
std::string explain_text(const Grid& puzzle, const Rating& rating, const std::vector<Step>& steps,
                         bool candidates, bool hint);

/// The same as a JSON document: puzzle, rating {er, ep, ed, level, hardest_technique, status,
/// counts}, steps [{rating, technique, text, removals, placement[, candidates]}].
std::string explain_json(const Grid& puzzle, const Rating& rating, const std::vector<Step>& steps,
                         bool candidates, bool hint);

}  // namespace puzzle::sudoku::se
