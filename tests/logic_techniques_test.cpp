// Each human-style technique on a hand-made candidate position where it must fire, with the
// exact eliminations (or placement) and the sentence `explain` prints.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <utility>

#include "sudoku/logic/engine.hpp"
#include "sudoku/logic/technique.hpp"

namespace {

using namespace puzzle::sudoku::logic;

int cell(int r, int c) { return (r - 1) * 9 + (c - 1); }

/// An empty board where every cell may hold every digit.
Board open_board() {
  Board b;
  b.value.fill(0);
  b.cand.fill(kAll);
  b.empty = kCells;
  return b;
}

/// Regions by 0-based index (grid9.hpp's numbers).
int row(int i) { return region_id(kRow, i); }
int col(int i) { return region_id(kCol, i); }
int box(int i) { return region_id(kBox, i); }

/// Removes `d` from every cell of `region` except the listed cells.
void keep_only(Board& b, int region, int d, std::initializer_list<int> cells) {
  for (uint8_t c : geo().cells[region])
    if (std::find(cells.begin(), cells.end(), c) == cells.end()) b.cand[c] &= static_cast<uint16_t>(~bit(d));
}

std::vector<std::pair<int, int>> elims(const Deduction& s) {
  std::vector<std::pair<int, int>> v;
  for (const auto& e : s.eliminations) v.emplace_back(e.cell, e.digit);
  std::sort(v.begin(), v.end());
  return v;
}

std::vector<std::pair<int, int>> each(std::initializer_list<int> cells, int d) {
  std::vector<std::pair<int, int>> v;
  for (int c : cells) v.emplace_back(c, d);
  std::sort(v.begin(), v.end());
  return v;
}

TEST(LogicTechniques, FullHouse) {
  Board b = open_board();
  for (int c = 1; c <= 8; ++c) b.place(cell(1, c), c);
  Deduction s;
  ASSERT_TRUE(find_full_house(b, s));
  EXPECT_EQ(s.technique, Technique::full_house);
  ASSERT_EQ(s.placements.size(), 1u);
  EXPECT_EQ(s.placements[0].cell, cell(1, 9));
  EXPECT_EQ(s.placements[0].digit, 9);
  EXPECT_EQ(describe(s), "Full house in row 1: r1c9 is the last empty cell, so it is 9");
}

TEST(LogicTechniques, HiddenSingleInRow) {
  Board b = open_board();
  keep_only(b, row(3), 7, {cell(4, 2)});
  Deduction s;
  EXPECT_FALSE(find_hidden_single(b, s, true));  // box 4 still has 7 in rows 5 and 6
  ASSERT_TRUE(find_hidden_single(b, s, false));
  EXPECT_EQ(s.technique, Technique::hidden_single_line);
  EXPECT_EQ(s.placements[0].cell, cell(4, 2));
  EXPECT_EQ(s.placements[0].digit, 7);
  EXPECT_EQ(describe(s), "Hidden single in row 4: 7 can only go in r4c2");
}

TEST(LogicTechniques, HiddenSingleInBox) {
  Board b = open_board();
  keep_only(b, box(8), 2, {cell(9, 9)});
  Deduction s;
  ASSERT_TRUE(find_hidden_single(b, s, true));
  EXPECT_EQ(s.technique, Technique::hidden_single_box);
  EXPECT_EQ(describe(s), "Hidden single in box 9: 2 can only go in r9c9");
}

TEST(LogicTechniques, NakedSingle) {
  Board b = open_board();
  b.cand[cell(5, 5)] = bit(6);
  Deduction s;
  ASSERT_TRUE(find_naked_single(b, s));
  EXPECT_EQ(s.placements[0].cell, cell(5, 5));
  EXPECT_EQ(s.placements[0].digit, 6);
  EXPECT_EQ(describe(s), "Naked single: r5c5 can only be 6");
}

TEST(LogicTechniques, PointingPair) {
  Board b = open_board();
  keep_only(b, box(4), 3, {cell(6, 4), cell(6, 5)});
  Deduction s;
  ASSERT_TRUE(find_pointing(b, s));
  // r6c6 is in box 5: only the cells outside the box lose the 3.
  EXPECT_EQ(elims(s), each({cell(6, 1), cell(6, 2), cell(6, 3), cell(6, 7), cell(6, 8), cell(6, 9)}, 3));
  EXPECT_EQ(describe(s), "Pointing pair in box 5: 3 is only in row 6, so remove 3 from r6c1, r6c2, r6c3, "
                         "r6c7, r6c8, r6c9");
}

TEST(LogicTechniques, Claiming) {
  Board b = open_board();
  keep_only(b, row(0), 4, {cell(1, 1), cell(1, 3)});
  Deduction s;
  ASSERT_TRUE(find_claiming(b, s));
  EXPECT_EQ(elims(s), each({cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)}, 4));
  EXPECT_EQ(describe(s), "Claiming in row 1: 4 is only in box 1, so remove 4 from r2c1, r2c2, r2c3, r3c1, "
                         "r3c2, r3c3");
}

TEST(LogicTechniques, NakedPair) {
  Board b = open_board();
  b.cand[cell(1, 1)] = b.cand[cell(1, 5)] = bit(1) | bit(2);
  Deduction s;
  ASSERT_TRUE(find_naked_subset(b, s, 2));
  EXPECT_EQ(s.technique, Technique::naked_pair);
  auto want = each({cell(1, 2), cell(1, 3), cell(1, 4), cell(1, 6), cell(1, 7), cell(1, 8), cell(1, 9)}, 1);
  for (auto e : each({cell(1, 2), cell(1, 3), cell(1, 4), cell(1, 6), cell(1, 7), cell(1, 8), cell(1, 9)}, 2))
    want.push_back(e);
  std::sort(want.begin(), want.end());
  EXPECT_EQ(elims(s), want);
  EXPECT_TRUE(describe(s).starts_with("Naked pair in row 1: r1c1, r1c5 hold only 1,2, so remove 1 from r1c2"));
}

TEST(LogicTechniques, NakedTriple) {
  Board b = open_board();
  // Box 9: {1,2}, {2,3}, {1,3}: three cells, three digits.
  b.cand[cell(7, 7)] = bit(1) | bit(2);
  b.cand[cell(8, 8)] = bit(2) | bit(3);
  b.cand[cell(9, 9)] = bit(1) | bit(3);
  Deduction s;
  EXPECT_FALSE(find_naked_subset(b, s, 2));
  ASSERT_TRUE(find_naked_subset(b, s, 3));
  EXPECT_EQ(s.technique, Technique::naked_triple);
  EXPECT_EQ(s.unit, box(8));
  EXPECT_EQ(s.eliminations.size(), 6u * 3u);
}

TEST(LogicTechniques, HiddenPair) {
  Board b = open_board();
  keep_only(b, row(0), 5, {cell(1, 1), cell(1, 5)});
  keep_only(b, row(0), 6, {cell(1, 1), cell(1, 5)});
  Deduction s;
  ASSERT_TRUE(find_hidden_subset(b, s, 2));
  EXPECT_EQ(s.technique, Technique::hidden_pair);
  EXPECT_EQ(s.unit, row(0));
  std::vector<std::pair<int, int>> want;
  for (int c : {cell(1, 1), cell(1, 5)})
    for (int d : {1, 2, 3, 4, 7, 8, 9}) want.emplace_back(c, d);
  EXPECT_EQ(elims(s), want);
  EXPECT_EQ(describe(s), "Hidden pair in row 1: 5,6 can only go in r1c1, r1c5, so r1c1 loses 1,2,3,4,7,8,9; "
                         "r1c5 loses 1,2,3,4,7,8,9");
}

TEST(LogicTechniques, HiddenTripleAndQuad) {
  Board b = open_board();
  for (int d : {1, 2, 3}) keep_only(b, col(4), d, {cell(2, 5), cell(4, 5), cell(8, 5)});
  Deduction s;
  EXPECT_FALSE(find_hidden_subset(b, s, 2));
  ASSERT_TRUE(find_hidden_subset(b, s, 3));
  EXPECT_EQ(s.technique, Technique::hidden_triple);
  EXPECT_EQ(s.eliminations.size(), 3u * 6u);
  Board q = open_board();
  for (int d : {1, 2, 3, 4}) keep_only(q, box(0), d, {cell(1, 1), cell(2, 2), cell(3, 3), cell(1, 3)});
  ASSERT_TRUE(find_hidden_subset(q, s, 4));
  EXPECT_EQ(s.technique, Technique::hidden_quad);
  EXPECT_EQ(s.eliminations.size(), 4u * 5u);
}

TEST(LogicTechniques, XWing) {
  Board b = open_board();
  keep_only(b, row(1), 5, {cell(2, 3), cell(2, 8)});
  keep_only(b, row(6), 5, {cell(7, 3), cell(7, 8)});
  Deduction s;
  ASSERT_TRUE(find_fish(b, s, 2));
  EXPECT_EQ(s.technique, Technique::x_wing);
  std::vector<std::pair<int, int>> want;
  for (int r : {1, 3, 4, 5, 6, 8, 9})
    for (int c : {3, 8}) want.emplace_back(cell(r, c), 5);
  std::sort(want.begin(), want.end());
  EXPECT_EQ(elims(s), want);
  EXPECT_TRUE(describe(s).starts_with("X-Wing on 5: in rows 2, 7 the 5 is only in columns 3, 8, so remove 5 from"));
}

TEST(LogicTechniques, SwordfishAndJellyfish) {
  Board b = open_board();
  keep_only(b, row(0), 9, {cell(1, 1), cell(1, 4)});
  keep_only(b, row(4), 9, {cell(5, 4), cell(5, 7)});
  keep_only(b, row(8), 9, {cell(9, 1), cell(9, 7)});
  Deduction s;
  EXPECT_FALSE(find_fish(b, s, 2));
  ASSERT_TRUE(find_fish(b, s, 3));
  EXPECT_EQ(s.technique, Technique::swordfish);
  EXPECT_EQ(s.eliminations.size(), 6u * 3u);  // columns 1, 4, 7 in the six other rows
  Board j = open_board();
  keep_only(j, col(0), 8, {cell(1, 1), cell(3, 1)});
  keep_only(j, col(2), 8, {cell(3, 3), cell(5, 3)});
  keep_only(j, col(4), 8, {cell(5, 5), cell(7, 5)});
  keep_only(j, col(6), 8, {cell(7, 7), cell(1, 7)});
  ASSERT_TRUE(find_fish(j, s, 4));
  EXPECT_EQ(s.technique, Technique::jellyfish);
  EXPECT_EQ(s.eliminations.size(), 5u * 4u);  // rows 1, 3, 5, 7 in the five other columns
}

TEST(LogicTechniques, XYWing) {
  Board b = open_board();
  b.cand[cell(5, 5)] = bit(1) | bit(2);  // pivot
  b.cand[cell(5, 1)] = bit(1) | bit(3);
  b.cand[cell(1, 5)] = bit(2) | bit(3);
  Deduction s;
  ASSERT_TRUE(find_xy_wing(b, s));
  EXPECT_EQ(elims(s), each({cell(1, 1)}, 3));
  EXPECT_EQ(describe(s), "XY-Wing: pivot r5c5 with pincers r1c5 and r5c1: one of them is 3, so remove 3 from r1c1");
}

TEST(LogicTechniques, XYZWing) {
  Board b = open_board();
  b.cand[cell(1, 1)] = bit(1) | bit(2) | bit(3);  // pivot
  b.cand[cell(1, 5)] = bit(1) | bit(3);
  b.cand[cell(2, 2)] = bit(2) | bit(3);
  Deduction s;
  ASSERT_TRUE(find_xyz_wing(b, s));
  EXPECT_EQ(elims(s), each({cell(1, 2), cell(1, 3)}, 3));
}

TEST(LogicTechniques, XChainSkyscraper) {
  Board b = open_board();
  keep_only(b, col(0), 4, {cell(2, 1), cell(7, 1)});
  keep_only(b, col(4), 4, {cell(3, 5), cell(7, 5)});
  keep_only(b, row(7), 4, {});  // rows 8 and 9 lose the 4: at most 64 places (the walk's limit)
  keep_only(b, row(8), 4, {});
  Deduction s;
  ASSERT_TRUE(find_x_chain(b, s));
  EXPECT_EQ(s.length, 3);
  EXPECT_EQ(elims(s), each({cell(2, 4), cell(2, 6), cell(3, 2), cell(3, 3)}, 4));  // r3c1: column 1 has no 4 there
  EXPECT_TRUE(describe(s).starts_with("X-chain on 4 (3 links"));
}

TEST(LogicTechniques, PropagateSinglesFindsContradiction) {
  Board b = open_board();
  b.cand[cell(1, 1)] = bit(1);
  b.cand[cell(1, 2)] = bit(1);
  int placed = 0;
  EXPECT_FALSE(propagate_singles(b, 1000, placed));
}

TEST(LogicTechniques, ForcingChainEliminatesAFalseCandidate) {
  // Two bivalue cells of row 1 share {1,2} with a third cell {1,2,3}: if r1c9 were 1 (or 2),
  // the pair would have one digit for two cells. The contradiction takes two singles.
  Board b = open_board();
  b.cand[cell(1, 1)] = b.cand[cell(1, 2)] = bit(1) | bit(2);
  b.cand[cell(1, 9)] = bit(1) | bit(2) | bit(3);
  Deduction s;
  ASSERT_TRUE(find_forcing_chain(b, s));
  EXPECT_EQ(s.technique, Technique::forcing_chain);
  ASSERT_EQ(s.eliminations.size(), 1u);
  EXPECT_NE(s.eliminations[0].digit, 3);
  EXPECT_LE(s.length, 3);
}

}  // namespace
