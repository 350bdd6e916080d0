// The SE rater: Producers 16 and 22 (unique.cpp): unique rectangles and loops, BUG.
// Checked against the reference's step traces (../shared/datasets/se_steps_sample.txt) and on
// constructed grids for the rules the sample does not exercise.
#include <algorithm>
#include <bit>

#include <gtest/gtest.h>

#include "se_test_util.hpp"

namespace {

using namespace puzzle::sudoku::se;
using namespace se_test;


// Producers 16 and 22 (unique rectangles and loops, BUG): every step of the sample that the
// reference took with them is found on the reference's grid, with its rating and effect.
TEST(SeRater, UniquenessStepsMatchWhereverTheReferenceUsesThem) {
  const int checked =
      each_sample_step([](const std::string& text) {
        return starts_with_any(text, {"Unique Rectangle", "Unique Loop", "BUG type"});
      }, [](const auto& p, const auto& c) {
        const auto& ref = p.steps[c.step];
        EXPECT_TRUE(c.equal) << p.puzzle << " step " << c.step + 1 << ": " << ref.text << "\n  ours: " << c.ours;
        // the text too, in the reference's words
        EXPECT_EQ(c.ours, ref.rating + " " + ref.text + " | " + ref.effect);
      });
  EXPECT_EQ(checked, 64);
}

// A grid of candidates for the producers alone: every cell empty, {7,8,9} unless given.
/// A grid of the given candidates, every other cell {7,8,9} (no pattern of its own).
State candidate_grid(std::initializer_list<std::pair<const char*, const char*>> cells) {
  return grid_with(cells, static_cast<uint16_t>(digit_bit(7) | digit_bit(8) | digit_bit(9)));
}

Hint first_unique_loop(const State& s) {
  Ctx ctx;
  ctx.want_text = true;
  Hints hints(true);
  unique_loops(s, ctx, hints);
  if (hints.empty()) return Hint{};
  return hints.list.front();
}

TEST(SeRater, UniqueRectangleType3NakedFormBeforeNothingElse) {
  // Rectangle r1c1 r1c4 r2c4 r2c1 on 1, 2; extra cells r2c1 (3) and r2c4 (4) with r2c5 {3,4}
  // make a naked pair {3,4} in row 2 (1 and 2 also elsewhere in the row: no type 4, no hidden
  // pair). k = 2: 4.5 + 0.1.
  const State s = candidate_grid({{"r1c1", "12"}, {"r1c4", "12"}, {"r2c1", "123"}, {"r2c4", "124"},
                                  {"r2c5", "34"}, {"r2c7", "127"}, {"r2c8", "128"}, {"r2c9", "379"}});
  const Hint h = first_unique_loop(s);
  EXPECT_EQ(tenths(h.rating), 46);
  EXPECT_EQ(h.tech, Tech::unique_rectangle);
  EXPECT_EQ(h.text, "Unique Rectangle type 3: Cells A1,A2,D2,D1 on 1, 2");
  EXPECT_EQ(effect_of(h), "remove r2c9-3");
}

TEST(SeRater, UniqueRectangleType4SortsBeforeAType3FoundFirst) {
  // The same rectangle, but 1 and 2 are nowhere else in row 2: the type 4 (4.5) found after the
  // naked pair (4.6) of the same loop comes first after the sort. 1 is checked first, so 1 is
  // the locked digit and 2 goes.
  const State s = candidate_grid({{"r1c1", "12"}, {"r1c4", "12"}, {"r2c1", "123"}, {"r2c4", "124"},
                                  {"r2c5", "34"}, {"r2c9", "379"}});
  Ctx ctx;
  Hints all(true);
  unique_loops(s, ctx, all);
  ASSERT_EQ(all.list.size(), 2u);
  EXPECT_EQ(tenths(all.list[0].rating), 45);
  EXPECT_EQ(effect_of(all.list[0]), "remove r2c1-2 r2c4-2");
  EXPECT_EQ(tenths(all.list[1].rating), 46);
  EXPECT_EQ(effect_of(all.list[1]), "remove r2c9-3");
}

TEST(SeRater, UniqueRectangleType3HiddenForm) {
  // 1 and 2 of row 2 outside the rectangle are in r2c7 and r2c8 only, with 5: once r2c4 is
  // left out, {1,2,5} fills exactly r2c1, r2c7, r2c8 (a hidden triple; no hidden pair since 1
  // and 2 are apart). The other digits of r2c7 and r2c8 go; 4.5 + 0.1 * (2 - 1).
  const State s = candidate_grid({{"r1c1", "12"}, {"r1c4", "12"}, {"r2c1", "123"}, {"r2c4", "124"},
                                  {"r2c7", "157"}, {"r2c8", "258"}});
  const Hint h = first_unique_loop(s);
  EXPECT_EQ(tenths(h.rating), 46);
  EXPECT_EQ(h.text, "Unique Rectangle type 3: Cells A1,A2,D2,D1 on 1, 2");
  EXPECT_EQ(effect_of(h), "remove r2c7-7 r2c8-8");
}

TEST(SeRater, UniqueLoopOfEightCells) {
  // r1c1 r1c2 r4c2 r4c4 r2c4 r2c5 r5c5 r5c1: every row, column and box twice, once at each
  // parity. One extra cell: type 1 at 4.5 + 0.2.
  const State s = candidate_grid({{"r1c1", "12"}, {"r1c2", "12"}, {"r4c2", "12"}, {"r4c4", "12"},
                                  {"r2c4", "12"}, {"r2c5", "12"}, {"r5c5", "12"}, {"r5c1", "123"}});
  const Hint h = first_unique_loop(s);
  EXPECT_EQ(tenths(h.rating), 47);
  EXPECT_EQ(h.tech, Tech::unique_loop);
  EXPECT_EQ(h.text.rfind("Unique Loop 8 type 1: Cells A1,", 0), 0u) << h.text;
  EXPECT_EQ(effect_of(h), "remove r5c1-1 r5c1-2");
}

TEST(SeRater, UniqueLoopNeedsEachRegionOnceAtEachParity) {
  // Six cells in rows 1 and 2: the 6-cell loops visit row 1 three times, so they are not loops;
  // r1c1 r1c4 r2c4 r2c1 is a rectangle without an extra cell (nothing to say).
  const State s = candidate_grid({{"r1c1", "12"}, {"r1c4", "12"}, {"r1c7", "12"}, {"r2c1", "12"},
                                  {"r2c4", "12"}, {"r2c7", "123"}});
  Ctx ctx;
  Hints all(true);
  unique_loops(s, ctx, all);
  // Only the rectangles r1c4 r1c7 r2c7 r2c4 and r1c1 r1c7 r2c7 r2c1 (type 1 each, one hint per
  // loop whatever the number of times it is found).
  ASSERT_EQ(all.list.size(), 2u);
  for (const Hint& h : all.list) EXPECT_EQ(effect_of(h), "remove r2c7-1 r2c7-2");
}


// A BUG pattern on the cells of a solved grid (test::kSolution): the given cells are blanked and
// receive exactly the candidates given (where[] kept in step), the rest stays filled.
State bug_grid(std::initializer_list<std::pair<const char*, const char*>> cells) {
  std::string g = test::kSolution;
  for (const auto& [rc, digits] : cells) g[(rc[1] - '1') * 9 + (rc[3] - '1')] = '.';
  State s;
  s.load(se_ref::grid_of(g));
  const Geometry& G = geo();
  for (const auto& [rc, digits] : cells) {
    const int c = (rc[1] - '1') * 9 + (rc[3] - '1');
    for (int d = 1; d <= 9; ++d) s.remove(c, d);
    for (const char* d = digits; *d; ++d) {
      s.cand[c] |= digit_bit(*d - '0');
      for (int t = 0; t < 3; ++t)
        s.where[G.region[c][t]][*d - '1'] |= static_cast<uint16_t>(1u << G.pos[c][t]);
    }
  }
  return s;
}

Hint first_bug(const State& s) {
  Ctx ctx;
  ctx.want_text = true;
  Hints hints;
  bug(s, ctx, hints);
  return hints.empty() ? Hint{} : hints.list.front();
}

// Two deadly rectangles, r1c1 r1c4 r2c4 r2c1 on {1,2} and r1c7 r1c8 r4c8 r4c7 on {3,4}.
TEST(SeRater, BugType3NakedSetWithTheExtraDigits) {
  // Extra 3 in r1c1 and extra 4 in r1c4: two BUG cells (boxes 0 and 1), digits {3,4}; they
  // share row 1 only, where r1c7 {3,4} and the extra digits make a naked pair: 3 and 4 leave
  // the other common peer that holds them, r1c8. k = 2: 5.7 + 0.1.
  const State s = bug_grid({{"r1c1", "123"}, {"r1c4", "124"}, {"r2c1", "12"}, {"r2c4", "12"},
                            {"r1c7", "34"}, {"r1c8", "34"}, {"r4c7", "34"}, {"r4c8", "34"}});
  const Hint h = first_bug(s);
  EXPECT_EQ(tenths(h.rating), 58);
  EXPECT_EQ(h.text, "BUG type 3: A1,D1 on 3, 4");
  EXPECT_EQ(effect_of(h), "remove r1c8-3 r1c8-4");
}

TEST(SeRater, BugType2OneExtraDigitInTwoCells) {
  // Extra 3 in r1c1 and r1c4: 3 is four times in row 1 (not decided there), once in boxes 0
  // and 1: two BUG cells on 3, removed from the cells that see both (r1c7 and r1c8). 5.7.
  const State s = bug_grid({{"r1c1", "123"}, {"r1c4", "123"}, {"r2c1", "12"}, {"r2c4", "12"},
                            {"r1c7", "34"}, {"r1c8", "34"}, {"r4c7", "34"}, {"r4c8", "34"}});
  const Hint h = first_bug(s);
  EXPECT_EQ(tenths(h.rating), 57);
  EXPECT_EQ(h.text, "BUG type 2: A1,D1 on 3");
  EXPECT_EQ(effect_of(h), "remove r1c7-3 r1c8-3");
}

TEST(SeRater, BugType1AndNoBugWhenABivalueCellBreaksThePattern) {
  // One extra digit, 3 in r1c1: type 1, r1c1 keeps only its 3. 5.6.
  const State one = bug_grid({{"r1c1", "123"}, {"r1c4", "12"}, {"r2c1", "12"}, {"r2c4", "12"},
                              {"r1c7", "34"}, {"r1c8", "34"}, {"r4c7", "34"}, {"r4c8", "34"}});
  const Hint h = first_bug(one);
  EXPECT_EQ(tenths(h.rating), 56);
  EXPECT_EQ(h.text, "BUG type 1: A1");
  EXPECT_EQ(effect_of(h), "remove r1c1-1 r1c1-2");
  // The same with one more bivalue cell r5c5 {1,2}: 1 is once in box 4 with no cell of 3+
  // candidates to carry it: not a BUG.
  const State none = bug_grid({{"r1c1", "123"}, {"r1c4", "12"}, {"r2c1", "12"}, {"r2c4", "12"},
                               {"r1c7", "34"}, {"r1c8", "34"}, {"r4c7", "34"}, {"r4c8", "34"},
                               {"r5c5", "12"}});
  Ctx ctx;
  Hints hints;
  bug(none, ctx, hints);
  EXPECT_TRUE(hints.empty());
}

}  // namespace
