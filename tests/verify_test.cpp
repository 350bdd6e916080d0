#include <gtest/gtest.h>

#include "test_util.hpp"

#include "io/parse.hpp"
#include "sudoku/verify.hpp"

namespace {
using puzzle::sudoku::Grid;
using puzzle::Result;
using puzzle::Status;

using test::kPuzzle;
using test::kSolution;

using test::parse;

Result answer(const std::string& s, Status st = Status::solved, uint64_t n = 1) {
  Result r;
  r.status = st;
  r.solutions = n;
  r.answer = parse(s);
  return r;
}

TEST(Verify, AcceptsTheRightAnswer) {
  puzzle::sudoku::Known known{parse(kSolution), 1};
  EXPECT_FALSE(puzzle::sudoku::verify(parse(kPuzzle), answer(kSolution), 1, known));
  EXPECT_FALSE(puzzle::sudoku::verify(parse(kPuzzle), answer(kSolution, Status::unique), 2, known));
}

TEST(Verify, RejectsWrongAnswers) {
  const Grid puzzle = parse(kPuzzle);
  // Two cells swapped within row 1: still a permutation, but columns now repeat.
  std::string swapped = kSolution;
  std::swap(swapped[1], swapped[2]);
  auto why = puzzle::sudoku::verify(puzzle, answer(swapped), 1, {});
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("breaks the rules"), std::string::npos) << *why;
  // An incomplete answer.
  std::string holes = kSolution;
  holes[40] = '.';
  why = puzzle::sudoku::verify(puzzle, answer(holes), 1, {});
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "answer is incomplete at r5c5");
  // A valid grid that does not keep the givens: relabel 4 <-> 1 everywhere.
  std::string relabelled = kSolution;
  for (char& c : relabelled) c = c == '4' ? '1' : c == '1' ? '4' : c;
  why = puzzle::sudoku::verify(puzzle, answer(relabelled), 1, {});
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "answer changes the given 4 at r1c1");
}

TEST(Verify, ComparesWithWhatTheFileKnows) {
  const Grid empty(3);
  // The file's solution differs from a valid answer for an under-constrained puzzle.
  std::string other = kSolution;
  for (char& c : other) c = c == '4' ? '1' : c == '1' ? '4' : c;
  auto why = puzzle::sudoku::verify(empty, answer(other), 1, {parse(kSolution), std::nullopt});
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("differs from the known solution at r1c1"), std::string::npos) << *why;
  // Counts below the limit must match the file's count.
  why = puzzle::sudoku::verify(empty, answer(kSolution, Status::multiple, 5), 1000, {std::nullopt, 7});
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "solver counted 5 solutions, the file says 7");
  EXPECT_FALSE(puzzle::sudoku::verify(empty, answer(kSolution, Status::multiple, 2), 2, {std::nullopt, 7}));
  why = puzzle::sudoku::verify(empty, answer(kSolution, Status::multiple, 2), 2, {std::nullopt, 1});
  ASSERT_TRUE(why);
  // `none` contradicts a known solution.
  Result none;
  none.status = Status::none;
  why = puzzle::sudoku::verify(parse(kPuzzle), none, 1, {parse(kSolution), std::nullopt});
  ASSERT_TRUE(why);
  EXPECT_FALSE(puzzle::sudoku::verify(parse(kPuzzle), none, 1, {std::nullopt, 0}));
}

TEST(Verify, InvalidNeedsARepeatedDigit) {
  Result r;
  r.status = Status::invalid;
  const auto why = puzzle::sudoku::verify(parse(kPuzzle), r, 1, {});
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("no unit repeats a digit"), std::string::npos) << *why;
  std::string clash = kPuzzle;
  clash[1] = clash[0];  // r1c2 = r1c1's given: row 1 repeats a digit
  ASSERT_NE(clash[0], '.');
  EXPECT_FALSE(puzzle::sudoku::verify(parse(clash), r, 1, {}));
}

TEST(Verify, SolvedWithoutASolutionIsWrong) {
  Result r;
  r.status = Status::solved;
  r.solutions = 0;
  r.answer = parse(kSolution);
  EXPECT_TRUE(puzzle::sudoku::verify(parse(kPuzzle), r, 1, {}));
}

}  // namespace
