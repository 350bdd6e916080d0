#pragma once
// Per-(dataset, solver) statistics, in bounded memory: time percentiles come from a log-linear
// histogram (relative error under 1%), never from a vector of every time, so a million-puzzle
// run costs no more memory than a thousand-puzzle one.
#include <array>
#include <cstdint>
#include <limits>
#include <string>

#include "puzzle/solver.hpp"

namespace puzzle {

/// Counts of non-negative values in buckets of 1/64 of a power of two.
class Histogram {
 public:
  void add(uint64_t v) noexcept;
  void merge(const Histogram& o) noexcept;
  uint64_t count() const noexcept { return count_; }
  /// The q-quantile (0 <= q <= 1, nearest rank), as the middle of its bucket; 0 when empty.
  double quantile(double q) const noexcept;

 private:
  static constexpr int kSub = 64;
  static constexpr int kBuckets = 59 * kSub;
  static int bucket(uint64_t v) noexcept;
  static double middle(int b) noexcept;
  std::array<uint64_t, kBuckets> n_{};
  uint64_t count_ = 0;
};

/// What one solver did on one dataset.
struct Summary {
  std::string dataset;
  std::string solver;
  int threads = 0;
  uint64_t puzzles = 0;                          ///< records read, valid or not
  std::array<uint64_t, kStatusCount> status{};  ///< by Status
  /// Seconds the pass took; NaN when unknown: the rows came from several runs (merge, resume),
  /// and the time between them is not the tool's to know.
  double wall_s = 0;
  Histogram time_ns;         ///< per puzzle the solver ran on
  uint64_t total_ns = 0, max_ns = 0;
  uint64_t guesses = 0, backtracks = 0, nodes = 0;
  uint64_t found_no_guess = 0;  ///< verified solutions found with zero guesses
  bool interrupted = false;
  /// False for a program that answers a whole file (`--exec-batch`): its puzzles count (time 0)
  /// but have no time of their own, so the per-puzzle times below are NaN; puzzles_per_s holds.
  bool per_puzzle_times = true;

  void add(Status s, uint64_t ns, const Work& w) noexcept;
  /// Folds in the same (dataset, solver)'s statistics of other puzzles (another shard, the rows
  /// of an earlier run): counts and times add up, so percentiles stay those of all the puzzles.
  /// The wall time becomes unknown (NaN): the two were not one timed run.
  void merge(const Summary& o) noexcept;
  uint64_t count(Status s) const noexcept { return status[static_cast<int>(s)]; }
  /// Puzzles with a verified solution: solved + unique + multiple.
  uint64_t found() const noexcept;
  /// Puzzles the solver ran on (all but invalid and unsupported).
  uint64_t ran() const noexcept { return time_ns.count(); }
  /// NaN when the wall time is unknown (see wall_s).
  double puzzles_per_s() const noexcept {
    return wall_s > 0 ? double(ran()) / wall_s : wall_s == 0 ? 0 : wall_s;
  }
  /// Per-puzzle times: NaN without them (per_puzzle_times).
  double mean_us() const noexcept {
    if (!per_puzzle_times) return std::numeric_limits<double>::quiet_NaN();
    return ran() ? double(total_ns) / double(ran()) / 1e3 : 0;
  }
  /// The q-quantile of per-puzzle time (never above the exact maximum).
  double quantile_us(double q) const noexcept {
    if (!per_puzzle_times) return std::numeric_limits<double>::quiet_NaN();
    const double v = time_ns.quantile(q);
    return (v < double(max_ns) ? v : double(max_ns)) / 1e3;
  }
  double max_us() const noexcept {
    return per_puzzle_times ? double(max_ns) / 1e3 : std::numeric_limits<double>::quiet_NaN();
  }
  double guesses_per_puzzle() const noexcept { return ran() ? double(guesses) / double(ran()) : 0; }
  /// Share of the verified solutions found without a single guess, in percent.
  double no_guess_pct() const noexcept {
    return found() ? 100.0 * double(found_no_guess) / double(found()) : 0;
  }
};

}  // namespace puzzle
