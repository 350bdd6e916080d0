#pragma once
// The nonogram verifier (the row's verify(), nonogram/kind.hpp): no answer is counted as solved
// until it has been checked here.
#include <cstdint>
#include <optional>
#include <string>

#include "nonogram/nonogram.hpp"
#include "puzzle/solver.hpp"

namespace puzzle::nonogram {

/// Checks a solver's result on a nonogram against the clues and against what the file knows;
/// the reason it is wrong, or nothing when it holds up. A reported picture must read as the
/// clues (check_picture); a count below the limit must equal the known count (check_count,
/// verify.hpp); the known picture is one solution among maybe several (a tournament puzzle often
/// has more than one and its solution file holds one), so an answer must equal it only when the
/// answer is `unique` or the file also says the count is 1: at limit 1 any picture that fits the
/// clues is an answer. `invalid` is never a solver's answer (bad clues are caught when the
/// record is read).
std::optional<std::string> verify(const Puzzle& puzzle, const Result& result, uint64_t limit, const Known& known);

}  // namespace puzzle::nonogram
