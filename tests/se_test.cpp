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
constexpr int kStepsEqual = 13630;        // of 16,412 steps, each on the reference's grid

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

// Producers 27-29 (chains.cpp): every step of the sample whose technique is a Nishio, multiple or
// dynamic forcing chain is found exactly (rating and effect) on the reference's grid.
TEST(SeRater, ChainingStepsEqualTheReference) {
  const char* kPrefixes[] = {"Nishio Forcing Chain", "Cell Forcing Chains", "Region Forcing Chains",
                             "Contradiction Forcing Chain", "Double Forcing Chain"};
  int checked = 0;
  Ctx ctx;
  ctx.want_text = true;
  Hints hints;
  for (const auto& p : sample()) {
    State s;
    s.load(se_ref::grid_of(p.puzzle));
    for (std::size_t i = 0; i < p.steps.size(); ++i) {
      const auto& ref = p.steps[i];
      bool mine = false;
      for (const char* k : kPrefixes) mine |= ref.text.rfind(k, 0) == 0;
      if (mine) {
        ++checked;
        std::string ours = "(nothing)";
        bool equal = false;
        if (next_hint(s, ctx, hints)) {
          const Hint& h = hints.list.front();
          const Step st{h.rating, h.tech, h.text, h.removals, h.place_cell, h.place_digit};
          const std::string r = se_ref::rating_text(tenths(h.rating));
          ours = r + " " + h.text + " | " + effect_text(st);
          equal = r == ref.rating && effect_text(st) == ref.effect;
        }
        EXPECT_TRUE(equal) << p.puzzle << " step " << i + 1 << "\n  ref:  " << ref.rating << ' '
                           << ref.text << " | " << ref.effect << "\n  ours: " << ours;
      }
      se_ref::apply_effect(s, ref.effect);
    }
  }
  EXPECT_GT(checked, 700);
}

}  // namespace
