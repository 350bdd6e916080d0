// The conformance suite: every registered solver, one parameterised test each. Adding a solver to
// the registry adds it here; nothing else to write.
#include <atomic>

#include <gtest/gtest.h>

#include "puzzle/registry.hpp"
#include "sudoku/verify.hpp"
#include "test_util.hpp"

namespace {

using puzzle::sudoku::Grid;
using puzzle::Limits;
using puzzle::Status;

using test::parse;

// The "anti-backtracking" puzzle: its first row's solution is 987654321, so row-major naive
// search needs hundreds of millions of steps.
const char* kAntiBacktracking =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

class Conformance : public ::testing::TestWithParam<const puzzle::SolverInfo*> {
 protected:
  std::unique_ptr<puzzle::Solver> solver = GetParam()->make();
};

// Exact solution counts (0 to 847) and known solutions from tdoku's test set.
TEST_P(Conformance, TdokuTestPuzzlesExactCounts) {
  const auto records = test::load(test::shared("tdoku_test_puzzles.csv"));
  ASSERT_EQ(records.size(), 43u);
  int unique = 0, none = 0, multiple = 0;
  for (const auto& rec : records) {
    const auto& p = rec.parsed;
    ASSERT_TRUE(p.known.solutions.has_value()) << "line " << rec.line;
    const uint64_t want = *p.known.solutions;
    if (!p.error.empty()) {  // contradictory givens: no solution
      EXPECT_EQ(want, 0u) << "line " << rec.line << ": " << p.error;
      EXPECT_EQ(solver->solve(p.puzzle, Limits{1000, 0}).status, Status::invalid);
      ++none;
      continue;
    }
    const auto r = solver->solve(p.puzzle, Limits{1000, 0});
    EXPECT_EQ(r.solutions, want) << "line " << rec.line;
    EXPECT_FALSE(puzzle::sudoku::verify(p.puzzle, r, 1000, p.known).has_value()) << "line " << rec.line;
    if (want == 0) {
      EXPECT_EQ(r.status, Status::none);
      ++none;
    } else if (want == 1) {
      EXPECT_EQ(r.status, Status::unique);
      ASSERT_TRUE(p.known.solution.has_value());
      EXPECT_EQ(test::grid(r.answer), *p.known.solution) << "line " << rec.line;
      ++unique;
    } else {
      EXPECT_EQ(r.status, Status::multiple);
      ++multiple;
    }
  }
  EXPECT_EQ(unique, 18);
  EXPECT_EQ(none, 10);
  EXPECT_EQ(multiple, 15);
}

TEST_P(Conformance, LimitOneFindsAndLimitTwoProvesUniqueness) {
  const auto records = test::load(test::shared("norvig_easy50.txt"), 10);
  for (const auto& rec : records) {
    const auto one = solver->solve(rec.parsed.puzzle, Limits{1, 0});
    EXPECT_EQ(one.status, Status::solved);
    EXPECT_EQ(one.solutions, 1u);
    EXPECT_FALSE(puzzle::sudoku::check_solution(rec.parsed.puzzle, test::grid(one.answer)).has_value());
    const auto two = solver->solve(rec.parsed.puzzle, Limits{2, 0});
    EXPECT_EQ(two.status, Status::unique);
    EXPECT_EQ(test::grid(two.answer), test::grid(one.answer));
  }
}

TEST_P(Conformance, ContradictoryGivensAreInvalid) {
  // Two 5s in row 1, in column 1, and in box 1 (cells in different rows and columns).
  for (int other : {4, 9, 10}) {
    std::string s(81, '.');
    s[0] = s[other] = '5';
    EXPECT_EQ(solver->solve(parse(s), Limits{2, 0}).status, Status::invalid) << s;
  }
}

TEST_P(Conformance, NoSolutionWithoutConflictIsNone) {
  // r1c9 can only be 9, but column 9 already has a 9 in row 5: no unit repeats a digit, yet
  // there is no solution. That is `none`, not `invalid`.
  std::string s(81, '.');
  for (int c = 0; c < 8; ++c) s[c] = static_cast<char>('1' + c);
  s[4 * 9 + 8] = '9';
  const Grid g = parse(s);
  ASSERT_FALSE(puzzle::sudoku::find_conflict(g).has_value());
  const auto r = solver->solve(g, Limits{2, 0});
  EXPECT_EQ(r.status, Status::none);
  EXPECT_EQ(r.solutions, 0u);
}

TEST_P(Conformance, CompleteGridIsItsOwnSolution) {
  const auto rec = test::load(test::shared("tdoku_test_puzzles.csv"), 1).at(0);
  const Grid full = *rec.parsed.known.solution;
  const auto r = solver->solve(full, Limits{2, 0});
  EXPECT_EQ(r.status, Status::unique);
  EXPECT_EQ(test::grid(r.answer), full);
  EXPECT_EQ(r.work.guesses, 0u);
}

TEST_P(Conformance, EmptyGridHasMultipleSolutions) {
  const auto r = solver->solve(Grid(3), Limits{2, 0});
  EXPECT_EQ(r.status, Status::multiple);
  EXPECT_EQ(r.solutions, 2u);
  EXPECT_FALSE(puzzle::sudoku::check_solution(Grid(3), test::grid(r.answer)).has_value());
}

// The budget stops a search that would otherwise never end: counting every completion of the
// empty grid (6.67e21 of them).
TEST_P(Conformance, BudgetStopsPathologicalSearch) {
  const auto r = solver->solve(Grid(3), Limits{UINT64_MAX, 100'000});
  EXPECT_EQ(r.status, Status::budget_exceeded);
  EXPECT_LE(r.work.nodes, 100'000u + 1000u);
  EXPECT_GT(r.solutions, 0u);  // it found some before stopping
  // Too small a budget to find even the first solution of the empty grid with limit 2.
  const auto tiny = solver->solve(Grid(3), Limits{2, 10});
  EXPECT_EQ(tiny.status, Status::budget_exceeded);
  EXPECT_LT(tiny.solutions, 2u);
}

TEST_P(Conformance, BudgetStopsHardPuzzleOrSolvesIt) {
  const Grid g = parse(kAntiBacktracking);
  const auto r = solver->solve(g, Limits{1, 200'000});
  // Fast solvers finish within the budget; the naive one must stop, not stall.
  if (r.status == Status::budget_exceeded) {
    EXPECT_LE(r.work.nodes, 200'000u + 1000u);
  } else {
    EXPECT_EQ(r.status, Status::solved);
    EXPECT_FALSE(puzzle::sudoku::check_solution(g, test::grid(r.answer)).has_value());
  }
}

TEST_P(Conformance, CountersAreDeterministic) {
  // Budgeted, so the baseline stays quick: the counters are exact even when the budget stops it.
  const auto records = test::load(test::shared("norvig_top95.txt"), 5);
  for (const auto& rec : records) {
    const auto a = solver->solve(rec.parsed.puzzle, Limits{2, 2'000'000});
    const auto b = GetParam()->make()->solve(rec.parsed.puzzle, Limits{2, 2'000'000});
    EXPECT_EQ(a.status, b.status);
    EXPECT_EQ(a.solutions, b.solutions);
    EXPECT_EQ(a.work.guesses, b.work.guesses);
    EXPECT_EQ(a.work.backtracks, b.work.backtracks);
    EXPECT_EQ(a.work.nodes, b.work.nodes);
  }
}

// Every solver agrees with the naive baseline where both finish.
TEST_P(Conformance, AgreesWithBacktracking) {
  if (GetParam()->name == "backtracking") GTEST_SKIP() << "it is the reference";
  auto base = puzzle::find_builtin("backtracking")->make();
  for (const char* file : {"norvig_easy50.txt", "norvig_top95.txt", "bug_plus_n.txt"}) {
    for (const auto& rec : test::load(test::shared(file), 40)) {
      const auto want = base->solve(rec.parsed.puzzle, Limits{2, 2'000'000});
      if (want.status == Status::budget_exceeded) continue;
      const auto got = solver->solve(rec.parsed.puzzle, Limits{2, 0});
      EXPECT_EQ(got.status, want.status) << file << ":" << rec.line;
      EXPECT_EQ(test::grid(got.answer), test::grid(want.answer)) << file << ":" << rec.line;
    }
  }
}

// Puzzles of the shared sets are unique and every answer must verify.
TEST_P(Conformance, SolvesSharedDatasetsCorrectly) {
  if (GetParam()->name == "backtracking") GTEST_SKIP() << "the baseline is too slow for hard sets";
  for (const char* file : {"17_clue.txt", "magictour_top1465.txt", "forum_hardest_1106.txt",
                           "sudoku_exchange_diabolical.txt", "bug_plus_n.txt"}) {
    for (const auto& rec : test::load(test::shared(file), 300)) {
      const auto r = solver->solve(rec.parsed.puzzle, Limits{2, 0});
      EXPECT_EQ(r.status, Status::unique) << file << ":" << rec.line;
      EXPECT_FALSE(puzzle::sudoku::verify(rec.parsed.puzzle, r, 2, rec.parsed.known)) << file << ":" << rec.line;
    }
  }
}

std::vector<const puzzle::SolverInfo*> nine_by_nine() {
  std::vector<const puzzle::SolverInfo*> v;
  for (const auto& s : puzzle::builtin_solvers())
    if (s.supports(3)) v.push_back(&s);
  return v;
}

INSTANTIATE_TEST_SUITE_P(AllSolvers, Conformance, ::testing::ValuesIn(nine_by_nine()),
                         [](const auto& p) { return std::string(p.param->name); });

// The solvers of 16x16 and 25x25 but dlx and the baseline solve every puzzle of the project's
// big-grid sets (unique, the file's solution: dlx proved both, datasets/MANIFEST.md), and agree
// with dlx (status, count, answer at limit 2) on puzzles made from every fourth of them that
// are not unique (twelve givens taken away, spread over the grid: more make a 25x25 puzzle
// that neither finishes in the budget) or have no solution (a given changed: none,
// or invalid when it clashes), where both finish within a budget.
TEST(ConformanceSizes, BigGridSolversAgreeWithDlx) {
  auto dlx = puzzle::find_builtin("dlx")->make();
  constexpr uint64_t kBudget = 200'000;
  for (const auto& s : puzzle::builtin_solvers()) {
    if (s.name == "dlx" || s.name == "backtracking" || !(s.supports(4) || s.supports(5))) continue;
    auto solver = s.make();
    for (const char* file : {"sudoku16_40-50.txt", "sudoku16_minimal.txt", "sudoku25_310-360.txt"}) {
      const auto records = test::load(test::dataset(file));
      ASSERT_GE(records.size(), 100u) << file;
      int compared = 0, not_unique = 0;
      for (const auto& rec : records) {
        const Grid& p = rec.parsed.puzzle;
        if (!s.supports(p.box())) continue;
        const auto r = solver->solve(p, Limits{2, 0});
        EXPECT_EQ(r.status, Status::unique) << s.name << " " << file << ":" << rec.line;
        EXPECT_FALSE(puzzle::sudoku::verify(p, r, 2, rec.parsed.known)) << s.name << " " << file << ":" << rec.line;
        if (rec.line % 4 != 0) continue;
        Grid fewer = p, other = p;
        const int stride = std::max(1, p.clues() / 12);
        int seen = 0;
        for (int i = 0; i < p.cells(); ++i)
          if (p[i] != 0 && seen++ % stride == 0) fewer.set(i, 0);
        for (int i = 0; i < p.cells(); ++i)
          if (p[i] != 0) {
            other.set(i, p[i] % p.side() + 1);
            break;
          }
        for (const Grid& v : {fewer, other}) {
          const auto want = dlx->solve(v, Limits{2, kBudget});
          const auto got = solver->solve(v, Limits{2, kBudget});
          if (want.status == Status::budget_exceeded || got.status == Status::budget_exceeded) continue;
          ++compared;
          EXPECT_EQ(got.status, want.status) << s.name << " " << file << ":" << rec.line;
          EXPECT_EQ(got.solutions, want.solutions) << s.name << " " << file << ":" << rec.line;
          if (want.solutions == 1) {
            EXPECT_EQ(test::grid(got.answer), test::grid(want.answer));
          } else if (got.solutions > 0) {
            EXPECT_FALSE(puzzle::sudoku::find_conflict(test::grid(got.answer)));
          }
          not_unique += want.status != Status::unique;
        }
      }
      EXPECT_GE(compared, 30) << s.name << " " << file;
      EXPECT_GE(not_unique, 20) << s.name << " " << file << ": the variants are not all unique";
    }
  }
}

// A stop (the flag of Limits::stop) ends a big-grid search: budget_exceeded, at once.
TEST(ConformanceSizes, StopEndsBigGridSearch) {
  std::atomic<bool> flag{true};
  puzzle::Stop stop;
  stop.flag = &flag;
  for (const auto& s : puzzle::builtin_solvers()) {
    if (!s.supports(5)) continue;
    // Counting the empty grid's solutions: a search that never ends by itself.
    const auto r = s.make()->solve(Grid(5), Limits{1'000'000'000, 0, stop});
    EXPECT_EQ(r.status, Status::budget_exceeded) << s.name;
    EXPECT_LE(r.work.nodes, puzzle::Stop::kEvery + 1) << s.name;
  }
}

// A solver that lacks a size says so instead of guessing.
TEST(ConformanceSizes, UnsupportedSizeIsReported) {
  for (const auto& s : puzzle::builtin_solvers()) {
    for (int box = puzzle::sudoku::kMinBox; box <= puzzle::sudoku::kMaxBox; ++box) {
      if (s.supports(box)) continue;
      EXPECT_EQ(s.make()->solve(Grid(box), Limits{1, 1000}).status, Status::unsupported)
          << s.name << " box " << box;
    }
  }
}

}  // namespace
