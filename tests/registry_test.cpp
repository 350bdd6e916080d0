#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "sudoku/registry.hpp"

namespace {

TEST(Registry, BaselineFirstNamesUniqueAndDescribed) {
  const auto& all = sudoku::solvers();
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all[0].name, "backtracking");
  std::set<std::string_view> names;
  for (const auto& s : all) {
    EXPECT_TRUE(names.insert(s.name).second) << s.name;
    EXPECT_FALSE(s.description.empty());
    EXPECT_FALSE(s.batch()) << s.name << ": a built-in solver solves one puzzle at a time";
    EXPECT_NE(s.make(), nullptr);
    EXPECT_EQ(sudoku::find_solver(s.name), &s);
    if (s.kind == sudoku::PuzzleKind::sudoku) EXPECT_TRUE(s.supports(3)) << "every Sudoku solver handles 9x9";
    else EXPECT_EQ(s.boxes, 0u) << s.name << ": a nonogram solver takes no Sudoku";
  }
  EXPECT_EQ(sudoku::find_solver("nope"), nullptr);
}

TEST(Registry, SolversAddedAtRunTimeAreFoundAndNamesStayUnique) {
  const std::size_t before = sudoku::solvers().size();
  const sudoku::SolverInfo* dlx = sudoku::find_solver("dlx");
  // dlx under another name (every size, like dlx): tests run after this one in the same process
  // see it among the solvers and must find it a correct one.
  sudoku::SolverInfo extra{"test-extra", "dlx under another name", dlx->boxes, dlx->factory, "test"};
  const sudoku::SolverInfo& added = sudoku::add_solver(extra);
  EXPECT_EQ(sudoku::find_solver("test-extra"), &added);
  EXPECT_EQ(sudoku::find_solver("dlx"), dlx) << "earlier entries do not move";
  EXPECT_EQ(sudoku::solvers().size(), before + 1);
  EXPECT_THROW(sudoku::add_solver(extra), std::invalid_argument);
  extra.name = "";
  EXPECT_THROW(sudoku::add_solver(extra), std::invalid_argument);
  EXPECT_NE(added.make(), nullptr);
}

TEST(Registry, SuggestsTheNearestName) {
  EXPECT_EQ(sudoku::suggest_solver("backtrack"), "backtracking");
  EXPECT_EQ(sudoku::suggest_solver("backtraking"), "backtracking");
  EXPECT_EQ(sudoku::suggest_solver("zzzzzzzzzzzzzzzzzzzz"), "");
  EXPECT_EQ(sudoku::edit_distance("kitten", "sitting"), 3u);
}

}  // namespace
