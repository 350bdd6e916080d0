// What adding a kind takes (docs/ARCHITECTURE.md, "Adding a kind"): a third kind, the Latin square
// (latin/), added by this test build's own kind_list.hpp and kind_rows.hpp (first on its include
// path) to the core, io and run layers compiled again: its files read, its puzzles solved by its
// solver on the pipeline, judged and verified, its rows written as CSV, beside the tool's two kinds.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "io/csv.hpp"
#include "io/output.hpp"
#include "io/reader.hpp"
#include "latin/latin.hpp"
#include "puzzle/generate_options.hpp"
#include "puzzle/kinds.hpp"
#include "puzzle/registry.hpp"
#include "run/pipeline.hpp"
#include "test_util.hpp"

namespace {

using puzzle::PuzzleKind;
using puzzle::Status;

TEST(ThirdKind, TheTableHasItBesideTheTwo) {
  EXPECT_EQ(puzzle::Kinds::size, 3u);
  EXPECT_EQ(puzzle::Kinds::find("latin"), PuzzleKind::latin);
  EXPECT_EQ(puzzle::Kinds::plural(PuzzleKind::latin), "Latin squares");
  EXPECT_EQ(puzzle::Kinds::noun(PuzzleKind::latin), "latin") << "no help concern: its name serves";
  const puzzle::SolverInfo* s = puzzle::find_builtin("latin-backtracking");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->kind, PuzzleKind::latin);
  EXPECT_EQ(puzzle::Kinds::sizes(*s), "latin");
  // A concern it does not have is refused by name where it is used.
  puzzle::GenerateOptions g;
  g.kind = "latin";
  try {
    puzzle::plan_generate(g, puzzle::OptionStyle::cli);
    ADD_FAILURE() << "a Latin square was generated";
  } catch (const puzzle::OptionError& e) {
    EXPECT_TRUE(test::has(e.what(), "--kind latin: Latin squares are not generated")) << e.what();
  }
  EXPECT_EQ(puzzle::generate_kind_names(), "sudoku or nonogram");
}

// A file of Latin squares through the pipeline: detected, read, solved at limit 2, judged and
// verified, written as CSV rows, every status where it belongs.
TEST(ThirdKind, AFileOfLatinSquaresIsSolvedJudgedAndWritten) {
  test::TempDir dir;
  const std::string file = dir.write("squares.txt",
                                     "latin:.....1.334....21\n"  // 4x4, one solution: 1234214334124321
                                     "latin:........2\n"         // 3x3, many
                                     "latin:11.......\n"         // two 1s in row 1
                                     "latin:1234\n"              // 2x2 with the symbols 3 and 4
                                     "latin:123231312\n");      // 3x3, solved already
  puzzle::io::PuzzleReader probe(file);
  puzzle::io::RawSlice slice;
  ASSERT_TRUE(probe.read(slice, 1));
  EXPECT_EQ(probe.format().kind, PuzzleKind::latin);

  const std::string rows_path = dir.path("rows.csv");
  puzzle::io::OutputFile rows(rows_path, "rows");
  rows.open();
  rows.write(puzzle::io::rows_schema(true).header());
  puzzle::run::RunConfig cfg;
  cfg.files = {file};
  cfg.solvers = {puzzle::find_builtin("latin-backtracking")};
  cfg.limits.solutions = 2;
  cfg.threads = 2;
  cfg.rows = &rows;
  cfg.solutions = true;
  std::map<uint64_t, std::string> problems;
  cfg.on_problem = [&](const std::string&, uint64_t line, const std::string& m) { problems[line] = m; };
  const puzzle::run::RunReport report = puzzle::run::run_passes(cfg);
  rows.commit();
  ASSERT_EQ(report.summaries.size(), 1u);
  const puzzle::Summary& s = report.summaries[0];
  EXPECT_EQ(s.puzzles, 5u);
  EXPECT_EQ(s.count(Status::unique), 2u);
  EXPECT_EQ(s.count(Status::multiple), 1u);
  EXPECT_EQ(s.count(Status::invalid), 2u);
  EXPECT_EQ(s.count(Status::wrong), 0u);
  EXPECT_EQ(problems[3], "symbol 1 twice in row 1");
  EXPECT_TRUE(test::has(problems[4], "bad symbol '3' at cell 3")) << problems[4];
  const auto lines = test::data_lines(test::slurp(rows_path));
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_TRUE(test::has(lines[0], ",latin-backtracking,unique,1,6,")) << lines[0];
  EXPECT_TRUE(lines[0].ends_with(",1234214334124321")) << "the solution column: the kind's text(): " << lines[0];
  EXPECT_TRUE(test::has(lines[1], ",multiple,2,1,")) << lines[1];
  EXPECT_TRUE(test::has(lines[4], ",unique,1,9,") && lines[4].ends_with(",0,0,0,123231312")) << lines[4];
  EXPECT_TRUE(test::has(lines[2], ",invalid,")) << lines[2];
}

// The tool's own kinds, in the same build, as before.
TEST(ThirdKind, TheTwoKindsStillSolve) {
  puzzle::run::RunConfig cfg;
  cfg.files = {test::default_dataset()};
  cfg.solvers = {puzzle::find_builtin("scored")};
  cfg.max_records = 50;
  const puzzle::run::RunReport report = puzzle::run::run_passes(cfg);
  ASSERT_EQ(report.summaries.size(), 1u);
  EXPECT_EQ(report.summaries[0].found(), 50u);
  puzzle::run::RunConfig non;
  non.files = {test::dataset("nonogram/sgt_pattern_10x10.txt")};
  non.solvers = {puzzle::find_builtin("nonogram-line")};
  non.max_records = 20;
  const puzzle::run::RunReport r2 = puzzle::run::run_passes(non);
  EXPECT_EQ(r2.summaries.at(0).found(), 20u);
  // A Latin solver refuses the others' puzzles, as any solver of one kind does.
  non.solvers = {puzzle::find_builtin("latin-backtracking")};
  EXPECT_EQ(puzzle::run::run_passes(non).summaries.at(0).count(Status::unsupported), 20u);
}

}  // namespace
