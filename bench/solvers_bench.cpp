// Every registered solver on fixed puzzle sets of known difficulty, registered from the solver
// table (a new solver is benchmarked without editing this file). The puzzles are parsed once;
// the loop times solve() alone, limit 1, one thread. Counters: puzzles/s (items_per_second),
// nodes and guesses per puzzle (exact, so they also tell a real speed-up from doing less work).
//
//   build/bench/solvers_bench --benchmark_format=json --benchmark_out=solvers.json
//   build/bench/solvers_bench --benchmark_filter='dlx' --benchmark_repetitions=5
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "io/reader.hpp"
#include "puzzle/registry.hpp"
#include "sudoku/sudoku_parse.hpp"

namespace {

struct PuzzleSet {
  const char* name;
  const char* file;   ///< under the shared datasets folder, or the project's datasets/
  std::size_t count;  ///< the first `count` puzzles
  bool naive_ok;      ///< quick enough for the naive baseline (seconds, not hours)
};

// Difficulty from datasets/MANIFEST.md and ../shared/datasets/MANIFEST.md.
constexpr PuzzleSet kSets[] = {
    {"easy50", "norvig_easy50.txt", 50, true},                // Project Euler: easy
    {"default100", "default.txt", 100, true},                 // the project's own, 22-34 clues
    {"17clue200", "17_clue.txt", 200, false},                 // minimal: singles mostly
    {"top1465_100", "magictour_top1465.txt", 100, false},     // moderately hard
    {"hardest20", "forum_hardest_1106.txt", 20, false},       // hardest for backtracking
};

std::string path_of(const PuzzleSet& s) {
  const std::string name = s.file;
  if (name == "default.txt") return std::string(SUDOKU_SOURCE_DIR) + "/datasets/default.txt";
  return std::string(SUDOKU_SHARED_DATASETS) + "/" + name;
}

std::vector<puzzle::sudoku::Grid> load(const std::string& path, std::size_t max) {
  puzzle::io::PuzzleReader reader(path);
  puzzle::io::RawSlice slice;
  std::vector<puzzle::sudoku::Grid> out;
  while (out.size() < max && reader.read(slice, 256))
    for (std::size_t i = 0; i < slice.records.size() && out.size() < max; ++i) {
      auto p = puzzle::sudoku::parse_record(reader.format(), slice.record(i));
      if (p.error.empty()) out.push_back(p.puzzle);
    }
  return out;
}

void solve_set(benchmark::State& state, const puzzle::SolverInfo* info, const PuzzleSet* set) {
  std::vector<puzzle::sudoku::Grid> puzzles;
  try {
    puzzles = load(path_of(*set), set->count);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  auto solver = info->make();
  const puzzle::Limits limits;
  uint64_t nodes = 0, guesses = 0;
  for (auto _ : state) {
    nodes = guesses = 0;
    for (const auto& g : puzzles) {
      auto r = solver->solve(g, limits);
      nodes += r.work.nodes;
      guesses += r.work.guesses;
      benchmark::DoNotOptimize(r);
    }
  }
  const double n = double(puzzles.size());
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(puzzles.size()));
  state.counters["nodes/puzzle"] = double(nodes) / n;
  state.counters["guesses/puzzle"] = double(guesses) / n;
}

const bool registered = [] {
  for (const auto& s : puzzle::builtin_solvers()) {
    if (!s.supports(3)) continue;
    for (const auto& set : kSets) {
      if (s.name == "backtracking" && !set.naive_ok) continue;
      benchmark::RegisterBenchmark(("Solve/" + std::string(s.name) + "/" + set.name).c_str(),
                                   solve_set, &s, &set)
          ->Unit(benchmark::kMicrosecond)
          ->UseRealTime();
    }
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
