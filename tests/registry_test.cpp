#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "puzzle/kinds.hpp"
#include "puzzle/registry.hpp"

namespace {

TEST(Registry, BaselineFirstNamesUniqueAndDescribed) {
  const auto& all = puzzle::builtin_solvers();
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all[0].name, "backtracking");
  std::set<std::string_view> names;
  for (const auto& s : all) {
    EXPECT_TRUE(names.insert(s.name).second) << s.name;
    EXPECT_FALSE(s.description.empty());
    EXPECT_FALSE(s.batch()) << s.name << ": a built-in solver solves one puzzle at a time";
    EXPECT_NE(s.make(), nullptr);
    EXPECT_EQ(puzzle::find_builtin(s.name), &s);
    if (s.kind == puzzle::PuzzleKind::sudoku) EXPECT_TRUE(s.supports(3)) << "every Sudoku solver handles 9x9";
    else EXPECT_EQ(s.sizes, 0u) << s.name << ": a nonogram solver takes no Sudoku";
  }
  EXPECT_EQ(puzzle::find_builtin("nope"), nullptr);
}

TEST(Registry, SolversAddedAtRunTimeAreFoundAndNamesStayUnique) {
  puzzle::Registry registry;
  const std::size_t before = registry.solvers().size();
  EXPECT_EQ(before, puzzle::builtin_solvers().size());
  const puzzle::SolverInfo* dlx = registry.find("dlx");
  puzzle::SolverInfo extra{"test-extra", "dlx under another name", dlx->sizes, dlx->factory, "test"};
  const puzzle::SolverInfo& added = registry.add(extra);
  EXPECT_EQ(registry.find("test-extra"), &added);
  EXPECT_EQ(registry.find("dlx"), dlx) << "earlier entries do not move";
  EXPECT_EQ(registry.solvers().size(), before + 1);
  EXPECT_THROW(registry.add(extra), std::invalid_argument);
  extra.name = "";
  EXPECT_THROW(registry.add(extra), std::invalid_argument);
  EXPECT_NE(added.make(), nullptr);
  // The registry is the session's: the built-in table, and any other registry, do not see it.
  EXPECT_EQ(puzzle::find_builtin("test-extra"), nullptr);
  EXPECT_EQ(puzzle::builtin_solvers().size(), before);
  EXPECT_EQ(puzzle::Registry().find("test-extra"), nullptr);
}

// Two sessions in one process (two tests, a Python session after a command) each register the
// same plug-in or program under the same name: the name is taken in one registry only.
TEST(Registry, TwoSessionsRegisterTheSameNameEachInTheirOwn) {
  const puzzle::SolverInfo* dlx = puzzle::find_builtin("dlx");
  const puzzle::SolverInfo extra{"mine", "dlx again", dlx->sizes, dlx->factory, "test"};
  puzzle::Registry first, second;
  const puzzle::SolverInfo& a = first.add(extra);
  const puzzle::SolverInfo& b = second.add(extra);
  EXPECT_NE(&a, &b);
  EXPECT_EQ(first.find("mine"), &a);
  EXPECT_EQ(second.find("mine"), &b);
}

TEST(Registry, BuiltInSolversAreTheRowsListsInTheTablesOrder) {
  // Each kind's row lists its own solvers; the registry joins them in the table's order and
  // gives each its row's kind. Every row's default solver is one of its own.
  std::vector<std::pair<std::string, puzzle::PuzzleKind>> rows;
  puzzle::Kinds::each([&](auto row) {
    using R = decltype(row);
    const auto listed = R::solvers();
    EXPECT_FALSE(listed.empty()) << R::name;
    for (const auto& s : listed) rows.emplace_back(s.name, R::id);
    const puzzle::SolverInfo* d = puzzle::find_builtin(R::default_solver);
    ASSERT_NE(d, nullptr) << R::name;
    EXPECT_EQ(d->kind, R::id) << R::name << "'s default solver '" << d->name << "'";
  });
  const auto& all = puzzle::builtin_solvers();
  ASSERT_GE(all.size(), rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(all[i].name, rows[i].first) << i;
    EXPECT_EQ(all[i].kind, rows[i].second) << all[i].name;
    EXPECT_TRUE(all[i].origin.empty()) << all[i].name << ": built in";
  }
}

TEST(Registry, EachRowsProbeHasOneSolutionTheVerifierAccepts) {
  // An outside program's first puzzle (ext/exec.cpp): the row's default solver finds exactly
  // one solution, which the verifier accepts with what the probe says it knows (its known
  // solution, when it has one).
  puzzle::Kinds::each([&](auto row) {
    using R = decltype(row);
    const auto probe = R::probe();
    EXPECT_FALSE(probe.name.empty()) << R::name;
    auto solver = puzzle::find_builtin(R::default_solver)->make();
    puzzle::Limits limits;
    limits.solutions = 2;
    const puzzle::Result r = solver->solve(puzzle::PuzzleRef(probe.puzzle), limits);
    EXPECT_EQ(r.solutions, 1u) << R::name;
    EXPECT_EQ(R::verify(probe.puzzle, r, 2, probe.known), std::nullopt) << R::name;
    if (probe.known.solution) {
      EXPECT_EQ(R::text(R::solution(r.answer)), R::text(*probe.known.solution)) << R::name;
    }
  });
}

TEST(Registry, SuggestsTheNearestName) {
  EXPECT_EQ(puzzle::builtin_registry().suggest("backtrack"), "backtracking");
  EXPECT_EQ(puzzle::builtin_registry().suggest("backtraking"), "backtracking");
  EXPECT_EQ(puzzle::builtin_registry().suggest("zzzzzzzzzzzzzzzzzzzz"), "");
  EXPECT_EQ(puzzle::edit_distance("kitten", "sitting"), 3u);
}

}  // namespace
