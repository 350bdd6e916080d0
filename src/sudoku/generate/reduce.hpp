#pragma once
// Puzzle making: remove givens from a full grid while the solution stays unique.
//
// Cells are grouped into orbits of the chosen symmetry (a cell with its images); an orbit is
// removed whole or not at all, so the pattern of givens keeps the symmetry. Orbits are tried in
// random order; a removal is kept only when the checker solver (limit 2) still reports `unique`.
// Removability is monotone (if removing a given leaves two solutions, removing it from any
// puzzle with fewer givens does too), so one pass over the orbits ends at a minimal puzzle:
// no orbit (with `none`: no single given) can be removed. To save checks, orbits are tried in
// chunks whose size doubles after a success and halves after a failure (a failed chunk is tried
// again smaller), which ends in the same place: every orbit still present was tried alone.
//
// A checker that is an ExcludingSolver (wide) gets a cheaper test, one orbit at a time: the
// puzzle was unique, so removing the orbit S keeps it unique iff for each cell c of S the
// puzzle without S has no solution in which c does not hold its digit (any other solution
// differs from the full grid somewhere in S). Each is one search for a single solution, the
// full grid's digits tried first, which mostly ends at the root or finds the other solution at
// once; one that takes more than kFastNodes nodes goes to CDCL (sat_check.hpp) on the
// candidates wide's propagation left at the root, which is complete: the budget of
// ReduceOptions does not apply, every kept given is proven needed.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "puzzle/rng.hpp"
#include "puzzle/solver.hpp"
#include "sudoku/generate/sat_check.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/solvers/wide.hpp"

namespace puzzle::sudoku {

enum class Symmetry : uint8_t { none, rotate180, rotate90, mirror, diagonal };
std::string_view to_string(Symmetry s) noexcept;
std::optional<Symmetry> parse_symmetry(std::string_view name) noexcept;
/// The image of `cell` under the symmetry's generator (rotate90: a quarter turn clockwise;
/// mirror: left-right; diagonal: transpose) in a grid of side n.
int symmetric_cell(Symmetry s, int cell, int n) noexcept;
/// True when the pattern of givens of `puzzle` is invariant under `s`.
bool has_symmetry(const Grid& puzzle, Symmetry s) noexcept;

struct ReduceOptions {
  Symmetry symmetry = Symmetry::none;
  int target_clues = 0;  ///< stop once at most this many givens remain; 0: go on to minimal
  /// Nodes per uniqueness check of the counting test; running out counts as "not unique" (the
  /// given stays), so one hard check cannot stall an item (the excluding test is complete and
  /// has none). 10^7 is what the 16x16 dataset has always been made with (dlx); proving its
  /// final puzzles unique takes dlx at most about 4*10^4 nodes.
  uint64_t budget = 10'000'000;
};

/// Reduces full grids; owns the orbit tables for one size and symmetry. Not thread-safe: one per
/// thread.
class Reducer {
 public:
  /// Removes givens of `solution` (a complete valid grid) with `checker` (limit 2). Returns the
  /// puzzle; `checks` counts solver calls. With a target, the result has exactly the target's
  /// count when an orbit order reaching it exists on this pass, else more (minimal) givens.
  Grid reduce(const Grid& solution, const ReduceOptions& opt, ItemRng& rng,
              Solver& checker, uint64_t& checks);
  /// The same with the test of an ExcludingSolver (above); `stop` ends it (the puzzle returned
  /// is then not minimal). `checks` counts the searches (one a removed cell).
  Grid reduce(const Grid& solution, const ReduceOptions& opt, ItemRng& rng,
              ExcludingSolver& checker, const Stop& stop, uint64_t& checks);
  /// Nodes of the excluding search before a check goes to CDCL. A 25x25 check past it costs
  /// wide up to 10^6 nodes at about 2.7 us each, CaDiCaL about 0.1 s.
  static constexpr uint64_t kFastNodes = 4096;
  /// `solver`, made from `info`, as the excluding test when it offers one and is built in (an
  /// outside solver's answers are checked one by one through Solver::solve), else null.
  static ExcludingSolver* excluding_test(const SolverInfo& info, Solver& solver) noexcept {
    return info.origin.empty() ? dynamic_cast<ExcludingSolver*>(&solver) : nullptr;
  }

 private:
  void setup(int box, Symmetry s);
  void shuffle_orbits(const Grid& solution, const ReduceOptions& opt, ItemRng& rng);
  int box_ = 0;
  Symmetry sym_ = Symmetry::none;
  std::vector<std::vector<int>> orbits_;
  std::vector<int> order_;
  SatRemovalCheck sat_;
  std::vector<uint32_t> cand_;  // the excluding search's root, for sat_
};

/// True when `puzzle` has exactly one solution (per `checker`, limit 2).
bool is_unique(const Grid& puzzle, Solver& checker, uint64_t budget = kDefaultBudget);
/// True when `puzzle` is unique and removing any single given makes it not unique.
bool is_minimal(const Grid& puzzle, Solver& checker);

}  // namespace puzzle::sudoku
