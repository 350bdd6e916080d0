// Issue 16: the SE-compatible rater against the reference's own step traces
// (../shared/datasets/se_steps_sample.txt, 240 puzzles from every ER band) and ratings.
#include <gtest/gtest.h>

#include "se_reference.hpp"
#include "test_util.hpp"

namespace {

using namespace sudoku::se;

const std::vector<se_ref::RefPuzzle>& sample() {
  static const auto s = se_ref::read_sample(test::shared("se_steps_sample.txt"));
  return s;
}

// What the rater matches today; raise these as techniques arrive (never lower them).
constexpr int kWholeTracesEqual = 19;     // of 240 puzzles
constexpr int kStepsEqual = 13062;        // of 16,412 steps, each on the reference's grid

TEST(SeRater, ReadsTheWholeSample) {
  ASSERT_EQ(sample().size(), 240u);
  std::size_t steps = 0;
  for (const auto& p : sample()) steps += p.steps.size();
  EXPECT_EQ(steps, 16412u);
}

TEST(SeRater, WholeTracesEqualTheReference) {
  Rater rater;
  int equal = 0;
  for (const auto& p : sample()) equal += se_ref::compare(rater, p).full_match;
  EXPECT_GE(equal, kWholeTracesEqual);
}

TEST(SeRater, EachStepOnTheReferenceGridEqualsTheReference) {
  int equal = 0;
  for (const auto& p : sample())
    for (const auto& c : se_ref::replay(p)) equal += c.equal;
  EXPECT_GE(equal, kStepsEqual);
}

TEST(SeRater, SinglesMatchWhereverTheReferenceUsesThem) {
  // Hidden and naked singles are the first producers: on the reference's grid they are found
  // whenever the reference found them, with the same cell and rating.
  int checked = 0;
  for (const auto& p : sample())
    for (const auto& c : se_ref::replay(p)) {
      const auto& text = p.steps[c.step].text;
      if (text.rfind("Hidden Single", 0) == 0 || text.rfind("Naked Single", 0) == 0) {
        EXPECT_TRUE(c.equal) << p.puzzle << " step " << c.step + 1 << ": " << c.ours;
        ++checked;
      }
    }
  EXPECT_GT(checked, 13000);
}

TEST(SeRater, SolvedGridIsZeroAndConflictIsInvalid) {
  Rater rater;
  const Rating solved = rater.rate(se_ref::grid_of(test::kSolution));
  EXPECT_EQ(solved.status, Status::rated);
  EXPECT_EQ(solved.er, 0);
  std::string bad = test::kPuzzle;
  bad[1] = bad[0];  // two 4s in row 1
  EXPECT_EQ(rater.rate(se_ref::grid_of(bad)).status, Status::invalid);
}

TEST(SeRater, ABudgetStopsTheRating) {
  Rater rater;
  const Rating r = rater.rate(se_ref::grid_of(sample().back().puzzle), 100);
  EXPECT_EQ(r.status, Status::budget_exceeded);
  EXPECT_LE(r.work, 200u);
}

}  // namespace
