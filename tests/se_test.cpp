// The SE-compatible rater against the reference's own step traces
// (../shared/datasets/se_steps_sample.txt, 240 puzzles from every ER band) and ratings.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "puzzle/split_csv.hpp"
#include "command_util.hpp"
#include "se_test_util.hpp"

namespace {

using namespace puzzle::sudoku::se;
using namespace se_test;


// What the rater matches: everything (a change that departs from the reference fails here).
constexpr int kWholeTracesEqual = 240;    // of 240 puzzles: every one
constexpr int kStepsEqual = 16412;        // of 16,412 steps, each on the reference's grid: every one

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

// The basic producers (docs/se_rules.md, Basic techniques: intersections, naked and hidden sets,
// fish, XY- and XYZ-wings, direct or not): every step of the sample that is one of theirs is equal.
TEST(SeRater, BasicTechniquesMatchEveryStepOfTheSample) {
  static constexpr std::string_view kPrefixes[] = {
      "Direct Pointing:", "Direct Claiming:", "Direct Hidden Pair:", "Direct Hidden Triplet:",
      "Pointing:",        "Claiming:",        "Naked Pair:",         "Naked Triplet:",
      "Naked Quad:",      "X-Wing:",          "Swordfish:",          "Jellyfish:",
      "Hidden Pair:",     "Hidden Triplet:",  "Hidden Quad:",        "XY-Wing:",
      "XYZ-Wing:"};
  int checked = 0;
  for (const auto& p : sample())
    for (const auto& c : se_ref::replay(p)) {
      const auto& text = p.steps[c.step].text;
      bool mine = false;
      for (std::string_view pre : kPrefixes) mine = mine || text.rfind(pre, 0) == 0;
      if (!mine) continue;
      EXPECT_TRUE(c.equal) << p.puzzle << " step " << c.step + 1 << ": " << text << "\n  ours: " << c.ours;
      // The text too ("<rating> <text> | <effect>"): the reference's words.
      const auto sp = c.ours.find(' '), bar = c.ours.rfind(" | ");
      if (sp != std::string::npos && bar != std::string::npos) {
        EXPECT_EQ(c.ours.substr(sp + 1, bar - sp - 1), text) << p.puzzle << " step " << c.step + 1;
      }
      ++checked;
    }
  EXPECT_EQ(checked, 1722);  // every such step of the sample
}

// The nested levels (ER 10 and up): every step of the reference's three traces of
// forum-hardest puzzles (../shared/datasets/se_steps_hardest.txt, 438 steps; its steps carry the
// reference's text, not its effect, so our text is compared), and ER, EP, ED.
TEST(SeRater, HardestTracesEqualTheReference) {
  const auto hardest = se_ref::read_sample(test::shared("se_steps_hardest.txt"));
  ASSERT_EQ(hardest.size(), 3u);
  std::size_t steps = 0;
  Rater rater;
  for (const auto& p : hardest) {
    steps += p.steps.size();
    const auto c = se_ref::compare(rater, p);
    EXPECT_TRUE(c.full_match) << p.puzzle << " departs at step " << c.departs + 1 << "\n  ref:  " << c.theirs
                              << "\n  ours: " << c.ours;
  }
  EXPECT_EQ(steps, 438u);
}

// ER, EP and ED of se_ratings_hardest.csv where the placings too need the nested levels (EP above
// 1.2: no single is found before a nested chain) and ER is under 10.5, so that the test stays
// short (about 0.13 s each in Release): the rows of lines 5 and 19 (10.3/10.3/9.8 and
// 10.4/10.4/10.2). The traces above check ER only; the whole file is se_compare's
// (results/rating.md).
TEST(SeRater, HardestRatingsWithNestedPlacingsEqualTheReference) {
  std::ifstream in(test::shared("se_ratings_hardest.csv"));
  std::string line, unquoted;
  ASSERT_TRUE(std::getline(in, line));
  ASSERT_EQ(line, "dataset,puzzle,er,ep,ed,reference_seconds");
  const auto tenths = [](int t) { return fmt::format("{}.{}", t / 10, t % 10); };
  Rater rater;
  int rows = 0, rated = 0;
  std::vector<std::string_view> f;
  while (std::getline(in, line)) {
    ++rows;
    puzzle::split_csv(line, f, unquoted);
    ASSERT_EQ(f.size(), 6u) << line;
    const std::string er(f[2]), ep(f[3]), ed(f[4]);
    if (ep == "1.2" || std::stod(er) > 10.45) continue;
    const Rating r = rater.rate(se_ref::grid_of(std::string(f[1])));
    ASSERT_EQ(r.status, RatingStatus::rated) << f[1];
    EXPECT_EQ(tenths(r.er) + "/" + tenths(r.ep) + "/" + tenths(r.ed), er + "/" + ep + "/" + ed) << f[1];
    ++rated;
  }
  EXPECT_EQ(rows, 24);
  EXPECT_EQ(rated, 2);
}

// Constructed grids: an empty grid (every candidate everywhere), then candidates taken away.
State empty_state() {
  State s;
  s.load(se_ref::grid_of(std::string(81, '.')));
  return s;
}
int rc(int r, int c) { return r * 9 + c; }
Cand cand(int cell, int digit) { return Cand{static_cast<uint8_t>(cell), static_cast<uint8_t>(digit)}; }
std::vector<uint8_t> regions(std::initializer_list<int> rs) {
  std::vector<uint8_t> v;
  for (int r : rs) v.push_back(static_cast<uint8_t>(r));
  return v;
}

TEST(SeRater, FishTakeBaseColumnsBeforeBaseRowsAndRemoveCoverLineByCoverLine) {
  State s = empty_state();
  // Digit 1: rows 0 and 4 only in columns 0 and 4 (base rows), columns 7 and 8 only in rows 6
  // and 7 (base columns). The column X-wing comes first although its rows are higher.
  for (int c = 0; c < 9; ++c)
    if (c != 0 && c != 4) {
      s.remove(rc(0, c), 1);
      s.remove(rc(4, c), 1);
    }
  for (int r = 0; r < 9; ++r)
    if (r != 6 && r != 7) {
      s.remove(rc(r, 7), 1);
      s.remove(rc(r, 8), 1);
    }
  const auto hints = all_hints(x_wing, s);
  ASSERT_EQ(hints.size(), 2u);
  EXPECT_EQ(hints[0].base, regions({region_id(kCol, 7), region_id(kCol, 8)}));
  EXPECT_EQ(hints[0].cover, regions({region_id(kRow, 6), region_id(kRow, 7)}));
  ASSERT_EQ(hints[0].removals.size(), 14u);
  EXPECT_EQ(hints[0].removals.front(), cand(rc(6, 0), 1));
  EXPECT_EQ(hints[0].removals[7], cand(rc(7, 0), 1));  // row 6 whole, then row 7
  EXPECT_EQ(hints[1].base, regions({region_id(kRow, 0), region_id(kRow, 4)}));
  EXPECT_EQ(hints[0].rating, 3.2);
}

TEST(SeRater, FishNeedTheDigitPlacedFewEnoughTimes) {
  // Digit 1 placed in rows 0-4 (five times): rows 6 and 7 then hold it only in columns 2 and
  // 8 once (6,5) and (7,5) lose it: an X-wing. A sixth placement in row 5 closes the gate.
  State s = empty_state();
  const int placed[6][2] = {{0, 0}, {1, 3}, {2, 6}, {3, 1}, {4, 4}, {5, 7}};
  for (int i = 0; i < 5; ++i) s.place(rc(placed[i][0], placed[i][1]), 1);
  for (int r : {6, 7})
    for (int c : {5, 7}) s.remove(rc(r, c), 1);
  bool found = false;
  for (const Hint& h : all_hints(x_wing, s))
    found = found || h.cover == regions({region_id(kCol, 2), region_id(kCol, 8)});
  EXPECT_TRUE(found);
  s.place(rc(5, 7), 1);
  EXPECT_TRUE(all_hints(x_wing, s).empty());
}

TEST(SeRater, HiddenQuadNeedsAWholeEmptyRegion) {
  State s = empty_state();
  for (int c = 4; c < 9; ++c)
    for (int d = 1; d <= 4; ++d) s.remove(rc(0, c), d);
  auto hints = all_hints(hidden_quad, s);
  ASSERT_EQ(hints.size(), 1u);
  EXPECT_EQ(hints[0].base, regions({region_id(kRow, 0)}));
  EXPECT_EQ(hints[0].removals.size(), 20u);  // 5-9 from r1c1-r1c4
  EXPECT_EQ(hints[0].removals[1], cand(rc(0, 0), 6));
  s.place(rc(0, 8), 9);  // row 0 has 8 empty cells now
  EXPECT_TRUE(all_hints(hidden_quad, s).empty());
  // A hidden triple needs more than 6 empty cells: 8 is enough.
  for (int c = 3; c < 8; ++c)
    for (int d = 1; d <= 3; ++d) s.remove(rc(0, c), d);
  EXPECT_FALSE(all_hints(hidden_triple, s).empty());
}

TEST(SeRater, IntersectionsScanBoxColumnBeforeBoxRowAndDirectOnesOnlyPlace) {
  State s = empty_state();
  // Box 0: digit 2 only in r1c1 and r1c2 (a row pair); box 4: digit 2 only in r4c5 and r5c5
  // (a column pair). Box/column pairs come first, whatever the digit or box.
  for (int c : {2, 9, 10, 11, 18, 19, 20}) s.remove(c, 2);
  for (int c : {rc(3, 3), rc(3, 5), rc(4, 3), rc(4, 5), rc(5, 3), rc(5, 4), rc(5, 5)}) s.remove(c, 2);
  auto hints = all_hints(intersection, s);
  ASSERT_GE(hints.size(), 2u);
  EXPECT_EQ(hints[0].tech, Tech::pointing);
  EXPECT_EQ(hints[0].base, regions({region_id(kBox, 4)}));
  EXPECT_EQ(hints[0].cover, regions({region_id(kCol, 4)}));
  EXPECT_EQ(hints[0].removals.size(), 6u);
  EXPECT_EQ(hints[1].base, regions({region_id(kBox, 0)}));
  EXPECT_EQ(hints[1].cover, regions({region_id(kRow, 0)}));
  // Direct: the pointing pair of box 0 in row 0 takes 2 from r1c4-r1c9; with box 1 holding 2
  // only in row 0 and r2c4, the single r2c4 appears: placed, nothing removed.
  for (int c : {rc(1, 4), rc(1, 5), rc(2, 3), rc(2, 4), rc(2, 5)}) s.remove(c, 2);
  // Row 2 now holds 2 only in box 2: a claiming whose removal leaves the same single in row 1.
  hints = all_hints(direct_intersection, s);
  ASSERT_EQ(hints.size(), 2u);
  EXPECT_EQ(hints[0].tech, Tech::direct_pointing);
  EXPECT_EQ(hints[0].rating, 1.7);
  EXPECT_TRUE(hints[0].removals.empty());
  EXPECT_EQ(hints[0].place_cell, rc(1, 3));
  EXPECT_EQ(hints[0].place_digit, 2);
  EXPECT_EQ(hints[1].tech, Tech::direct_claiming);
  EXPECT_EQ(hints[1].rating, 1.9);
  EXPECT_EQ(hints[1].base, regions({region_id(kRow, 2)}));
  EXPECT_EQ(hints[1].place_cell, rc(1, 3));
}

TEST(SeRater, NakedPairNeedsFourEmptyCellsInItsRegion) {
  // Row 0: r1c1 and r1c2 hold {1,2}, r1c3 {1,2,3}; the rest of the row is filled (4-9), or all
  // but r1c9 ({1,2,3,9}). Box 0 (9 empty cells) has the pair either way; row 0 only with 4 empty cells.
  auto hints_for = [](int filled) {
    State s = empty_state();
    for (int c = 3; c < 3 + filled; ++c) s.place(rc(0, c), c + 1);
    for (int c : {0, 1}) s.remove(rc(0, c), 3);
    if (filled == 5)  // 9 only in r1c9
      for (int c = 0; c < 3; ++c) s.remove(rc(0, c), 9);
    return all_hints(naked_pair, s);
  };
  auto has_region = [](const std::vector<Hint>& hs, int region) {
    for (const Hint& h : hs)
      if (h.base == regions({region})) return true;
    return false;
  };
  const auto three = hints_for(6), four = hints_for(5);
  EXPECT_TRUE(has_region(three, region_id(kBox, 0)));
  EXPECT_FALSE(has_region(three, region_id(kRow, 0)));
  EXPECT_TRUE(has_region(four, region_id(kBox, 0)));
  ASSERT_TRUE(has_region(four, region_id(kRow, 0)));
  EXPECT_EQ(four.back().removals,
            (std::vector<Cand>{cand(rc(0, 2), 1), cand(rc(0, 2), 2), cand(rc(0, 8), 1), cand(rc(0, 8), 2)}));
}

TEST(SeRater, DirectHiddenPairPlacesTheSingleItLeavesAndRemovesNothing) {
  State s = empty_state();
  // Box 0: 1 and 2 only in r1c1 and r1c2, 3 only in r1c1 and r2c2.
  for (int p = 2; p < 9; ++p) {
    const int c = geo().cells[0][p];
    s.remove(c, 1);
    s.remove(c, 2);
    if (c != rc(1, 1)) s.remove(c, 3);
  }
  s.remove(rc(0, 1), 3);
  auto hints = all_hints(direct_hidden_pair, s);
  ASSERT_EQ(hints.size(), 1u);
  EXPECT_EQ(hints[0].rating, 2.0);
  EXPECT_EQ(hints[0].digits, 0b11);
  EXPECT_TRUE(hints[0].removals.empty());
  EXPECT_EQ(hints[0].place_cell, rc(1, 1));
  EXPECT_EQ(hints[0].place_digit, 3);
  // The plain hidden pair removes 3-9 from both cells.
  hints = all_hints(hidden_pair, s);
  ASSERT_EQ(hints.size(), 1u);
  EXPECT_EQ(hints[0].removals.size(), 7u + 6u);
}

TEST(SeRater, SolvedGridIsZeroAndConflictIsInvalid) {
  Rater rater;
  const Rating solved = rater.rate(se_ref::grid_of(test::kSolution));
  EXPECT_EQ(solved.status, RatingStatus::rated);
  EXPECT_EQ(solved.er, 0);
  std::string bad = test::kPuzzle;
  bad[1] = bad[0];  // two 4s in row 1
  EXPECT_EQ(rater.rate(se_ref::grid_of(bad)).status, RatingStatus::invalid);
}

TEST(SeRater, ABudgetIsWorkUnitsOrADurationAtAFixedRate) {
  EXPECT_EQ(parse_budget("2000000000"), 2'000'000'000u);
  EXPECT_EQ(parse_budget("2e9"), 2'000'000'000u);
  EXPECT_EQ(parse_budget("500M"), 500'000'000u);
  EXPECT_EQ(parse_budget("3k"), 3'000u);
  EXPECT_EQ(parse_budget("1.5G"), 1'500'000'000u);
  EXPECT_EQ(parse_budget("0"), 0u);  // unlimited
  EXPECT_EQ(parse_budget("30s"), 30 * kSeWorkPerSecond);
  EXPECT_EQ(parse_budget("0.5s"), kSeWorkPerSecond / 2);
  EXPECT_EQ(parse_budget("2min"), 120 * kSeWorkPerSecond);
  EXPECT_EQ(parse_budget("1h"), 3600 * kSeWorkPerSecond);
  EXPECT_EQ(parse_budget("0.1"), 1u) << "a fraction of a unit is a unit, not 0 (unlimited)";
  for (const char* bad : {"", "x", "-1", "3 s", "2e9x", "s", "1e30", "nan", "inf"})
    EXPECT_FALSE(parse_budget(bad).has_value()) << bad;
}

TEST(SeRater, ABudgetStopsTheRating) {
  Rater rater;
  const Rating r = rater.rate(se_ref::grid_of(sample().back().puzzle), 100);
  EXPECT_EQ(r.status, RatingStatus::budget_exceeded);
  EXPECT_LE(r.work, 200u);
}

}  // namespace

namespace {

// `rate` end to end: every 10th puzzle of se_ratings_more.csv (all three sources, ER 1.2-9.0) in a
// file, rated on 2 threads; the er column equals the reference's for each.
TEST(SeRater, RateCommandWritesTheReferenceEr) {
  std::ifstream in(test::shared("se_ratings_more.csv"));
  std::string line;
  std::getline(in, line);  // header
  std::vector<std::string> ers;
  std::string puzzles;
  for (int i = 0; std::getline(in, line); ++i) {
    if (i % 10 != 0) continue;
    const auto c1 = line.find(','), c2 = line.find(',', c1 + 1);
    puzzles += line.substr(c1 + 1, c2 - c1 - 1) + "\n";
    ers.push_back(line.substr(c2 + 1));
  }
  test::TempDir dir;
  const std::string file = dir.write("p.txt", puzzles), out = dir.path("rows.csv");
  const auto r = test::command("rate " + file + " -j 2 -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::istringstream rows(test::slurp(out));
  int er_col = -1;
  std::size_t n = 0;
  while (std::getline(rows, line)) {
    if (line.starts_with("#")) continue;
    std::vector<std::string> f;
    std::stringstream ls(line);
    for (std::string cell; std::getline(ls, cell, ',');) f.push_back(cell);
    if (er_col < 0) {
      er_col = static_cast<int>(std::find(f.begin(), f.end(), "er") - f.begin());
      ASSERT_LT(er_col, static_cast<int>(f.size()));
      EXPECT_EQ(f[static_cast<std::size_t>(er_col) + 5], "rating_status");
      continue;
    }
    ASSERT_LT(n, ers.size());
    EXPECT_EQ(f[static_cast<std::size_t>(er_col)], ers[n]) << line;
    EXPECT_EQ(f[static_cast<std::size_t>(er_col) + 5], "rated") << line;
    ++n;
  }
  EXPECT_EQ(n, ers.size());
  EXPECT_EQ(n, 210u);
}

// `rate --se-budget` takes work units or a duration; a puzzle over it is budget_exceeded (blank
// ER), the others are rated; a budget that is neither is refused before any work.
TEST(SeRater, RateCommandBudgetPerPuzzle) {
  test::TempDir dir;
  const std::string file = dir.write("p.txt", sample()[1].puzzle + "\n" + sample().back().puzzle + "\n");
  const std::string out = dir.path("rows.csv");
  // sample()[1] takes a few thousand units (every step is a single), the last puzzle far more.
  auto r = test::command("rate " + file + " -j 1 --se-budget 20k -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const std::string rows = test::slurp(out);
  EXPECT_NE(rows.find(",rated,"), std::string::npos) << rows;
  EXPECT_NE(rows.find(",budget_exceeded,"), std::string::npos) << rows;
  EXPECT_NE(rows.find("# se_budget: 20000"), std::string::npos) << rows;
  r = test::command("rate " + file + " --se-budget 20x -o " + dir.path("no.csv"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("--se-budget"), std::string::npos) << r.out;
}

// `explain`: the reference's steps with their ratings, as text and JSON.
TEST(SeRater, ExplainShowsTheReferenceSteps) {
  const auto& p = sample()[1];  // a short trace: every step is checked
  auto r = test::command("explain " + p.puzzle);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  for (std::size_t i = 0; i < p.steps.size(); ++i)
    EXPECT_NE(r.out.find(fmt::format("{:4}. {} {}  ({})\n", i + 1, p.steps[i].rating, p.steps[i].text,
                                     p.steps[i].effect)),
              std::string::npos)
        << "step " << i + 1 << "\n" << r.out;
  EXPECT_NE(r.out.find("ER " + p.er + "  EP " + p.ep + "  ED " + p.ed), std::string::npos) << r.out;
  r = test::command("explain --json --hint " + p.puzzle);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("\"er\": " + p.er), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"text\": \"" + p.steps[0].text + "\""), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\"text\": \"" + p.steps[1].text + "\""), std::string::npos) << "--hint: one step";
}

}  // namespace
