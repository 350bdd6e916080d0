#pragma once
// The one interface every solver implements, the limits it obeys and the result it reports.
#include <cstdint>
#include <memory>
#include <string_view>

#include "sudoku/grid.hpp"

namespace sudoku {

namespace logic {
struct Rating;
}

/// Outcome of one puzzle. The first six come from solvers; `wrong` is set only by the driver's
/// verifier (an answer that is not a valid completion, or disagrees with the known solution).
enum class Status : uint8_t {
  solved,           // limit 1: a solution was found (uniqueness not checked)
  unique,           // limit >= 2: exactly one solution
  multiple,         // limit >= 2: at least two solutions (`solutions` counts up to the limit)
  none,             // no solution
  invalid,          // the givens contradict each other (two equal digits in a unit)
  budget_exceeded,  // the work budget ran out before the search finished
  unsupported,      // the solver does not handle this grid size
  wrong,            // driver only: the answer failed verification
};
inline constexpr int kStatusCount = 8;
std::string_view to_string(Status s) noexcept;

/// The default work budget in nodes: generous for every real puzzle with every solver (the
/// naive baseline's worst on the shared datasets is far below), small enough that one
/// pathological line costs seconds, not hours.
inline constexpr uint64_t kDefaultBudget = 2'000'000'000;

struct Limits {
  uint64_t solutions = 1;              ///< stop after this many: 1 finds one, 2 proves uniqueness
  uint64_t budget = kDefaultBudget;    ///< stop after this many nodes; 0 means no limit
};

/// Work counters, comparable across machines (unlike time). Each solver documents exactly what
/// it counts; the shared meaning:
///  - nodes: search-tree nodes (placements or exact-cover rows tried); the budget counts these.
///  - guesses: placements chosen among two or more candidates (0 means solved by logic alone).
///  - backtracks: dead ends that undid a choice.
struct Work {
  uint64_t guesses = 0;
  uint64_t backtracks = 0;
  uint64_t nodes = 0;
};

struct Result {
  Status status = Status::none;
  uint64_t solutions = 0;  ///< solutions found, up to the limit
  Grid solution;           ///< the first solution found (meaningful when solutions > 0)
  Work work;
};

/// Status from a finished or interrupted count: the rule every solver shares.
Status status_for(uint64_t solutions, uint64_t limit, bool budget_hit) noexcept;

/// A stateful worker that owns its scratch memory. Not thread-safe: make one per thread
/// (SolverInfo::make); distinct Solver objects share no mutable state.
class Solver {
 public:
  virtual ~Solver() = default;
  /// Solves `puzzle` (any size; a solver that does not support it returns `unsupported`;
  /// conflicting givens return `invalid`). Deterministic: same input, same result and counters.
  virtual Result solve(const Grid& puzzle, const Limits& limits) = 0;
  /// A rater's difficulty rating of the puzzle of the last solve() (logic/engine.hpp), or
  /// nullptr for a solver that does not rate.
  virtual const logic::Rating* rating() const noexcept { return nullptr; }
};

/// The immutable description of a solver: one row of the registry table.
struct SolverInfo {
  std::string_view name;
  std::string_view description;
  unsigned boxes;  ///< bit b set when grids with b x b boxes are supported (1u << 3: 9x9)
  std::unique_ptr<Solver> (*make)();

  bool supports(int box) const noexcept { return (boxes >> box) & 1u; }
};

inline constexpr unsigned kBox9 = 1u << 3;
inline constexpr unsigned kAllBoxes = (1u << 2) | (1u << 3) | (1u << 4) | (1u << 5);

}  // namespace sudoku
