#pragma once
// Nonogram generation (`generate --kind nonogram`): random pictures kept when their clues have
// one solution. Item i draws only from item_rng(seed, i), so the output is the same whatever
// the thread count (the ItemWorker contract of generate/job.hpp).
#include <cstdint>
#include <memory>
#include <vector>

#include "puzzle/generate_item.hpp"
#include "puzzle/rng.hpp"
#include "puzzle/solver.hpp"

namespace puzzle::nonogram {

struct GenerateSpec {
  int width = 15, height = 15;
  /// Probability that a cell is shaded (with `smooth`: the fraction shaded). 0.5 is
  /// sgt-pattern's density; denser pictures are line-solvable far more often (results/nonogram.md).
  double fill = 0.5;
  /// Keep only pictures that line logic alone solves (as sgt-pattern does); else any picture
  /// whose clues `checker` finds unique (limit 2).
  bool line_only = false;
  /// Blobs instead of noise: each cell's random value averaged over its 3x3 neighbourhood, the
  /// `fill` fraction of highest averages shaded (the kind of picture sgt-pattern draws).
  bool smooth = false;
  uint64_t seed = 1;
  uint64_t max_attempts = 1000;  ///< pictures tried per item; past it the item is missed (a missed_line(), no puzzle)
  uint64_t budget = 10'000'000;  ///< nodes per uniqueness check; past it, not unique
  const SolverInfo* checker = nullptr;   ///< uniqueness checks (not needed with line_only)
  const SolverInfo* verifier = nullptr;  ///< checks every item again (limit 2), or none
  bool solutions = false;                ///< append ",solution" (to_text) to each line
};

/// A worker making items of `spec` (GenItem::line is the game ID; stats: attempts = pictures
/// tried, checks = uniqueness checks, placements = line solves of the line-logic test).
std::unique_ptr<ItemWorker> make_generate_worker(const GenerateSpec& spec);

/// A random picture: each cell shaded with probability `fill`, from rng.
Picture random_picture(int width, int height, double fill, ItemRng& rng);

/// A smoothed random picture (GenerateSpec::smooth): round(fill * cells) cells shaded, ties at
/// the threshold shaded too.
Picture smooth_picture(int width, int height, double fill, ItemRng& rng);
/// The same with the caller's buffers (a worker's, reused for every attempt).
struct SmoothScratch {
  std::vector<uint32_t> values, row_sums, sums, sorted;
};
Picture smooth_picture(int width, int height, double fill, ItemRng& rng, SmoothScratch& scratch);

}  // namespace puzzle::nonogram
