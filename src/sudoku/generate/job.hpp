#pragma once
// What one generated item is and how a worker makes it: the library half of `generate` and
// `transform` (the TBB half is driver/generate.*). A worker makes item `index` from the stream
// item_rng(seed, index) alone, so the output never depends on the thread count.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "puzzle/generate_item.hpp"
#include "puzzle/generate_options.hpp"
#include "puzzle/solver.hpp"
#include "sudoku/generate/generator.hpp"
#include "sudoku/generate/reduce.hpp"

namespace puzzle::sudoku {

struct GenerateSpec {
  const GeneratorInfo* generator = nullptr;
  int box = 3;
  uint64_t seed = 1;
  bool grids = false;          ///< full grids, no reduction
  ReduceOptions reduce;        ///< symmetry, check budget (its target_clues is set per item)
  /// Clue target [clues_lo, clues_hi]; 0-0: none (minimal puzzles). Without `minimal`, each item
  /// aims at a target drawn uniformly from the range, first thing from its own stream (no draw
  /// when lo == hi, so a single target gives the same items as before ranges existed); a new
  /// grid after a miss keeps the item's target, so the reached counts stay uniform over the
  /// range. With `minimal`: no draw; puzzles are reduced until minimal and accepted when their
  /// count is inside the range (a window: `--clues K --minimal` is 0-K). Without `minimal`, a
  /// range (lo < hi) needs lo >= 1: a drawn 0 would mean "no target".
  int clues_lo = 0, clues_hi = 0;
  bool minimal = false;
  uint64_t max_attempts = 1000;  ///< full grids tried per item before giving up on the target
  const SolverInfo* checker = nullptr;   ///< uniqueness checks while reducing
  const SolverInfo* verifier = nullptr;  ///< checks every item again (a different solver), or none
  bool solutions = false;      ///< append ",solution" to each puzzle line
  /// Difficulty targets (9x9), by the Sudoku Explainer rating (se/): bit L of `levels` accepts
  /// se::levels()[L]; [er_lo, er_hi] (tenths) the ER band. A puzzle outside them is thrown away
  /// and the next full grid tried, like a missed clue target. 0 and 0-0: no target, no rating.
  uint32_t levels = 0;
  int er_lo = 0, er_hi = 0;
  bool rated() const noexcept { return levels != 0 || er_hi != 0; }
};
std::unique_ptr<ItemWorker> make_generate_worker(const GenerateSpec& spec);

/// A puzzle of the source dataset and its solution when the file gives one.
struct TransformSource {
  Grid puzzle;
  std::optional<Grid> solution;
};
struct TransformSpec {
  const std::vector<TransformSource>* sources = nullptr;  ///< item i uses source i % size
  uint64_t seed = 1;
  const SolverInfo* verifier = nullptr;  ///< solve each output (limit 2) and check it, or none
  bool solutions = false;                ///< append ",solution" when the solution is known
};
std::unique_ptr<ItemWorker> make_transform_worker(const TransformSpec& spec);

/// "7.0-8.4" or "7.2": an ER band in tenths, inclusive (1.0 to 20.0, one decimal); throws
/// OptionError naming the option as `say` does.
std::pair<int, int> parse_er(const OptionNames& say, const std::string& text);

/// The one solver `name` for a role that solves Sudoku one at a time (generate's checker and
/// verifier, transform's verifier) in `box` grids: throws OptionError for an unknown name (with
/// "did you mean"), an exec-batch program, or another size or kind.
const SolverInfo& solver_for_role(const Registry& registry, const std::string& name, int box,
                                  std::string_view role, OptionStyle style = OptionStyle::cli);
/// transform --verify's solver when none is named: the first of propagation, dlx, backtracking
/// that handles `box`.
const SolverInfo* default_transform_verifier(int box);

}  // namespace puzzle::sudoku
