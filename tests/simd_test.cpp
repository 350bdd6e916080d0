// Every instruction-set path of the solvers compiled per target: each path this CPU
// runs must give exactly the baseline path's answers and work counters (the CI gate compares
// counters exactly, whichever path the machine picks), and SUDOKU_SIMD must pick a path or be
// refused with a clear message.
#include <gtest/gtest.h>

#include "command_util.hpp"
#include "test_util.hpp"

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "puzzle/simd.hpp"
#include "sudoku/solvers/propagation.hpp"
#include "sudoku/solvers/wide.hpp"

namespace {
using puzzle::Limits;
using puzzle::Result;

/// Restores the default choice when a test ends, whatever it chose.
struct BestAfterwards {
  ~BestAfterwards() { puzzle::simd::use("best"); }
};

/// Far above what any puzzle below needs (a few thousand nodes), so that a path that goes wrong
/// ends in budget_exceeded instead of searching for hours.
constexpr uint64_t kBudget = 100'000;

std::vector<Result> solve_all(std::unique_ptr<puzzle::Solver> (*make)(),
                              const std::vector<test::Record>& records, uint64_t limit) {
  auto solver = make();
  std::vector<Result> out;
  for (const auto& rec : records) out.push_back(solver->solve(rec.parsed.puzzle, Limits{limit, kBudget}));
  return out;
}

TEST(Simd, BaselineIsAlwaysThereAndLast) {
  const auto names = puzzle::simd::available();
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(names.back(), "baseline");
  BestAfterwards restore;
  puzzle::simd::use("portable");
  EXPECT_EQ(puzzle::simd::current(), "baseline");
  puzzle::simd::use("best");
  EXPECT_EQ(puzzle::simd::current(), names.front());
}

TEST(Simd, UnknownNameIsRefusedWithTheChoices) {
  BestAfterwards restore;
  try {
    puzzle::simd::use("avx9000");
    FAIL() << "accepted";
  } catch (const std::invalid_argument& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("avx9000"), std::string::npos) << msg;
    EXPECT_NE(msg.find("baseline"), std::string::npos) << msg;
  }
}

TEST(Simd, EveryPathGivesTheBaselinesAnswersAndCounters) {
  BestAfterwards restore;
  std::vector<test::Record> records = test::load(test::shared("forum_hardest_1106.txt"), 40);
  for (auto& r : test::load(test::shared("17_clue.txt"), 200)) records.push_back(std::move(r));
  ASSERT_EQ(records.size(), 240u);
  // wide: 16-bit lanes up to 16x16, 32-bit ones for 25x25, each with its own lane tests per path.
  std::vector<test::Record> big = records;
  for (const auto& [file, n] : {std::pair{"sudoku16_40-50.txt", 40}, {"sudoku16_minimal.txt", 10},
                                {"sudoku25_310-360.txt", 10}})
    for (auto& r : test::load(test::dataset(file), n)) big.push_back(std::move(r));
  ASSERT_EQ(big.size(), 300u);
  const std::vector<std::pair<std::unique_ptr<puzzle::Solver> (*)(), std::vector<test::Record>>> cases = {
      {&puzzle::sudoku::make_propagation, records},
      {&puzzle::sudoku::make_scored, records},
      {&puzzle::sudoku::make_wide, big}};
  for (const auto& [make, puzzles] : cases) {
    for (const uint64_t limit : {1u, 2u}) {
      puzzle::simd::use("portable");
      const std::vector<Result> base = solve_all(make, puzzles, limit);
      for (const std::string& name : puzzle::simd::available()) {
        puzzle::simd::use(name);
        ASSERT_EQ(puzzle::simd::current(), name);
        const std::vector<Result> run = solve_all(make, puzzles, limit);
        for (std::size_t i = 0; i < puzzles.size(); ++i) {
          const Result& a = base[i];
          const Result& b = run[i];
          ASSERT_GE(a.solutions, 1u) << "line " << puzzles[i].line;  // every puzzle here has one
          ASSERT_EQ(a.status, b.status) << name << " line " << puzzles[i].line;
          EXPECT_EQ(test::grid(a.answer), test::grid(b.answer)) << name << " line " << puzzles[i].line;
          EXPECT_EQ(a.work.nodes, b.work.nodes) << name << " line " << puzzles[i].line;
          EXPECT_EQ(a.work.guesses, b.work.guesses) << name << " line " << puzzles[i].line;
          EXPECT_EQ(a.work.backtracks, b.work.backtracks) << name << " line " << puzzles[i].line;
        }
      }
    }
  }
}

TEST(Simd, EnvironmentChoosesThePathAndTheProvenanceRecordsIt) {
  test::TempDir dir;
  const std::string in = test::shared("norvig_easy50.txt");
  const auto portable = test::cli("solve " + in + " -s scored -j 1 -o " + dir.path("rows.csv"),
                                  "SUDOKU_SIMD=portable ");
  ASSERT_EQ(portable.exit_code, 0) << portable.out;
  EXPECT_NE(test::slurp(dir.path("rows.csv")).find("# simd: baseline\n"), std::string::npos);

  const auto best = test::command("solve " + in + " -s scored -j 1 -o " + dir.path("best.csv"));
  ASSERT_EQ(best.exit_code, 0) << best.out;
  EXPECT_NE(test::slurp(dir.path("best.csv")).find("# simd: " + puzzle::simd::available().front() + "\n"),
            std::string::npos);

  const auto list = test::cli("list", "SUDOKU_SIMD=portable ");
  EXPECT_NE(list.out.find("instruction set baseline"), std::string::npos) << list.out;

  const auto bad = test::cli("solve " + in + " -s scored -j 1", "SUDOKU_SIMD=sse9 ");
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_NE(bad.out.find("SUDOKU_SIMD"), std::string::npos) << bad.out;
  EXPECT_NE(bad.out.find("sse9"), std::string::npos) << bad.out;
}

}  // namespace
