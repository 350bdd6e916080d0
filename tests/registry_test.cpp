#include <gtest/gtest.h>

#include <set>

#include "sudoku/registry.hpp"

namespace {

TEST(Registry, BaselineFirstNamesUniqueAndDescribed) {
  const auto all = sudoku::solvers();
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all[0].name, "backtracking");
  std::set<std::string_view> names;
  for (const auto& s : all) {
    EXPECT_TRUE(names.insert(s.name).second) << s.name;
    EXPECT_FALSE(s.description.empty());
    EXPECT_NE(s.make, nullptr);
    EXPECT_EQ(sudoku::find_solver(s.name), &s);
    EXPECT_TRUE(s.supports(3)) << "every solver handles 9x9";
  }
  EXPECT_EQ(sudoku::find_solver("nope"), nullptr);
}

TEST(Registry, SuggestsTheNearestName) {
  EXPECT_EQ(sudoku::suggest_solver("backtrack"), "backtracking");
  EXPECT_EQ(sudoku::suggest_solver("backtraking"), "backtracking");
  EXPECT_EQ(sudoku::suggest_solver("zzzzzzzzzzzzzzzzzzzz"), "");
  EXPECT_EQ(sudoku::edit_distance("kitten", "sitting"), 3u);
}

}  // namespace
