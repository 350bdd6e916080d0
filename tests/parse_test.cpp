#include <cctype>

#include <gtest/gtest.h>

#include "test_util.hpp"

#include "io/parse.hpp"
#include "puzzle/fields.hpp"
#include "puzzle/split_csv.hpp"
#include "sudoku/sudoku_parse.hpp"

namespace {
using puzzle::Format;
using puzzle::sudoku::Grid;

using test::kPuzzle;
using test::kSolution;

Format lines() { return Format{}; }

Format detect(const std::string& first) {
  Format f;
  std::string err;
  EXPECT_TRUE(puzzle::io::detect_format(first, 0, f, err)) << err;
  return f;
}

TEST(Parse, EmptyCellsAsDotZeroOrUnderscore) {
  std::string zeros = kPuzzle, unders = kPuzzle;
  std::replace(zeros.begin(), zeros.end(), '.', '0');
  std::replace(unders.begin(), unders.end(), '.', '_');
  const auto a = puzzle::sudoku::parse_record(lines(), kPuzzle);
  const auto b = puzzle::sudoku::parse_record(lines(), zeros);
  const auto c = puzzle::sudoku::parse_record(lines(), unders);
  ASSERT_EQ(a.error, "");
  EXPECT_EQ(a.puzzle, b.puzzle);
  EXPECT_EQ(a.puzzle, c.puzzle);
  EXPECT_EQ(a.puzzle.clues(), 17);
}

TEST(Parse, TrailingSolutionAndCount) {
  const auto tdoku = puzzle::sudoku::parse_record(lines(), kPuzzle + ":1:" + kSolution);
  ASSERT_EQ(tdoku.error, "");
  ASSERT_TRUE(tdoku.known.solution);
  EXPECT_EQ(puzzle::sudoku::to_line(*tdoku.known.solution), kSolution);
  EXPECT_EQ(tdoku.known.solutions, 1u);
  const auto comma = puzzle::sudoku::parse_record(lines(), kPuzzle + "," + kSolution);
  ASSERT_TRUE(comma.known.solution);
  EXPECT_FALSE(comma.known.solutions);
  // A trailing field that is not a complete grid (a rating, a name) is not a solution.
  const auto rated = puzzle::sudoku::parse_record(lines(), kPuzzle + " 7.2 hard");
  EXPECT_EQ(rated.error, "");
  EXPECT_FALSE(rated.known.solution);
  const auto partial = puzzle::sudoku::parse_record(lines(), kPuzzle + "," + kPuzzle);
  EXPECT_FALSE(partial.known.solution);
}

TEST(Parse, CarriageReturnAndSurroundingSpace) {
  const auto p = puzzle::sudoku::parse_record(lines(), "  " + kPuzzle + "\r");
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(p.puzzle.clues(), 17);
}

TEST(Parse, BadLinesSayWhy) {
  EXPECT_EQ(puzzle::sudoku::parse_record(lines(), kPuzzle.substr(0, 80)).error,
            "too short: 80 cells, a 9x9 puzzle has 81");
  EXPECT_EQ(puzzle::sudoku::parse_record(lines(), kPuzzle + "5").error,
            "too long: 82 cells, a 9x9 puzzle has 81");
  std::string bad = kPuzzle;
  bad[16] = 'x';
  EXPECT_EQ(puzzle::sudoku::parse_record(lines(), bad).error, "bad character 'x' at column 17");
  bad[16] = '\x01';
  EXPECT_EQ(puzzle::sudoku::parse_record(lines(), bad).error, "bad character (byte 0x01) at column 17");
  std::string twice = kPuzzle;
  twice[1] = '4';  // r1c2 = 4 next to r1c1 = 4
  EXPECT_EQ(puzzle::sudoku::parse_record(lines(), twice).error,
            "contradictory givens: digit 4 twice in row 1 (r1c1, r1c2)");
}

TEST(Parse, PuzzleAndFieldsOfAPuzzlesLength) {
  // A 9x9 puzzle and its fields can add up to 256 bytes, the length of a 16x16 line: the line was
  // read as one bad 16x16 puzzle ("bad character ':' at column 82"), so whether a line read
  // depended on its length. Found by fuzz/fuzz_lines.cpp (the same line with spaces around it
  // took the other path).
  const std::string line = kPuzzle + ":1:" + std::string(172 - 1, 'x') + "!";
  ASSERT_EQ(line.size(), 256u);
  const auto p = puzzle::sudoku::parse_record(lines(), line);
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(puzzle::sudoku::to_line(p.puzzle), kPuzzle);
  EXPECT_EQ(p.known.solutions, 1u);
  EXPECT_EQ(puzzle::sudoku::parse_record(lines(), "  " + line + "\r").puzzle, p.puzzle);
  // A puzzle's length and no puzzle first: still the whole line's error.
  std::string spaced = kPuzzle;
  spaced[39] = ' ';
  EXPECT_EQ(puzzle::sudoku::parse_record(lines(), spaced).error, "bad character ' ' at column 40");
}

TEST(Parse, FixedSizeRejectsOtherLengths) {
  Grid g;
  std::string err;
  EXPECT_FALSE(puzzle::sudoku::parse_cells(std::string(16, '.'), 3, g, err));
  EXPECT_EQ(err, "a 4x4 puzzle (16 cells), where only 9x9 puzzles are taken");
}

TEST(Parse, OtherSizes) {
  Grid g;
  std::string err;
  ASSERT_TRUE(puzzle::sudoku::parse_cells("1234341221434321", 0, g, err)) << err;
  EXPECT_EQ(g.box(), 2);
  EXPECT_TRUE(g.complete());
  // 16x16 as 1-9A-G and as hexadecimal 0-F give the same grid.
  std::string a(256, '.'), h(256, '.');
  a[0] = 'G', a[1] = 'A', a[2] = '1';
  h[0] = 'F', h[1] = '9', h[2] = '0';
  Grid ga, gh;
  ASSERT_TRUE(puzzle::sudoku::parse_cells(a, 0, ga, err)) << err;
  ASSERT_TRUE(puzzle::sudoku::parse_cells(h, 0, gh, err)) << err;
  EXPECT_EQ(ga, gh);
  EXPECT_EQ(ga[0], 16);
  EXPECT_EQ(ga[1], 10);
  EXPECT_EQ(puzzle::sudoku::to_line(ga).substr(0, 3), "GA1");
  std::string y(625, '.');
  y[0] = 'Y', y[1] = 'a';
  ASSERT_TRUE(puzzle::sudoku::parse_cells(y, 0, g, err)) << err;
  EXPECT_EQ(g[0], 25);
  EXPECT_EQ(g[1], 1);
  EXPECT_EQ(puzzle::sudoku::to_line(g).substr(0, 2), "YA");
}

/// What each byte means in each alphabet, written out from the formats' definitions (not from
/// the parser's tables): its value, or -1 for a bad symbol.
int symbol_value(int side, bool hex, unsigned char c) {
  if (c == '.' || c == '_') return 0;
  const int up = std::toupper(c);
  if (side <= 9) return c == '0' ? 0 : c >= '1' && c <= '0' + side ? c - '0' : -1;
  if (side == 25) return c == '0' ? 0 : up >= 'A' && up <= 'Y' ? up - 'A' + 1 : -1;
  if (hex) return c >= '0' && c <= '9' ? c - '0' + 1 : up >= 'A' && up <= 'F' ? up - 'A' + 11 : -1;
  return c == '0' ? 0 : c >= '1' && c <= '9' ? c - '0' : up >= 'A' && up <= 'G' ? up - 'A' + 10 : -1;
}

// Every byte, in every alphabet, at a cell of the vectorised body and at the last cell (the
// scalar tail for 81 and 625 cells): the value the format gives it, or an error naming it.
TEST(Parse, EveryByteInEveryAlphabet) {
  struct Case {
    int cells;
    bool hex;
    char other;  // a cell that fixes the 16x16 alphabet: 'G' (1-9A-G) or '0' (hexadecimal)
  };
  for (const Case k : {Case{16, false, '.'}, Case{81, false, '.'}, Case{256, false, 'G'},
                       Case{256, true, '0'}, Case{625, false, '.'}}) {
    const int side = k.cells == 16 ? 4 : k.cells == 81 ? 9 : k.cells == 256 ? 16 : 25;
    for (const int at : {3, k.cells - 1}) {
      for (int b = 0; b < 256; ++b) {
        const auto c = static_cast<unsigned char>(b);
        std::string line(static_cast<std::size_t>(k.cells), '.');
        line[1] = k.other;
        line[static_cast<std::size_t>(at)] = static_cast<char>(c);
        // A G or g read as 1-9A-G, whatever the other cell says.
        const bool hex = k.hex && std::toupper(c) != 'G';
        const int want = symbol_value(side, hex, c);
        Grid g;
        std::string err;
        const bool ok = puzzle::sudoku::parse_cells(line, 0, g, err);
        SCOPED_TRACE(testing::Message() << k.cells << " cells" << (k.hex ? " hex" : "") << ", byte " << b
                                        << " at " << at);
        if (want < 0) {
          EXPECT_FALSE(ok);
          EXPECT_NE(err.find("column " + std::to_string(at + 1)), std::string::npos) << err;
        } else {
          ASSERT_TRUE(ok) << err;
          EXPECT_EQ(g[at], want);
        }
      }
    }
  }
}

// Every byte at each place of a 16-byte block and of the tail: found where the table says it
// is a separator, and only there.
TEST(Parse, FindSeparatorAgreesWithTheTable) {
  for (int b = 0; b < 256; ++b)
    for (const std::size_t at : {0u, 7u, 8u, 15u, 16u, 33u, 36u}) {
      std::string s(37, 'x');
      s[at] = static_cast<char>(b);
      const std::size_t want = puzzle::fields::is_separator(static_cast<char>(b)) ? at : s.size();
      EXPECT_EQ(puzzle::fields::find_separator(s, 0), want) << "byte " << b << " at " << at;
      EXPECT_EQ(puzzle::fields::find_separator(s, at), want) << "byte " << b << " from " << at;
    }
}

TEST(Parse, CsvHeadersAreRecognised) {
  Format f = detect("quizzes,solutions");
  EXPECT_TRUE(f.is(puzzle::sudoku::SudokuLayout::csv));
  EXPECT_EQ(f.puzzle_col, 0);
  EXPECT_EQ(f.solution_col, 1);
  f = detect("id,puzzle,solution,clues,difficulty");
  EXPECT_EQ(f.puzzle_col, 1);
  EXPECT_EQ(f.solution_col, 2);
  f = detect("puzzle,solution_count,solution");
  EXPECT_EQ(f.count_col, 1);
  EXPECT_EQ(f.solution_col, 2);
  f = detect("Puzzle,SE_Rating");
  EXPECT_TRUE(f.is(puzzle::sudoku::SudokuLayout::csv));
  EXPECT_EQ(f.solution_col, -1);
  EXPECT_TRUE(detect(kPuzzle).is(puzzle::sudoku::SudokuLayout::lines));
  EXPECT_TRUE(detect(kPuzzle + "," + kSolution).is(puzzle::sudoku::SudokuLayout::lines));
  Format bad;
  std::string err;
  EXPECT_FALSE(puzzle::io::detect_format("id,solution,rating", 0, bad, err));
  EXPECT_NE(err.find("no puzzle column"), std::string::npos);
}

TEST(Parse, CsvRows) {
  const Format f = detect("id,puzzle,solution,clues,difficulty");
  auto p = puzzle::sudoku::parse_record(f, "7," + kPuzzle + "," + kSolution + ",17,hard");
  ASSERT_EQ(p.error, "");
  ASSERT_TRUE(p.known.solution);
  p = puzzle::sudoku::parse_record(f, "\"7\",\"" + kPuzzle + "\",,17,\"very, hard\"");
  EXPECT_EQ(p.error, "");
  EXPECT_FALSE(p.known.solution);
  EXPECT_EQ(puzzle::sudoku::parse_record(f, "7").error, "too few CSV fields: 1 (the puzzle is column 2)");
  const Format counts = detect("puzzle,solution_count,solution");
  p = puzzle::sudoku::parse_record(counts, kPuzzle + ",1," + kSolution);
  EXPECT_EQ(p.known.solutions, 1u);
}

TEST(Parse, SplitCsvHandlesQuotes) {
  std::vector<std::string_view> fields;
  std::string buf;
  puzzle::split_csv("a,\"b,c\",\"say \"\"hi\"\"\",,last\r", fields, buf);
  ASSERT_EQ(fields.size(), 5u);
  EXPECT_EQ(fields[0], "a");
  EXPECT_EQ(fields[1], "b,c");
  EXPECT_EQ(fields[2], "say \"hi\"");
  EXPECT_EQ(fields[3], "");
  EXPECT_EQ(fields[4], "last");
}

TEST(Parse, CommaGrid) {
  const std::string first = " ,8,5,1,3, , , , ";
  Format f = detect(first);
  ASSERT_TRUE(f.is(puzzle::sudoku::SudokuLayout::grid));
  EXPECT_EQ(f.size, 3);
  std::string text = first;
  for (int r = 1; r < 9; ++r) text += "\n , , , , , , , , ";
  auto p = puzzle::sudoku::parse_record(f, text);
  ASSERT_EQ(p.error, "");
  EXPECT_EQ(p.puzzle.clues(), 4);
  EXPECT_EQ(p.puzzle.at(0, 1), 8);
  EXPECT_EQ(p.puzzle.at(0, 4), 3);
  p = puzzle::sudoku::parse_record(f, first + "\n1,2");
  EXPECT_EQ(p.error, "grid has 2 rows, expected 9");
  std::string bad = first;
  for (int r = 1; r < 9; ++r) bad += r == 3 ? "\n , ,x, , , , , , " : "\n , , , , , , , , ";
  EXPECT_EQ(puzzle::sudoku::parse_record(f, bad).error, "bad cell 'x' in grid row 4, column 3");
}

TEST(Parse, MessagesShowTheInputSafely) {
  // Messages end up on a terminal as `file:line: reason`: the input they quote has its control
  // bytes escaped (an ESC would reach the terminal) and is cut short (a grid cell was quoted
  // whole, up to a 64 KB line). Found by fuzz/fuzz_grid.cpp and fuzz/fuzz_csv.cpp.
  Format f;
  f.set(puzzle::sudoku::SudokuLayout::grid);
  f.size = 2;
  EXPECT_EQ(puzzle::sudoku::parse_record(f, "1,2,3,4\n\x1b[2J,,,\n,,,\n,,,").error,
            "bad cell '\\x1b[2J' in grid row 2, column 1");
  const std::string huge = puzzle::sudoku::parse_record(f, ",,," + std::string(5000, '7') + "\n,,,\n,,,\n,,,").error;
  EXPECT_EQ(huge, "bad cell '" + std::string(20, '7') + "...' in grid row 1, column 4");
  Format out;
  std::string err;
  EXPECT_FALSE(puzzle::io::detect_format("id,solution,\x1b]0;title\x07," + std::string(200, 'x'), 0, out, err));
  EXPECT_EQ(err.find('\x1b'), std::string::npos) << err;
  EXPECT_NE(err.find("\\x1b]0;title\\x07"), std::string::npos) << err;
  EXPECT_LT(err.size(), 180u) << err;
}

}  // namespace
