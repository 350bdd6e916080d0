// Solver thread safety with plain std::thread (Debian's TBB is not built for ThreadSanitizer and
// reports false races inside the pipeline): every registered solver, one instance per thread, on
// the same puzzles at once; every thread must get the single-threaded answers and counters.
#include <gtest/gtest.h>

#include <fstream>
#include <thread>

#include "io/parse.hpp"
#include "io/reader.hpp"
#include "puzzle/registry.hpp"
#include "sudoku/se/se.hpp"
#include "test_util.hpp"

namespace {

/// Each of 4 threads makes its own worker of `info` and solves every puzzle `rounds` times, the
/// threads in different orders; each result must equal a serial run's (status, answer, nodes).
template <class Puzzle, class Solve, class Answer>
void expect_concurrent_runs_agree(const puzzle::SolverInfo& info, const std::vector<Puzzle>& puzzles,
                                  int rounds, const puzzle::Limits& limits, Solve solve, Answer answer) {
  std::vector<puzzle::Result> want;
  auto serial = info.make();
  for (const auto& p : puzzles) want.push_back(solve(*serial, p, limits));
  constexpr int kThreads = 4;
  std::vector<std::vector<puzzle::Result>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      auto solver = info.make();
      for (int round = 0; round < rounds; ++round)
        for (std::size_t i = 0; i < puzzles.size(); ++i)  // threads walk the puzzles in different orders
          got[t].push_back(solve(*solver, puzzles[(i + static_cast<std::size_t>(t) * 5) % puzzles.size()], limits));
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    for (std::size_t k = 0; k < got[t].size(); ++k) {
      const std::size_t i = (k % puzzles.size() + static_cast<std::size_t>(t) * 5) % puzzles.size();
      EXPECT_EQ(got[t][k].status, want[i].status) << info.name << " puzzle " << i;
      EXPECT_EQ(answer(got[t][k]), answer(want[i])) << info.name << " puzzle " << i;
      EXPECT_EQ(got[t][k].work.nodes, want[i].work.nodes) << info.name << " puzzle " << i;
    }
  }
}

TEST(SolverThreads, ConcurrentSolversAgreeWithSerialRuns) {
  auto puzzles = test::load(test::shared("norvig_easy50.txt"), 12);
  const auto extra = test::load(test::shared("tdoku_test_puzzles.csv"), 12);
  puzzles.insert(puzzles.end(), extra.begin(), extra.end());
  for (const auto& info : puzzle::builtin_solvers())
    expect_concurrent_runs_agree(
        info, puzzles, 2, puzzle::Limits{2, 5'000'000},
        [](puzzle::Solver& s, const test::Record& p, const puzzle::Limits& l) { return s.solve(p.parsed.puzzle, l); },
        [](const puzzle::Result& r) { return r.answer; });
}

// The same for the nonogram solvers, on unique puzzles (sgt-pattern's) and on ones with many
// solutions (limit 2, search and backtracking).
TEST(SolverThreads, ConcurrentNonogramSolversAgreeWithSerialRuns) {
  std::vector<puzzle::nonogram::Puzzle> puzzles;
  puzzle::io::PuzzleReader reader(test::dataset("nonogram/sgt_pattern_10x10.txt"), 0);
  puzzle::io::RawSlice slice;
  reader.read(slice, 12);
  for (std::size_t i = 0; i < slice.records.size(); ++i)
    puzzles.push_back(puzzle::nonogram::NonogramKind::parse_line(slice.record(i)).puzzle);
  for (const char* id : {"6x6:1/1/1/1/1/1/1/1/1/1/1/1", "5x5:2/1.1/2/1/1/1.1/1/2/2/1"}) {
    auto p = puzzle::nonogram::NonogramKind::parse_line(id);
    ASSERT_TRUE(p.error.empty()) << id << ": " << p.error;
    puzzles.push_back(std::move(p.puzzle));
  }
  ASSERT_EQ(puzzles.size(), 14u);
  for (const auto& info : puzzle::builtin_solvers()) {
    if (info.kind != puzzle::PuzzleKind::nonogram) continue;
    expect_concurrent_runs_agree(
        info, puzzles, 1, puzzle::Limits{2, 5'000'000},
        [](puzzle::Solver& s, const puzzle::nonogram::Puzzle& p, const puzzle::Limits& l) {
          return s.solve(p, l);
        },
        [](const puzzle::Result& r) { return r.answer; });
  }
}

// The SE rater, one per thread: its producers keep per-thread scratch (thread_local
// pools in the chain searches, the nested levels' stages kept for the step). Puzzles from easy to
// dynamic chains (the sample's bands, every 20th block), then one of the nested levels (the
// first of se_steps_hardest.txt, ER 10.3); each thread's ER, EP, ED, counts and work must equal
// a serial run's.
TEST(SolverThreads, ConcurrentSeRatersAgreeWithSerialRuns) {
  std::vector<puzzle::sudoku::Grid> puzzles;
  int block = 0;
  std::ifstream in(test::shared("se_steps_sample.txt"));
  for (std::string line; std::getline(in, line);)
    if (line.rfind("# puzzle ", 0) == 0 && block++ % 20 == 0) puzzles.push_back(test::parse(line.substr(9, 81)));
  std::ifstream hardest(test::shared("se_steps_hardest.txt"));
  for (std::string line; std::getline(hardest, line);)
    if (line.rfind("# puzzle ", 0) == 0) {
      puzzles.push_back(test::parse(line.substr(9, 81)));
      break;
    }
  ASSERT_EQ(puzzles.size(), 13u);
  std::vector<puzzle::sudoku::se::Rating> want;
  puzzle::sudoku::se::Rater serial;
  for (const auto& p : puzzles) want.push_back(serial.rate(p));
  constexpr int kThreads = 4;
  std::vector<std::vector<puzzle::sudoku::se::Rating>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      puzzle::sudoku::se::Rater rater;
      for (std::size_t i = 0; i < puzzles.size(); ++i)
        got[t].push_back(rater.rate(puzzles[(i + static_cast<std::size_t>(t) * 5) % puzzles.size()]));
    });
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t)
    for (std::size_t k = 0; k < got[t].size(); ++k) {
      const std::size_t i = (k + static_cast<std::size_t>(t) * 5) % puzzles.size();
      EXPECT_EQ(got[t][k].er, want[i].er) << "puzzle " << i;
      EXPECT_EQ(got[t][k].ep, want[i].ep) << "puzzle " << i;
      EXPECT_EQ(got[t][k].ed, want[i].ed) << "puzzle " << i;
      EXPECT_EQ(got[t][k].counts, want[i].counts) << "puzzle " << i;
      EXPECT_EQ(got[t][k].work, want[i].work) << "puzzle " << i;
    }
  EXPECT_GE(want[11].er, 85);     // the last band's puzzle needs dynamic chains
  EXPECT_EQ(want.back().er, 103);  // the nested levels
}

}  // namespace
