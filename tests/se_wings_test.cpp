// The SE rater: Producers 21, 23, 24, 26 (wings.cpp, exclusion.cpp): WXYZ- and VWXYZ-wings, aligned exclusion.
// Checked against the reference's step traces (../shared/datasets/se_steps_sample.txt) and on
// constructed grids for the rules the sample does not exercise.
#include <algorithm>
#include <bit>

#include <gtest/gtest.h>

#include "se_test_util.hpp"

namespace {

using namespace puzzle::sudoku::se;
using namespace se_test;


// ---- Producers 21, 23, 24, 26 (wings.cpp, exclusion.cpp) ----

TEST(SeRater, WingsAndAlignedExclusionMatchEveryStepOfTheSample) {
  // Every WXYZ-wing, VWXYZ-wing and aligned triplet exclusion step of the reference, on its own
  // grid: same rating, same effect, and the same text.
  const int checked = each_sample_step(
      [](const std::string& text) {
        return starts_with_any(text, {"WXYZ-Wing", "VWXYZ-Wing", "Aligned Triplet Exclusion", "Aligned Pair Exclusion"});
      },
      [](const auto& p, const auto& c) {
        const auto& rs = p.steps[c.step];
        EXPECT_TRUE(c.equal) << p.puzzle << " step " << c.step + 1 << ": " << c.ours;
        EXPECT_EQ(c.ours, rs.rating + " " + rs.text + " | " + rs.effect);
      });
  EXPECT_EQ(checked, 133 + 73 + 2);
}

// A grid of empty cells with the given candidates ("r1c1": "12"); every other cell is empty
// with no candidate, which none of these producers looks at.
std::string first_effect(Producer p, const State& s, double* rating = nullptr) {
  Ctx ctx;
  Hints h;
  p(s, ctx, h);
  if (h.empty()) return "(nothing)";
  if (rating) *rating = h.list[0].rating;
  const Hint& x = h.list[0];
  return effect_text(Step{x.rating, x.tech, "", x.removals, x.place_cell, x.place_digit});
}

TEST(SeRater, AlignedPairExclusionOnConstructedGrids) {
  // r1c1 {1,2} and r1c2 {1,2,3} see each other; their common bivalue excluders r1c5 {1,2}
  // and r2c2 {1,3} forbid (1,2), (2,1), (1,3), (3,1); equal digits are forbidden too, so only
  // (2,3) is left.
  double r = 0;
  EXPECT_EQ(first_effect(aligned_pair_exclusion,
                         grid_with({{"r1c1", "12"}, {"r1c2", "123"}, {"r1c5", "12"}, {"r2c2", "13"}}), &r),
            "remove r1c1-1 r1c2-1 r1c2-2");
  EXPECT_EQ(r, 6.2);
  // The same, but r1c1 and r2c4 do not see each other: (1,1) and (2,2) are allowed, so every
  // candidate keeps a partner.
  EXPECT_EQ(first_effect(aligned_pair_exclusion,
                         grid_with({{"r1c1", "12"}, {"r2c4", "123"}, {"r1c5", "12"}, {"r2c2", "13"}})),
            "(nothing)");
  // One common excluder is not enough (with r1c5 alone, r1c2 would lose 1 and 2).
  EXPECT_EQ(first_effect(aligned_pair_exclusion, grid_with({{"r1c1", "12"}, {"r1c2", "123"}, {"r1c5", "12"}})),
            "(nothing)");
  // A base cell has no peer with a single candidate: r3c3 {9} disqualifies r1c1 and r1c2.
  EXPECT_EQ(first_effect(aligned_pair_exclusion, grid_with({{"r1c1", "12"}, {"r1c2", "123"}, {"r1c5", "12"},
                                                            {"r2c2", "13"}, {"r3c3", "9"}})),
            "(nothing)");
}

TEST(SeRater, AlignedTripleExclusionOnAConstructedGrid) {
  // r1c1 {1,2}, r1c2 {1,3}, r1c3 {2,3,4} see each other, so their digits differ; their common
  // excluders r1c7 {1,2,3} and r2c2 {3,4} (2 or 3 candidates) rule out (1,3,2), (2,1,3),
  // (1,3,4) and (2,3,4). Only (2,1,4) is left.
  const State s = grid_with({{"r1c1", "12"}, {"r1c2", "13"}, {"r1c3", "234"}, {"r1c7", "123"},
                             {"r2c2", "34"}});
  double r = 0;
  EXPECT_EQ(first_effect(aligned_triple_exclusion, s, &r), "remove r1c1-1 r1c2-3 r1c3-2 r1c3-3");
  EXPECT_EQ(r, 7.5);
}

TEST(SeRater, WxyzWingsSortByRatingRemovalsThenSuffixDescending) {
  // Two WXYZ-wings rated 5.5 that remove one candidate each. The first in scan order (set
  // r1c1 {1,2}, r1c2 {1,3}, r1c3 {1,4}, bivalue r4c1 {2,3}; suffix "126") removes r5c2-3; the
  // second (set r9c7 {1,2,3,4}, r9c8 {2,3,4}, r9c9 {2,3,4}, bivalue r5c7 {1,2}; suffix
  // "1410") removes r7c7-2. The suffix sorts descending as text: "1410" > "126".
  const State s = grid_with({{"r1c1", "12"}, {"r1c2", "13"}, {"r1c3", "14"}, {"r4c1", "23"},
                             {"r5c2", "36789"}, {"r9c7", "1234"}, {"r9c8", "234"}, {"r9c9", "234"},
                             {"r5c7", "12"}, {"r7c7", "25678"}});
  Ctx ctx;
  ctx.want_text = true;
  Hints all(true);
  wxyz_wing(s, ctx, all);
  ASSERT_EQ(all.list.size(), 2u);
  EXPECT_EQ(all.list[0].text, "WXYZ-Wing 1410: Cells G9,H9,I9,G5 on value 2");
  EXPECT_EQ(all.list[1].text, "WXYZ-Wing 126: Cells A1,B1,C1,A4 on value 3");
  EXPECT_EQ(all.list[0].rating, 5.5);
  EXPECT_EQ(first_effect(wxyz_wing, s), "remove r7c7-2");
  // The rating comes first: with r1c1 {1,2,4} the first wing has b = 3 (5.6, "137") and
  // comes last.
  const State s2 = grid_with({{"r1c1", "124"}, {"r1c2", "13"}, {"r1c3", "14"}, {"r4c1", "23"},
                              {"r5c2", "36789"}, {"r9c7", "1234"}, {"r9c8", "234"}, {"r9c9", "234"},
                              {"r5c7", "12"}, {"r7c7", "25678"}});
  double r = 0;
  EXPECT_EQ(first_effect(wxyz_wing, s2, &r), "remove r7c7-2");
  EXPECT_EQ(r, 5.5);
}

}  // namespace
