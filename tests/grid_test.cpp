#include <gtest/gtest.h>

#include "test_util.hpp"

#include "io/parse.hpp"
#include "sudoku/grid.hpp"

namespace {
using puzzle::sudoku::Conflict;
using puzzle::sudoku::Grid;

using test::kPuzzle;

using test::parse;

TEST(Grid, GeometryOfEachSize) {
  for (int box = puzzle::sudoku::kMinBox; box <= puzzle::sudoku::kMaxBox; ++box) {
    Grid g(box);
    EXPECT_EQ(g.side(), box * box);
    EXPECT_EQ(g.cells(), box * box * box * box);
    EXPECT_EQ(g.clues(), 0);
    EXPECT_FALSE(g.complete());
    const int last = g.cells() - 1;
    EXPECT_EQ(g.row_of(last), g.side() - 1);
    EXPECT_EQ(g.col_of(last), g.side() - 1);
    EXPECT_EQ(g.box_of(last), g.side() - 1);
    EXPECT_EQ(g.box_of(box), 1);  // first row, second box
    EXPECT_EQ(g.box_of(g.side() * box), box);  // first column, second band
  }
  EXPECT_EQ(puzzle::sudoku::box_for_cells(81), 3);
  EXPECT_EQ(puzzle::sudoku::box_for_cells(256), 4);
  EXPECT_EQ(puzzle::sudoku::box_for_cells(80), 0);
}

TEST(Grid, LineRoundTripAndClues) {
  const Grid g = parse(kPuzzle);
  EXPECT_EQ(g.clues(), 17);
  EXPECT_EQ(puzzle::sudoku::to_line(g), kPuzzle);
  EXPECT_EQ(g.at(0, 0), 4);
  EXPECT_EQ(puzzle::sudoku::cell_name(g, 10), "r2c2");
}

TEST(Grid, PrettyDrawsBoxes) {
  const std::string pretty = puzzle::sudoku::to_pretty(parse(kPuzzle));
  EXPECT_EQ(pretty.substr(0, pretty.find('\n')), "+-------+-------+-------+");
  EXPECT_NE(pretty.find("| 4 . . | . . . | 8 . 5 |"), std::string::npos);
  EXPECT_EQ(std::count(pretty.begin(), pretty.end(), '\n'), 13);  // 9 rows + 4 rules
}

TEST(Grid, ConflictsNameUnitDigitAndCells) {
  std::string row(81, '.'), col(81, '.'), box(81, '.');
  row[2] = row[7] = '3';
  col[5] = col[5 + 9 * 6] = '8';
  box[0] = box[20] = '1';  // r1c1 and r3c3
  auto c = puzzle::sudoku::find_conflict(parse(row));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->unit, Conflict::Unit::row);
  EXPECT_EQ(c->describe(parse(row)), "digit 3 twice in row 1 (r1c3, r1c8)");
  c = puzzle::sudoku::find_conflict(parse(col));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->describe(parse(col)), "digit 8 twice in column 6 (r1c6, r7c6)");
  c = puzzle::sudoku::find_conflict(parse(box));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->describe(parse(box)), "digit 1 twice in box 1 (r1c1, r3c3)");
  EXPECT_FALSE(puzzle::sudoku::find_conflict(parse(kPuzzle)));
}

TEST(Grid, EqualityComparesSizeAndCells) {
  Grid a = parse(kPuzzle), b = parse(kPuzzle);
  EXPECT_EQ(a, b);
  b.set(1, 9);
  EXPECT_FALSE(a == b);
  EXPECT_FALSE(Grid(2) == Grid(3));
}

}  // namespace
