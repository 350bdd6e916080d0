#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>

#include "puzzle/solver.hpp"

namespace puzzle::sudoku {

/// Candidate propagation with band bitboards, 9x9 only (other sizes: `unsupported`). See
/// propagation.cpp for the data layout, the rules and what the counters count.
std::unique_ptr<Solver> make_propagation();

/// The same rules with a scored choice of the bivalue cell to guess (`scored`): far
/// fewer guesses on hard puzzles; see propagation.cpp for the score and its measurements.
std::unique_ptr<Solver> make_scored();

/// For tests and teaching: the candidates of every cell (bit d set when digit d, 1..9, is still
/// possible) after propagation at the root reaches its fixed point, before any guess. Nothing
/// when the puzzle is not 9x9, its givens conflict, or propagation alone finds a contradiction.
std::optional<std::array<uint16_t, 81>> propagation_candidates(const Grid& puzzle);

}  // namespace puzzle::sudoku
