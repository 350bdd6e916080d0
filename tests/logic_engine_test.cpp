// The logic engine end to end: sound steps on hard puzzles, the statuses, the explanation text
// (`explain --logic`); and the commands around it: `rate`'s columns, `explain`'s hints.
#include <gtest/gtest.h>

#include <sstream>

#include <fmt/format.h>

#include "run/rate.hpp"
#include "sudoku/logic/engine.hpp"
#include "sudoku/logic/text.hpp"
#include "sudoku/solvers/logic.hpp"
#include "command_util.hpp"
#include "test_util.hpp"

namespace {

using namespace puzzle::sudoku::logic;
using puzzle::sudoku::Grid;
using puzzle::Limits;
using puzzle::Status;

using test::parse;

// Every step of the engine is a sound deduction: it never removes the solution's digit and
// never places another (checked on hard puzzles, where the chains and guesses are used).
TEST(LogicEngine, StepsAgreeWithTheSolution) {
  Engine e;
  int techniques_seen[kTechniqueCount] = {};
  for (const char* file : {"sudoku_exchange_diabolical.txt", "norvig_top95.txt"}) {
    for (const auto& rec : test::load(test::shared(file), 25)) {
      std::vector<Deduction> steps;
      const auto r = e.solve(rec.parsed.puzzle, Limits{2, 0}, &steps);
      ASSERT_EQ(r.status, Status::unique) << file << ":" << rec.line;
      Board b;
      ASSERT_TRUE(b.load(rec.parsed.puzzle));
      for (const Deduction& s : steps) apply(b, s);
      EXPECT_TRUE(b.solved()) << file << ":" << rec.line;  // the steps go all the way
      EXPECT_EQ(b.grid(), test::grid(r.answer)) << file << ":" << rec.line;
      for (const Deduction& s : steps) {
        ++techniques_seen[static_cast<int>(s.technique)];
        for (const auto& p : s.placements) EXPECT_EQ(test::grid(r.answer)[p.cell], p.digit) << describe(s);
        for (const auto& x : s.eliminations) EXPECT_NE(test::grid(r.answer)[x.cell], x.digit) << describe(s);
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
}

TEST(LogicEngine, MultipleAndNone) {
  Engine e;
  std::vector<Deduction> steps;
  const auto several = e.solve(Grid(3), Limits{2, 0}, &steps);
  EXPECT_EQ(several.status, Status::multiple);
  EXPECT_NE(explain_text(Grid(3), several, steps, false, false).find("Several solutions"), std::string::npos);
  std::string s(81, '.');
  for (int c = 0; c < 8; ++c) s[c] = static_cast<char>('1' + c);
  s[4 * 9 + 8] = '9';
  steps.clear();
  const auto none = e.solve(parse(s), Limits{2, 0}, &steps);
  EXPECT_EQ(none.status, Status::none);
  const std::string text = explain_text(parse(s), none, steps, false, false);
  EXPECT_NE(text.find("No solution"), std::string::npos) << text;
  EXPECT_EQ(text.find("Solved in"), std::string::npos) << text;
}

TEST(LogicEngine, ExplanationText) {
  const auto rec = test::load(test::shared("norvig_easy50.txt"), 1).at(0);
  Engine e;
  std::vector<Deduction> steps;
  const auto r = e.solve(rec.parsed.puzzle, Limits{2, 0}, &steps);
  const std::string text = explain_text(rec.parsed.puzzle, r, steps, false, false);
  EXPECT_NE(text.find("  1. Hidden single in box 1: 6 can only go in r2c2\n"), std::string::npos) << text;
  EXPECT_NE(text.find(fmt::format("Solved in {} steps, hardest technique: Hidden single\n", steps.size())),
            std::string::npos) << text;
  const std::string hint = explain_text(rec.parsed.puzzle, r, {steps.front()}, true, true);
  EXPECT_NE(hint.find("Hint: Hidden single in box 1: 6 can only go in r2c2\n"), std::string::npos) << hint;
  EXPECT_NE(hint.find("-+-"), std::string::npos) << hint;  // the candidate grid's box rules
  EXPECT_EQ(hint.find("hardest technique"), std::string::npos) << hint;
  const std::string json = explain_json(rec.parsed.puzzle, r, steps, false);
  EXPECT_NE(json.find("\"hardest_technique\": \"hidden_single_box\""), std::string::npos);
  EXPECT_EQ(explain_json(rec.parsed.puzzle, r, {steps.front()}, false).find("hardest_technique"), std::string::npos);
  EXPECT_NE(json.find("\"text\": \"Hidden single in box 1: 6 can only go in r2c2\""), std::string::npos);
}

TEST(LogicCli, RateAddsColumns) {
  test::TempDir dir;
  const auto rec = test::load(test::shared("norvig_easy50.txt"), 1).at(0);
  const std::string in = dir.write("p.txt", puzzle::sudoku::to_line(rec.parsed.puzzle) + "\n" +
                                               std::string(81, '.') + "\n" + "55" + std::string(79, '.') + "\n");
  const auto out = dir.path("rows.csv");
  const auto r = test::command("rate " + in + " -j 2 -o " + out);
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
  auto r = test::command("explain " + puzzle::sudoku::to_line(rec.parsed.puzzle) + " --hint --logic");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "Hint: Hidden single in box 1: 6 can only go in r2c2\n");
  r = test::command("explain " + puzzle::sudoku::to_line(rec.parsed.puzzle) + " --hint");  // the SE step
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "Hint: 1.2 Hidden Single: B2: 6 in block  (place r2c2=6)\n");
  r = test::command("explain 12345");
  EXPECT_EQ(r.exit_code, 2) << r.out;
}

// Plain `explain` proves the one solution as `rate` does (rating_prover(), the default solver),
// not with the logic engine: a puzzle with several solutions is `multiple` and its JSON gives the
// first solution that solver finds (the one `solve --solutions` writes), which is not the logic
// engine's first on this puzzle of datasets/multi_solution_17plus.txt.
TEST(LogicCli, ExplainProvesUniquenessAsRateDoes) {
  const std::string puzzle = "....8.4.....61....7....23..9.6....4.12.....56.5....1.3..27..6.8.....6.....519....";
  const Grid g = parse(puzzle);
  const puzzle::Result proved =
      puzzle::run::rating_prover().make()->solve(g, Limits{puzzle::run::kRatingLimit, puzzle::kDefaultBudget});
  ASSERT_EQ(proved.status, Status::multiple);
  const puzzle::Result logic = Engine().solve(g, Limits{2, puzzle::kDefaultBudget}, nullptr);
  ASSERT_EQ(logic.status, Status::multiple);
  ASSERT_NE(puzzle::sudoku::to_line(test::grid(logic.answer)), puzzle::sudoku::to_line(test::grid(proved.answer)));  // tells them apart
  const auto r = test::command("explain " + puzzle + " --json");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("\"status\": \"multiple\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"solution\": \"" + puzzle::sudoku::to_line(test::grid(proved.answer)) + "\""), std::string::npos) << r.out;
}

}  // namespace
