// The generic exact-cover engine on small problems with known answers (no Sudoku here): Knuth's
// 7-column example, n queens (secondary columns), Langford pairs, set partitions (Bell numbers,
// rows of every width); limits, budget, callbacks, select/reset in both of its ways, load(),
// determinism.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "puzzle/exact_cover.hpp"

namespace {

using puzzle::ExactCover;
using puzzle::ExactCover16;

// A search that should repeat an earlier one: the same count and the same work.
void expect_same_search(const puzzle::CoverResult& again, const puzzle::CoverResult& base) {
  EXPECT_EQ(again.solutions, base.solutions);
  EXPECT_EQ(again.work.nodes, base.work.nodes);
  EXPECT_EQ(again.work.updates, base.work.updates);
}

// Knuth, "Dancing links" (2000), the example matrix: columns A..G.
template <class M>
M knuth_example() {
  M m(7);
  m.add_row(std::vector<int>{2, 4, 5});  // C E F
  m.add_row(std::vector<int>{0, 3, 6});  // A D G
  m.add_row(std::vector<int>{1, 2, 5});  // B C F
  m.add_row(std::vector<int>{0, 3});     // A D
  m.add_row(std::vector<int>{1, 6});     // B G
  m.add_row(std::vector<int>{3, 4, 6});  // D E G
  return m;
}

// n queens: ranks and files primary, the 2(2n-1) diagonals secondary.
template <class M>
M queens(int n) {
  M m(2 * n, 2 * (2 * n - 1));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      m.add_row(std::vector<int>{r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + (r - c + n - 1)});
  return m;
}

// Langford pairs: numbers 1..n and positions 0..2n-1 all primary; number i at p and p+i+1.
// Solutions are counted with their mirror images.
ExactCover langford(int n) {
  ExactCover m(3 * n);
  for (int i = 1; i <= n; ++i)
    for (int p = 0; p + i + 1 < 2 * n; ++p) m.add_row(std::vector<int>{i - 1, n + p, n + p + i + 1});
  return m;
}

// Every non-empty subset of n elements as a row: the exact covers are the set partitions.
ExactCover partitions(int n) {
  ExactCover m(n);
  for (unsigned s = 1; s < (1u << n); ++s) {
    std::vector<int> cols;
    for (int e = 0; e < n; ++e)
      if (s >> e & 1u) cols.push_back(e);
    m.add_row(cols);
  }
  return m;
}

TEST(ExactCover, KnuthExampleHasOneSolution) {
  auto m = knuth_example<ExactCover>();
  EXPECT_EQ(m.columns(), 7);
  EXPECT_EQ(m.rows(), 6);
  EXPECT_EQ(m.ones(), 16);
  const auto r = m.search(0, 0);
  EXPECT_EQ(r.solutions, 1u);
  EXPECT_FALSE(r.budget_hit);
  std::vector<int32_t> rows(m.first_solution().begin(), m.first_solution().end());
  std::sort(rows.begin(), rows.end());
  EXPECT_EQ(rows, (std::vector<int32_t>{0, 3, 4}));
  // Column A (2 rows) is the first with the fewest: A D G (guess), then the single B C F leaves
  // E empty (dead end); A D (guess), then the singles B G and C E F: 5 rows tried, 2 guesses.
  EXPECT_EQ(r.work.nodes, 5u);
  EXPECT_EQ(r.work.guesses, 2u);
  EXPECT_GE(r.work.backtracks, 2u);
  EXPECT_GT(r.work.updates, 0u);
}

TEST(ExactCover, QueensCounts) {
  const uint64_t want[] = {0, 1, 0, 0, 2, 10, 4, 40, 92, 352};
  for (int n = 1; n <= 9; ++n) {
    auto m = queens<ExactCover>(n);
    EXPECT_EQ(m.search(0, 0).solutions, want[n]) << n << " queens";
    auto m16 = queens<ExactCover16>(n);
    EXPECT_EQ(m16.search(0, 0).solutions, want[n]) << n << " queens, 16-bit links";
  }
}

TEST(ExactCover, LangfordPairs) {
  // L(n) = 0, 0, 1, 1, 0, 0, 26, 150 for n = 1..8; doubled for mirror images.
  const uint64_t want[] = {0, 0, 0, 2, 2, 0, 0, 52, 300};
  for (int n = 1; n <= 8; ++n) EXPECT_EQ(langford(n).search(0, 0).solutions, want[n]) << n;
}

TEST(ExactCover, SetPartitionsAreBellNumbers) {
  const uint64_t bell[] = {1, 1, 2, 5, 15, 52, 203, 877, 4140};
  for (int n = 1; n <= 8; ++n) EXPECT_EQ(partitions(n).search(0, 0).solutions, bell[n]) << n;
}

TEST(ExactCover, NoColumnsHasTheEmptySolution) {
  ExactCover m(0);
  const auto r = m.search(0, 0);
  EXPECT_EQ(r.solutions, 1u);
  EXPECT_TRUE(m.first_solution().empty());
}

TEST(ExactCover, EveryCallbackSolutionIsAnExactCover) {
  auto m = queens<ExactCover>(6);
  std::set<std::vector<int32_t>> seen;
  const ExactCover::OnSolution cb = [&](std::span<const int32_t> rows) {
    std::vector<int32_t> v(rows.begin(), rows.end());
    EXPECT_EQ(v.size(), 6u);
    std::set<int> ranks, files;
    for (int32_t row : v) ranks.insert(row / 6), files.insert(row % 6);
    EXPECT_EQ(ranks.size(), 6u);
    EXPECT_EQ(files.size(), 6u);
    std::sort(v.begin(), v.end());
    EXPECT_TRUE(seen.insert(v).second) << "a solution twice";
    return true;
  };
  EXPECT_EQ(m.search(0, 0, &cb).solutions, 4u);
  EXPECT_EQ(seen.size(), 4u);
}

TEST(ExactCover, CallbackCanStop) {
  auto m = queens<ExactCover>(8);
  int calls = 0;
  const ExactCover::OnSolution cb = [&](std::span<const int32_t>) { return ++calls < 3; };
  EXPECT_EQ(m.search(0, 0, &cb).solutions, 3u);
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(m.search(0, 0).solutions, 92u);  // the stopped search was undone
}

TEST(ExactCover, LimitStopsAndLeavesTheMatrixReusable) {
  auto m = queens<ExactCover>(8);
  const auto r = m.search(5, 0);
  EXPECT_EQ(r.solutions, 5u);
  EXPECT_FALSE(r.budget_hit);
  EXPECT_EQ(m.first_solution().size(), 8u);
  EXPECT_EQ(m.search(0, 0).solutions, 92u);
  m.reset();
  EXPECT_EQ(m.search(1, 0).solutions, 1u);
  m.reset();
  EXPECT_EQ(m.search(0, 0).solutions, 92u);
}

TEST(ExactCover, BudgetCountsRowsTried) {
  auto m = queens<ExactCover>(9);
  const auto full = m.search(0, 0);
  ASSERT_EQ(full.solutions, 352u);
  for (uint64_t budget : {1u, 10u, 100u, 1000u}) {
    const auto r = m.search(0, budget);
    EXPECT_TRUE(r.budget_hit) << budget;
    EXPECT_EQ(r.work.nodes, budget);
    EXPECT_LT(r.solutions, full.solutions);
  }
  // A budget equal to the work needed is enough: the budget stops before a row, not after.
  const auto exact = m.search(0, full.work.nodes);
  EXPECT_FALSE(exact.budget_hit);
  EXPECT_EQ(exact.solutions, 352u);
  EXPECT_EQ(m.search(0, 0).work.nodes, full.work.nodes);
}

TEST(ExactCover, CountersAreDeterministicAndIndependentOfTheLinkType) {
  auto a = queens<ExactCover>(8);
  auto b = queens<ExactCover16>(8);
  const auto ra = a.search(0, 0);
  const auto ra2 = a.search(0, 0);
  const auto rb = b.search(0, 0);
  for (const auto* r : {&ra2, &rb}) {
    EXPECT_EQ(r->solutions, ra.solutions);
    EXPECT_EQ(r->work.nodes, ra.work.nodes);
    EXPECT_EQ(r->work.guesses, ra.work.guesses);
    EXPECT_EQ(r->work.backtracks, ra.work.backtracks);
    EXPECT_EQ(r->work.updates, ra.work.updates);
  }
}

TEST(ExactCover, SelectFixesRowsAndRejectsClashes) {
  auto m = queens<ExactCover>(8);
  // Row r*8+c is a queen at (r, c). Queens at a1 and c2 do not attack each other.
  ASSERT_TRUE(m.select(0 * 8 + 0));
  EXPECT_FALSE(m.select(0 * 8 + 5));  // same rank
  EXPECT_FALSE(m.select(3 * 8 + 0));  // same file
  EXPECT_FALSE(m.select(1 * 8 + 1));  // same diagonal (a secondary column)
  EXPECT_FALSE(m.select(0));          // already selected
  EXPECT_FALSE(m.select(-1));
  EXPECT_FALSE(m.select(64));
  ASSERT_TRUE(m.select(1 * 8 + 2));
  EXPECT_EQ(m.selected().size(), 2u);
  EXPECT_GT(m.select_updates(), 0u);
  // Solutions of 8 queens with a queen at a1 and one at c2: count them the slow way.
  uint64_t want = 0;
  {
    auto all = queens<ExactCover>(8);
    const ExactCover::OnSolution cb = [&](std::span<const int32_t> rows) {
      want += std::count(rows.begin(), rows.end(), 0) && std::count(rows.begin(), rows.end(), 10);
      return true;
    };
    all.search(0, 0, &cb);
  }
  const auto r = m.search(0, 0);
  EXPECT_EQ(r.solutions, want);
  if (r.solutions > 0) {
    EXPECT_EQ(m.first_solution()[0], 0);
    EXPECT_EQ(m.first_solution()[1], 10);
  }
  m.reset();
  EXPECT_TRUE(m.selected().empty());
  EXPECT_EQ(m.search(0, 0).solutions, 92u);
}

TEST(ExactCover, ResetUndoesByUncoveringOrByCopyingWithTheSameResult) {
  // A few links removed: undone by dancing back. Many: by copying the built matrix.
  auto p = partitions(8);
  ASSERT_TRUE(p.select(0));  // the part {0}: the rest are the partitions of 7 elements
  EXPECT_EQ(p.search(0, 0).solutions, 877u);
  p.reset();
  EXPECT_EQ(p.search(0, 0).solutions, 4140u);

  auto m = knuth_example<ExactCover>();
  const auto base = m.search(0, 0);
  ASSERT_TRUE(m.select(3));  // A D
  EXPECT_EQ(m.search(0, 0).solutions, 1u);
  m.reset();
  EXPECT_FALSE(m.last_reset_copied());
  const auto again = m.search(0, 0);
  expect_same_search(again, base);
  ASSERT_TRUE(m.select(1));  // A D G: no solution
  EXPECT_EQ(m.search(0, 0).solutions, 0u);
  m.reset();

  auto q = queens<ExactCover>(9);
  const auto qbase = q.search(0, 0);
  int selected = 0;
  // Queens at (0,0) (1,2) (2,4) (3,7); (5,1) is on a diagonal of (2,4) and is refused.
  for (int row : {0, 11, 22, 34, 46}) selected += q.select(row);
  EXPECT_EQ(selected, 4);
  q.search(1, 0);  // stops with rows covered
  q.reset();
  EXPECT_TRUE(q.last_reset_copied());
  const auto qagain = q.search(0, 0);
  expect_same_search(qagain, qbase);
}

TEST(ExactCover, BadRowsAreRejected) {
  ExactCover m(3);
  EXPECT_THROW(m.add_row(std::vector<int>{}), std::invalid_argument);
  EXPECT_THROW(m.add_row(std::vector<int>{0, 3}), std::invalid_argument);
  EXPECT_THROW(m.add_row(std::vector<int>{1, 1}), std::invalid_argument);
  EXPECT_EQ(m.rows(), 0);
  EXPECT_EQ(m.add_row(std::vector<int>{0, 1, 2}), 0);
  ASSERT_TRUE(m.select(0));
  EXPECT_THROW(m.add_row(std::vector<int>{0}), std::logic_error);
  m.reset();
  EXPECT_EQ(m.add_row(std::vector<int>{0}), 1);
}

TEST(ExactCover, SixteenBitLinksRefuseWhatDoesNotFit) {
  // Nodes: 20 columns per row fill the 65,535 indices after 3,275 rows.
  ExactCover16 wide(20);
  std::vector<int> all(20);
  for (int c = 0; c < 20; ++c) all[c] = c;
  bool thrown = false;
  try {
    for (int i = 0; i < 4000; ++i) wide.add_row(all);
  } catch (const std::length_error&) {
    thrown = true;
  }
  EXPECT_TRUE(thrown);
  EXPECT_LE(wide.ones() + wide.columns(), 65535);
  EXPECT_GT(wide.rows(), 3000);
  // Rows per column: the count shares its 16 bits with two flags, so 8,191 at most.
  ExactCover16 tall(2);
  thrown = false;
  try {
    for (int i = 0; i < 9000; ++i) tall.add_row(std::vector<int>{0, 1});
  } catch (const std::length_error&) {
    thrown = true;
  }
  EXPECT_TRUE(thrown);
  EXPECT_EQ(tall.rows(), 8191);
  EXPECT_EQ(tall.search(0, 0).solutions, 8191u);
  EXPECT_THROW(ExactCover16(70000), std::length_error);
}

// Every solution of the current problem, each as its sorted rows, in a sorted list.
template <class M>
std::vector<std::vector<int32_t>> all_solutions(M& m) {
  std::vector<std::vector<int32_t>> out;
  const typename M::OnSolution cb = [&](std::span<const int32_t> rows) {
    out.emplace_back(rows.begin(), rows.end());
    std::sort(out.back().begin(), out.back().end());
    return true;
  };
  m.search(0, 0, &cb);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(ExactCover, LoadIsResetThenSelect) {
  // Queens (secondary columns), partitions (rows of every width), for the two link types.
  auto q = queens<ExactCover>(8);
  auto q16 = queens<ExactCover16>(8);
  auto qsel = queens<ExactCover>(8);
  auto p = partitions(7);
  auto psel = partitions(7);
  const std::vector<std::vector<int32_t>> queen_sets = {{}, {0}, {0, 10}, {3, 13, 16}, {63, 1}};
  const std::vector<std::vector<int32_t>> part_sets = {{0}, {2, 12}, {126}, {5, 120}};
  for (int round = 0; round < 2; ++round) {  // a second round loads over the first's state
    for (const auto& rows : queen_sets) {
      SCOPED_TRACE(testing::PrintToString(rows));
      qsel.reset();
      for (const int32_t r : rows) ASSERT_TRUE(qsel.select(r));
      const auto want = all_solutions(qsel);
      ASSERT_TRUE(q.load(rows));
      ASSERT_TRUE(q16.load(rows));
      EXPECT_EQ(std::vector<int32_t>(q.selected().begin(), q.selected().end()), rows);
      EXPECT_EQ(all_solutions(q), want);
      EXPECT_EQ(all_solutions(q16), want);
      // The same rows in the same order: the counters agree with select() too.
      qsel.reset();
      for (const int32_t r : rows) ASSERT_TRUE(qsel.select(r));
      ASSERT_TRUE(q.load(rows));
      const auto a = qsel.search(0, 0), b = q.search(0, 0);
      EXPECT_EQ(b.solutions, a.solutions);
      EXPECT_EQ(b.work.nodes, a.work.nodes);
      EXPECT_EQ(b.work.backtracks, a.work.backtracks);
    }
    for (const auto& rows : part_sets) {
      SCOPED_TRACE(testing::PrintToString(rows));
      psel.reset();
      bool ok = true;
      for (const int32_t r : rows) ok = ok && psel.select(r);
      ASSERT_EQ(p.load(rows), ok);
      if (ok) {
        EXPECT_EQ(all_solutions(p), all_solutions(psel));
      }
    }
  }
}

TEST(ExactCover, LoadRefusesClashesAndBadRowsAndLeavesTheMatrixAsBuilt) {
  auto q = queens<ExactCover16>(8);
  const auto base = q.search(0, 0);
  ASSERT_EQ(base.solutions, 92u);
  const std::vector<std::vector<int32_t>> bad = {{0, 5}, {0, 24}, {0, 9}, {7, 7}, {-1}, {64}, {0, 10, 64}};
  for (const auto& rows : bad) {
    SCOPED_TRACE(testing::PrintToString(rows));
    ASSERT_TRUE(q.load(std::vector<int32_t>{0, 10}));
    q.search(1, 0);  // a stopped search: rows still covered
    EXPECT_FALSE(q.load(rows));
    EXPECT_TRUE(q.selected().empty());
    const auto again = q.search(0, 0);
    expect_same_search(again, base);
  }
}

TEST(ExactCover, ResetAfterLoadCopiesAndSelectBuildsOnALoad) {
  auto q = queens<ExactCover>(8);
  const auto base = q.search(0, 0);
  ASSERT_TRUE(q.load(std::vector<int32_t>{0}));
  EXPECT_EQ(q.select_updates(), 0u);
  ASSERT_TRUE(q.select(10));  // select() adds to a loaded problem
  EXPECT_FALSE(q.select(1));  // and sees the loaded row's columns as covered
  auto two = queens<ExactCover>(8);
  ASSERT_TRUE(two.load(std::vector<int32_t>{0, 10}));
  EXPECT_EQ(all_solutions(q), all_solutions(two));
  q.reset();
  EXPECT_TRUE(q.last_reset_copied());
  EXPECT_TRUE(q.selected().empty());
  const auto again = q.search(0, 0);
  expect_same_search(again, base);
}

}  // namespace
