#pragma once
// The `bench` measurement: repetitions of (dataset, solver) passes through the driver, with the
// spread across repetitions, each solver's speed as a ratio to a baseline solver measured in the
// same run, and the exact work counters that `regress` compares.
//
// Method. For each dataset: a warm-up of every solver (every answer verified, as in every pass),
// then `reps` repetitions; within a repetition each solver runs once (passes repeated until
// `min_time`), in an order that changes from one repetition to the next (rotated, or shuffled
// with `seed`), so that slow drifts of the machine (turbo, other jobs) spread over all solvers
// instead of biasing one. Ratios to the baseline are taken within a repetition.
//
// Counters (nodes, guesses, backtracks, statuses) are those of one pass: solvers are
// deterministic, so they are exact and the same for any thread count, machine or repetition;
// run_bench() checks that every pass agrees and throws when one does not.
//
// Counting (`--measure instructions`, BenchConfig::counter): instead of timing, each repetition
// runs one counted pass per solver on one thread, whose worker first solves the first ten
// puzzles uncounted (unless the warm-up is 0: RunConfig::warmup_records) so that its lazily
// built state is built and the caches hold its own code and data, and counts what its solve
// calls execute (bench/count.hpp: instructions, and from callgrind's simulated caches the hits per
// level and an estimate of cycles). The time columns are then empty.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "measure/count.hpp"
#include "measure/functions.hpp"
#include "run/pipeline.hpp"
#include "io/schema.hpp"
#include "puzzle/solver.hpp"

namespace puzzle::measure {

/// One (dataset, solver, repetition): the bench CSV row.
struct BenchRow {
  std::string dataset, solver;
  int threads = 0, rep = 0;
  uint64_t puzzles = 0;   ///< records per pass
  uint64_t passes = 0;    ///< passes timed in this repetition
  double wall_s = 0;      ///< of all those passes
  double cpu_s = 0;       ///< CPU time of this process (every thread) over those passes
  double puzzles_per_s = 0, mean_us = 0, median_us = 0, p90_us = 0, p99_us = 0, max_us = 0;
  double guesses_per_puzzle = 0, no_guess_pct = 0;
  double ratio_to_baseline = 0;  ///< puzzles_per_s / the baseline's in this repetition; NaN if none
  // Exact work counters of one pass.
  uint64_t nodes = 0, guesses_total = 0, backtracks_total = 0;
  uint64_t found = 0, unique = 0, multiple = 0, none = 0, invalid = 0, budget_exceeded = 0,
           unsupported = 0, wrong = 0;
  uint64_t timeout = 0, error = 0;  ///< external solvers only (--exec, --isolate)
  // What the pass's solve calls executed (--measure instructions; NaN when not counted). Exact
  // integers, held as doubles so that "not counted" can be written blank.
  double instructions = Counts::kNone, instructions_per_puzzle = Counts::kNone;
  double l1_hits = Counts::kNone, ll_hits = Counts::kNone, ram_hits = Counts::kNone;  ///< callgrind
  double est_cycles = Counts::kNone, est_cycles_per_puzzle = Counts::kNone;          ///< callgrind
};

/// Fills the count columns of `r` from `c` (per puzzle: over r.puzzles).
void set_counts(BenchRow& r, const Counts& c);

struct BenchConfig {
  std::vector<std::string> files;
  std::vector<const SolverInfo*> solvers;   ///< the baseline is added when missing
  const SolverInfo* baseline = nullptr;     ///< ratios are to this one; nullptr: the first solver
  int reps = 5;
  double warmup_s = 0.2;    ///< warm-up passes until this long; at least one unless 0
  double min_time_s = 0;    ///< a repetition repeats passes until this long (at least one)
  bool shuffle = false;     ///< shuffle the solver order of each repetition (else rotate it)
  uint64_t seed = 1;
  int threads = 0;          ///< 0: available_cores() (thread_count)
  uint64_t first = 0;       ///< only the first N records of each file (0: all)
  Limits limits;
  /// Progress lines ("warm-up default.txt dlx"), for the terminal.
  std::function<void(const std::string&)> on_step;
  /// The rows of each repetition as soon as it ends (every solver of one dataset), with their
  /// ratios, so that a long benchmark stopped half-way keeps what it measured. May throw (a
  /// write error): the benchmark then stops and the exception reaches the caller.
  std::function<void(const std::vector<BenchRow>&)> on_rows;
  /// Set (SIGINT, SIGTERM) to stop: the pass under way ends early and the repetition it belongs
  /// to is dropped; the finished repetitions are in the result.
  const std::atomic<bool>* stop = nullptr;
  run::InFlight* in_flight = nullptr;  ///< told what is being solved (RunConfig::in_flight), or null
  /// Counts instead of timing (see the top of this file): one pass per solver and repetition,
  /// on one thread (`threads` and `min_time_s` do not apply; `warmup_s` > 0: its worker solves
  /// the first ten puzzles uncounted first), bracketed by begin_pass/end_pass with callgrind_label(row index) and probed
  /// around each solve call. The
  /// rows' time columns are NaN; their count columns are what end_pass returns (NaN when it
  /// returns nothing: the callgrind parent fills them in from the dumps).
  SolveCounter* counter = nullptr;
};

struct BenchResult {
  std::vector<BenchRow> rows;  ///< by dataset, then repetition, then solver (config order)
  /// Counted under callgrind: the functions and calls of each row's pass (element i: rows[i]);
  /// otherwise empty.
  std::vector<std::vector<FunctionCount>> functions;
  std::string baseline;        ///< the baseline solver's name
  std::vector<std::string> read_errors;
  bool interrupted = false;    ///< stopped by BenchConfig::stop
  uint64_t wrong() const noexcept;
  /// Puzzles an external solver failed on (status error), over every row.
  uint64_t errors() const noexcept;
  /// Puzzles an external solver gave no answer to within --timeout, over every row.
  uint64_t timeouts() const noexcept;
};

/// Runs the benchmark. Throws InputError for an unreadable file (before any work),
/// std::invalid_argument for a bad configuration (reps < 1, no solver), std::runtime_error when
/// a solver's counters differ between two passes over the same data (a broken determinism
/// contract).
BenchResult run_bench(const BenchConfig& config);

/// Aggregate of one (dataset, solver) across repetitions.
struct BenchSummary {
  std::string dataset, solver;
  int reps = 0;
  double pps_median = 0, pps_min = 0, pps_max = 0;
  double mean_us = 0, median_us = 0, p90_us = 0, p99_us = 0, max_us = 0;  ///< medians over reps
  double guesses_per_puzzle = 0, no_guess_pct = 0;
  double ratio_median = 0, ratio_min = 0, ratio_max = 0;  ///< NaN when no baseline
  double instructions_per_puzzle = 0, est_cycles_per_puzzle = 0;  ///< medians; NaN: not counted
  const BenchRow* first = nullptr;  ///< counters (the same in every repetition)
};

/// One summary per (dataset, solver), in row order. The returned `first` pointers point into
/// `rows`.
std::vector<BenchSummary> summarize(const std::vector<BenchRow>& rows);

/// Below this many repetitions, a spread of a (dataset, solver)'s throughput wider than
/// kNoisySpread (regress's default time tolerance) can hide a change of that size from
/// regress's U test (one outlier among 5 repetitions once hid +14%: p = 0.09).
inline constexpr int kRepsForNoisyTimes = 9;
inline constexpr double kNoisySpread = 0.05;

/// Why `s`'s repetitions are too few for their spread (slowest to fastest over the median
/// beyond kNoisySpread, with 2 to kRepsForNoisyTimes - 1 of them), and what to do; empty when
/// they are not.
std::string spread_warning(const BenchSummary& s);

/// The median of the values of `v` that are not NaN (mean of the middle two for an even
/// count); NaN when there are none.
double median(std::vector<double> v);

/// The bench CSV: one row per (dataset, solver, repetition); read back by regress.
const io::Schema<BenchRow>& bench_schema();
/// The summary CSV across repetitions.
const io::Schema<BenchSummary>& bench_summary_schema();

/// A parsed bench CSV: the `#` metadata lines (key, value) and the rows.
using BenchFile = io::Table<BenchRow>;

/// Reads a bench CSV through bench_schema() (columns found by name, so later columns may be
/// added; the `#` lines and repeated header lines of concatenated files are skipped).
/// Throws InputError when it cannot be opened and std::runtime_error naming the file and line
/// when it is not a bench CSV.
BenchFile read_bench_csv(const std::string& path);
/// The same from text already in memory (`name` for messages).
BenchFile parse_bench_csv(std::string_view text, const std::string& name);

}  // namespace puzzle::measure
