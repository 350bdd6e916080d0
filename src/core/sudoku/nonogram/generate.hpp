#pragma once
// Nonogram generation (`generate --kind nonogram`): random pictures kept when their clues have
// one solution. Item i draws only from item_rng(seed, i), so the output is the same whatever
// the thread count (the ItemWorker contract of generate/job.hpp).
#include <cstdint>
#include <memory>

#include "sudoku/generate/job.hpp"
#include "sudoku/generate/rng.hpp"
#include "sudoku/solver.hpp"

namespace sudoku::nonogram {

struct GenerateSpec {
  int width = 15, height = 15;
  /// Probability that a cell is shaded. 0.6: measured the fastest for line-solvable puzzles
  /// of 15x15 to 30x30 (results/nonogram.md), denser pictures having shorter, fewer runs left open.
  double fill = 0.6;
  /// Keep only pictures that line logic alone solves (as sgt-pattern does); else any picture
  /// whose clues `checker` finds unique (limit 2).
  bool line_only = false;
  uint64_t seed = 1;
  uint64_t max_attempts = 1000;  ///< pictures tried per item; past it the item is written unreached
  uint64_t budget = 10'000'000;  ///< nodes per uniqueness check; past it, not unique
  const SolverInfo* checker = nullptr;   ///< uniqueness checks (not needed with line_only)
  const SolverInfo* verifier = nullptr;  ///< checks every item again (limit 2), or none
  bool solutions = false;                ///< append ",solution" (to_text) to each line
};

/// A worker making items of `spec` (GenItem::line is the game ID; stats: attempts = pictures
/// tried, checks = uniqueness checks, placements = line solves of the line-logic test).
std::unique_ptr<ItemWorker> make_generate_worker(const GenerateSpec& spec);

/// The picture of attempt `attempt`'s draw: each cell shaded with probability `fill`, from rng.
Picture random_picture(int width, int height, double fill, ItemRng& rng);

}  // namespace sudoku::nonogram
