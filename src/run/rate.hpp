#pragma once
// `rate`'s job on the batch driver, for the CLI's `rate` and the Python module's rate(): the
// default (fastest) solver proves each puzzle's one solution, and every unique puzzle gets the
// rating columns (io/rating.hpp: the Sudoku Explainer rating from the worker thread's own
// rater).
#include <cstdint>

#include "run/pipeline.hpp"

namespace puzzle::run {

/// What proves a puzzle's one solution before it is rated (`rate`, `explain`): the default
/// (fastest) Sudoku solver, asked for up to kRatingLimit solutions.
const SolverInfo& rating_prover();
inline constexpr uint64_t kRatingLimit = 2;

/// Sets `cfg` up to rate: rating_prover() at kRatingLimit on 9x9 grids, the rating columns
/// after the rows' own, an SE rater per worker thread with `se_budget` (0: unlimited). The
/// files, threads, node budget and outputs stay the caller's.
void configure_rating(RunConfig& cfg, uint64_t se_budget);

}  // namespace puzzle::run
