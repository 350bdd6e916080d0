// The SE rater: Producers 27-36 (chains.cpp): Nishio, multiple, dynamic and nested forcing chains.
// Checked against the reference's step traces (../shared/datasets/se_steps_sample.txt) and on
// constructed grids for the rules the sample does not exercise.
#include <algorithm>
#include <bit>

#include <gtest/gtest.h>

#include "se_test_util.hpp"

namespace {

using namespace puzzle::sudoku::se;
using namespace se_test;


// Producers 27-29 (chains.cpp): every step of the sample whose technique is a Nishio, multiple or
// dynamic forcing chain is found exactly (rating and effect) on the reference's grid.
TEST(SeRater, ChainingStepsEqualTheReference) {
  const int checked = each_sample_step(
      [](const std::string& text) {
        return starts_with_any(text, {"Nishio Forcing Chain", "Cell Forcing Chains", "Region Forcing Chains", "Contradiction Forcing Chain",
       "Double Forcing Chain"});
      },
      [](const auto& p, const auto& c) {
        const auto& ref = p.steps[c.step];
        EXPECT_TRUE(c.equal) << p.puzzle << " step " << c.step + 1 << "\n  ref:  " << ref.rating << ' ' << ref.text
                             << " | " << ref.effect << "\n  ours: " << c.ours;
      });
  EXPECT_EQ(checked, 568);  // 27 Nishio, 184 cell, 321 region, 33 contradiction, 3 double
}

// The reference's grid before the first sample step whose text starts with `prefix`.
State grid_before(const std::string& prefix, int skip = 0) {
  for (const auto& p : sample()) {
    State s;
    s.load(se_ref::grid_of(p.puzzle));
    for (const auto& st : p.steps) {
      if (st.text.rfind(prefix, 0) == 0 && skip-- == 0) return s;
      se_ref::apply_effect(s, st.effect);
    }
  }
  ADD_FAILURE() << "no step " << prefix;
  return State{};
}

// The rating of a chaining hint is the base plus a sum 0.1 + 0.1 + ... started from 0.0: exact
// doubles, one per number of thresholds passed.
bool is_chain_rating(double r, double base) {
  double added = 0.0;
  for (int k = 0; k < 40; ++k, added += 0.1)
    if (r == base + added) return true;
  return false;
}

TEST(SeRater, ChainHintsInAllModeAreSortedDistinctAndExact) {
  Ctx ctx;
  ctx.want_text = true;
  const Producer producers[] = {nishio_chains, multiple_chains, dynamic_chains};
  const double bases[] = {7.5, 8.0, 8.5};
  for (int k = 0; k < 3; ++k) {
    const State s = grid_before(k == 0 ? "Nishio" : k == 1 ? "Region Forcing" : "Contradiction");
    Hints all(true);
    producers[k](s, ctx, all);
    ASSERT_FALSE(all.list.empty());
    Hints first;
    producers[k](s, ctx, first);
    ASSERT_EQ(first.list.size(), 1u);
    EXPECT_EQ(first.list[0].rating, all.list[0].rating);
    EXPECT_EQ(first.list[0].removals, all.list[0].removals);
    for (std::size_t i = 0; i < all.list.size(); ++i) {
      const Hint& h = all.list[i];
      EXPECT_TRUE(is_chain_rating(h.rating, bases[k])) << h.text << ' ' << h.rating;
      ASSERT_FALSE(h.removals.empty()) << h.text;
      for (Cand c : h.removals) EXPECT_TRUE(s.has(c.cell, c.digit)) << h.text;
      if (i > 0) {
        EXPECT_LE(all.list[i - 1].rating, h.rating);
      }
      for (std::size_t j = 0; j < i; ++j)
        EXPECT_FALSE(all.list[j].removals == h.removals) << "equal hints kept: " << h.text;
    }
  }
}

TEST(SeRater, StaticMultipleChainsSkipBivalueCells) {
  // docs/se_rules.md, Nishio, multiple and dynamic chains: static multiple chains only start from
  // cells with 3+ candidates, so a cell forcing chain never starts in a bivalue cell, and a region
  // chain starts in such a cell.
  Ctx ctx;
  ctx.want_text = true;
  int cell_hints = 0, region_hints = 0;
  for (int skip = 0; skip < 5; ++skip) {
    const State s = grid_before("Cell Forcing Chains", skip);
    Hints all(true);
    multiple_chains(s, ctx, all);
    for (const Hint& h : all.list) {
      if (h.text.rfind("Cell Forcing Chains: ", 0) == 0) {
        const int cell = (h.text[22] - '1') * 9 + (h.text[21] - 'A');
        EXPECT_GE(std::popcount(s.cand[cell]), 3) << h.text;
        ++cell_hints;
      } else {
        EXPECT_EQ(h.text.rfind("Region Forcing Chains: ", 0), 0u) << h.text;
        ++region_hints;
      }
    }
  }
  EXPECT_GT(cell_hints, 0);
  EXPECT_GT(region_hints, 0);
}

TEST(SeRater, NishioIsFoundBeforeMultipleChainsAndNamesNoCellFromOn) {
  // A Nishio contradiction from "on" removes the candidate and places nothing (no EP).
  Ctx ctx;
  ctx.want_text = true;
  const State s = grid_before("Nishio Forcing Chain");
  Hints first;
  nishio_chains(s, ctx, first);
  ASSERT_EQ(first.list.size(), 1u);
  const Hint& h = first.list[0];
  EXPECT_EQ(h.text.rfind("Nishio Forcing Chain: ", 0), 0u);
  if (h.text.find(" on ==> ") != std::string::npos) {
    EXPECT_EQ(h.place_cell, -1);
    EXPECT_EQ(h.removals.size(), 1u);
  } else {
    EXPECT_GE(h.place_cell, 0);
  }
}

// The chain producers keep their propagations from one step to the next of a rating (one Ctx)
// while the grid loses only candidates that cannot change them; after finding nothing, aligned
// triple exclusion tests again only the triples that lost a candidate, forcing chains and cycles
// run again only the X passes of the digits and the Y pass that changed, the Turbot family and
// three strong links only the digits that changed. Rating with one Ctx
// must give the hints of rating with a new Ctx at each step (nothing kept), with less work.
struct Rated {
  std::vector<Hint> hints;
  uint64_t work = 0;
};

Rated rate_steps(const std::string& puzzle, bool ctx_per_step) {
  State s;
  s.load(se_ref::grid_of(puzzle));
  Rated out;
  Ctx one;
  Hints hints;
  while (s.empty > 0) {
    Ctx each;
    Ctx& ctx = ctx_per_step ? each : one;
    if (!next_hint(s, ctx, hints)) break;
    const Hint& h = hints.list.front();
    for (Cand c : h.removals) s.remove(c.cell, c.digit);
    if (h.place_cell >= 0) s.place(h.place_cell, h.place_digit);
    out.hints.push_back(h);
    if (ctx_per_step) out.work += each.work;
  }
  if (!ctx_per_step) out.work = one.work;
  return out;
}

TEST(SeRater, WhatProducersKeepBetweenStepsChangesNoHint) {
  std::vector<std::string> puzzles = {
      // ER 9.0, many dynamic chaining steps in a row (the slowest of the reference files)
      "4..9....6...8..5...2..74.....13.2.59..9.5.1..54.7.96.....19..3...8..7...1....3..5",
      "..23.85..3...1.........2...25.8..4.19..134..74.1..5.83...7.........4...9..42.31..",
      // diabolical puzzles with an aligned triple exclusion found after one that found nothing
      "7...4...6...759...9..8.1..3...524....3.....2.4.......75.1...2.8.8.....1.2.9...3.4",
      ".1..5..6.5.26.49.17..1.2..54.......8..95.87....7.2.1..97.....362.1...5.7.........",
      "..7.8.....8.7.9..2..9..65......47.91..1...8..39.86......61..4..1..6.2.8.....3.1..",
      "...874....1.936.2...6...4.....3.7.....5...1..6...2...8.........78.....163.1...7.2",
      "..2....9.89...157..3..9...6.7..1......54.67......5..1.4...2..5..539...81.8....6..",
      ".54...2...6.4...757....5..1..3.2..1....5.8....2..1.4..9..8....227...6.8...6...75.",
      // and with an X or Y cycle or forcing X-chain found after forcing chains found nothing
      "8.429............8.9...623...5.....6...638...7.....9...465...1.5............415.2",
      "..3.......9.1.4.3.24......816...72...7.4.8.6...49...174......91.8.6.1.2.......3..",
      "6..4...1..8..3.5........9383....4.6.7...2...5.4.8....3839........6.8..5..2...6..4",
      "...6.8...7.......35.8...4.12.......6...562....3.....2..5.7.9.3.4.7...6.531.....47",
      "..94257...6.....5..............4....6..9.2..52..8.3..14.5.3.8.68.1.5.9.7.7.....3.",
      "8..4.7..6..7.3.8...9.5...7.9.....3.1.3.....6.2.6.....7.6...5.1...9.6.7..4..7.1..9",
      // and with a Turbot pattern or three strong links found after one found nothing
      "..6...2..9.......4243...896...591.....2.8.3..4..2.3..13.......7...9.7....1.4.8.2.",
      "...6..3.93.67...1...1..472.9..5......1.....7......6..1.539..1...7...58.48.9..7...",
      ".1.7.....4.6.2....9.21.5....48.9....6.1...5.7....5.84....5.37.2....7.9.6.....6.5.",
  };
  // and every sample puzzle with two chaining steps or more
  for (const auto& p : sample())
    if (std::count_if(p.steps.begin(), p.steps.end(), [](const auto& st) { return std::stod(st.rating) >= 7.5; }) >= 2)
      puzzles.push_back(p.puzzle);
  int chain_steps = 0;
  uint64_t kept_work = 0, fresh_work = 0;
  for (const auto& puzzle : puzzles) {
    const Rated kept = rate_steps(puzzle, false);
    const Rated fresh = rate_steps(puzzle, true);
    ASSERT_EQ(kept.hints.size(), fresh.hints.size()) << puzzle;
    for (std::size_t i = 0; i < kept.hints.size(); ++i) {
      const Hint& h = kept.hints[i];
      const Hint& g = fresh.hints[i];
      EXPECT_EQ(h.tech, g.tech) << puzzle << " step " << i + 1;
      EXPECT_EQ(h.rating, g.rating) << puzzle << " step " << i + 1;
      EXPECT_EQ(h.removals, g.removals) << puzzle << " step " << i + 1;
      EXPECT_EQ(h.place_cell, g.place_cell) << puzzle << " step " << i + 1;
      chain_steps += h.rating >= 7.5;
    }
    EXPECT_LE(kept.work, fresh.work) << puzzle;
    kept_work += kept.work;
    fresh_work += fresh.work;
  }
  EXPECT_GT(chain_steps, 100);
  EXPECT_LT(kept_work, fresh_work * 9 / 10);
}

// What the producers keep between steps lives in the Workspace of the rating (a Rater's, or a
// Ctx's own), never in static or thread-local state: two ratings stepped in turn on one thread
// give each the hints and the work it gives alone, memos and kept propagations included (with
// one store per thread, each would drop the other's at every step and work more).
TEST(SeRater, TwoRatingsInTurnOnOneThreadKeepTheirOwnMemos) {
  const std::string puzzles[2] = {
      "4..9....6...8..5...2..74.....13.2.59..9.5.1..54.7.96.....19..3...8..7...1....3..5",
      "..23.85..3...1.........2...25.8..4.19..134..74.1..5.83...7.........4...9..42.31..",
  };
  const Rated alone[2] = {rate_steps(puzzles[0], false), rate_steps(puzzles[1], false)};
  State s[2];
  Ctx ctx[2];
  Hints hints;
  std::vector<Hint> found[2];
  for (int i = 0; i < 2; ++i) s[i].load(se_ref::grid_of(puzzles[i]));
  for (bool going = true; going;) {
    going = false;
    for (int i = 0; i < 2; ++i) {
      if (s[i].empty == 0 || !next_hint(s[i], ctx[i], hints)) continue;
      going = true;
      const Hint& h = hints.list.front();
      for (Cand c : h.removals) s[i].remove(c.cell, c.digit);
      if (h.place_cell >= 0) s[i].place(h.place_cell, h.place_digit);
      found[i].push_back(h);
    }
  }
  for (int i = 0; i < 2; ++i) {
    ASSERT_EQ(found[i].size(), alone[i].hints.size()) << puzzles[i];
    for (std::size_t k = 0; k < found[i].size(); ++k) {
      EXPECT_EQ(found[i][k].rating, alone[i].hints[k].rating) << puzzles[i] << " step " << k + 1;
      EXPECT_EQ(found[i][k].removals, alone[i].hints[k].removals) << puzzles[i] << " step " << k + 1;
    }
    EXPECT_EQ(ctx[i].work, alone[i].work) << puzzles[i];
  }
  // The same through Rater: two Raters in turn rate as one fresh Rater each.
  Rater a, b;
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < 2; ++i) {
      const Rating mine = (i == 0 ? a : b).rate(se_ref::grid_of(puzzles[1 - i]));
      Rater once;
      const Rating ref = once.rate(se_ref::grid_of(puzzles[1 - i]));
      EXPECT_EQ(mine.er, ref.er);
      EXPECT_EQ(mine.work, ref.work);
    }
}

TEST(SeRater, NestedLevelsEndWithinTheBudget) {
  // The nested levels (30-36) run inner producers at every stall of every propagation; a small
  // budget must stop them (the rater reports budget_exceeded rather than hanging).
  const State s = grid_before("Contradiction Forcing Chain");
  const Producer nested[] = {dynamic_plus_chains, nested_chains_2, nested_chains_3, nested_chains_4_0,
                             nested_chains_4_1, nested_chains_4_2, nested_chains_4_3};
  for (Producer p : nested) {
    Ctx ctx;
    ctx.budget = 2'000'000;
    Hints first;
    bool stopped = false;
    try {
      p(s, ctx, first);
    } catch (const BudgetExceeded&) {
      stopped = true;
    }
    EXPECT_TRUE(stopped || !first.list.empty());
    if (!first.list.empty()) {
      EXPECT_GE(first.list[0].rating, 9.0);
    }
  }
}

}  // namespace
