#pragma once
// A stop inside one puzzle: a deadline (the per-puzzle time limit, --time-limit) and
// a flag set from outside (SIGINT, SIGTERM: the session's stop flag), both optional. A solver
// whose search can run long polls it every so many nodes (Stop::kEvery, through a NodeGate), so
// a stop takes effect within about a millisecond of search, and reports `budget_exceeded` (the
// driver then tells the two apart: a puzzle stopped by the flag gets no row).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>

namespace puzzle {

struct Stop {
  using Clock = std::chrono::steady_clock;
  /// Solvers poll once every this many nodes (a power of two): the clock costs about 20 ns, a
  /// node of the slowest solver about 10 ns, so polling costs well under 1% of the search.
  static constexpr uint64_t kEvery = 1024;

  Clock::time_point deadline = Clock::time_point::max();
  const std::atomic<bool>* flag = nullptr;

  /// Whether the search must end now.
  bool now() const noexcept {
    return (flag != nullptr && flag->load(std::memory_order_relaxed)) ||
           (deadline != Clock::time_point::max() && Clock::now() >= deadline);
  }
  /// Whether either limit is set at all.
  bool armed() const noexcept { return flag != nullptr || deadline != Clock::time_point::max(); }
};

/// A search's node budget and its Stop in one compare a node, as cheap as the budget alone:
///   if (nodes >= gate.at && gate.over(nodes)) -> end the search (budget_exceeded)
/// `at` is the budget when no stop is armed, else the next poll (every Stop::kEvery nodes).
/// (A test of `nodes % kEvery` beside the budget's cost the naive backtracking 1.4% and
/// nonogram-backtracking 3.1% more instructions, under callgrind.)
class NodeGate {
 public:
  NodeGate() = default;
  /// `budget` 0: none.
  NodeGate(uint64_t budget, const Stop& stop) noexcept
      : budget_(budget == 0 ? UINT64_MAX : budget), stop_(stop) {
    at = stop_.armed() ? std::min(budget_, Stop::kEvery) : budget_;
  }
  uint64_t at = UINT64_MAX;  ///< the node count at which over() must be asked
  /// At `at`: true when the budget is spent or the stop fired; else moves `at` on.
  bool over(uint64_t nodes) noexcept {
    if (nodes >= budget_ || stop_.now()) return true;
    at = std::min(budget_, nodes + Stop::kEvery);
    return false;
  }

 private:
  uint64_t budget_ = UINT64_MAX;
  Stop stop_;
};

}  // namespace puzzle
