// How much does the driver cost? For each registered solver, the same puzzles are solved by
//  - PlainLoop: puzzles parsed once into memory, then solver->solve() in a loop (the ceiling);
//  - Driver: puzzle::run::run_passes() with -j 1 on the file: reading, parsing, the pipeline, timing,
//    verification and statistics included (no CSV rows, as in a `solve` run without -o).
// Both report items_per_second; their ratio is the driver's efficiency (target: >= 0.90).
//
//   build/bench/driver_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//   SUDOKU_BENCH_FILE=path/to/puzzles.txt build/bench/driver_bench   (another dataset)
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "run/pipeline.hpp"
#include "io/reader.hpp"
#include "puzzle/registry.hpp"
#include "sudoku/sudoku_parse.hpp"

namespace {

std::string dataset() {
  if (const char* f = std::getenv("SUDOKU_BENCH_FILE")) return f;
  // An easy set: per-puzzle work is small, so driver overhead shows the most.
  return std::string(SUDOKU_SHARED_DATASETS) + "/bug_plus_n.txt";
}

std::vector<puzzle::sudoku::Grid> load(const std::string& path) {
  puzzle::io::PuzzleReader reader(path);
  puzzle::io::RawSlice slice;
  std::vector<puzzle::sudoku::Grid> out;
  while (reader.read(slice, 1024))
    for (std::size_t i = 0; i < slice.records.size(); ++i) {
      auto p = puzzle::sudoku::parse_record(reader.format(), slice.record(i));
      if (p.error.empty()) out.push_back(p.puzzle);
    }
  return out;
}

void plain_loop(benchmark::State& state, const puzzle::SolverInfo* info) {
  static const std::vector<puzzle::sudoku::Grid> puzzles = load(dataset());
  auto solver = info->make();
  const puzzle::Limits limits;
  for (auto _ : state) {
    for (const auto& g : puzzles) {
      auto r = solver->solve(g, limits);
      benchmark::DoNotOptimize(r);
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(puzzles.size()));
}

void driver(benchmark::State& state, const puzzle::SolverInfo* info) {
  puzzle::run::RunConfig cfg;
  cfg.files = {dataset()};
  cfg.solvers = {info};
  cfg.threads = 1;
  uint64_t puzzles = 0;
  for (auto _ : state) {
    const auto report = puzzle::run::run_passes(cfg);
    puzzles += report.summaries.at(0).puzzles;
    if (report.wrong() != 0) state.SkipWithError("wrong answers");
  }
  state.SetItemsProcessed(static_cast<int64_t>(puzzles));
}

// Registered from the solver table: a new solver is benchmarked without editing this file.
const bool registered = [] {
  for (const auto& s : puzzle::builtin_solvers()) {
    if (!s.supports(3)) continue;
    benchmark::RegisterBenchmark(("PlainLoop/" + std::string(s.name)).c_str(), plain_loop, &s)
        ->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);
    benchmark::RegisterBenchmark(("Driver/" + std::string(s.name)).c_str(), driver, &s)
        ->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
