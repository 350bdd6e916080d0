// Tests of what is particular to `scored` (propagation's rules, a scored branching cell): the
// counters' meaning and that the branching rule pays on hard puzzles. The contract cases
// (invalid, none, counts, budget, sizes) are the conformance suite's, run for every solver.
#include <gtest/gtest.h>

#include "test_util.hpp"

#include <array>
#include <string>

#include "puzzle/registry.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/solvers/propagation.hpp"
#include "sudoku/verify.hpp"

namespace {
using puzzle::sudoku::Grid;
using puzzle::Limits;
using puzzle::Result;
using puzzle::Status;

using test::parse;

Result scored(const Grid& g, uint64_t solutions = 1, uint64_t budget = puzzle::kDefaultBudget) {
  auto s = puzzle::sudoku::make_scored();
  return s->solve(g, Limits{solutions, budget});
}

using test::kEasy;
using test::kHard;

TEST(Scored, SinglesPuzzleNeedsNoGuess) {
  const Grid g = parse(kEasy);
  const Result r = scored(g);
  EXPECT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.work.guesses, 0u);
  EXPECT_EQ(r.work.backtracks, 0u);
  EXPECT_EQ(r.work.nodes, 1u);
  EXPECT_FALSE(puzzle::sudoku::check_solution(g, test::grid(r.answer)).has_value());
}

TEST(Scored, HardPuzzleCountersAreDeterministic) {
  const Grid g = parse(kHard);
  auto solver = puzzle::sudoku::make_scored();
  const Result a = solver->solve(g, Limits{2});
  const Result b = solver->solve(g, Limits{2});  // same worker, reused
  const Result c = scored(g, 2);                   // fresh worker
  ASSERT_EQ(a.status, Status::unique);
  EXPECT_FALSE(puzzle::sudoku::check_solution(g, test::grid(a.answer)).has_value());
  EXPECT_GT(a.work.guesses, 0u);
  for (const Result* x : {&b, &c}) {
    EXPECT_EQ(x->work.guesses, a.work.guesses);
    EXPECT_EQ(x->work.backtracks, a.work.backtracks);
    EXPECT_EQ(x->work.nodes, a.work.nodes);
    EXPECT_EQ(test::grid(x->answer), test::grid(a.answer));
  }
  // Every node after the root is one digit tried at a guessed cell: a counted guess, or the
  // forced last digit after the others failed (each failure a backtrack).
  EXPECT_GE(a.work.nodes, a.work.guesses + 1);
  EXPECT_LE(a.work.nodes - 1 - a.work.guesses, a.work.backtracks);
  EXPECT_LT(a.work.backtracks, a.work.nodes);
  const Result one = scored(g, 1);
  EXPECT_EQ(test::grid(one.answer), test::grid(a.answer));
  EXPECT_LE(one.work.nodes, a.work.nodes);
}

TEST(Scored, GuessesLessThanPropagationOnHardPuzzles) {
  // The point of the branching rule. The same rules otherwise, so the same answers.
  const auto records = test::load(test::shared("forum_hardest_1106.txt"), 60);
  ASSERT_EQ(records.size(), 60u);
  auto scored = puzzle::sudoku::make_scored();
  auto propagation = puzzle::sudoku::make_propagation();
  uint64_t ours = 0, theirs = 0;
  for (const auto& rec : records) {
    const Result a = scored->solve(rec.parsed.puzzle, Limits{2});
    const Result b = propagation->solve(rec.parsed.puzzle, Limits{2});
    ASSERT_EQ(a.status, Status::unique) << rec.line;
    EXPECT_EQ(test::grid(a.answer), test::grid(b.answer)) << rec.line;
    ours += a.work.guesses, theirs += b.work.guesses;
  }
  EXPECT_LT(ours * 3, theirs * 2) << ours << " vs " << theirs;  // at least a third fewer
}

TEST(Scored, SixteenGivensAreSearchedForTheSecondSolution) {
  // No Sudoku of 16 givens or fewer has exactly one solution (McGuire et al. 2014), but the band
  // solvers count what they find: at limit 2 the search goes on past the first solution. dlx
  // says the same of each puzzle.
  const auto records = test::load(test::shared("17_clue.txt"), 12);
  ASSERT_EQ(records.size(), 12u);
  auto scored = puzzle::sudoku::make_scored();
  auto propagation = puzzle::sudoku::make_propagation();
  auto dlx = puzzle::find_builtin("dlx")->make();
  for (const auto& rec : records) {
    Grid g = rec.parsed.puzzle;
    int first = 0;
    while (g[first] == 0) ++first;
    g.set(first, 0);  // 16 givens
    ASSERT_EQ(g.clues(), 16) << rec.line;
    ASSERT_EQ(dlx->solve(g, Limits{2}).status, Status::multiple) << rec.line;
    for (auto* solver : {scored.get(), propagation.get()}) {
      const Result one = solver->solve(g, Limits{1});
      const Result two = solver->solve(g, Limits{2});
      EXPECT_EQ(two.status, Status::multiple) << rec.line;
      EXPECT_EQ(two.solutions, 2u) << rec.line;
      EXPECT_FALSE(puzzle::sudoku::check_solution(g, test::grid(two.answer)).has_value()) << rec.line;
      EXPECT_EQ(test::grid(two.answer), test::grid(one.answer)) << rec.line;
      EXPECT_GT(two.work.nodes, one.work.nodes) << rec.line;  // searched for the second
      const Result three = solver->solve(g, Limits{3});
      EXPECT_EQ(three.solutions, dlx->solve(g, Limits{3}).solutions) << rec.line;
    }
  }
}

TEST(Scored, CountsMultiSolutionPuzzlesAsDlxDoes) {
  // scored starts cheap and takes the score deeper and rule 5 once it backtracks
  // (Propagation::search): on puzzles of 17 givens or more with several solutions, a sample of
  // every part of the set, its counts up to 40 are dlx's and its first solution verifies.
  const auto records = test::load(test::dataset("multi_solution_17plus.txt"));
  ASSERT_EQ(records.size(), 6710u);
  auto scored = puzzle::sudoku::make_scored();
  auto dlx = puzzle::find_builtin("dlx")->make();
  uint64_t backtracked = 0;
  for (std::size_t i = 0; i < records.size(); i += 149) {
    const auto& rec = records[i];
    const Grid& g = rec.parsed.puzzle;
    const Result one = scored->solve(g, Limits{1});
    ASSERT_EQ(one.status, Status::solved) << rec.line;
    EXPECT_FALSE(puzzle::sudoku::check_solution(g, test::grid(one.answer)).has_value()) << rec.line;
    const Result many = scored->solve(g, Limits{40});
    EXPECT_EQ(many.solutions, dlx->solve(g, Limits{40}).solutions) << rec.line;
    EXPECT_EQ(test::grid(many.answer), test::grid(one.answer)) << rec.line;
    backtracked += many.work.backtracks > 0;
  }
  EXPECT_GT(backtracked, 0u);  // the search after a backtrack was reached
}

}  // namespace
