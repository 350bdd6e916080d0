// The costs around the solvers, per puzzle: parsing a line, reading a file (plain and through
// the streaming reader), verifying an answer, hashing a dataset (every results file does).
//
//   build/bench/io_bench --benchmark_format=json --benchmark_out=io.json
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "io/reader.hpp"
#include "puzzle/registry.hpp"
#include "sudoku/sudoku_parse.hpp"
#include "sudoku/verify.hpp"

namespace {

std::string dataset() { return std::string(SUDOKU_SHARED_DATASETS) + "/17_clue.txt"; }

/// The first `max` raw records of the dataset, and its format.
struct Lines {
  puzzle::Format format;
  std::vector<std::string> lines;
};
const Lines& lines() {
  static const Lines l = [] {
    Lines out;
    puzzle::io::PuzzleReader reader(dataset());
    puzzle::io::RawSlice slice;
    while (out.lines.size() < 10000 && reader.read(slice, 1024))
      for (std::size_t i = 0; i < slice.records.size(); ++i) out.lines.emplace_back(slice.record(i));
    out.format = reader.format();
    return out;
  }();
  return l;
}

void parse_line(benchmark::State& state) {
  const Lines& l = lines();
  for (auto _ : state)
    for (const auto& s : l.lines) {
      auto p = puzzle::sudoku::parse_record(l.format, s);
      benchmark::DoNotOptimize(p);
    }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(l.lines.size()));
}
BENCHMARK(parse_line)->Unit(benchmark::kMillisecond);

void read_file(benchmark::State& state) {
  uint64_t bytes = 0, records = 0;
  for (auto _ : state) {
    puzzle::io::PuzzleReader reader(dataset());
    puzzle::io::RawSlice slice;
    while (reader.read(slice, 256)) records += slice.records.size();
    bytes += reader.bytes_consumed();
  }
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
  state.SetItemsProcessed(static_cast<int64_t>(records));
}
BENCHMARK(read_file)->Unit(benchmark::kMillisecond);

void verify_answer(benchmark::State& state) {
  const Lines& l = lines();
  std::vector<puzzle::sudoku::Grid> puzzles;
  std::vector<puzzle::Result> answers;
  auto solver = puzzle::find_builtin("dlx")->make();
  for (std::size_t i = 0; i < 2000 && i < l.lines.size(); ++i) {
    auto p = puzzle::sudoku::parse_record(l.format, l.lines[i]);
    puzzles.push_back(p.puzzle);
    answers.push_back(solver->solve(p.puzzle, puzzle::Limits{}));
  }
  const puzzle::sudoku::Known known;
  for (auto _ : state)
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      auto why = puzzle::sudoku::verify(puzzles[i], answers[i], 1, known);
      benchmark::DoNotOptimize(why);
    }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(puzzles.size()));
}
BENCHMARK(verify_answer)->Unit(benchmark::kMillisecond);

void sha256_dataset(benchmark::State& state) {
  uint64_t bytes = 0;
  for (auto _ : state) {
    auto h = puzzle::io::sha256_file(dataset());
    benchmark::DoNotOptimize(h);
    bytes += 4032303;  // 17_clue.txt's size (MANIFEST.md)
  }
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(sha256_dataset)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
