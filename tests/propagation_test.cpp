// Tests of what is particular to `propagation`: which deductions fire before any guess, what the
// counters count, and the contract cases on hand-made grids. The conformance suite checks the
// shared contract on the shared datasets for every solver.
#include <gtest/gtest.h>

#include "test_util.hpp"

#include <array>
#include <string>

#include "io/parse.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/solvers/propagation.hpp"
#include "sudoku/verify.hpp"

namespace {
using puzzle::sudoku::Grid;
using puzzle::Limits;
using puzzle::Result;
using puzzle::Status;

using test::parse;

/// Grid from (row, column, digit) givens, 0-based row and column.
Grid with_givens(std::initializer_list<std::array<int, 3>> givens) {
  Grid g(3);
  for (const auto& [r, c, d] : givens) g.set(r * 9 + c, d);
  return g;
}

bool has(const std::array<uint16_t, 81>& cand, int row, int col, int digit) {
  return (cand[row * 9 + col] >> digit) & 1;
}

Result propagate(const Grid& g, uint64_t solutions = 1, uint64_t budget = puzzle::kDefaultBudget) {
  auto s = puzzle::sudoku::make_propagation();
  return s->solve(g, Limits{solutions, budget});
}

using test::kEasy;
using test::kHard;

TEST(Propagation, SinglesPuzzleNeedsNoGuess) {
  const Grid g = parse(kEasy);
  const Result r = propagate(g);
  EXPECT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.work.guesses, 0u);
  EXPECT_EQ(r.work.backtracks, 0u);
  EXPECT_EQ(r.work.nodes, 1u);  // the root propagation only
  EXPECT_FALSE(puzzle::sudoku::check_solution(g, test::grid(r.answer)).has_value());
  const auto cand = puzzle::sudoku::propagation_candidates(g);
  ASSERT_TRUE(cand.has_value());
  for (int i = 0; i < 81; ++i) EXPECT_EQ(cand->at(i), 2u << (test::grid(r.answer)[i] - 1)) << i;
}

TEST(Propagation, PointingInARowFires) {
  // Box 1 (top left): rows 2 and 3 full except digit 1, 8, 9 go in row 1. Digit 1 of box 1 is
  // then in row 1, so the rest of row 1 loses it; row 2 outside the box keeps it.
  const Grid g = with_givens({{1, 0, 2}, {1, 1, 3}, {1, 2, 4}, {2, 0, 5}, {2, 1, 6}, {2, 2, 7}});
  const auto cand = puzzle::sudoku::propagation_candidates(g);
  ASSERT_TRUE(cand.has_value());
  EXPECT_TRUE(has(*cand, 0, 0, 1));
  for (int c = 3; c < 9; ++c) EXPECT_FALSE(has(*cand, 0, c, 1)) << "r1c" << c + 1;
  EXPECT_TRUE(has(*cand, 1, 5, 1));
  EXPECT_TRUE(has(*cand, 0, 0, 8));  // 8 and 9 are in the same case: no single yet
  EXPECT_TRUE(has(*cand, 0, 0, 9));
}

TEST(Propagation, PointingInAColumnFires) {
  // Columns 2 and 3 of box 1 full: digit 1 of box 1 is in column 1, which loses it below.
  const Grid g = with_givens({{0, 1, 2}, {0, 2, 3}, {1, 1, 4}, {1, 2, 5}, {2, 1, 6}, {2, 2, 7}});
  const auto cand = puzzle::sudoku::propagation_candidates(g);
  ASSERT_TRUE(cand.has_value());
  EXPECT_TRUE(has(*cand, 1, 0, 1));
  for (int r = 3; r < 9; ++r) EXPECT_FALSE(has(*cand, r, 0, 1)) << "r" << r + 1 << "c1";
  EXPECT_TRUE(has(*cand, 5, 1, 1));
}

TEST(Propagation, ClaimingFires) {
  // Row 1 holds 2..7 outside box 1, so its 1 is in box 1: rows 2 and 3 of box 1 lose digit 1.
  const Grid g = with_givens({{0, 3, 2}, {0, 4, 3}, {0, 5, 4}, {0, 6, 5}, {0, 7, 6}, {0, 8, 7}});
  const auto cand = puzzle::sudoku::propagation_candidates(g);
  ASSERT_TRUE(cand.has_value());
  for (int c = 0; c < 3; ++c) {
    EXPECT_TRUE(has(*cand, 0, c, 1));
    EXPECT_FALSE(has(*cand, 1, c, 1));
    EXPECT_FALSE(has(*cand, 2, c, 1));
  }
  EXPECT_TRUE(has(*cand, 1, 3, 1));
}

TEST(Propagation, HardPuzzleCountersAreDeterministic) {
  const Grid g = parse(kHard);
  auto solver = puzzle::sudoku::make_propagation();
  const Result a = solver->solve(g, Limits{});
  const Result b = solver->solve(g, Limits{});  // same worker, reused
  const Result c = propagate(g);                     // fresh worker
  ASSERT_EQ(a.status, Status::solved);
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
}

TEST(Propagation, UniquenessCostsMoreWorkThanTheFirstSolution) {
  const Grid g = parse(kHard);
  const Result one = propagate(g, 1);
  const Result two = propagate(g, 2);
  EXPECT_EQ(two.status, Status::unique);
  EXPECT_EQ(two.solutions, 1u);
  EXPECT_EQ(test::grid(two.answer), test::grid(one.answer));
  EXPECT_GE(two.work.nodes, one.work.nodes);
}

TEST(Propagation, CountsSolutionsUpToTheLimit) {
  const Grid empty(3);
  const Result r = propagate(empty, 50);
  EXPECT_EQ(r.status, Status::multiple);
  EXPECT_EQ(r.solutions, 50u);
  EXPECT_FALSE(puzzle::sudoku::check_solution(empty, test::grid(r.answer)).has_value());
  const Result one = propagate(empty, 1);
  EXPECT_EQ(one.status, Status::solved);
  EXPECT_EQ(test::grid(one.answer), test::grid(r.answer));  // the first solution does not depend on the limit
}

TEST(Propagation, ConflictingGivensAreInvalid) {
  EXPECT_EQ(propagate(with_givens({{0, 0, 5}, {0, 8, 5}})).status, Status::invalid);  // row
  EXPECT_EQ(propagate(with_givens({{0, 4, 7}, {8, 4, 7}})).status, Status::invalid);  // column
  EXPECT_EQ(propagate(with_givens({{3, 3, 2}, {5, 5, 2}})).status, Status::invalid);  // box
  EXPECT_EQ(puzzle::sudoku::propagation_candidates(with_givens({{0, 0, 5}, {0, 8, 5}})), std::nullopt);
}

TEST(Propagation, NoSolutionIsNone) {
  // Row 1 holds 1..8, so r1c9 must be 9, but column 9 already has a 9.
  Grid g = with_givens({{0, 0, 1}, {0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 5}, {0, 5, 6},
                        {0, 6, 7}, {0, 7, 8}, {5, 8, 9}});
  const Result r = propagate(g, 2);
  EXPECT_EQ(r.status, Status::none);
  EXPECT_EQ(r.solutions, 0u);
  EXPECT_EQ(r.work.guesses, 0u);
}

TEST(Propagation, BudgetStopsTheSearch) {
  const Grid g = parse(kHard);
  const Result r = propagate(g, 1, 1);  // the root propagation only: no guess allowed
  EXPECT_EQ(r.status, Status::budget_exceeded);
  EXPECT_EQ(r.work.nodes, 1u);
  const Result r5 = propagate(g, 1, 5);
  EXPECT_EQ(r5.status, Status::budget_exceeded);
  EXPECT_LE(r5.work.nodes, 5u);
  EXPECT_EQ(propagate(g, 1, 0).status, Status::solved);  // 0: no limit
}

TEST(Propagation, OtherSizesAreUnsupported) {
  for (int box : {2, 4, 5}) {
    const Grid g(box);
    EXPECT_EQ(propagate(g).status, Status::unsupported) << box;
    EXPECT_EQ(puzzle::sudoku::propagation_candidates(g), std::nullopt);
  }
}

}  // namespace
