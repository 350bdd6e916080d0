// The SE rater: Producers 13 and 20 (links.cpp): the Turbot family and three strong links.
// Checked against the reference's step traces (../shared/datasets/se_steps_sample.txt) and on
// constructed grids for the rules the sample does not exercise.
#include <algorithm>
#include <bit>

#include <gtest/gtest.h>

#include "se_test_util.hpp"

namespace {

using namespace puzzle::sudoku::se;
using namespace se_test;


// Producers 13 and 20 (links.cpp): the Turbot family and three strong links.
bool is_link_step(const std::string& text) {
  return starts_with_any(text, {"Skyscraper:", "Two-string Kite:", "Turbot Crane:", "Grouped ", "3 Skyscrapers",
                                "3-String Kite", "3 Strong links"});
}

TEST(SeRater, StrongLinkPatternsMatchWhereverTheReferenceUsesThem) {
  const int checked = each_sample_step(is_link_step, [](const auto& p, const auto& c) {
    EXPECT_TRUE(c.equal) << p.puzzle << " step " << c.step + 1 << ": " << c.ours;
  });
  EXPECT_EQ(checked, 64 + 96 + 23 + 82 + 75);
}

TEST(SeRater, StrongLinkHintsComeSortedByRatingThenRemovals) {
  // docs/se_rules.md, sections Turbot family and Three strong links: all hints sorted (stable) by
  // rating, then removals descending, on every grid where the reference used one of these patterns.
  for (const auto& p : sample())
    for (std::size_t i = 0; i < p.steps.size(); ++i) {
      if (!is_link_step(p.steps[i].text)) continue;
      const State s = grid_before(p, i);
      for (Producer f : {turbot, three_strong_links}) {
        Ctx ctx;
        Hints all(true);
        f(s, ctx, all);
        for (std::size_t k = 1; k < all.list.size(); ++k) {
          const Hint &a = all.list[k - 1], &b = all.list[k];
          ASSERT_TRUE(a.rating < b.rating ||
                      (a.rating == b.rating && a.removals.size() >= b.removals.size()))
              << p.puzzle << " step " << i + 1;
        }
      }
    }
}

TEST(SeRater, TurbotTakesTheSkyscraperThatRemovesMostNotTheFirstFound) {
  // Puzzle 73, step 37: the first skyscraper found (G2,C2,C9,I9 on 7) removes one candidate; the
  // reference takes B1,B8,F8,F3, found later, which removes two.
  const auto& p = sample()[72];
  const State s = grid_before(p, 36);
  Ctx ctx;
  Hints first;
  turbot(s, ctx, first);
  ASSERT_EQ(first.list.size(), 1u);
  EXPECT_EQ(first.list[0].rating, 4.0);
  EXPECT_EQ(effect_of(first.list[0]), "remove r1c4-7 r1c5-7");
  EXPECT_EQ(effect_of(first.list[0]), p.steps[36].effect);
}

TEST(SeRater, ThreeLinksBoxWithAHeartCandidateIsNoPlainLinkBetweenItsBlades) {
  // Puzzle 162, step 15, digit 4: box 7 holds A7 (the heart), B7 and A9. Were B7-A9 a plain link
  // (heart ignored), box 7 + box 8 (D7-F9) + row 1 (D1-B1) would remove 4 from r4c2 and r6c2,
  // before the reference's hint. Each single blade makes its own version instead (blade cell;
  // other blade + heart), and the reference's 2010 pattern on 9 comes first.
  const auto& p = sample()[161];
  const State s = grid_before(p, 14);
  Ctx ctx;
  Hints all(true);
  three_strong_links(s, ctx, all);
  ASSERT_FALSE(all.list.empty());
  for (const Hint& h : all.list)
    for (Cand c : h.removals) EXPECT_FALSE(c.digit == 4 && (c.cell == 28 || c.cell == 46));
  EXPECT_EQ(effect_of(all.list[0]), p.steps[14].effect);
  EXPECT_EQ(all.list[0].rating, 5.7);
}

}  // namespace
