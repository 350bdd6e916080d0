// The SE rater: Producer 25 (forcing.cpp): forcing chains and cycles.
// Checked against the reference's step traces (../shared/datasets/se_steps_sample.txt) and on
// constructed grids for the rules the sample does not exercise.
#include <algorithm>
#include <bit>

#include <gtest/gtest.h>

#include "se_test_util.hpp"

namespace {

using namespace puzzle::sudoku::se;
using namespace se_test;


// Producer 25 (docs/se_rules.md, Forcing chains and cycles).
bool is_forcing_step(const std::string& text) {
  return starts_with_any(text, {"Forcing Chain:", "Forcing X-Chain:", "Bidirectional Cycle:",
                                "Bidirectional X-Cycle:", "Bidirectional Y-Cycle:"});
}

// Producer 25's first hint (the rating loop's mode) and all its hints (the nested levels'), with
// their texts.
struct Modes {
  Hints first, all{true};
};
Modes both_modes(const State& s) {
  Modes m;
  Ctx ctx;
  ctx.want_text = true;
  forcing_chains_cycles(s, ctx, m.first);
  forcing_chains_cycles(s, ctx, m.all);
  return m;
}

std::vector<Cand> sorted(std::vector<Cand> v) {
  std::sort(v.begin(), v.end(), [](Cand a, Cand b) { return a.cell * 9 + a.digit < b.cell * 9 + b.digit; });
  return v;
}

int kind_of(const Hint& h) {
  return h.tech == Tech::x_cycle || h.tech == Tech::forcing_x_chain ? 2 : h.tech == Tech::y_cycle ? 3 : 4;
}

// The exact double of docs/se_rules.md, Complexity, length bonus and order: base + (0.0 + 0.1 +
// ...), one 0.1 per threshold exceeded.
double chain_rating(double base, int complexity) {
  double bonus = 0.0;
  const int thresholds[] = {4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512};
  for (int t : thresholds)
    if (complexity - 2 > t) bonus += 0.1;
  return base + bonus;
}

TEST(SeRater, ForcingChainsAndCyclesMatchEveryStepOfTheSample) {
  const int checked = each_sample_step(is_forcing_step, [](const auto& p, const auto& c) {
    const auto& ref = p.steps[c.step];
    EXPECT_TRUE(c.equal) << p.puzzle << " step " << c.step + 1 << "\n  ref:  " << ref.rating << ' ' << ref.text
                         << " | " << ref.effect << "\n  ours: " << c.ours;
  });
  EXPECT_EQ(checked, 448);  // 397 XY forcing chains, 2 X, 26 XY cycles, 22 Y, 1 X
}

// On the grid of every such step (and a few more of the same puzzles): the `all` list is sorted
// by rating, complexity, kind, has no two hints with the same removals, its first hint is the
// one the rating loop takes (the rating loop prunes its search), and every hint's chain is
// consistent with its complexity and rating.
TEST(SeRater, ForcingChainsAllModeIsSortedDistinctAndStartsWithTheStep) {
  int grids = 0;
  for (const auto& p : sample()) {
    for (std::size_t k = 0; k < p.steps.size(); ++k) {
      if (!is_forcing_step(p.steps[k].text)) continue;
      if (++grids % 4 != 1) continue;  // a quarter of them keeps the test quick
      const State s = grid_before(p, k);
      const auto [first, all] = both_modes(s);
      ASSERT_EQ(first.list.size(), 1u);
      ASSERT_FALSE(all.list.empty());
      const Hint& f = first.list.front();
      const Hint& a0 = all.list.front();
      EXPECT_EQ(f.rating, a0.rating);
      EXPECT_EQ(f.complexity, a0.complexity);
      EXPECT_EQ(f.removals, a0.removals);
      EXPECT_EQ(f.place_cell, a0.place_cell);
      for (std::size_t i = 0; i < all.list.size(); ++i) {
        const Hint& h = all.list[i];
        ASSERT_FALSE(h.removals.empty());
        const bool cycle = h.tech == Tech::x_cycle || h.tech == Tech::y_cycle || h.tech == Tech::xy_cycle;
        const double base = h.tech == Tech::forcing_x_chain ? 6.6 : h.tech == Tech::x_cycle || h.tech == Tech::y_cycle ? 6.5 : 7.0;
        EXPECT_EQ(h.rating, chain_rating(base, h.complexity));
        // The chain: a cycle from its closing on node back to just after the assumption (the
        // same node); a forcing chain from its conclusion back to the assumption, its conjugate.
        ASSERT_EQ(static_cast<int>(h.chain.size()), h.complexity);
        for (std::size_t j = 1; j < h.chain.size(); ++j) EXPECT_NE(h.chain[j].on, h.chain[j - 1].on);
        const auto& front = h.chain.front();
        const auto& back = h.chain.back();
        if (cycle) {
          EXPECT_TRUE(front.on);
          EXPECT_EQ(h.complexity % 2, 0);
          EXPECT_GE(h.complexity, 4);
          EXPECT_FALSE(back.on);
        } else {
          EXPECT_EQ(front.cell, back.cell);
          EXPECT_EQ(front.digit, back.digit);
          EXPECT_NE(front.on, back.on);
          EXPECT_EQ(back.cause, -1);
          EXPECT_EQ(front.on, h.place_cell >= 0);
        }
        if (i == 0) continue;
        const Hint& g = all.list[i - 1];
        const bool ordered = g.rating < h.rating ||
                             (g.rating == h.rating && (g.complexity < h.complexity ||
                                                       (g.complexity == h.complexity && kind_of(g) <= kind_of(h))));
        EXPECT_TRUE(ordered) << p.puzzle << " step " << k + 1 << " hint " << i;
        for (std::size_t j = 0; j < i; ++j) EXPECT_NE(sorted(all.list[j].removals), sorted(h.removals));
      }
    }
  }
  EXPECT_GT(grids, 400);
}

// A grid with every candidate except where digit 1 and digit 2 are placed by hand: digit 1 in
// r1c1, r4c1, r4c5, r7c1, r7c5 and digit 2 in r3c3, r3c8, r6c3, r6c8, r9c3. Each digit makes a
// 4-cell X-cycle (an X-wing seen as a cycle) that removes the digit from the column's third cell.
State two_x_wings() {
  State s;
  s.load(puzzle::sudoku::Grid(3));
  for (int c = 0; c < 81; ++c) {
    if (c != 0 && c != 27 && c != 31 && c != 54 && c != 58) s.remove(c, 1);
    if (c != 20 && c != 25 && c != 47 && c != 52 && c != 74) s.remove(c, 2);
  }
  return s;
}

TEST(SeRater, ForcingCycleBeatsAnEarlierForcingChainAndTiesKeepDiscoveryOrder) {
  const State s = two_x_wings();
  const auto [first, all] = both_modes(s);
  ASSERT_EQ(first.list.size(), 1u);
  const Hint& h = first.list.front();
  // Digit 1's X-chain from r1c1 (6.6) comes first in the scan but rates higher than the cycles
  // (6.5); of the two cycles, equal in rating, complexity and kind, digit 2's starts at an earlier
  // cell and wins although digit 1 is smaller. The layered search misses each cycle from two of
  // its corners (the first way to the opposite corner uses up the link back): digit 2's is found
  // from r3c8, digit 1's from r4c5.
  EXPECT_EQ(h.tech, Tech::x_cycle);
  EXPECT_EQ(h.rating, 6.5);
  EXPECT_EQ(h.complexity, 4);
  EXPECT_EQ(h.removals, (std::vector<Cand>{{74, 2}}));
  EXPECT_EQ(h.text, "Generalized X-Wing: H6,C6,C3,H3");
  EXPECT_EQ(h.place_cell, -1);
  // Two corners of each X-wing close the same cycle, and the XY pass finds them again at 7.0;
  // the X-chains from r1c1 and r9c3 remove what a cycle removes: these equal hints are dropped
  // after the first.
  ASSERT_EQ(all.list.size(), 2u);
  EXPECT_EQ(all.list[0].removals, (std::vector<Cand>{{74, 2}}));
  EXPECT_EQ(all.list[1].removals, (std::vector<Cand>{{0, 1}}));
  EXPECT_EQ(all.list[1].tech, Tech::x_cycle);
}

TEST(SeRater, ForcingXChainToTruePlacesItsDigit) {
  // Digit 1 only in r1c1, r1c5, r3c1, r5c1, r5c5. Layer by layer, the first way back from
  // r1c1 off to r1c1 on is r3c1 on (box) -> r5c1 off (column) -> r5c5 on (row) -> r1c5 off
  // (column) -> r1c1 on (row). The cycle r1c5, r1c1, r5c1, r5c5 (6.5) removes r3c1-1 and comes
  // first; the X-chain (6.6, complexity 6: a "Turbot Fish") places r1c1=1 and removes the other
  // candidates of the cell, digits increasing.
  State s;
  s.load(puzzle::sudoku::Grid(3));
  for (int c = 0; c < 81; ++c)
    if (c != 0 && c != 4 && c != 18 && c != 36 && c != 40) s.remove(c, 1);
  const auto [first, all] = both_modes(s);
  ASSERT_EQ(first.list.size(), 1u);
  EXPECT_EQ(first.list[0].tech, Tech::x_cycle);
  EXPECT_EQ(first.list[0].removals, (std::vector<Cand>{{18, 1}}));
  // Sorted: the cycle, then the X-chain r5c1 on -> r3c1 off -> r1c1 on -> r5c1 off (6.6,
  // complexity 4, found after the next one), then r1c1's X-chain to true; the XY chains
  // (7.1: r1c1 = 2 -> r1c1 <> 1 -> ... -> r1c1 = 1 -> r1c1 <> 2, ...) come after.
  ASSERT_GE(all.list.size(), 3u);
  EXPECT_EQ(all.list[1].text, "Forcing X-Chain: A5.1 off");
  EXPECT_EQ(all.list[1].complexity, 4);
  EXPECT_EQ(all.list[1].removals, (std::vector<Cand>{{36, 1}}));
  const Hint& h = all.list[2];
  EXPECT_EQ(h.tech, Tech::forcing_x_chain);
  EXPECT_EQ(h.rating, 6.6);
  EXPECT_EQ(h.complexity, 6);
  EXPECT_EQ(h.text, "Turbot Fish: A1.1 on");
  EXPECT_EQ(h.place_cell, 0);
  EXPECT_EQ(h.place_digit, 1);
  std::vector<Cand> others;
  for (int d = 2; d <= 9; ++d) others.push_back(Cand{0, static_cast<uint8_t>(d)});
  EXPECT_EQ(h.removals, others);
  // The chain from the conclusion back to the assumption, with the rule that made each node.
  ASSERT_EQ(h.chain.size(), 6u);
  const int cells[] = {0, 4, 40, 36, 18, 0}, causes[] = {1, 2, 1, 2, 0, -1};
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(h.chain[i].cell, cells[i]) << i;
    EXPECT_EQ(h.chain[i].cause, causes[i]) << i;
    EXPECT_EQ(h.chain[i].on, i % 2 == 0) << i;
  }
}

}  // namespace
