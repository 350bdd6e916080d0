#pragma once
// The options of Sudoku's own commands that share the SE rater (rate, explain).
#include <cstdint>

#include <CLI/CLI.hpp>

namespace puzzle::cli {

/// `--se-budget` (rate, explain): the SE rater's work budget per puzzle, in work units or as a
/// duration (puzzle::sudoku::se::parse_budget).
void add_se_budget_option(CLI::App* app, uint64_t& budget);

}  // namespace puzzle::cli
