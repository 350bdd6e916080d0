// Solver thread safety with plain std::thread (Debian's TBB is not built for ThreadSanitizer and
// reports false races inside the pipeline): every registered solver, one instance per thread, on
// the same puzzles at once; every thread must get the single-threaded answers and counters.
#include <gtest/gtest.h>

#include <thread>

#include "sudoku/io/parse.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/registry.hpp"
#include "test_util.hpp"

namespace {

TEST(SolverThreads, ConcurrentSolversAgreeWithSerialRuns) {
  auto puzzles = test::load(test::shared("norvig_easy50.txt"), 12);
  const auto extra = test::load(test::shared("tdoku_test_puzzles.csv"), 12);
  puzzles.insert(puzzles.end(), extra.begin(), extra.end());
  const sudoku::Limits limits{2, 5'000'000};
  for (const auto& info : sudoku::solvers()) {
    std::vector<sudoku::Result> want;
    auto serial = info.make();
    for (const auto& p : puzzles) want.push_back(serial->solve(p.parsed.puzzle, limits));
    constexpr int kThreads = 4;
    std::vector<std::vector<sudoku::Result>> got(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        auto solver = info.make();
        for (int round = 0; round < 2; ++round)
          for (std::size_t i = 0; i < puzzles.size(); ++i) {
            // Threads walk the puzzles in different orders.
            const auto& p = puzzles[(i + static_cast<std::size_t>(t) * 5) % puzzles.size()];
            got[t].push_back(solver->solve(p.parsed.puzzle, limits));
          }
      });
    }
    for (auto& th : threads) th.join();
    for (int t = 0; t < kThreads; ++t) {
      for (std::size_t k = 0; k < got[t].size(); ++k) {
        const std::size_t i = (k % puzzles.size() + static_cast<std::size_t>(t) * 5) % puzzles.size();
        EXPECT_EQ(got[t][k].status, want[i].status) << info.name << " puzzle " << i;
        EXPECT_EQ(got[t][k].solution, want[i].solution) << info.name << " puzzle " << i;
        EXPECT_EQ(got[t][k].work.nodes, want[i].work.nodes) << info.name << " puzzle " << i;
      }
    }
  }
}

// The same for the nonogram solvers, on unique puzzles (sgt-pattern's) and on ones with many
// solutions (limit 2, search and backtracking).
TEST(SolverThreads, ConcurrentNonogramSolversAgreeWithSerialRuns) {
  std::vector<sudoku::nonogram::Puzzle> puzzles;
  sudoku::PuzzleReader reader(std::string(SUDOKU_SOURCE_DIR) + "/datasets/nonogram/sgt_pattern_10x10.txt", 0);
  sudoku::RawSlice slice;
  reader.read(slice, 12);
  for (std::size_t i = 0; i < slice.records.size(); ++i)
    puzzles.push_back(sudoku::parse_nonogram_record(slice.record(i)).puzzle);
  for (const char* id : {"6x6:1/1/1/1/1/1/1/1/1/1/1/1", "5x5:2/1.1/2/1/1/1.1/1/2/2/1"}) {
    auto p = sudoku::parse_nonogram_record(id);
    ASSERT_TRUE(p.error.empty()) << id << ": " << p.error;
    puzzles.push_back(std::move(p.puzzle));
  }
  ASSERT_EQ(puzzles.size(), 14u);
  const sudoku::Limits limits{2, 5'000'000};
  for (const auto& info : sudoku::solvers()) {
    if (info.kind != sudoku::PuzzleKind::nonogram) continue;
    std::vector<sudoku::Result> want;
    auto serial = info.make();
    for (const auto& p : puzzles) want.push_back(serial->solve_nonogram(p, limits));
    constexpr int kThreads = 4;
    std::vector<std::vector<sudoku::Result>> got(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        auto solver = info.make();
        for (std::size_t i = 0; i < puzzles.size(); ++i)
          got[t].push_back(solver->solve_nonogram(puzzles[(i + static_cast<std::size_t>(t) * 5) % puzzles.size()], limits));
      });
    }
    for (auto& th : threads) th.join();
    for (int t = 0; t < kThreads; ++t) {
      for (std::size_t k = 0; k < got[t].size(); ++k) {
        const std::size_t i = (k + static_cast<std::size_t>(t) * 5) % puzzles.size();
        EXPECT_EQ(got[t][k].status, want[i].status) << info.name << " puzzle " << i;
        EXPECT_EQ(got[t][k].picture, want[i].picture) << info.name << " puzzle " << i;
        EXPECT_EQ(got[t][k].work.nodes, want[i].work.nodes) << info.name << " puzzle " << i;
      }
    }
  }
}

}  // namespace
