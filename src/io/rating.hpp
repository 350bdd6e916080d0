#pragma once
// The columns `rate` appends to the rows (run/rate.hpp): the Sudoku
// Explainer rating of a puzzle as one schema (io/schema.hpp), for the CLI and the Python module.
#include "io/schema.hpp"
#include "sudoku/se/se.hpp"

namespace puzzle::io {

/// What `rate` knows of a puzzle: the Sudoku Explainer rating.
struct RatingRow {
  const sudoku::se::Rating* se = nullptr;
};
/// The rating columns appended to the rows by `rate`: er,ep,ed and level (blank unless rated or
/// stuck), hardest_technique (blank unless rated), rating_status, then
/// n_<technique> for each technique of the SE rater (steps of each family).
const Schema<RatingRow>& rating_schema();

}  // namespace puzzle::io
