// Grid sizes other than 9x9 end to end: 4x4, 16x16 (1-9A-G and hexadecimal 0-F) and 25x25 (A-Y)
// are parsed, written back, solved by `dlx` and run through the driver, whose verifier checks
// every answer; a solver limited to 9x9 is reported as unsupported.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "run/pipeline.hpp"
#include "puzzle/kinds.hpp"
#include "puzzle/registry.hpp"
#include "sudoku/solvers/dlx.hpp"
#include "sudoku/solvers/wide.hpp"
#include "sudoku/sudoku_parse.hpp"
#include "sudoku/verify.hpp"
#include "command_util.hpp"
#include "test_util.hpp"

namespace {

using puzzle::sudoku::Grid;
using puzzle::Limits;
using puzzle::Status;

/// A valid complete grid of any size: the classic shifted pattern, then relabelled and with rows
/// shuffled inside bands (both keep it valid), so that it is not the bare pattern.
Grid full_grid(int box, uint64_t seed) {
  const int n = box * box;
  std::mt19937_64 rng(seed);
  std::vector<int> label(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) label[i] = i + 1;
  std::shuffle(label.begin(), label.end(), rng);
  std::vector<int> rows;
  for (int band = 0; band < box; ++band) {
    std::vector<int> in(static_cast<std::size_t>(box));
    for (int i = 0; i < box; ++i) in[i] = band * box + i;
    std::shuffle(in.begin(), in.end(), rng);
    rows.insert(rows.end(), in.begin(), in.end());
  }
  Grid g(box);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int rr = rows[r];
      g.set(r * n + c, label[((rr % box) * box + rr / box + c) % n]);
    }
  return g;
}

/// `full` with about `empty_share` of its cells emptied (a fixed pseudo-random choice).
Grid holes(const Grid& full, double empty_share, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::bernoulli_distribution empty(empty_share);
  Grid g = full;
  for (int i = 0; i < g.cells(); ++i)
    if (empty(rng)) g.set(i, 0);
  return g;
}

/// The same cells written in hexadecimal: 0-F for 1-16, '.' for empty.
std::string hex_line(const Grid& g) {
  std::string s;
  for (int i = 0; i < g.cells(); ++i) s += g[i] == 0 ? '.' : "0123456789ABCDEF"[g[i] - 1];
  return s;
}

Grid parse_sized(const std::string& s, int box = 0) {
  Grid g;
  std::string err;
  EXPECT_TRUE(puzzle::sudoku::parse_cells(s, box, g, err)) << err << ": " << s;
  return g;
}

// A 4x4 puzzle with one solution (made by the retired sudoku-make-puzzles, --size 4 --seed 1).
const std::string k4Puzzle = "...1"".4.2""2...""....";
const std::string k4Solution = "3241""1432""2314""4123";

TEST(Sizes, PatternGridsAreValid) {
  for (int box = 2; box <= 5; ++box) {
    const Grid g = full_grid(box, 7);
    EXPECT_TRUE(g.complete());
    EXPECT_FALSE(puzzle::sudoku::find_conflict(g).has_value()) << box;
  }
}

/// Whether some row, column or box of g holds a digit twice, counted cell by cell.
bool repeats_by_count(const Grid& g) {
  const int n = g.side();
  std::vector<int> seen(static_cast<std::size_t>(3 * n * (n + 1)), 0);
  for (int i = 0; i < g.cells(); ++i) {
    if (g[i] == 0) continue;
    for (const int u : {g.row_of(i), n + g.col_of(i), 2 * n + g.box_of(i)})
      if (++seen[static_cast<std::size_t>(u * (n + 1) + g[i])] == 2) return true;
  }
  return false;
}

// find_conflict (its vector pass: rows four cells at a time, a unit's bits summed and ORed)
// against a count a cell: complete and holed grids, with one to three cells changed to another
// digit or emptied, and bytes past the grid's cells that are not zero.
TEST(Sizes, ConflictFoundExactlyWhereAUnitRepeats) {
  for (int box = 2; box <= 5; ++box) {
    const int n = box * box;
    std::mt19937_64 rng(static_cast<uint64_t>(box));
    int found = 0, clean = 0;
    for (int t = 0; t < 400; ++t) {
      Grid g = holes(full_grid(box, rng()), t % 4 == 0 ? 0.0 : 0.1 * (t % 10), rng());
      for (int k = int(rng() % 4); k > 0; --k) g.set(int(rng() % g.cells()), int(rng() % (n + 1)));
      for (int i = g.cells(); i < puzzle::sudoku::kMaxCells; ++i) g.set(i, 0xA5);
      const bool want = repeats_by_count(g);
      ASSERT_EQ(puzzle::sudoku::find_conflict(g).has_value(), want) << puzzle::sudoku::to_line(g);
      ++(want ? found : clean);
    }
    EXPECT_GT(found, 50) << box;  // both outcomes are tried
    EXPECT_GT(clean, 50) << box;
  }
}

TEST(Sizes, LinesRoundTripAtEverySize) {
  for (int box = 2; box <= 5; ++box) {
    for (const double share : {0.0, 0.5, 1.0}) {
      const Grid g = holes(full_grid(box, 11), share, 3);
      const std::string line = puzzle::sudoku::to_line(g);
      ASSERT_EQ(line.size(), static_cast<std::size_t>(g.cells()));
      EXPECT_EQ(parse_sized(line), g) << line;
      EXPECT_EQ(parse_sized(line, box), g) << line;
      EXPECT_FALSE(puzzle::sudoku::to_pretty(g).empty());
    }
  }
}

TEST(Sizes, SymbolsOfEachSize) {
  // 4x4: 1-4; 9x9: 1-9; 16x16: 1-9A-G or hex 0-F; 25x25: A-Y in either case. `0` is empty
  // except in hexadecimal.
  EXPECT_EQ(puzzle::sudoku::to_line(parse_sized("1234341221434321")), "1234341221434321");
  Grid g;
  std::string err;
  EXPECT_FALSE(puzzle::sudoku::parse_cells("1234341221434325", 0, g, err));  // 5 in a 4x4
  EXPECT_EQ(err, "bad character '5' at column 16");
  const Grid full16 = full_grid(4, 5);
  const std::string letters = puzzle::sudoku::to_line(full16), hex = hex_line(full16);
  EXPECT_NE(letters.find('G'), std::string::npos);
  EXPECT_EQ(parse_sized(hex), full16);
  std::string lower = hex;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  EXPECT_EQ(parse_sized(lower), full16);
  const Grid full25 = full_grid(5, 5);
  const std::string y = puzzle::sudoku::to_line(full25);
  EXPECT_EQ(y.find_first_of("0123456789"), std::string::npos);
  lower = y;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  EXPECT_EQ(parse_sized(lower), full25);
  EXPECT_FALSE(puzzle::sudoku::parse_cells(std::string(624, '.') + "Z", 0, g, err));
  EXPECT_FALSE(puzzle::sudoku::parse_cells(std::string(624, '.') + "1", 0, g, err));
}

// A 16x16 puzzle in hexadecimal whose givens happen to lack the digit `0` (value 1) cannot be told
// from 1-9A-G by itself; a solution on the same line settles it.
TEST(Sizes, HexPuzzleWithoutZeroIsReadByItsSolution) {
  const Grid full = full_grid(4, 9);
  Grid puzzle = holes(full, 0.5, 2);
  for (int i = 0; i < puzzle.cells(); ++i)
    if (puzzle[i] == 1) puzzle.set(i, 0);
  const std::string line = hex_line(puzzle) + "," + hex_line(full);
  ASSERT_EQ(hex_line(puzzle).find('0'), std::string::npos);
  const puzzle::Format lines;
  const puzzle::sudoku::Parsed p = puzzle::sudoku::parse_record(lines, line);
  ASSERT_EQ(p.error, "");
  ASSERT_TRUE(p.known.solution.has_value());
  EXPECT_EQ(*p.known.solution, full);
  EXPECT_EQ(p.puzzle, puzzle);
  // And the other way: 1-9A-G with `0` for empty (no G among the givens), settled by a solution.
  Grid no_g = holes(full, 0.5, 4);
  for (int i = 0; i < no_g.cells(); ++i)
    if (no_g[i] == 16) no_g.set(i, 0);
  std::string zeros = puzzle::sudoku::to_line(no_g);
  for (char& c : zeros) c = c == '.' ? '0' : c;
  const puzzle::sudoku::Parsed q = puzzle::sudoku::parse_record(lines, zeros + ":1:" + puzzle::sudoku::to_line(full));
  ASSERT_EQ(q.error, "");
  EXPECT_EQ(q.puzzle, no_g);
}

TEST(Sizes, DlxSolvesEverySize) {
  auto dlx = puzzle::sudoku::make_dlx();
  // 4x4 with a unique solution.
  const Grid p4 = parse_sized(k4Puzzle);
  const auto r4 = dlx->solve(p4, Limits{2, 0});
  EXPECT_EQ(r4.status, Status::unique);
  EXPECT_FALSE(puzzle::sudoku::check_solution(p4, test::grid(r4.answer)).has_value());
  EXPECT_EQ(puzzle::sudoku::to_line(test::grid(r4.answer)), k4Solution);
  // Every size, a third to a half of the cells emptied: a valid completion keeping the givens.
  for (int box = 2; box <= 5; ++box) {
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      const Grid full = full_grid(box, seed);
      const Grid p = holes(full, box == 5 ? 0.35 : 0.5, seed);
      const auto r = dlx->solve(p, Limits{1, 0});
      ASSERT_EQ(r.status, Status::solved) << "box " << box;
      EXPECT_FALSE(puzzle::sudoku::check_solution(p, test::grid(r.answer)).has_value()) << "box " << box;
      // The full grid is its own unique solution, with no guess.
      const auto rf = dlx->solve(full, Limits{2, 0});
      EXPECT_EQ(rf.status, Status::unique);
      EXPECT_EQ(test::grid(rf.answer), full);
      EXPECT_EQ(rf.work.guesses, 0u);
    }
    // Conflicting givens at every size are invalid.
    Grid bad(box);
    bad.set(0, 1);
    bad.set(1, 1);
    EXPECT_EQ(dlx->solve(bad, Limits{1, 0}).status, Status::invalid);
    // The empty grid has many solutions.
    const auto empty = dlx->solve(Grid(box), Limits{2, 0});
    EXPECT_EQ(empty.status, Status::multiple) << "box " << box;
    EXPECT_FALSE(puzzle::sudoku::check_solution(Grid(box), test::grid(empty.answer)).has_value());
  }
}

// A digit given twice in a row, a column, or a box (in other rows and columns) is `invalid` for
// dlx and wide at every size, wherever the two sit: each of three unit kinds, five places each.
TEST(Sizes, GivensTwiceInAUnitAreInvalidAtEverySize) {
  auto dlx = puzzle::sudoku::make_dlx();
  auto wide = puzzle::sudoku::make_wide();
  for (int box = 2; box <= 5; ++box) {
    const int n = box * box;
    const Grid base = holes(full_grid(box, 5), 0.5, 5);
    std::mt19937 rng(static_cast<unsigned>(box));
    for (int kind = 0; kind < 3; ++kind)
      for (int t = 0; t < 5; ++t) {
        const int r = int(rng() % n), c = int(rng() % n);
        int r2 = r, c2 = c;
        if (kind == 0) c2 = (c + 1 + int(rng() % (n - 1))) % n;  // the row
        if (kind == 1) r2 = (r + 1 + int(rng() % (n - 1))) % n;  // the column
        if (kind == 2) {  // the box, another row and column
          r2 = r / box * box + (r % box + 1 + int(rng() % (box - 1))) % box;
          c2 = c / box * box + (c % box + 1 + int(rng() % (box - 1))) % box;
        }
        Grid bad = base;
        const int digit = 1 + int(rng() % n);
        bad.set(r * n + c, digit);
        bad.set(r2 * n + c2, digit);
        ASSERT_TRUE(puzzle::sudoku::find_conflict(bad).has_value());
        const std::string at = fmt::format("box {} kind {} r{}c{} r{}c{}", box, kind, r, c, r2, c2);
        EXPECT_EQ(dlx->solve(bad, Limits{1, 0}).status, Status::invalid) << at;
        EXPECT_EQ(wide->solve(bad, Limits{1, 0}).status, Status::invalid) << at;
      }
  }
}

// The project's 16x16 set (datasets/sudoku16_40-50.txt): unique puzzles with known solutions.
TEST(Sizes, Dlx16x16DatasetIsUniqueAndMatchesItsSolutions) {
  const auto records = test::load(test::dataset("sudoku16_40-50.txt"), 50);
  ASSERT_EQ(records.size(), 50u);
  auto dlx = puzzle::sudoku::make_dlx();
  for (const auto& rec : records) {
    ASSERT_EQ(rec.parsed.error, "") << "line " << rec.line;
    ASSERT_EQ(rec.parsed.puzzle.box(), 4);
    ASSERT_TRUE(rec.parsed.known.solution.has_value());
    const int clues = rec.parsed.puzzle.clues();
    EXPECT_GE(clues, 103);  // 40% of 256, rounded up
    EXPECT_LE(clues, 128);  // 50%
    const auto r = dlx->solve(rec.parsed.puzzle, Limits{2, 0});
    EXPECT_EQ(r.status, Status::unique) << "line " << rec.line;
    EXPECT_EQ(test::grid(r.answer), *rec.parsed.known.solution) << "line " << rec.line;
  }
}

struct DriverRun {
  puzzle::run::RunReport report;
  std::vector<std::string> problems;
};

DriverRun run(const std::vector<std::string>& files, const puzzle::SolverInfo* solver, int box = 0) {
  puzzle::run::RunConfig cfg;
  cfg.files = files;
  cfg.solvers = {solver};
  cfg.threads = 2;
  cfg.size = box;
  cfg.limits = Limits{2, 0};
  DriverRun out;
  cfg.on_problem = [&](const std::string&, uint64_t line, const std::string& msg) {
    out.problems.push_back(std::to_string(line) + ": " + msg);
  };
  out.report = puzzle::run::run_passes(cfg);
  return out;
}

/// Lines `puzzle,solution` for `count` puzzles of one size (unique only for 4x4 here, so the
/// solution column is written only when the puzzle is the full grid or known unique).
std::string puzzle_file(int box, int count, bool hex = false) {
  std::string text = "# test puzzles\n";
  for (int i = 0; i < count; ++i) {
    const Grid full = full_grid(box, 100 + static_cast<uint64_t>(i));
    const Grid p = holes(full, box == 5 ? 0.3 : 0.45, 200 + static_cast<uint64_t>(i));
    text += (hex ? hex_line(p) : puzzle::sudoku::to_line(p)) + "\n";
  }
  return text;
}

TEST(Sizes, DriverSolvesAndVerifiesEverySize) {
  test::TempDir dir;
  const auto* dlx = puzzle::find_builtin("dlx");
  ASSERT_NE(dlx, nullptr);
  ASSERT_TRUE(dlx->supports(2) && dlx->supports(3) && dlx->supports(4) && dlx->supports(5));
  const std::string f4 = dir.write("four.txt", k4Puzzle + "," + k4Solution + "\n" + puzzle_file(2, 20));
  const std::string f16 = dir.write("sixteen.txt", puzzle_file(4, 10));
  const std::string f16h = dir.write("sixteen_hex.txt", puzzle_file(4, 10, true));
  const std::string f25 = dir.write("twentyfive.txt", puzzle_file(5, 3));
  // The project's 16x16 set, whose lines carry their solutions: checked by the verifier.
  std::string set16;
  for (const auto& rec : test::load(test::dataset("sudoku16_40-50.txt"), 30))
    set16 += puzzle::sudoku::to_line(rec.parsed.puzzle) + "," + puzzle::sudoku::to_line(*rec.parsed.known.solution) + "\n";
  const std::string fset = dir.write("set16.txt", set16);

  const DriverRun r = run({f4, f16, f16h, f25, fset}, dlx);
  ASSERT_EQ(r.report.summaries.size(), 5u);
  const uint64_t want[] = {21, 10, 10, 3, 30};
  for (std::size_t i = 0; i < 5; ++i) {
    const auto& s = r.report.summaries[i];
    EXPECT_EQ(s.puzzles, want[i]) << s.dataset;
    EXPECT_EQ(s.found(), want[i]) << s.dataset;
    EXPECT_EQ(s.count(Status::wrong), 0u) << s.dataset;
    EXPECT_EQ(s.count(Status::invalid), 0u) << s.dataset;
  }
  EXPECT_EQ(r.report.summaries[4].count(Status::unique), 30u);
  EXPECT_GE(r.report.summaries[0].count(Status::unique), 1u);
  EXPECT_TRUE(r.problems.empty()) << r.problems.front();

  // --size: a file of the wrong size is reported line by line as invalid, not solved.
  const DriverRun wrong = run({f4}, dlx, 3);
  EXPECT_EQ(wrong.report.summaries.at(0).count(Status::invalid), 21u);
}

// solve --size is the table's size option (Kinds::size_option, Sudoku's): a grid side, read as
// the Format's size (its box). Each side fixes every line to its grid: the 4x4 file is solved at
// --size 4, and at any other side no line is a puzzle of that size: the run reads no puzzle
// (exit 2, no rows), each line named for its size.
// With no -s, `solve` and `show` take the fastest solver that takes the file's size: `scored`
// for 9x9, `wide` for the others (every puzzle solved, none `unsupported`); files of several
// sizes get one that takes them all; `list` says the default of each size.
TEST(Sizes, DefaultSolverFitsTheSize) {
  test::TempDir dir;
  const std::string f4 = dir.write("four.txt", puzzle_file(2, 5));
  struct Case {
    std::vector<std::string> files;
    std::string solver;
    std::size_t rows;
  };
  for (const Case& c : {Case{{test::dataset("sudoku16_40-50.txt")}, "wide", 200},
                        Case{{test::dataset("sudoku25_310-360.txt")}, "wide", 100}, Case{{f4}, "wide", 5},
                        Case{{test::default_dataset()}, "scored", 1000},
                        Case{{test::default_dataset(), test::dataset("sudoku16_minimal.txt")}, "wide", 1100}}) {
    const std::string rows = dir.path("rows.csv");
    std::string args = "solve";
    for (const auto& f : c.files) args += " " + f;
    const auto r = test::command(args + " --limit 2 -o " + rows);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.out;
    const auto lines = test::data_lines(test::slurp(rows));
    EXPECT_EQ(lines.size(), c.rows) << args;
    for (const std::string& line : lines) {
      EXPECT_TRUE(test::has(line, "," + c.solver + ",")) << line;
      EXPECT_TRUE(test::has(line, ",unique,") || test::has(line, ",multiple,")) << line;
    }
  }
  for (const char* file : {"sudoku16_40-50.txt", "sudoku25_310-360.txt"}) {
    const auto r = test::command("show " + test::dataset(file));
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_TRUE(test::has(r.out, "wide: unique")) << r.out;
  }
  const auto list = test::command("list");
  EXPECT_TRUE(test::has(list.out, "the default Sudoku solver (no -s): wide for 4x4, 16x16, 25x25; scored for 9x9"))
      << list.out;
}

TEST(Sizes, SolveSizeIsTheGridSideOfEveryLine) {
  const auto option = puzzle::Kinds::size_option();
  ASSERT_TRUE(option.has_value());
  std::vector<int> boxes;
  for (const int side : option->values) boxes.push_back(option->size(side));
  EXPECT_EQ(boxes, (std::vector<int>{2, 3, 4, 5}));
  test::TempDir dir;
  const std::string f4 = dir.write("four.txt", puzzle_file(2, 5));
  for (const int side : option->values) {
    const std::string rows = dir.path("rows" + std::to_string(side) + ".csv");
    const auto r = test::command("solve " + f4 + " -s dlx --size " + std::to_string(side) + " -o " + rows);
    if (side != 4) {
      EXPECT_EQ(r.exit_code, 2) << r.out;
      EXPECT_TRUE(test::has(r.out, fmt::format("four.txt:2: a 4x4 puzzle (16 cells), where only {0}x{0} puzzles are taken",
                                               side)))
          << r.out;
      EXPECT_FALSE(std::filesystem::exists(rows));
      continue;
    }
    const auto lines = test::data_lines(test::slurp(rows));
    ASSERT_EQ(lines.size(), 5u) << r.out;
    for (const std::string& line : lines) EXPECT_FALSE(test::has(line, ",invalid,")) << line;
  }
  const auto refused = test::command("solve " + f4 + " --size 7");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_TRUE(test::has(refused.out, "--size: 7 not in {4,9,16,25}")) << refused.out;
}

TEST(Sizes, DriverReportsUnsupportedSizesOnce) {
  test::TempDir dir;
  // A solver that claims 9x9 only (the dlx worker behind it would manage, but the driver must
  // not even ask it).
  const puzzle::SolverInfo nine_only{"nine-only", "test: 9x9 only", puzzle::sudoku::kBox9, &puzzle::sudoku::make_dlx};
  const std::string f4 = dir.write("four.txt", puzzle_file(2, 5));
  const std::string f9 = dir.write("nine.txt", puzzle::sudoku::to_line(holes(full_grid(3, 1), 0.5, 1)) + "\n");
  const DriverRun r = run({f4, f9}, &nine_only);
  ASSERT_EQ(r.report.summaries.size(), 2u);
  EXPECT_EQ(r.report.summaries[0].count(Status::unsupported), 5u);
  EXPECT_EQ(r.report.summaries[0].found(), 0u);
  EXPECT_EQ(r.report.summaries[1].found(), 1u);
  ASSERT_EQ(r.problems.size(), 1u);  // once per pass, not once per line
  EXPECT_NE(r.problems[0].find("does not support 4x4"), std::string::npos) << r.problems[0];
}

}  // namespace
