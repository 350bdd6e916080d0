#pragma once
// A stop inside one puzzle (issue 28): a deadline (the per-puzzle time limit, --time-limit) and
// a flag set from outside (SIGINT, SIGTERM: the session's stop flag), both optional. A solver
// whose search can run long polls it every so many nodes (Stop::kEvery), so a stop takes
// effect within about a millisecond of search, and reports `budget_exceeded` (the driver then
// tells the two apart: a puzzle stopped by the flag gets no row).
#include <atomic>
#include <chrono>
#include <cstdint>

namespace sudoku {

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
  /// now(), asked only when `count` is a multiple of kEvery (a search's node counter).
  bool every(uint64_t count) const noexcept { return (count & (kEvery - 1)) == 0 && now(); }
  /// Whether either limit is set at all.
  bool armed() const noexcept { return flag != nullptr || deadline != Clock::time_point::max(); }
};

}  // namespace sudoku
