#pragma once
// `regress`: compares two bench CSVs and decides whether the current one regressed.
//
// Two kinds of evidence, treated differently because they differ in noise:
//  - work counters (records, nodes, guesses, backtracks, statuses) are exact: solvers are
//    deterministic, so any change at all is reported and fails the check;
//  - counts (bench --measure instructions: instructions and estimated cycles per puzzle of the
//    solve calls) do not depend on the machine's load: a (dataset, solver) fails when its
//    instructions grew by more than the count tolerance (default 1%: they are the same to 0.001%
//    on any checkout of one commit), or its estimated cycles by more than the cycles tolerance
//    (default 5%: the simulated cache misses move with the memory layout, which another path or
//    environment shifts; dlx on 16x16 sits at the edge of L1 and moved 1.2% between two checkouts).
//    Both files must come from one counting method; a different instruction set (SUDOKU_SIMD) or
//    cache model is noted;
//  - time is noisy: a (dataset, solver) fails only when it got slower than the tolerance AND the
//    Mann-Whitney U test over the repetitions says the difference is significant (p < alpha), as
//    Google Benchmark's compare.py does. Time is either throughput (puzzles/s per repetition:
//    meaningful on the same machine) or the ratio to the baseline solver measured in the same
//    run (holds across machines, since both solvers share the machine's speed and load). Counted
//    rows have no time.
#include <string>
#include <vector>

#include "measure/bench.hpp"
#include "measure/functions.hpp"

namespace puzzle::measure {

enum class TimeMetric { throughput, ratio };

struct RegressOptions {
  double tolerance = 0.05;  ///< allowed slowdown (0.05: 5% more time per puzzle)
  double count_tolerance = 0.01;   ///< allowed growth of the instructions per puzzle (1% more)
  double cycles_tolerance = 0.05;  ///< allowed growth of the estimated cycles per puzzle
  double alpha = 0.05;      ///< significance level of the U test
  TimeMetric metric = TimeMetric::throughput;
  bool time_report_only = false;  ///< report time changes, never fail on them
  /// Below this many repetitions on either side the U test cannot reach alpha = 0.05 (4 vs 4
  /// gives p >= 0.029), so time is then judged on the change alone.
  int min_reps_for_test = 4;
};

struct Comparison {
  std::string dataset;  ///< the file name (directories differ between machines)
  std::string solver;
  enum class Kind { both, missing, added } kind = Kind::both;
  std::vector<double> base_speed, cur_speed;  ///< per repetition: puzzles/s or ratio
  double base_median = 0, cur_median = 0;
  double time_change = 0;  ///< base_median / cur_median - 1: +0.10 is 10% more time per puzzle
  double p = 1;            ///< U test two-sided p-value (1 when not tested)
  bool tested = false;     ///< the U test was applied (enough repetitions)
  bool timed = false;      ///< both sides had a usable time (the ratio metric skips the baseline)
  bool slower = false;     ///< beyond the tolerance (and significant when tested)
  bool faster = false;     ///< beyond the tolerance the other way (and significant when tested)
  /// Slower beyond the tolerance, but the U test could not tell it from the spread of the
  /// repetitions (p >= alpha): not a failure, but worth a run with more repetitions.
  bool unresolved = false;
  std::vector<std::string> counter_changes;  ///< "nodes 1234 -> 1240 (+0.49%)"
  // Counts per puzzle (medians over repetitions; NaN when a side has none).
  double base_instructions = 0, cur_instructions = 0, base_cycles = 0, cur_cycles = 0;
  double instructions_change = 0, cycles_change = 0;  ///< cur / base - 1; NaN when not both
  bool counted = false;    ///< both sides have instruction counts
  bool uncounted = false;  ///< the baseline has counts, the current run none
  bool more_work = false;  ///< a count grew beyond its tolerance
  bool less_work = false;  ///< a count fell beyond its tolerance, and none grew
  /// Where the instructions changed (attribute_functions): the functions whose counts
  /// differ, largest self change first; empty without per-function counts on both sides.
  std::vector<FunctionChange> functions;
};

struct RegressReport {
  std::vector<Comparison> items;
  RegressOptions options;
  std::string base_name, cur_name;
  double geomean_change = 0;  ///< geometric mean of (1 + time_change) over timed items, minus 1
  double geomean_instructions = 0;  ///< the same of the instruction changes, over counted items
  int timed = 0, slower = 0, unresolved = 0, counter_changed = 0, missing = 0;
  int counted = 0, more_work = 0, uncounted = 0;
  std::string count_method;         ///< of both files ("" when neither counted)
  std::vector<std::string> notes;   ///< differences that make counts move (instruction set, caches)
  bool have_functions = false;      ///< attribute_functions() had both sides' per-function counts
  /// True when the check fails: a counter changed, a pair is missing, a count grew beyond the
  /// count tolerance or is missing, or (unless report-only) something got significantly slower
  /// than the tolerance.
  bool failed() const noexcept;
  /// The report for CI logs (GitHub-flavoured markdown).
  std::string markdown() const;
};

/// Compares `cur` against `base`, matching rows on (file name of dataset, solver). Throws
/// std::runtime_error, naming what differs, when the files cannot be compared: a timed run
/// against a counted one, other --limit or --budget, a dataset name with other contents, no
/// (dataset, solver) pair in both, nothing timed or counted in the pairs, ratios to different
/// baseline solvers, counts by different methods. Nothing compared is never a pass.
RegressReport regress(const BenchFile& base, const BenchFile& cur, const RegressOptions& options,
                      const std::string& base_name = "baseline", const std::string& cur_name = "current");

/// Fills each counted pair's `functions` from both sides' per-function counts (the files their
/// `# functions:` lines name), per puzzle of each side's rows; the markdown report then names,
/// for each pair with more work, the functions whose instructions changed most.
void attribute_functions(RegressReport& report, const BenchFile& base, const BenchFile& cur,
                         const FunctionFile& base_functions, const FunctionFile& cur_functions);

/// The per-function table of every counted pair, as CSV (regress --functions-csv): dataset,
/// solver, function, object, then per puzzle the self and inclusive instructions on each side,
/// their change and its share of the pair's change.
std::string functions_csv(const RegressReport& report);

/// The differential folded stacks (measure/functions.hpp folded_diff) of every counted pair,
/// each path under "DATASET;SOLVER".
std::string folded_diff_all(const RegressReport& report, const BenchFile& base, const BenchFile& cur,
                            const FunctionFile& base_functions, const FunctionFile& cur_functions);

}  // namespace puzzle::measure
