// `show` for nonograms: the drawing (nonogram/draw.hpp) read back cell by cell and
// clue by clue, from a small puzzle to the readers' largest; `show` on a real tournament puzzle
// (its picture read back and checked), on a game ID, a `.non` file and a record picked
// by --line; bad input and a Sudoku solver refused with a message.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "nonogram/draw.hpp"
#include "nonogram/formats.hpp"
#include "nonogram/nonogram.hpp"
#include "command_util.hpp"
#include "test_util.hpp"

namespace {

using test::has;

namespace ng = puzzle::nonogram;

/// What a drawing says: the row clues (as written left of the grid) and the cells it shows,
/// from its grid lines (those with ` |`), of `width` cells `cw` characters wide each.
struct Drawn {
  std::vector<std::string> row_clues;
  ng::Picture picture;
};
Drawn read_drawing(const std::string& text, int width, int cw) {
  Drawn d;
  d.picture.width = width;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const std::size_t bar = line.find(" |");
    if (bar == std::string::npos) continue;
    std::string cells;
    for (char c : line.substr(bar + 2))
      if (c != '|') cells += c;
    EXPECT_EQ(cells.size(), static_cast<std::size_t>(width * cw)) << line;
    ng::Picture row(width, 1);
    for (int c = 0; c < width && static_cast<std::size_t>(c * cw + cw) <= cells.size(); ++c) {
      const std::string cell = cells.substr(static_cast<std::size_t>(c * cw), static_cast<std::size_t>(cw));
      EXPECT_TRUE(cell == std::string(cw, '#') || cell == std::string(cw - 1, ' ') + ".") << line;
      if (cell.back() == '#') row.set(0, c);
    }
    d.picture.words.insert(d.picture.words.end(), row.words.begin(), row.words.end());
    d.picture.stride = row.stride;
    const std::size_t start = line.find_first_not_of(' ');
    d.row_clues.push_back(line.substr(start, bar - start));
  }
  d.picture.height = d.picture.stride == 0 ? 0 : static_cast<int>(d.picture.words.size()) / d.picture.stride;
  return d;
}

std::string row_clue(const ng::Puzzle& p, int r) {
  std::string s;
  for (const uint8_t run : p.row(r)) s += (s.empty() ? "" : " ") + std::to_string(run);
  return s.empty() ? "0" : s;
}

// sgt-pattern's 4x6 example: the column clues stacked over their columns, bottom-aligned, the
// row clues right-aligned, `#` and `.` cells, no trailing spaces.
TEST(NonogramDraw, DrawsCluesAroundThePicture) {
  ng::Puzzle p;
  std::string err;
  ASSERT_TRUE(ng::parse_id("4x6:5/4/1/2/1.2/1.1/2/2/2/1", p, err)) << err;
  ng::Picture pic;
  ASSERT_TRUE(ng::parse_picture("#.##" "#..#" "##.." "##.." "##.." ".#..", 4, 6, pic));
  ASSERT_FALSE(ng::check_picture(p, pic));
  EXPECT_EQ(ng::to_pretty(p, &pic),
            "      5 4 1 2\n"
            "    +--------\n"
            "1 2 |## .####\n"
            "1 1 |## . .##\n"
            "  2 |#### . .\n"
            "  2 |#### . .\n"
            "  2 |#### . .\n"
            "    +--------\n"  // a rule every five rows
            "  1 | .## . .\n");
  EXPECT_EQ(ng::to_pretty(p),
            "      5 4 1 2\n"
            "    +--------\n"
            "1 2 | . . . .\n"
            "1 1 | . . . .\n"
            "  2 | . . . .\n"
            "  2 | . . . .\n"
            "  2 | . . . .\n"
            "    +--------\n"
            "  1 | . . . .\n");
}

/// A drawing's column width: three characters when a run is 10 or more, else two.
int cell_width(const ng::Puzzle& p) {
  int cw = 2;
  for (const uint8_t run : p.runs) cw = std::max(cw, run >= 100 ? 4 : run >= 10 ? 3 : 2);
  return cw;
}

// Up to the readers' largest, 255x255 (lines of one, two and four words), with runs under 10
// (two characters a column), over (three) and over 99 (four): what is drawn reads back as the
// picture and its row clues, with a rule under the column clues and before every fifth row.
TEST(NonogramDraw, LargestPuzzlesReadBack) {
  for (const int side : {7, 25, 63, 64, 129, 255}) {
    ng::Picture pic(side, side);
    for (int r = 0; r < side; ++r)
      for (int c = 0; c < side; ++c)
        if ((r * 7 + c * c) % 11 < 4 || r == c || (side > 7 && c < 12)) pic.set(r, c);
    const ng::Puzzle p = ng::clues_of(pic);
    EXPECT_EQ(cell_width(p), side == 7 ? 2 : side < 100 ? 3 : 4);
    const std::string text = ng::to_pretty(p, &pic);
    const Drawn d = read_drawing(text, side, cell_width(p));
    EXPECT_EQ(d.picture, pic) << side;
    ASSERT_EQ(d.row_clues.size(), static_cast<std::size_t>(side));
    for (int r = 0; r < side; ++r) EXPECT_EQ(d.row_clues[static_cast<std::size_t>(r)], row_clue(p, r)) << side << " row " << r;
    int rules = 0;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) rules += line.find("+--") != std::string::npos;
    EXPECT_EQ(rules, 1 + (side - 1) / 5) << side;
  }
}

// The first puzzle of the ICGA 2017 tournament, straight from the shared file: drawn with its
// clues (read back line by line), solved, and the picture drawn fits them.
TEST(NonogramShow, DrawsATournamentPuzzleAndItsPicture) {
  const std::string question = test::shared("nonogram/icga2017-question.txt");
  const auto r = test::command("show " + question + " -s nonogram-cdcl");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, question + ":1 (25x25 nonogram, ")) << r.out;
  const std::string all = test::slurp(question);
  const auto records = ng::tournament_records(all);
  ASSERT_FALSE(records.empty());
  ng::Puzzle p;
  long number = 0;
  ng::FormatError e;
  ASSERT_TRUE(ng::parse_tournament(records[0].text, p, number, e)) << e.message;
  const int cw = cell_width(p);
  const std::size_t verdict = r.out.find("nonogram-cdcl: ");
  ASSERT_NE(verdict, std::string::npos) << r.out;
  const Drawn before = read_drawing(r.out.substr(0, verdict), 25, cw);
  const Drawn after = read_drawing(r.out.substr(verdict), 25, cw);
  EXPECT_EQ(before.picture, ng::Picture(25, 25));  // the puzzle: no cell shaded
  ASSERT_EQ(after.row_clues.size(), 25u);
  for (int row = 0; row < 25; ++row) {
    EXPECT_EQ(before.row_clues[static_cast<std::size_t>(row)], row_clue(p, row));
    EXPECT_EQ(after.row_clues[static_cast<std::size_t>(row)], row_clue(p, row));
  }
  EXPECT_FALSE(ng::check_picture(p, after.picture)) << r.out;
  // This puzzle has several pictures (the tournaments' often do): the one drawn fits the clues.
  EXPECT_TRUE(has(r.out, "nonogram-cdcl: multiple (guesses ")) << r.out;
}

// A generated unique 100x100 nonogram (lines of two words): both search solvers solve it at
// limit 1 and prove it unique at limit 2, checked against the generator's picture; `show`
// draws it with its clues and the solver's picture, which is the generator's.
TEST(NonogramShow, DrawsAGenerated100x100) {
  test::TempDir dir;
  const std::string file = dir.path("big.txt");
  auto r = test::command("generate --kind nonogram --size 100x100 --fill 0.65 -n 1 --seed 3 --solutions -o " + file);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const std::string record = test::slurp(file).substr(test::slurp(file).find("100x100:"));
  const std::size_t end = record.find_first_of(" ,\t");
  ng::Puzzle p;
  std::string error;
  ASSERT_TRUE(ng::parse_id(record.substr(0, end), p, error)) << error;
  for (const std::string limit : {"1", "2"}) {
    const std::string rows = dir.path("rows" + limit + ".csv");
    r = test::command("solve " + file + " -s nonogram-cdcl,nonogram-line --limit " + limit + " -o " + rows);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const std::string status = limit == "1" ? ",solved,1," : ",unique,1,";
    const std::string csv = test::slurp(rows);
    EXPECT_TRUE(has(csv, "nonogram-cdcl" + status) && has(csv, "nonogram-line" + status)) << csv;
  }
  r = test::command("show " + file + " -s nonogram-cdcl");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "(100x100 nonogram, ")) << r.out;
  EXPECT_TRUE(has(r.out, "nonogram-cdcl: unique")) << r.out;
  const std::size_t verdict = r.out.find("nonogram-cdcl: ");
  ASSERT_NE(verdict, std::string::npos) << r.out;
  const Drawn after = read_drawing(r.out.substr(verdict), 100, cell_width(p));
  ASSERT_EQ(after.row_clues.size(), 100u);
  for (int row = 0; row < 100; ++row) EXPECT_EQ(after.row_clues[static_cast<std::size_t>(row)], row_clue(p, row));
  EXPECT_FALSE(ng::check_picture(p, after.picture));
  ng::Picture want;
  const std::size_t pic_at = record.find_first_of("#.", end);
  ASSERT_TRUE(ng::parse_picture(record.substr(pic_at, 100 * 100), 100, 100, want));
  EXPECT_EQ(after.picture, want);
}

/// `show ARGS` ends with `code` and prints every one of `parts`.
void expect_show(const std::string& args, int code, std::initializer_list<std::string> parts) {
  const auto r = test::command("show " + args);
  EXPECT_EQ(r.exit_code, code) << args << "\n" << r.out;
  for (const std::string& part : parts) EXPECT_TRUE(has(r.out, part)) << args << ": " << part << "\n" << r.out;
}

// A game ID given as the argument, a record picked with --line (a tournament file's second
// puzzle), a .non file with its goal: each drawn and solved with the default nonogram solver.
TEST(NonogramShow, TakesEveryInputForm) {
  test::TempDir dir;
  expect_show("4x6:5/4/1/2/1.2/1.1/2/2/2/1", 0,
              {"puzzle (4x6 nonogram, 12 clue numbers)\n      5 4 1 2\n", ": unique (guesses ",
               "1 2 |## .####\n1 1 |## . .##\n"});
  const auto t = dir.write("t.txt", "$1\n1\n1\n1\n1\n$2\n2\n0\n1\n1\n");  // 2x2 puzzles
  // $2's one picture; $1 (the first, without --line) has two.
  expect_show(t + " --line 6", 0, {t + ":6 (2x2 nonogram, 3 clue numbers)", "1 |## .\n1 |## .\n"});
  expect_show(t, 0, {t + ":1 (2x2 nonogram, 4 clue numbers)", ": multiple (guesses "});
  const auto non = dir.write("p.non", "title \"bar\"\nwidth 3\nheight 2\nrows\n3\n0\ncolumns\n1\n1\n1\ngoal \"111000\"\n");
  expect_show(non, 0, {non + ":1 (3x2 nonogram, 4 clue numbers)", "3 |######\n0 | . . .\n"});
}

// Bad clues say where and why (exit 2, nothing drawn); a Sudoku solver is refused for a
// nonogram; a picture that contradicts the file's goal is `wrong` (exit 1).
TEST(NonogramShow, BadInputAndTheWrongSolverAreRefused) {
  test::TempDir dir;
  expect_show("3x3:4/1/1/1/1/1", 2, {"puzzle: column 1: run of 4 cells, the column has 3"});
  const auto t = dir.write("bad.txt", "$1\n1\n1\n3\n1\n");
  expect_show(t, 2, {t + ":4: row 1: run of 3 cells, the row has 2"});
  expect_show("4x6:5/4/1/2/1.2/1.1/2/2/2/1 -s dlx", 2,
              {"solver 'dlx' solves Sudoku, not nonograms (try -s nonogram-cdcl)"});
  const auto non = dir.write("goal.non", "width 2\nheight 1\nrows\n2\ncolumns\n1\n1\ngoal \"10\"\n");
  expect_show(non, 1, {"answer differs from the known solution at r1c2"});
}

}  // namespace
