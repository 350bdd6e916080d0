// The logic engine end to end: sound steps on hard puzzles, ratings ordered on simple cases, the
// explanation text, and the `rate` CSV columns.
#include <gtest/gtest.h>

#include <sstream>

#include "sudoku/logic/engine.hpp"
#include "sudoku/logic/text.hpp"
#include "sudoku/solvers/logic.hpp"
#include "sudoku/logic/spearman.hpp"
#include "test_util.hpp"

namespace {

using namespace sudoku::logic;
using sudoku::Grid;
using sudoku::Limits;
using sudoku::Status;

using test::parse;

// Every step of the engine is a sound deduction: it never removes the solution's digit and
// never places another (checked on hard puzzles, where the chains and guesses are used).
TEST(LogicEngine, StepsAgreeWithTheSolution) {
  Engine e;
  int techniques_seen[kTechniqueCount] = {};
  for (const char* file : {"sudoku_exchange_diabolical.txt", "norvig_top95.txt"}) {
    for (const auto& rec : test::load(test::shared(file), 25)) {
      std::vector<Step> steps;
      const auto r = e.solve(rec.parsed.puzzle, Limits{2, 0}, &steps);
      ASSERT_EQ(r.status, Status::unique) << file << ":" << rec.line;
      ASSERT_TRUE(e.rating().rated);
      for (const Step& s : steps) {
        ++techniques_seen[static_cast<int>(s.technique)];
        for (const auto& p : s.placements) EXPECT_EQ(r.solution[p.cell], p.digit) << describe(s);
        for (const auto& x : s.eliminations) EXPECT_NE(r.solution[x.cell], x.digit) << describe(s);
      }
    }
  }
  EXPECT_GT(techniques_seen[static_cast<int>(Technique::forcing_chain)], 0);
}

TEST(LogicEngine, GuessesAreZeroWhenLogicSolves) {
  const auto rec = test::load(test::shared("norvig_easy50.txt"), 1).at(0);
  Engine e;
  const auto r = e.solve(rec.parsed.puzzle, Limits{2, 0});
  EXPECT_EQ(r.status, Status::unique);
  EXPECT_EQ(r.work.guesses, 0u);
  EXPECT_EQ(e.rating().level(), "easy");
}

TEST(LogicEngine, RatingsAreOrderedOnSimpleCases) {
  const auto full = *test::load(test::shared("tdoku_test_puzzles.csv"), 1).at(0).parsed.known.solution;
  Engine e;
  Grid one_gap = full;
  one_gap.set(40, 0);  // a full house
  e.solve(one_gap, Limits{2, 0});
  const double s_full_house = e.rating().score;
  EXPECT_EQ(e.rating().hardest, Technique::full_house);
  EXPECT_DOUBLE_EQ(s_full_house, 1.0);
  const auto easy = test::load(test::shared("norvig_easy50.txt"), 1).at(0).parsed.puzzle;
  e.solve(easy, Limits{2, 0});
  const double s_easy = e.rating().score;
  const auto hard = test::load(test::shared("sudoku_exchange_diabolical.txt"), 1).at(0).parsed.puzzle;
  e.solve(hard, Limits{2, 0});
  const double s_hard = e.rating().score;
  EXPECT_LT(s_full_house, s_easy);
  EXPECT_LT(s_easy, s_hard);
  EXPECT_GE(s_hard, 6.0);
  // A harder technique always outranks any number of easier steps.
  Rating a, b;
  a.hardest_difficulty = technique_weight(Technique::naked_pair);
  a.counts[static_cast<int>(Technique::naked_pair)] = 50;
  b.hardest_difficulty = technique_weight(Technique::x_wing);
  b.counts[static_cast<int>(Technique::x_wing)] = 1;
  EXPECT_LT(score(a), score(b));
}

TEST(LogicEngine, MultipleAndNoneAreNotRated) {
  Engine e;
  EXPECT_EQ(e.solve(Grid(3), Limits{2, 0}).status, Status::multiple);
  EXPECT_FALSE(e.rating().rated);
  std::string s(81, '.');
  for (int c = 0; c < 8; ++c) s[c] = static_cast<char>('1' + c);
  s[4 * 9 + 8] = '9';
  EXPECT_EQ(e.solve(parse(s), Limits{2, 0}).status, Status::none);
  EXPECT_FALSE(e.rating().rated);
}

TEST(LogicEngine, ExplanationText) {
  const auto rec = test::load(test::shared("norvig_easy50.txt"), 1).at(0);
  Engine e;
  std::vector<Step> steps;
  const auto r = e.solve(rec.parsed.puzzle, Limits{2, 0}, &steps);
  const std::string text = explain_text(rec.parsed.puzzle, r, e.rating(), steps, false, false);
  EXPECT_NE(text.find("  1. Hidden single in box 1: 6 can only go in r2c2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Difficulty 1.20 (easy), hardest technique: Hidden single"), std::string::npos);
  const std::string hint = explain_text(rec.parsed.puzzle, r, e.rating(), {steps.front()}, true, true);
  EXPECT_NE(hint.find("Hint: Hidden single in box 1: 6 can only go in r2c2\n"), std::string::npos) << hint;
  EXPECT_NE(hint.find("-+-"), std::string::npos) << hint;  // the candidate grid's box rules
  const std::string json = explain_json(rec.parsed.puzzle, r, e.rating(), steps, false);
  EXPECT_NE(json.find("\"hardest_technique\": \"hidden_single_box\""), std::string::npos);
  EXPECT_NE(json.find("\"text\": \"Hidden single in box 1: 6 can only go in r2c2\""), std::string::npos);
}

TEST(LogicSpearman, RanksWithTies) {
  EXPECT_DOUBLE_EQ(spearman({1, 2, 3, 4}, {10, 20, 30, 40}), 1.0);
  EXPECT_DOUBLE_EQ(spearman({1, 2, 3, 4}, {4, 3, 2, 1}), -1.0);
  EXPECT_NEAR(spearman({1, 2, 2, 3}, {1, 2, 3, 4}), 0.9486832980505138, 1e-12);
}

TEST(LogicCli, RateAddsColumns) {
  test::TempDir dir;
  const auto rec = test::load(test::shared("norvig_easy50.txt"), 1).at(0);
  const std::string in = dir.write("p.txt", sudoku::to_line(rec.parsed.puzzle) + "\n" +
                                               std::string(81, '.') + "\n" + "55" + std::string(79, '.') + "\n");
  const auto out = dir.path("rows.csv");
  const auto r = test::cli("rate " + in + " -j 2 -o " + out);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  std::istringstream csv(test::slurp(out));
  std::string line;
  std::vector<std::string> rows;
  while (std::getline(csv, line))
    if (!line.starts_with("#")) rows.push_back(line);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_TRUE(rows[0].starts_with("file,line,solver,status,solutions,clues,time_ns,guesses,backtracks,nodes,"
                                  "er,ep,ed,level,hardest_technique,rating_status,n_hidden_single,"));
  const auto commas = [](const std::string& s) { return std::count(s.begin(), s.end(), ','); };
  for (const auto& row : rows) EXPECT_EQ(commas(row), commas(rows[0])) << row;
  EXPECT_NE(rows[1].find(",scored,unique,"), std::string::npos);  // the fastest solver proves it
  // norvig_easy50's first puzzle: hidden singles in boxes only (ER 1.2 as Sudoku Explainer rates
  // it).
  EXPECT_NE(rows[1].find(",1.2,1.2,1.2,easy,hidden_single,rated,"), std::string::npos) << rows[1];
  EXPECT_NE(rows[2].find(",multiple,"), std::string::npos);
  EXPECT_TRUE(rows[2].ends_with(",,,")) << rows[2];  // not rated
  EXPECT_NE(rows[3].find(",invalid,"), std::string::npos);
}

TEST(LogicCli, ExplainHintAndErrors) {
  const auto rec = test::load(test::shared("norvig_easy50.txt"), 1).at(0);
  auto r = test::cli("explain " + sudoku::to_line(rec.parsed.puzzle) + " --hint --logic");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "Hint: Hidden single in box 1: 6 can only go in r2c2\n");
  r = test::cli("explain " + sudoku::to_line(rec.parsed.puzzle) + " --hint");  // the SE step
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "Hint: 1.2 Hidden Single: B2: 6 in block  (place r2c2=6)\n");
  r = test::cli("explain 12345");
  EXPECT_EQ(r.exit_code, 2) << r.out;
}

}  // namespace
