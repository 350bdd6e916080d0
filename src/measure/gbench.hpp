#pragma once
// `bench --format gbench-json`: the bench rows in Google Benchmark's JSON output format, so that
// the tools built around it read them unchanged: Google Benchmark's tools/compare.py,
// github-action-benchmark (tool `googlecpp`) and Bencher (adapter `cpp_google`).
//
// The mapping, Google Benchmark's (1.7) as written with --benchmark_repetitions=N:
//  - `context`: Google Benchmark's machine keys (date, host_name, executable, num_cpus,
//    mhz_per_cpu, cpu_scaling_enabled, caches, load_avg, library_build_type: this build's type),
//    then every `#` line of the bench CSV as a string (repeated keys, such as `dataset`, joined
//    with "; "), as Google Benchmark's AddCustomContext() writes its own;
//  - one benchmark per (dataset file name, solver), named "DATASET/SOLVER": one `iteration` run
//    per repetition (repetition_index from 0), then, with two repetitions or more, the
//    aggregates mean, median, stddev (aggregate_unit "time") and cv ("percentage": stddev over
//    mean, a fraction), over the repetitions, of the times and of every counter;
//  - a timed row: iterations = puzzles x passes, real_time = nanoseconds of wall clock per
//    puzzle (1e9 / puzzles_per_s, so ratios are those `regress` compares), cpu_time = the same
//    scaled by the process's CPU time over the wall time of the passes (all worker threads);
//  - a counted row (bench --measure instructions): these tools compare times only, so
//    real_time and cpu_time hold the instructions per puzzle and the benchmark's `label` says
//    so ("instructions per puzzle in real_time and cpu_time, not time"); the context's `measure`
//    is "instructions";
//  - counters, as user counters: puzzles, nodes, guesses, backtracks and the statuses of one
//    pass; ratio_to_baseline (timed), instructions_per_puzzle, est_cycles_per_puzzle and the
//    hits per level (counted). A column not measured (NaN) is left out.
#include <string>
#include <vector>

#include "io/schema.hpp"
#include "measure/bench.hpp"

namespace puzzle::measure {

/// What Google Benchmark's context says of this machine and program, keys in its order.
struct GbenchMachine {
  std::string host_name, executable, library_build_type;
  int num_cpus = 0;
  double mhz_per_cpu = 0;   ///< 0: unknown (left out)
  double load_avg[3] = {0, 0, 0};
  bool have_load_avg = false;
};
/// This machine's (`executable`: the program's path, as given).
GbenchMachine this_machine(const std::string& executable);

/// The JSON document of `rows` (by dataset, then repetition, then solver, as run_bench makes
/// them), `meta` the `#` lines of their CSV (date, measure, ...).
std::string gbench_json(const io::Meta& meta, const std::vector<BenchRow>& rows, const GbenchMachine& machine);

}  // namespace puzzle::measure
