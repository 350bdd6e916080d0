#include <gtest/gtest.h>
#include "sudoku/grid.hpp"
TEST(Grid, Empty) { EXPECT_EQ(sudoku::Grid().clues(), 0); }
