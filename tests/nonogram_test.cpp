// Nonograms: the game-ID format, the exact line solver against brute force, both
// solvers against each other, against brute-force counts and against sgt-pattern's puzzles, and
// the whole path through the driver (solve, CSV, verification, bad lines).
#include <gtest/gtest.h>

#include <sstream>

#include "puzzle/rng.hpp"
#include "io/csv.hpp"
#include "io/parse.hpp"
#include "io/reader.hpp"
#include "nonogram/generate.hpp"
#include "nonogram/line.hpp"
#include "nonogram/nonogram.hpp"
#include "nonogram/verify.hpp"
#include "puzzle/registry.hpp"
#include "nonogram_test_util.hpp"
#include "command_util.hpp"
#include "test_util.hpp"

namespace {

namespace ng = puzzle::nonogram;
using puzzle::Limits;
using puzzle::Status;

std::string dataset(const std::string& name) {
  return test::dataset("nonogram/" + name);
}

ng::Puzzle parse(const std::string& id) {
  ng::Puzzle p;
  std::string err;
  EXPECT_TRUE(ng::parse_id(id, p, err)) << id << ": " << err;
  return p;
}

std::vector<ng::Puzzle> load(const std::string& path) {
  std::vector<ng::Puzzle> out;
  puzzle::io::PuzzleReader reader(path, 0);
  puzzle::io::RawSlice slice;
  while (reader.read(slice, 64))
    for (std::size_t i = 0; i < slice.records.size(); ++i) {
      auto p = puzzle::nonogram::NonogramKind::parse_line(slice.record(i));
      EXPECT_TRUE(p.error.empty()) << path << ":" << slice.records[i].line << ": " << p.error;
      out.push_back(std::move(p.puzzle));
    }
  return out;
}

const puzzle::SolverInfo& solver(const char* name) {
  const auto* s = puzzle::find_builtin(name);
  EXPECT_NE(s, nullptr);
  return *s;
}

// sgt-pattern's own output (`sgt-pattern --generate 1 4x6`): the column clues first, then the
// rows, `/` between clues and `.` between runs.
TEST(NonogramFormat, ReadsSgtPatternGameIds) {
  const ng::Puzzle p = parse("4x6:5/4/1/2/1.2/1.1/2/2/2/1");
  EXPECT_EQ(p.width, 4);
  EXPECT_EQ(p.height, 6);
  EXPECT_EQ(std::vector<uint8_t>(p.column(0).begin(), p.column(0).end()), std::vector<uint8_t>{5});
  EXPECT_EQ(std::vector<uint8_t>(p.column(3).begin(), p.column(3).end()), std::vector<uint8_t>{2});
  EXPECT_EQ(std::vector<uint8_t>(p.row(0).begin(), p.row(0).end()), (std::vector<uint8_t>{1, 2}));
  EXPECT_EQ(std::vector<uint8_t>(p.row(5).begin(), p.row(5).end()), std::vector<uint8_t>{1});
  EXPECT_EQ(ng::to_id(p), "4x6:5/4/1/2/1.2/1.1/2/2/2/1");
  EXPECT_EQ(p.clue_count(), 12);
  // An empty line: an empty clue or 0; written back as an empty clue.
  const ng::Puzzle e = parse("3x2:1//0/1/");
  EXPECT_EQ(e.column(1).size(), 0u);
  EXPECT_EQ(e.column(2).size(), 0u);
  EXPECT_EQ(e.row(1).size(), 0u);
  EXPECT_EQ(ng::to_id(e), "3x2:1///1/");
}

TEST(NonogramFormat, BadCluesSayWhy) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"3x3:4/1/1/1/1/1", "column 1: run of 4 cells, the column has 3"},
      {"3x3:1.2/1/1/1/1/1", "column 1: clue 1.2 needs 4 cells, the column has 3"},
      {"3x3:1/1/1/3.1/0/0", "row 1: clue 3.1 needs 5 cells, the row has 3"},
      {"3x3:1/1/1/1/1/2", "the column clues shade 3 cells, the row clues 4"},
      {"3x3:1/1/1/1/1", "5 clues for 3 columns and 3 rows (6 expected)"},
      {"3x3:1/1/1/1/1/1/1", "more than 6 clues"},
      {"3x3:1/1/1/1/a/1", "bad character 'a' in the clue of row 2"},
      {"3x3:1/0.1/1/1/1/1", "column 2: a run of 0 cells among others"},
      {"10x10#12345", "a random-seed game ID"},
      {"0x3:", "each side must be 1..255"},
      {"256x2:1/1", "each side must be 1..255"},
      {"3y3:1", "not a nonogram game ID"},
  };
  for (const auto& [id, want] : cases) {
    ng::Puzzle p;
    std::string err;
    EXPECT_FALSE(ng::parse_id(id, p, err)) << id;
    EXPECT_NE(err.find(want), std::string::npos) << id << ": " << err;
  }
}

// Random lines over the format's own alphabet (mostly near-valid IDs): the parser never
// crashes, and whatever it accepts both solvers handle within a small budget (run under ASan
// by scripts/test.sh).
TEST(NonogramFormat, RandomLinesNeverCrash) {
  puzzle::ItemRng rng(11);
  const std::string alphabet = "0123456789..//x:#,\r ";
  auto line = solver("nonogram-line").make();
  auto naive = solver("nonogram-backtracking").make();
  int accepted = 0;
  for (int t = 0; t < 20000; ++t) {
    std::string text;
    if (t % 2 == 0) {  // a valid ID with a few characters changed
      const ng::Picture pic = ng::random_picture(1 + static_cast<int>(puzzle::below(rng, 12)),
                                                 1 + static_cast<int>(puzzle::below(rng, 12)), 0.5, rng);
      text = ng::to_id(ng::clues_of(pic));
      for (uint32_t k = puzzle::below(rng, 3); k > 0; --k)
        text[puzzle::below(rng, static_cast<uint32_t>(text.size()))] =
            alphabet[puzzle::below(rng, static_cast<uint32_t>(alphabet.size()))];
    } else {
      text = std::to_string(puzzle::below(rng, 70)) + "x" + std::to_string(puzzle::below(rng, 70)) + ":";
      for (uint32_t k = puzzle::below(rng, 60); k > 0; --k)
        text += alphabet[puzzle::below(rng, static_cast<uint32_t>(alphabet.size()))];
    }
    const auto p = puzzle::nonogram::NonogramKind::parse_line(text);
    if (!p.error.empty()) continue;
    ++accepted;
    for (auto* s : {line.get(), naive.get()}) {
      const auto r = s->solve(p.puzzle, Limits{2, 2000});
      if (r.status == Status::unique || r.status == Status::multiple) {
        EXPECT_FALSE(ng::check_picture(p.puzzle, puzzle::nonogram::NonogramKind::solution(r.answer))) << text;
      }
    }
  }
  EXPECT_GT(accepted, 1000);
}

TEST(NonogramFormat, RecordsCarryAKnownSolutionAndCount) {
  auto r = puzzle::nonogram::NonogramKind::parse_line("2x2:2/1/1.0/2,#.##:1\r");
  // "1.0": a 0 after a run is read as nothing (the clue is 1).
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_TRUE(r.known.solution.has_value());
  EXPECT_TRUE(r.known.solution->at(0, 0) && !r.known.solution->at(0, 1) && r.known.solution->at(1, 1));
  EXPECT_EQ(r.known.solutions, 1u);
  EXPECT_FALSE(ng::check_picture(r.puzzle, *r.known.solution));
  r = puzzle::nonogram::NonogramKind::parse_line(test::kPuzzle);
  EXPECT_NE(r.error.find("a Sudoku line in a file of nonograms"), std::string::npos) << r.error;
}

// The line solver against brute force: every placement of the runs, on every line of up to 9
// cells with random known cells.
TEST(NonogramLine, SolveLineIsExact) {
  puzzle::ItemRng rng(7);
  for (int n = 1; n <= 9; ++n) {
    for (uint32_t cells = 0; cells < (1u << n); ++cells) {
      std::vector<uint8_t> runs;
      ng::runs_of(ng::Mask{cells}, n, runs);
      for (int t = 0; t < 6; ++t) {
        const ng::Mask known = rng() & ng::full(n);
        const ng::Mask other = rng() & ng::full(n);  // a picture the known cells come from
        const ng::Mask src = t % 2 ? cells : other;  // half agree with a placement
        const ng::Mask filled = known & src, blank = known & ~src;
        ng::Mask want_fill = 0, want_blank = 0;
        bool any = false;
        std::vector<uint8_t> r2;
        for (uint32_t m = 0; m < (1u << n); ++m) {
          if ((m & filled) != filled || (m & blank) != 0) continue;
          r2.clear();
          ng::runs_of(ng::Mask{m}, n, r2);
          if (r2 != runs) continue;
          any = true;
          want_fill |= m;
          want_blank |= ~ng::Mask{m} & ng::full(n);
        }
        ng::Mask cf = 0, cb = 0;
        const bool ok = ng::solve_line(n, runs, filled, blank, cf, cb);
        ASSERT_EQ(ok, any) << "n " << n << " cells " << cells << " known " << known;
        if (!ok) continue;
        ASSERT_EQ(cf, want_fill) << "n " << n << " cells " << cells << " known " << known;
        ASSERT_EQ(cb, want_blank) << "n " << n << " cells " << cells << " known " << known;
      }
    }
  }
}

/// The textbook line DP, one cell at a time: pre[j][i] = runs 0..j-1 can be placed in cells
/// 0..i-1 (the next cell free for run j), suf[j][i] = runs j..k-1 in cells i..n-1; a cell can
/// be shaded when some run j placed over it joins a prefix and a suffix, blank when a blank
/// there does. The reference the bit-parallel solve_line() is checked against.
template <class M>
bool reference_line(int n, const std::vector<uint8_t>& runs, M filled, M blank, M& can_fill, M& can_blank) {
  const int k = static_cast<int>(runs.size());
  auto is_f = [&](int i) { return ng::test(filled, i); };
  auto is_b = [&](int i) { return ng::test(blank, i); };
  // A run j placed at s: cells s..s+len-1 not blank, and the cell after it (if any) not filled.
  auto fits_at = [&](int j, int s) {
    const int len = runs[j];
    if (s + len > n) return false;
    for (int i = s; i < s + len; ++i)
      if (is_b(i)) return false;
    return s + len == n || !is_f(s + len);
  };
  // pre[j][i]: runs 0..j-1 fill cells 0..i-1 exactly (each run followed by its blank, cut at n).
  std::vector<std::vector<char>> pre(k + 1, std::vector<char>(n + 2, 0)), suf = pre;
  pre[0][0] = 1;
  for (int j = 0; j <= k; ++j)
    for (int i = 0; i <= n; ++i) {
      if (!pre[j][i]) continue;
      if (i < n && !is_f(i)) pre[j][i + 1] = 1;                            // cell i blank
      if (j < k && fits_at(j, i)) pre[j + 1][std::min(n, i + runs[j] + 1)] = 1;  // run j at i
    }
  // suf[j][i]: runs j..k-1 fit cells i..n-1.
  suf[k][n] = 1;
  for (int j = k; j >= 0; --j)
    for (int i = n; i >= 0; --i) {
      if (i < n && !is_f(i) && suf[j][i + 1]) suf[j][i] = 1;
      if (j < k && fits_at(j, i) && suf[j + 1][std::min(n, i + runs[j] + 1)]) suf[j][i] = 1;
    }
  if (!suf[0][0]) return false;
  can_fill = can_blank = 0;
  for (int j = 0; j <= k; ++j)
    for (int i = 0; i < n; ++i) {
      if (pre[j][i] && !is_f(i) && suf[j][i + 1]) can_blank |= ng::bit<M>(i);
      if (j < k && pre[j][i] && fits_at(j, i) && suf[j + 1][std::min(n, i + runs[j] + 1)]) {
        can_fill |= ng::full<M>(runs[j]) << i;
        if (i + runs[j] < n) can_blank |= ng::bit<M>(i + runs[j]);  // the blank after it
      }
    }
  return true;
}

// The bit-parallel solver against the cell-at-a-time DP on `rounds` long random lines of
// lo..hi cells with random known cells (clues of random pictures of every density, known cells
// from the picture itself or from another one, so that many have no placement); returns the
// contradictions and the lines with a cell settled.
template <class M>
std::pair<int, int> check_against_dp(int rounds, int lo, int hi, uint64_t seed) {
  puzzle::ItemRng rng(seed);
  int contradictions = 0, settled = 0;
  for (int round = 0; round < rounds; ++round) {
    const int n = lo + static_cast<int>(rng() % static_cast<uint64_t>(hi - lo + 1));
    const int density = static_cast<int>(rng() % 9);  // cells shaded with p = density / 8
    M cells = 0, other = 0;
    for (int i = 0; i < n; ++i) {
      if (static_cast<int>(rng() % 8) < density) cells |= ng::bit<M>(i);
      if (rng() & 1u) other |= ng::bit<M>(i);
    }
    std::vector<uint8_t> runs;
    ng::runs_of(cells, n, runs);
    const int known_pct = rng() % 8 == 0 ? 0 : static_cast<int>(rng() % 101);  // 0: a line's first solve
    M known = 0;
    for (int i = 0; i < n; ++i)
      if (static_cast<int>(rng() % 100) < known_pct) known |= ng::bit<M>(i);
    const M src = rng() % 4 == 0 ? other : cells;
    const M filled = known & src, blank = known & ~src;
    M want_f = 0, want_b = 0, cf = 0, cb = 0;
    const bool want = reference_line(n, runs, filled, blank, want_f, want_b);
    const bool ok = ng::solve_line(n, runs, filled, blank, cf, cb);
    EXPECT_EQ(ok, want) << "n " << n << " round " << round;
    if (ok != want) break;
    if (!ok) {
      ++contradictions;
      continue;
    }
    settled += static_cast<bool>(cf ^ cb);
    EXPECT_TRUE(cf == want_f && cb == want_b) << "n " << n << " round " << round;
    if (!(cf == want_f && cb == want_b)) break;
  }
  return {contradictions, settled};
}

TEST(NonogramLine, SolveLineMatchesTheCellDp) {
  const auto [contradictions, settled] = check_against_dp<ng::Mask>(60'000, 1, 63, 17);
  // Both kinds of answer were exercised.
  EXPECT_GT(contradictions, 1000);
  EXPECT_GT(settled, 10000);
}

// The same with lines longer than a word: two words (64..127 cells, across the word boundary
// and up to the type's last cell) and four (128..255); and a short line in a wide mask (the
// solver's smaller sizes made for the wide type).
TEST(NonogramLine, WideLinesMatchTheCellDp) {
  for (const auto& [contradictions, settled] :
       {check_against_dp<ng::Bits<2>>(6'000, 60, 127, 18), check_against_dp<ng::Bits<4>>(2'000, 120, 255, 19),
        check_against_dp<ng::Bits<2>>(3'000, 1, 40, 20)}) {
    EXPECT_GT(contradictions, 100);
    EXPECT_GT(settled, 300);
  }
}

/// Solutions of `p` by brute force over every picture (w*h <= 16).
// Both solvers count exactly (limit N), on clues of random pictures and on clues changed by
// one run (often no solution).
TEST(NonogramSolvers, CountsMatchBruteForce) {
  auto line = solver("nonogram-line").make();
  auto naive = solver("nonogram-backtracking").make();
  int multiple = 0, none = 0;
  for (const ng::Puzzle& p : test::small_puzzles(300, 3)) {
    const uint64_t want = test::brute_solutions(p).size();
    multiple += want > 1;
    none += want == 0;
    for (auto* s : {line.get(), naive.get()}) test::expect_counts_exactly(*s, p, want);
  }
  EXPECT_GT(multiple, 10);
  EXPECT_GT(none, 10);
}

// sgt-pattern makes unique puzzles that line logic alone solves: nonogram-line must find them
// unique with no guess and no probe, and the naive baseline must find the same picture.
TEST(NonogramSolvers, SgtPatternPuzzlesAreUniqueAndLineSolvable) {
  auto line = solver("nonogram-line").make();
  auto naive = solver("nonogram-backtracking").make();
  for (const char* f : {"sgt_pattern_10x10.txt", "sgt_pattern_15x15.txt", "sgt_pattern_25x25.txt",
                        "sgt_pattern_30x30.txt"}) {
    const auto puzzles = load(dataset(f));
    ASSERT_EQ(puzzles.size(), 100u) << f;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      const auto r = line->solve(puzzles[i], Limits{2, 0});
      ASSERT_EQ(r.status, Status::unique) << f << " " << i;
      EXPECT_EQ(r.work.guesses, 0u) << f << " " << i;
      EXPECT_EQ(r.work.nodes, 0u) << f << " " << i;
      EXPECT_FALSE(ng::check_picture(puzzles[i], puzzle::nonogram::NonogramKind::solution(r.answer)));
      ng::Picture by_lines;
      uint64_t solves = 0;
      EXPECT_TRUE(ng::line_solve(puzzles[i], by_lines, solves));
      EXPECT_EQ(by_lines, puzzle::nonogram::NonogramKind::solution(r.answer));
      if (puzzles[i].width <= 15) {  // the baseline is too slow beyond
        const auto n = naive->solve(puzzles[i], Limits{2, 0});
        EXPECT_EQ(n.status, Status::unique) << f << " " << i;
        EXPECT_EQ(puzzle::nonogram::NonogramKind::solution(n.answer), puzzle::nonogram::NonogramKind::solution(r.answer)) << f << " " << i;
      }
    }
  }
}

// The project's own sets (datasets/MANIFEST.md): the line-solvable ones solved by line logic
// alone; the 20x20 set unique (its known solution) but not finished by line logic; the unique
// 15x15 set's known solutions found by the line solver.
TEST(NonogramSolvers, GeneratedSetsAreWhatTheirNamesSay) {
  auto line = solver("nonogram-line").make();
  for (const char* f : {"gen_15x15_line.txt", "gen_25x25_line.txt", "gen_30x30_line.txt",
                        "gen_20x20_not_line.txt", "gen_15x15_unique.txt"}) {
    puzzle::io::PuzzleReader reader(dataset(f), 0);
    puzzle::io::RawSlice slice;
    int n = 0, by_lines = 0;
    while (reader.read(slice, 64)) {
      for (std::size_t i = 0; i < slice.records.size(); ++i, ++n) {
        const auto p = puzzle::nonogram::NonogramKind::parse_line(slice.record(i));
        ASSERT_TRUE(p.error.empty()) << f << ": " << p.error;
        const auto r = line->solve(p.puzzle, Limits{2, 0});
        EXPECT_EQ(r.status, Status::unique) << f << " " << n;
        EXPECT_FALSE(ng::verify(p.puzzle, r, 2, p.known)) << f << " " << n;
        ng::Picture pic;
        uint64_t solves = 0;
        by_lines += ng::line_solve(p.puzzle, pic, solves);
      }
    }
    EXPECT_EQ(n, 100) << f;
    const std::string name(f);
    if (name.find("not_line") != std::string::npos) {
      EXPECT_EQ(by_lines, 0) << f;
    } else if (name.find("_line") != std::string::npos) {
      EXPECT_EQ(by_lines, 100) << f;
    }
  }
}

TEST(NonogramSolvers, BudgetStopsTheSearch) {
  const ng::Puzzle p = parse("30x30:" + std::string(59, '/'));  // all blank: one solution
  auto naive = solver("nonogram-backtracking").make();
  EXPECT_EQ(naive->solve(p, Limits{2, 0}).status, Status::unique);
  // 20x20 of one run each: many placements, many solutions.
  std::string id = "20x20:";
  for (int i = 0; i < 40; ++i) id += std::string(i ? "/" : "") + "1";
  const ng::Puzzle q = parse(id);
  for (const char* name : {"nonogram-line", "nonogram-backtracking"}) {
    const auto r = solver(name).make()->solve(q, Limits{1'000'000, 1000});
    EXPECT_EQ(r.status, Status::budget_exceeded) << name;
    EXPECT_LE(r.work.nodes, 1000u) << name;
  }
}

TEST(NonogramSolvers, SudokuSolversSayUnsupportedAndBack) {
  const ng::Puzzle p = parse("1x1:1/1");
  EXPECT_EQ(solver("dlx").make()->solve(p, Limits{}).status, Status::unsupported);
  EXPECT_EQ(solver("nonogram-line").make()->solve(puzzle::sudoku::Grid(3), Limits{}).status, Status::unsupported);
  EXPECT_EQ(solver("nonogram-line").make()->solve(p, Limits{}).status, Status::solved);
}

// The whole path: kind detected from the first line, rows with statuses, a known solution
// checked, bad lines reported as file:line and counted invalid, Sudoku solvers unsupported.
TEST(NonogramCli, SolveVerifiesAndReportsBadLines) {
  test::TempDir dir;
  const std::string f = dir.write(
      "n.txt",
      "# nonograms\n"
      "4x6:5/4/1/2/1.2/1.1/2/2/2/1\n"
      "2x2:1/1/1/1\n"
      "2x2:2/1/2/1,###.\n"    // a known solution
      "2x2:2/1/2/1,#..#\n"    // a wrong known solution: the answer differs
      "3x3:4/1/1/1/1/1\n"     // a clue longer than its line
      "3x3:1/1/1/1/1/2\n"     // totals differ
      "\n"
      "2x2:2/1/2/1:2\n");     // a wrong known count
  auto r = test::command("solve " + f + " -s nonogram-line,nonogram-backtracking --limit 2 -j 2 --solutions -o " +
                     dir.path("rows.csv"));
  EXPECT_EQ(r.exit_code, 1) << r.out;  // the wrong known solution and count
  EXPECT_NE(r.out.find(f + ":6: column 1: run of 4 cells, the column has 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(f + ":7: the column clues shade 3 cells, the row clues 4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(f + ":5: answer differs from the known solution at r1c2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(f + ":9: solver counted 1 solutions, the file says 2"), std::string::npos) << r.out;
  const std::string rows = test::slurp(dir.path("rows.csv"));
  for (const char* solver : {"nonogram-line", "nonogram-backtracking"}) {
    const std::string s = std::string(",") + solver + ",";
    EXPECT_NE(rows.find(f + ",2" + s + "unique,1,12,"), std::string::npos) << rows;
    EXPECT_NE(rows.find(f + ",3" + s + "multiple,2,4,"), std::string::npos) << rows;
    EXPECT_NE(rows.find(f + ",4" + s + "unique,1,4,"), std::string::npos) << rows;
    EXPECT_NE(rows.find(f + ",5" + s + "wrong,1,"), std::string::npos) << rows;
    EXPECT_NE(rows.find(f + ",6" + s + "invalid,"), std::string::npos) << rows;
  }
  EXPECT_NE(rows.find(",###.\n"), std::string::npos) << "the solution column holds the picture";
  // Sudoku solvers meet a nonogram file: unsupported, said once.
  r = test::command("solve " + f + " -s dlx");
  EXPECT_NE(r.out.find("solver 'dlx' solves Sudoku, not nonograms"), std::string::npos) << r.out;
  // A nonogram solver meets a Sudoku file; `all` means the file's kind; the default solver too.
  r = test::command("solve " + test::default_dataset() + " -s nonogram-line");
  EXPECT_NE(r.out.find("solver 'nonogram-line' solves nonograms, not Sudoku"), std::string::npos) << r.out;
  r = test::command("solve " + dataset("sgt_pattern_10x10.txt") + " -s all --limit 2 -o -");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("nonogram-backtracking,unique"), std::string::npos);
  EXPECT_EQ(r.out.find(",dlx,"), std::string::npos);
  r = test::command("solve " + dataset("sgt_pattern_10x10.txt") + " --limit 2 -o -");
  EXPECT_NE(r.out.find("nonogram-cdcl,unique"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(",nonogram-line,"), std::string::npos) << r.out;
}

// bench and regress take nonogram files like Sudoku ones: two runs (one and two threads) have
// the same exact counters, and a changed counter fails the gate.
TEST(NonogramCli, BenchThenRegress) {
  test::TempDir dir;
  const auto a = dir.path("a.csv"), b = dir.path("b.csv");
  const std::string common = "bench " + dataset("sgt_pattern_10x10.txt") + " --reps 2 --warmup 0 --first 40 ";
  auto r = test::command(common + "-j 1 -o " + a);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("vs nonogram-backtracking"), std::string::npos) << r.out;  // 'all': the kind's solvers
  r = test::command(common + "-j 2 -o " + b);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  r = test::command("regress " + a + " " + b + " --time-report-only");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("**PASS**"), std::string::npos) << r.out;
  std::string changed;
  std::istringstream in(test::slurp(b));
  for (std::string line; std::getline(in, line);) {
    if (line.find(",nonogram-line,") != std::string::npos) {
      auto f = puzzle::io::split_csv_line(line);
      f[17] = std::to_string(std::stoull(f[17]) + 1);  // guesses_total
      line.clear();
      for (std::size_t i = 0; i < f.size(); ++i) line += (i ? "," : "") + f[i];
    }
    changed += line + "\n";
  }
  r = test::command("regress " + a + " " + dir.write("c.csv", changed) + " --time-report-only");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("FAIL: counters changed"), std::string::npos) << r.out;
}

// The generator: the same output whatever -j; every puzzle unique for the other solver (the
// naive baseline re-checks the line solver's verdict), its known solution the picture drawn;
// --line-solvable ones solved by line logic alone; the default keeps unique puzzles that line
// logic cannot finish too.
TEST(NonogramGenerate, SameForAnyThreadCountAndUniqueForTheOtherSolver) {
  test::TempDir dir;
  for (const std::string mode : {"", " --line-solvable"}) {
    const std::string common = "generate --kind nonogram --size 12x10 --fill 0.5 -n 60 --seed 5 --solutions" + mode;
    const auto one = dir.path("one.txt"), two = dir.path("two.txt");
    auto r = test::command(common + " -j 1 -o " + one);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    r = test::command(common + " -j 2 --verify -o " + two);  // --verify: nonogram-backtracking again
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_EQ(test::slurp(one), test::slurp(two)) << mode;
    auto naive = solver("nonogram-backtracking").make();
    puzzle::io::PuzzleReader reader(one, 0);
    puzzle::io::RawSlice slice;
    int items = 0, line_solvable = 0;
    while (reader.read(slice, 64)) {
      for (std::size_t i = 0; i < slice.records.size(); ++i, ++items) {
        auto p = puzzle::nonogram::NonogramKind::parse_line(slice.record(i));
        ASSERT_TRUE(p.error.empty()) << p.error;
        EXPECT_EQ(p.puzzle.width, 12);
        EXPECT_EQ(p.puzzle.height, 10);
        ASSERT_TRUE(p.known.solution.has_value());
        const auto n = naive->solve(p.puzzle, Limits{2, 0});
        EXPECT_EQ(n.status, Status::unique) << slice.record(i);
        EXPECT_EQ(puzzle::nonogram::NonogramKind::solution(n.answer), *p.known.solution) << slice.record(i);
        ng::Picture pic;
        uint64_t solves = 0;
        line_solvable += ng::line_solve(p.puzzle, pic, solves);
      }
    }
    EXPECT_EQ(items, 60);
    if (mode.empty()) {
      EXPECT_LT(line_solvable, items) << "unique puzzles that line logic cannot finish";
    } else {
      EXPECT_EQ(line_solvable, items);
    }
  }
  // The solve driver checks them against their known solutions.
  const auto r = test::command("solve " + dir.path("two.txt") + " -s all --limit 2");
  EXPECT_EQ(r.exit_code, 0) << r.out;
}

TEST(NonogramGenerate, BadOptionsAreRefused) {
  for (const auto& [args, want] : std::vector<std::pair<std::string, std::string>>{
           {"--size 300x3", "each side 1..255"},
           {"--size 15", "a nonogram's size is WxH"},
           {"--fill 1.5", "--fill: a probability"},
           {"--fill half", "--fill: a probability"},
           // Another kind's option, refused by the table: the kinds that take it, what this one takes.
           {"--clues 30", "--clues is for Sudoku (--kind sudoku); a nonogram takes --size, --fill, --smooth and "
                          "--line-solvable"},
           {"-m guided", "--method is for Sudoku"},
       }) {
    const auto r = test::command("generate --kind nonogram -n 1 " + args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.out;
    EXPECT_NE(r.out.find(want), std::string::npos) << args << ": " << r.out;
  }
  for (const char* args : {"--smooth", "--line-solvable", "--fill 0.3"}) {
    const auto r = test::command(std::string("generate -n 1 ") + args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.out;
    EXPECT_NE(r.out.find(std::string(args).substr(0, std::string(args).find(' ')) +
                         " is for nonograms (--kind nonogram); a Sudoku takes --size, --method,"),
              std::string::npos)
        << args << ": " << r.out;
  }
  const auto r = test::command("generate --kind kakuro -n 1");
  EXPECT_EQ(r.exit_code, 2) << r.out;
}

}  // namespace
