// The command line as a user meets it: messages, exit codes, files written.
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "command_util.hpp"
#include "test_util.hpp"

namespace {

using test::has;

using test::kPuzzle;

TEST(Cli, ListShowsEverySolver) {
  const auto r = test::command("list");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(has(r.out, "backtracking"));
}

TEST(Cli, UnknownSolverSuggestsTheNearest) {
  const auto r = test::command("solve " + test::shared("norvig_easy50.txt") + " -s backtrakcing");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(has(r.out, "unknown solver 'backtrakcing' (did you mean 'backtracking'?)")) << r.out;
}

TEST(Cli, BadFlagIsOneClearMessage) {
  auto r = test::command("solve " + test::shared("norvig_easy50.txt") + " --no-such-flag");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(has(r.out, "--no-such-flag")) << r.out;
  r = test::command("solve " + test::shared("norvig_easy50.txt") + " -j 0");
  EXPECT_EQ(r.exit_code, 2);
  r = test::command("solve " + test::shared("norvig_easy50.txt") + " --limit lots");
  EXPECT_EQ(r.exit_code, 2);
  r = test::command("frobnicate");
  EXPECT_EQ(r.exit_code, 2);
}

TEST(Cli, UnreadableFileNamesTheFile) {
  const auto r = test::command("solve /nonexistent/p.txt");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(has(r.out, "/nonexistent/p.txt: cannot open: No such file or directory")) << r.out;
  EXPECT_FALSE(has(r.out, "terminate")) << r.out;
}

TEST(Cli, UnwritableOutputIsReported) {
  const auto r = test::command("solve " + test::shared("norvig_easy50.txt") + " -o /nonexistent/rows.csv");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(has(r.out, "/nonexistent/rows.csv: cannot write rows")) << r.out;
}

TEST(Cli, StdinRowsAndSummaryWithProvenance) {
  test::TempDir dir;
  const auto in = dir.write("in.txt", kPuzzle + "\n" + kPuzzle.substr(1) + "\n");
  const auto rows = dir.path("rows.csv"), summary = dir.path("summary.csv");
  const auto r = test::cli("solve - -s backtracking --solutions -o " + rows + " --summary " +
                           summary + " < " + in);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "-:2: too short: 80 cells")) << r.out;
  const std::string csv = test::slurp(rows);
  EXPECT_TRUE(has(csv, "# tool: sudoku-bench")) << csv;
  EXPECT_TRUE(has(csv, "# git_revision: "));
  EXPECT_TRUE(has(csv, "# compiler: "));
  EXPECT_TRUE(has(csv, "# flags: "));
  EXPECT_TRUE(has(csv, "# threads: "));
  EXPECT_TRUE(has(csv, "# dataset: - sha256=n/a (stdin)"));
  EXPECT_TRUE(has(csv, "# solvers: backtracking\n"));
  EXPECT_TRUE(has(csv, "file,line,solver,status,solutions,clues,time_ns,guesses,backtracks,nodes,solution\n"));
  EXPECT_TRUE(has(csv, "-,1,backtracking,solved,1,17,"));
  EXPECT_TRUE(has(csv, ",417369825632158947958724316825437169791586432346912758289643571573291684164875293\n"));
  EXPECT_TRUE(has(csv, "-,2,backtracking,invalid,0,"));
  const std::string sum = test::slurp(summary);
  EXPECT_TRUE(has(sum, "dataset,solver,threads,puzzles,solved,unique,multiple,none,invalid,"
                       "budget_exceeded,unsupported,wrong,wall_s,puzzles_per_s,mean_us,median_us,"
                       "p90_us,p99_us,max_us,guesses_per_puzzle,no_guess_pct,timeout,error,interrupted\n"));
  EXPECT_TRUE(has(sum, "\n-,backtracking,")) << sum;
}

TEST(Cli, DatasetHashIsRecorded) {
  test::TempDir dir;
  const auto summary = dir.path("s.csv");
  const auto r = test::command("solve " + test::shared("norvig_top95.txt") + " -j 2 --summary " + summary);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(test::slurp(summary),
                  "sha256=67d79348fc59eb089cb9e3927e2fc51be116a30b817367b292e24f76ad8e9893"));
}

TEST(Cli, WrongAnswerMakesExitCodeNonZero) {
  test::TempDir dir;
  // A "known solution" that is not this puzzle's solution.
  const std::string wrong =
      "147369825632158947958724316825437169791586432346912758289643571573291684164875293";
  const auto in = dir.write("w.txt", kPuzzle + ":1:" + wrong + "\n");
  const auto r = test::command("solve " + in);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "w.txt:1: answer differs from the known solution")) << r.out;
  EXPECT_TRUE(has(r.out, "1 wrong answer")) << r.out;
}

TEST(Cli, ShowDrawsPuzzleAndSolution) {
  const auto r = test::command("show " + kPuzzle);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "| 4 . . | . . . | 8 . 5 |")) << r.out;
  EXPECT_TRUE(has(r.out, "| 4 1 7 | 3 6 9 | 8 2 5 |")) << r.out;
  EXPECT_TRUE(has(r.out, "unique"));
}

// A puzzle given as text is read as a line of a file is, with what the line knows of it (here
// `:count`, checked); a word that no kind reads as a puzzle is a file name, and a missing file
// is said to be one, not a bad puzzle.
TEST(Cli, ShowReadsTextAsAFileLineElseAsAFileName) {
  const auto counted = test::command("show " + kPuzzle + ":1");
  EXPECT_EQ(counted.exit_code, 0) << counted.out;
  const auto miscounted = test::command("show " + kPuzzle + ":2");
  EXPECT_EQ(miscounted.exit_code, 1) << miscounted.out;
  EXPECT_TRUE(has(miscounted.out, "the file says 2")) << miscounted.out;
  const auto typo = test::command("show pzzles.txt");
  EXPECT_EQ(typo.exit_code, 2) << typo.out;
  EXPECT_TRUE(has(typo.out, "pzzles.txt: cannot open")) << typo.out;
}

// A puzzle given on the command line can be longer than a file name may be (a 16x16 puzzle's 256
// cells): it is still read as a puzzle, not a file that cannot be looked up.
TEST(Cli, ShowAndExplainTakeAPuzzleLongerThanAFileName) {
  std::ifstream in(test::dataset("sudoku16_40-50.txt"));
  std::string puzzle;
  std::getline(in, puzzle);
  puzzle = puzzle.substr(0, puzzle.find_first_of(":, \r"));
  ASSERT_EQ(puzzle.size(), 256u);
  const auto show = test::command("show " + puzzle + " -s dlx");
  EXPECT_EQ(show.exit_code, 0) << show.out;
  EXPECT_TRUE(has(show.out, "unique")) << show.out;
  const auto explain = test::command("explain " + puzzle);
  EXPECT_EQ(explain.exit_code, 2) << explain.out;
  EXPECT_TRUE(has(explain.out, "explain handles 9x9 puzzles only")) << explain.out;
  const auto junk = test::command("explain " + std::string(300, 'x'));
  EXPECT_EQ(junk.exit_code, 2) << junk.out;
  EXPECT_TRUE(has(junk.out, "too long: 300 cells")) << junk.out;
}

// rate is for 9x9 Sudoku: a 16x16 file or a nonogram file is refused by saying so (it said
// "too long: 256 cells, a 9x9 puzzle has 81" of every line, and exited 0).
TEST(Cli, RateSaysItRates9x9SudokuOnly) {
  test::TempDir dir;
  const auto out = dir.path("r.csv");
  auto r = test::command("rate " + test::dataset("sudoku16_40-50.txt") + " -o " + out);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "sudoku16_40-50.txt:1: a 16x16 puzzle; rate rates 9x9 puzzles only")) << r.out;
  EXPECT_FALSE(std::filesystem::exists(out) || std::filesystem::exists(out + ".partial"));
  r = test::command("rate " + test::dataset("nonogram/sgt_pattern_10x10.txt"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "a nonogram; rate rates 9x9 Sudoku puzzles only")) << r.out;
  // A 16x16 line among 9x9 ones is named for what it is.
  const auto mixed = dir.write("mixed.txt", test::kPuzzle + "\n" + std::string(256, '.') + "\n");
  r = test::command("rate " + mixed);
  EXPECT_TRUE(has(r.out, "mixed.txt:2: a 16x16 puzzle (256 cells), where only 9x9 puzzles are taken")) << r.out;
}

// merge takes the per-puzzle rows of the parts, not their summaries (it said a summary "holds
// puzzle lines (generate, transform)").
TEST(Cli, MergeOfASummaryOrABenchCsvSaysWhatItIs) {
  test::TempDir dir;
  const auto sum = dir.path("s.csv"), bench = dir.path("b.csv");
  ASSERT_EQ(test::command("solve " + test::default_dataset() + " --shard 0/1 --summary " + sum).exit_code, 0);
  auto r = test::command("merge -o " + dir.path("m.csv") + " " + sum);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "s.csv: a summary CSV (--summary): merge makes the summary itself from the parts' "
                         "per-puzzle rows")) << r.out;
  ASSERT_EQ(test::command("bench " + test::default_dataset() + " -s scored --first 5 --reps 1 -o " + bench).exit_code, 0);
  r = test::command("merge -o " + dir.path("m.csv") + " " + bench);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "b.csv: a bench CSV")) << r.out;
}

TEST(Cli, DefaultJobComparesEverySolver) {
  const auto r = test::command("");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "default.txt")) << r.out;
  EXPECT_TRUE(has(r.out, "vs first")) << r.out;
}

}  // namespace
