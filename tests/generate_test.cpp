// Generation: full-grid generators, puzzle reduction (uniqueness checked by a different solver,
// symmetry, minimality, clue targets), transforms, determinism of the driver across thread
// counts, and the generate/transform commands.
#include <cctype>
#include <set>

#include <fmt/format.h>

#include <gtest/gtest.h>

#include "run/generate.hpp"
#include "run/search.hpp"
#include "puzzle/generate_options.hpp"
#include "puzzle/rng.hpp"
#include "puzzle/kinds.hpp"
#include "io/parse.hpp"
#include "puzzle/registry.hpp"
#include "sudoku/generate/generator.hpp"
#include "sudoku/generate/job.hpp"
#include "sudoku/generate/reduce.hpp"
#include "sudoku/generate/sat_check.hpp"
#include "sudoku/solvers/wide.hpp"
#include "sudoku/generate/canon.hpp"
#include "sudoku/generate/search.hpp"
#include "sudoku/generate/transform.hpp"
#include "sudoku/se/se.hpp"
#include "sudoku/solvers/logic.hpp"
#include "sudoku/verify.hpp"
#include "command_util.hpp"
#include "test_util.hpp"

namespace {

using namespace puzzle;

using namespace puzzle::sudoku;

std::unique_ptr<Solver> make_solver(const char* name) { return find_builtin(name)->make(); }

void expect_full_grid(const Grid& g, int box) {
  ASSERT_EQ(g.box(), box);
  const auto why = check_solution(Grid(box), g);
  EXPECT_FALSE(why.has_value()) << *why << "\n" << to_pretty(g);
}

TEST(GenerateRng, StreamsDependOnSeedAndIndexOnly) {
  auto a = item_rng(7, 3), b = item_rng(7, 3), c = item_rng(7, 4), d = item_rng(8, 3);
  const uint64_t x = a();
  EXPECT_EQ(x, b());
  EXPECT_NE(x, c());
  EXPECT_NE(x, d());
  ItemRng r(1);
  for (int i = 0; i < 1000; ++i) EXPECT_LT(below(r, 9), 9u);
}

TEST(GenerateRegistry, TableAndLookup) {
  ASSERT_GE(generators().size(), 3u);
  for (const char* n : {"restart", "restart-dfs", "guided"}) EXPECT_NE(find_generator(n), nullptr) << n;
  EXPECT_EQ(find_generator("nope"), nullptr);
  EXPECT_EQ(suggest_generator("restrat"), "restart");
  EXPECT_EQ(suggest_generator("guide"), "guided");
}

TEST(Generators, MakeValidFullGridsOfEverySupportedSize) {
  for (const GeneratorInfo& info : generators()) {
    auto gen = info.make();
    for (int box = 2; box <= 4; ++box) {
      if (!info.supports(box)) continue;
      const int count = box == 4 ? 2 : 20;
      for (int i = 0; i < count; ++i) {
        auto rng = item_rng(11, static_cast<uint64_t>(i));
        Grid g;
        GenStats st;
        ASSERT_TRUE(gen->fill(box, rng, g, st)) << info.name;
        expect_full_grid(g, box);
        EXPECT_GE(st.placements, static_cast<uint64_t>(g.cells())) << info.name;
      }
    }
  }
  // 25x25 with the fast method.
  auto gen = make_restart_dfs_generator();
  auto rng = item_rng(1, 0);
  Grid g;
  GenStats st;
  ASSERT_TRUE(gen->fill(5, rng, g, st));
  expect_full_grid(g, 5);
}

TEST(Generators, DifferentItemsDifferSameItemRepeats) {
  for (const GeneratorInfo& info : generators()) {
    auto gen = info.make();
    std::set<std::string> seen;
    for (int i = 0; i < 20; ++i) {
      auto rng = item_rng(5, static_cast<uint64_t>(i));
      Grid g;
      GenStats st;
      ASSERT_TRUE(gen->fill(3, rng, g, st));
      seen.insert(to_line(g));
    }
    EXPECT_EQ(seen.size(), 20u) << info.name;
    // Same stream, fresh worker: same grid.
    auto other = info.make();
    auto r1 = item_rng(5, 0), r2 = item_rng(5, 0);
    Grid a, b;
    GenStats s1, s2;
    gen->fill(3, r1, a, s1);
    other->fill(3, r2, b, s2);
    EXPECT_EQ(a, b) << info.name;
    EXPECT_EQ(s1.placements, s2.placements);
  }
}

TEST(Generators, RestartCountersAreSane) {
  auto gen = make_restart_generator();
  uint64_t total_restarts = 0;
  const int n = 50;
  for (int i = 0; i < n; ++i) {
    auto rng = item_rng(3, static_cast<uint64_t>(i));
    Grid g;
    GenStats st;
    ASSERT_TRUE(gen->fill(3, rng, g, st));
    // Every pass writes at most 81 digits and a completed pass exactly 81.
    EXPECT_GE(st.placements, 81u);
    EXPECT_LE(st.placements, 81u * (st.restarts + 1));
    EXPECT_GT(st.placements, st.restarts);  // a pass places at least digit 1 in row 1
    total_restarts += st.restarts;
  }
  // The blog's method gets stuck far more often than not.
  EXPECT_GT(total_restarts, static_cast<uint64_t>(n));
  // The fast method rarely restarts.
  auto dfs = make_restart_dfs_generator();
  uint64_t dfs_restarts = 0;
  for (int i = 0; i < n; ++i) {
    auto rng = item_rng(3, static_cast<uint64_t>(i));
    Grid g;
    GenStats st;
    ASSERT_TRUE(dfs->fill(3, rng, g, st));
    dfs_restarts += st.restarts;
  }
  EXPECT_LT(dfs_restarts, total_restarts);
}

TEST(Reduce, MinimalUniquePuzzlesCheckedByAnotherSolver) {
  auto gen = make_restart_dfs_generator();
  auto checker = make_solver("propagation");
  auto verifier = make_solver("dlx");
  Reducer red;
  for (int i = 0; i < 15; ++i) {
    auto rng = item_rng(21, static_cast<uint64_t>(i));
    Grid full;
    GenStats st;
    ASSERT_TRUE(gen->fill(3, rng, full, st));
    const Grid p = red.reduce(full, ReduceOptions{}, rng, *checker, st.checks);
    const Result r = verifier->solve(p, Limits{2, kDefaultBudget});
    EXPECT_EQ(r.status, Status::unique) << to_line(p);
    EXPECT_EQ(test::grid(r.answer), full);
    EXPECT_TRUE(is_minimal(p, *verifier)) << to_line(p);
    EXPECT_LE(p.clues(), 32);
    EXPECT_GE(p.clues(), 17);
  }
}

TEST(Reduce, SymmetryHoldsAndNoOrbitCanGo) {
  auto gen = make_restart_dfs_generator();
  auto checker = make_solver("propagation");
  auto verifier = make_solver("dlx");
  Reducer red;
  for (Symmetry s : {Symmetry::rotate180, Symmetry::rotate90, Symmetry::mirror, Symmetry::diagonal}) {
    for (int i = 0; i < 4; ++i) {
      auto rng = item_rng(99, static_cast<uint64_t>(i));
      Grid full;
      GenStats st;
      ASSERT_TRUE(gen->fill(3, rng, full, st));
      ReduceOptions opt;
      opt.symmetry = s;
      const Grid p = red.reduce(full, opt, rng, *checker, st.checks);
      EXPECT_TRUE(has_symmetry(p, s)) << to_string(s) << " " << to_line(p);
      EXPECT_TRUE(is_unique(p, *verifier)) << to_line(p);
      // Minimal for the symmetry: removing any given together with its images breaks uniqueness.
      for (int c = 0; c < p.cells(); ++c) {
        if (p[c] == 0) continue;
        Grid q = p;
        for (int x = c, k = 0; k < 4; x = symmetric_cell(s, x, 9), ++k) q.set(x, 0);
        EXPECT_FALSE(is_unique(q, *verifier)) << to_string(s) << " cell " << c;
      }
    }
  }
  // A symmetry pattern is not always there by chance.
  Grid g(3);
  g.set(0, 1);
  EXPECT_FALSE(has_symmetry(g, Symmetry::rotate180));
  EXPECT_TRUE(has_symmetry(g, Symmetry::diagonal));
}

TEST(Reduce, ClueTargetIsMetExactly) {
  auto gen = make_restart_dfs_generator();
  auto checker = make_solver("propagation");
  auto verifier = make_solver("dlx");
  Reducer red;
  for (int target : {40, 30, 27}) {
    auto rng = item_rng(4, static_cast<uint64_t>(target));
    Grid full;
    GenStats st;
    ASSERT_TRUE(gen->fill(3, rng, full, st));
    ReduceOptions opt;
    opt.target_clues = target;
    const Grid p = red.reduce(full, opt, rng, *checker, st.checks);
    EXPECT_EQ(p.clues(), target);
    EXPECT_TRUE(is_unique(p, *verifier));
  }
}

TEST(Reduce, OtherSizes) {
  auto gen = make_restart_dfs_generator();
  auto dlx = make_solver("dlx");
  auto bt = make_solver("backtracking");
  Reducer red;
  for (int i = 0; i < 10; ++i) {  // 4x4 minimal, checked by dlx, verified by backtracking
    auto rng = item_rng(6, static_cast<uint64_t>(i));
    Grid full;
    GenStats st;
    ASSERT_TRUE(gen->fill(2, rng, full, st));
    const Grid p = red.reduce(full, ReduceOptions{}, rng, *dlx, st.checks);
    EXPECT_TRUE(is_minimal(p, *bt)) << to_line(p);
  }
  {  // 16x16 down to 120 clues
    auto rng = item_rng(6, 100);
    Grid full;
    GenStats st;
    ASSERT_TRUE(gen->fill(4, rng, full, st));
    ReduceOptions opt;
    opt.target_clues = 120;
    const Grid p = red.reduce(full, opt, rng, *dlx, st.checks);
    EXPECT_EQ(p.clues(), 120);
    const Result r = bt->solve(p, Limits{2, kDefaultBudget});
    EXPECT_EQ(r.status, Status::unique);
    EXPECT_EQ(test::grid(r.answer), full);
  }
}

// The removal test of an ExcludingSolver (wide): one search a removed cell, CDCL past its
// budget. Its puzzles are minimal and unique by dlx, keep their symmetry, and meet a target.
TEST(Reduce, ExcludingTestMakesMinimalPuzzlesByDlx) {
  auto gen = make_restart_dfs_generator();
  auto wide = make_solver("wide");
  auto* excluding = dynamic_cast<ExcludingSolver*>(wide.get());
  ASSERT_NE(excluding, nullptr);
  auto dlx = make_solver("dlx");
  Reducer red;
  const Stop stop;
  for (int i = 0; i < 12; ++i) {
    auto rng = item_rng(21, static_cast<uint64_t>(i));
    Grid full;
    GenStats st;
    ASSERT_TRUE(gen->fill(3, rng, full, st));
    ReduceOptions opt;
    if (i % 3 == 2) opt.symmetry = Symmetry::rotate180;
    uint64_t checks = 0;
    const Grid p = red.reduce(full, opt, rng, *excluding, stop, checks);
    const Result r = dlx->solve(p, Limits{2});
    ASSERT_EQ(r.status, Status::unique) << to_line(p);
    EXPECT_EQ(test::grid(r.answer), full);
    EXPECT_TRUE(has_symmetry(p, opt.symmetry)) << to_line(p);
    for (int c = 0; c < p.cells(); ++c) {  // no orbit can go (with none: no given)
      if (p[c] == 0) continue;
      Grid q = p;
      q.set(c, 0);
      q.set(symmetric_cell(opt.symmetry, c, 9), 0);
      EXPECT_FALSE(is_unique(q, *dlx)) << to_line(p) << " cell " << c;
    }
    EXPECT_GE(checks, static_cast<uint64_t>(81 / (i % 3 == 2 ? 2 : 1)));
  }
  // 25x25 down to a target: unique by dlx, with the full grid as its solution.
  auto rng = item_rng(5, 1);
  Grid full;
  GenStats st;
  ASSERT_TRUE(gen->fill(5, rng, full, st));
  ReduceOptions opt;
  opt.target_clues = 340;
  uint64_t checks = 0;
  const Grid p = red.reduce(full, opt, rng, *excluding, stop, checks);
  EXPECT_EQ(p.clues(), 340);
  const Result r = dlx->solve(p, Limits{2});
  EXPECT_EQ(r.status, Status::unique);
  EXPECT_EQ(test::grid(r.answer), full);
}

// The CDCL test agrees with dlx: whether a puzzle has a solution with a cell not holding a
// digit is, for dlx, whether the puzzle with one of the other digits written there has one.
TEST(SatRemovalCheck, AgreesWithDlx) {
  auto gen = make_restart_dfs_generator();
  auto dlx = make_solver("dlx");
  SatRemovalCheck sat;
  const Stop stop;
  int found[2] = {0, 0};
  for (const int box : {2, 3, 4}) {
    const int n = box * box, cells = n * n;
    for (int i = 0; i < 30; ++i) {
      auto rng = item_rng(77, static_cast<uint64_t>(box * 100 + i));
      Grid p;
      GenStats st;
      ASSERT_TRUE(gen->fill(box, rng, p, st));
      // A quarter to two thirds of the givens away: unique, multiple, or (a digit changed) none.
      const int away = cells / 4 + static_cast<int>(below(rng, static_cast<uint32_t>(cells * 5 / 12)));
      for (int k = 0; k < away; ++k) p.set(static_cast<int>(below(rng, static_cast<uint32_t>(cells))), 0);
      if (i % 5 == 4)
        for (int c = 0; c < cells; ++c)
          if (p[c] != 0) {
            p.set(c, p[c] % n + 1);
            break;
          }
      int cell = static_cast<int>(below(rng, static_cast<uint32_t>(cells)));
      while (p[cell] != 0) cell = (cell + 1) % cells;
      const int digit = 1 + static_cast<int>(below(rng, static_cast<uint32_t>(n)));
      bool exists = false;
      for (int d = 1; d <= n && !exists; ++d) {
        if (d == digit) continue;
        Grid q = p;
        q.set(cell, d);
        exists = dlx->solve(q, Limits{1}).status == Status::solved;
      }
      const Status s = sat.check(p, cell, digit, stop);
      EXPECT_EQ(s, exists ? Status::multiple : Status::none) << to_line(p) << " cell " << cell << " digit " << digit;
      ++found[exists ? 1 : 0];
    }
  }
  EXPECT_GT(found[0], 10);  // both answers came up
  EXPECT_GT(found[1], 10);
  // Checks as hard as a reduction's last ones: minimal 16x16 puzzles (dlx: unique) with a
  // given taken away (dlx: multiple, or minimal they are not), and an empty cell that may not
  // hold its solution's digit (none: the puzzle is unique).
  for (const auto& rec : test::load(test::dataset("sudoku16_minimal.txt"), 3)) {
    const Grid& p = rec.parsed.puzzle;
    ASSERT_TRUE(rec.parsed.known.solution.has_value());
    const Grid& solution = *rec.parsed.known.solution;
    int given = 0, empty = 0;
    while (p[given] == 0) ++given;
    while (p[empty] != 0) ++empty;
    Grid fewer = p;
    fewer.set(given, 0);
    EXPECT_EQ(sat.check(fewer, given, p[given], stop), dlx->solve(fewer, Limits{2, 0}).status) << rec.line;
    EXPECT_EQ(dlx->solve(p, Limits{2, 0}).status, Status::unique);
    EXPECT_EQ(sat.check(p, empty, solution[empty], stop), Status::none) << rec.line;
  }
  EXPECT_GT(sat.conflicts(), 0u);
  // A stop that has fired ends a check at once.
  const std::atomic<bool> flag{true};
  Stop fired;
  fired.flag = &flag;
  Grid empty(4);
  EXPECT_EQ(sat.check(empty, 0, 1, fired), Status::budget_exceeded);
  std::vector<uint32_t> open(16, 0xfu);
  EXPECT_EQ(sat.check(2, open, nullptr, fired), Status::budget_exceeded);
}

// The check on the candidates wide's excluding search left at its root, with the full grid as
// the first phase, answers as the check on the givens (and dlx), on checks wide does not settle
// in two nodes: minimal 16x16 puzzles without one given, the given's digit excluded (another
// solution), and whole, an empty cell's digit excluded (none).
TEST(SatRemovalCheck, FromWideRootAgreesWithGivens) {
  auto wide = make_solver("wide");
  auto* excluding = dynamic_cast<ExcludingSolver*>(wide.get());
  ASSERT_NE(excluding, nullptr);
  auto dlx = make_solver("dlx");
  SatRemovalCheck sat;
  const Stop stop;
  std::vector<uint32_t> cand;
  int branched = 0, unsolved = 0;  // checks past wide's two nodes: another solution, none
  for (const auto& rec : test::load(test::dataset("sudoku16_minimal.txt"), 4)) {
    const Grid& p = rec.parsed.puzzle;
    ASSERT_TRUE(rec.parsed.known.solution.has_value());
    const Grid& solution = *rec.parsed.known.solution;
    for (int given = 0, tried = 0; given < p.cells() && tried < 6; ++given) {
      if (p[given] == 0) continue;
      ++tried;
      Grid fewer = p;
      fewer.set(given, 0);
      const Status quick = excluding->solve_excluding(fewer, given, p[given], solution, Limits{1, 2}, cand).status;
      if (quick != Status::budget_exceeded) continue;
      ++branched;
      ASSERT_EQ(cand.size(), static_cast<std::size_t>(p.cells()));
      for (int c = 0; c < p.cells(); ++c) {
        EXPECT_NE(cand[c], 0u) << rec.line << " cell " << c;
        if (fewer[c] != 0) {
          EXPECT_EQ(cand[c], 1u << (fewer[c] - 1)) << rec.line << " cell " << c;
        }
      }
      EXPECT_EQ(cand[given] >> (p[given] - 1) & 1u, 0u);
      const Status root = sat.check(p.box(), cand, &solution, stop);
      EXPECT_EQ(root, sat.check(fewer, given, p[given], stop)) << rec.line << " given " << given;
      EXPECT_EQ(root, dlx->solve(fewer, Limits{2, 0}).status) << rec.line << " given " << given;
    }
    for (int empty = 0, tried = 0; empty < p.cells() && tried < 6; ++empty) {
      if (p[empty] != 0) continue;
      ++tried;
      if (excluding->solve_excluding(p, empty, solution[empty], solution, Limits{1, 2}, cand).status !=
          Status::budget_exceeded)
        continue;
      ++unsolved;
      EXPECT_EQ(sat.check(p.box(), cand, &solution, stop), Status::none) << rec.line << " cell " << empty;
    }
  }
  EXPECT_GT(branched, 3);
  EXPECT_GT(unsolved, 3);
}

std::vector<std::string> run_driver(const GenerateSpec& spec, uint64_t count, int threads,
                                    std::size_t slice) {
  std::vector<std::string> lines;
  run::GenerateConfig cfg;
  cfg.count = count;
  cfg.threads = threads;
  cfg.slice_items = slice;
  cfg.make_worker = [&spec] { return make_generate_worker(spec); };
  cfg.on_items = [&](const std::vector<GenItem>& items) {
    for (const GenItem& it : items) {
      EXPECT_EQ(it.index, lines.size());
      EXPECT_EQ(it.problem, "");
      lines.push_back(it.line);
    }
  };
  const run::GenerateReport rep = generate(cfg);
  EXPECT_EQ(rep.items, count);
  return lines;
}

TEST(GenerateDriver, SameOutputWhateverThreadsAndSlices) {
  GenerateSpec spec;
  spec.generator = find_generator("restart-dfs");
  spec.checker = find_builtin("propagation");
  spec.verifier = find_builtin("dlx");  // every item verified by a different solver
  spec.seed = 42;
  spec.solutions = true;
  const auto a = run_driver(spec, 120, 1, 64);
  const auto b = run_driver(spec, 120, 2, 7);
  EXPECT_EQ(a, b);
  spec.seed = 43;
  EXPECT_NE(run_driver(spec, 10, 2, 3), std::vector<std::string>(a.begin(), a.begin() + 10));
  // The blog's methods too, and grids.
  spec.seed = 42;
  spec.generator = find_generator("restart");
  spec.grids = true;
  EXPECT_EQ(run_driver(spec, 100, 1, 64), run_driver(spec, 100, 2, 5));
  spec.generator = find_generator("guided");
  spec.grids = false;
  spec.reduce.symmetry = Symmetry::rotate180;
  EXPECT_EQ(run_driver(spec, 10, 1, 64), run_driver(spec, 10, 2, 1));
}

GenerateSpec range_spec(int lo, int hi) {
  GenerateSpec spec;
  spec.generator = find_generator("restart-dfs");
  spec.checker = find_builtin("propagation");
  spec.verifier = find_builtin("dlx");  // a problem if dlx disagrees (not unique, other solution)
  spec.seed = 17;
  spec.solutions = true;
  spec.clues_lo = lo;
  spec.clues_hi = hi;
  return spec;
}

TEST(GenerateJob, ClueRangeTargetIsDrawnPerItemAndMet) {
  const GenerateSpec spec = range_spec(26, 34);
  auto worker = make_generate_worker(spec);
  std::vector<std::string> lines;
  std::set<int> targets;
  for (uint64_t i = 0; i < 60; ++i) {
    GenItem it;
    worker->make(i, it);
    EXPECT_TRUE(it.ok) << i;
    EXPECT_EQ(it.problem, "") << i;
    EXPECT_GE(it.target, 26) << i;
    EXPECT_LE(it.target, 34) << i;
    EXPECT_EQ(it.clues, it.target) << i;
    targets.insert(it.target);
    lines.push_back(it.line);
  }
  // Both ends of the range are drawn (60 draws over 9 values), not one value for all.
  EXPECT_EQ(*targets.begin(), 26);
  EXPECT_EQ(*targets.rbegin(), 34);
  EXPECT_GE(targets.size(), 7u);
  // Item i depends on (seed, i) alone: a fresh worker, items in reverse order, the driver on 2
  // threads with small slices.
  auto other = make_generate_worker(spec);
  for (uint64_t i = 60; i-- > 45;) {
    GenItem it;
    other->make(i, it);
    EXPECT_EQ(it.line, lines[i]) << i;
  }
  const auto two = run_driver(spec, 30, 2, 3);
  EXPECT_EQ(two, std::vector<std::string>(lines.begin(), lines.begin() + 30));
  // A single target draws nothing: every item has it.
  auto fixed = make_generate_worker(range_spec(30, 30));
  for (uint64_t i = 0; i < 5; ++i) {
    GenItem it;
    fixed->make(i, it);
    EXPECT_EQ(it.clues, 30);
    EXPECT_EQ(it.target, 30);
  }
}

TEST(GenerateJob, MinimalWithARangeKeepsMinimalPuzzlesInsideIt) {
  GenerateSpec spec = range_spec(22, 23);
  spec.minimal = true;
  auto worker = make_generate_worker(spec);
  auto dlx = make_solver("dlx");
  uint64_t attempts = 0;
  for (uint64_t i = 0; i < 6; ++i) {
    GenItem it;
    worker->make(i, it);
    EXPECT_TRUE(it.ok) << i;
    EXPECT_EQ(it.problem, "") << i;
    EXPECT_EQ(it.target, 0);  // no target drawn: a window on minimal puzzles
    Grid puzzle;
    std::string error;
    ASSERT_TRUE(puzzle::sudoku::parse_cells(std::string_view(it.line).substr(0, 81), 3, puzzle, error))  // puzzle,solution
        << it.line << error;
    EXPECT_EQ(it.clues, puzzle.clues());
    EXPECT_GE(it.clues, 22) << it.line;
    EXPECT_LE(it.clues, 23) << it.line;
    EXPECT_TRUE(is_minimal(puzzle, *dlx)) << it.line;
    attempts += it.stats.attempts;
  }
  EXPECT_GT(attempts, 6u);  // minimal 9x9 puzzles average about 24 clues: some fall outside
}

TEST(GenerateJob, MissedRangeTargetIsKeptUntilMaxAttempts) {
  GenerateSpec spec = range_spec(17, 19);  // random removals practically never get this low
  spec.max_attempts = 3;
  auto worker = make_generate_worker(spec);
  for (uint64_t i = 0; i < 4; ++i) {
    GenItem it;
    worker->make(i, it);
    EXPECT_FALSE(it.ok) << i;
    EXPECT_EQ(it.stats.attempts, 3u);
    EXPECT_GE(it.target, 17);
    EXPECT_LE(it.target, 19);
    EXPECT_GT(it.clues, it.target);  // the last attempt's count: minimal above the target
    EXPECT_EQ(it.problem, "") << i;
    // No puzzle in the output: a comment in the item's place that says what was missed.
    EXPECT_EQ(it.line, fmt::format("# missed item {}: {} clues not met after 3 grids (last: {} clues)\n", i,
                                   it.target, it.clues));
  }
}

TEST(Transform, KeepsValidityUniquenessAndCounts) {
  auto dlx = make_solver("dlx");
  const auto recs = test::load(test::shared("tdoku_test_puzzles.csv"));
  ASSERT_GT(recs.size(), 30u);
  ItemRng rng(5);
  for (const auto& rec : recs) {
    const Grid& p = rec.parsed.puzzle;
    const Result before = dlx->solve(p, Limits{1000, kDefaultBudget});
    for (int k = 0; k < 3; ++k) {
      const Transform t = Transform::random(3, rng);
      const Grid q = t.apply(p);
      EXPECT_EQ(q.clues(), p.clues());
      EXPECT_EQ(find_conflict(q).has_value(), find_conflict(p).has_value());
      const Result after = dlx->solve(q, Limits{1000, kDefaultBudget});
      EXPECT_EQ(after.status, before.status) << to_line(p);
      EXPECT_EQ(after.solutions, before.solutions) << to_line(p);
      if (rec.parsed.known.solution && after.status == Status::unique) {
        EXPECT_EQ(test::grid(after.answer), t.apply(*rec.parsed.known.solution));
      }
    }
  }
  // Full grids stay valid at every size; the identity is the identity.
  auto gen = make_restart_dfs_generator();
  for (int box = 2; box <= 5; ++box) {
    Grid g;
    GenStats st;
    ASSERT_TRUE(gen->fill(box, rng, g, st));
    EXPECT_EQ(Transform::identity(box).apply(g), g);
    expect_full_grid(Transform::random(box, rng).apply(g), box);
  }
}

TEST(GenerateCli, DeterministicAcrossThreadsAndVerified) {
  test::TempDir dir;
  const std::string a = dir.path("a.txt"), b = dir.path("b.txt"), s = dir.path("s.csv");
  auto r1 = test::command("generate -n 300 --seed 9 -j 1 --verify -o " + a + " --stats " + s);
  ASSERT_EQ(r1.exit_code, 0) << r1.out;
  auto r2 = test::command("generate -n 300 --seed 9 -j 2 --verify -o " + b);
  ASSERT_EQ(r2.exit_code, 0) << r2.out;
  const std::string ta = test::slurp(a);
  EXPECT_EQ(ta, test::slurp(b));
  EXPECT_EQ(std::count(ta.begin(), ta.end(), '\n'), 300);
  const std::string st = test::slurp(s);
  EXPECT_NE(st.find("index,method,attempts,restarts,placements,checks,time_ns,clues,target,reached\n"),
            std::string::npos);
  EXPECT_NE(st.find("\n299,restart-dfs,"), std::string::npos);
  // The output is a dataset 'solve' reads: every puzzle unique.
  auto solved = test::command("solve " + a + " -s dlx --limit 2 -j 2");
  EXPECT_EQ(solved.exit_code, 0) << solved.out;
  EXPECT_NE(solved.out.find("300"), std::string::npos);
  // Grids, other sizes, symmetry, clue targets.
  for (const std::string args :
       {"--grids -m restart", "--grids --size 16", "--size 4 --verify", "--symmetry rotate90 --verify",
        "--clues 30 --verify", "--size 16 --clues 160 --verify"}) {
    const std::string n = args.find("16") != std::string::npos ? "2" : "20";
    auto r = test::command("generate -n " + n + " " + args + " -o " + dir.path("x.txt"));
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.out;
  }
}

// generate's help says, for each kind, the checker and budget a run takes when none is named:
// the row's words name the checker and the budget its plan writes in the provenance, and the
// help puts each row's after its name, in the table's order.
TEST(GenerateCli, HelpSaysEachKindsDefaultChecker) {
  const std::string help = generate_defaults_help(&GenerateDefaults::checker);
  std::size_t at = 0;
  Kinds::each([&](auto row) {
    using R = decltype(row);
    GenerateOptions opt;
    opt.kind = std::string(R::name);
    const GeneratePlan plan = plan_generate(opt, OptionStyle::cli);
    std::string checker, budget;
    for (const auto& line : plan.provenance) {
      if (line.first == "checker") checker = line.second;
      if (line.first == "check budget") budget = line.second.substr(0, line.second.find(' '));
    }
    const std::string words = R::generate_defaults().checker;
    ASSERT_FALSE(checker.empty()) << R::name;
    EXPECT_EQ(words.rfind(checker, 0), 0u) << R::name << ": " << words;
    EXPECT_NE(words.find(budget + " nodes"), std::string::npos) << R::name << ": " << words;
    const std::size_t found = help.find(words);
    ASSERT_NE(found, std::string::npos) << help;
    EXPECT_GE(found, at) << help;
    at = found;
  });
}

TEST(GenerateCli, MaxAttemptsHelpSaysWhatEachKindTries) {
  const auto r = test::command("generate --help");
  ASSERT_EQ(r.exit_code, 0);
  const std::string help = generate_defaults_help(&GenerateDefaults::attempts);
  Kinds::each([&](auto row) {
    using R = decltype(row);
    const std::string words = R::generate_defaults().attempts;
    ASSERT_FALSE(words.empty()) << R::name;
    EXPECT_NE(help.find(words), std::string::npos) << help;
  });
  // CLI11 wraps the help: compare it with its spaces and line breaks folded.
  const auto fold = [](const std::string& s) {
    std::string out;
    for (char c : s)
      if (!std::isspace(static_cast<unsigned char>(c))) out += c;
    return out;
  };
  EXPECT_NE(fold(r.out).find(fold("Tries per puzzle; a try is " + help)), std::string::npos) << r.out;
}

TEST(GenerateCli, Errors) {
  auto r = test::command("generate -n 5 -m restrat");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("did you mean 'restart'"), std::string::npos) << r.out;
  r = test::command("generate -n 5 --difficulty hardest");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("unknown level 'hardest'; levels: easy (1.0-1.9), medium (2.0-2.9)"), std::string::npos) << r.out;
  r = test::command("generate -n 5 --difficulty hard --grids");
  EXPECT_EQ(r.exit_code, 2);
  r = test::command("generate -n 5 --difficulty hard --size 16");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("9x9"), std::string::npos) << r.out;
  r = test::command("generate -n 5 -m restart --size 16");
  EXPECT_EQ(r.exit_code, 2);
  r = test::command("generate -n 5 --symmetry spiral");
  EXPECT_EQ(r.exit_code, 2);
}

TEST(GenerateCli, ClueRangeRespectedDeterministicAndUnique) {
  test::TempDir dir;
  const std::string a = dir.path("a.txt"), b = dir.path("b.txt"), s = dir.path("s.csv");
  const std::string args = "generate -n 40 --clues 25-32 --seed 11 --solutions ";
  auto r1 = test::command(args + "-j 1 -o " + a + " --stats " + s);
  ASSERT_EQ(r1.exit_code, 0) << r1.out;
  EXPECT_NE(r1.out.find("unique 9x9 puzzles of 25-32 clues"), std::string::npos) << r1.out;
  auto r2 = test::command(args + "-j 2 -o " + b);
  ASSERT_EQ(r2.exit_code, 0) << r2.out;
  EXPECT_EQ(test::slurp(a), test::slurp(b));
  // Every puzzle inside the range and unique by dlx (the checker was propagation), with the
  // solution written beside it.
  auto dlx = make_solver("dlx");
  const auto recs = test::load(a);
  ASSERT_EQ(recs.size(), 40u);
  std::set<int> counts;
  for (const auto& rec : recs) {
    ASSERT_EQ(rec.parsed.error, "") << rec.line;
    const int clues = rec.parsed.puzzle.clues();
    EXPECT_GE(clues, 25) << rec.line;
    EXPECT_LE(clues, 32) << rec.line;
    counts.insert(clues);
    const Result r = dlx->solve(rec.parsed.puzzle, Limits{2, kDefaultBudget});
    EXPECT_EQ(r.status, Status::unique) << rec.line;
    ASSERT_TRUE(rec.parsed.known.solution.has_value());
    EXPECT_EQ(test::grid(r.answer), *rec.parsed.known.solution) << rec.line;
  }
  EXPECT_GE(counts.size(), 6u);  // spread over the range
  const std::string st = test::slurp(s);
  EXPECT_NE(st.find("# clues: 25-32\n"), std::string::npos) << st;
  EXPECT_EQ(st.find(",0\n"), std::string::npos) << st;  // every item reached its target
  // A missed target: no puzzle but a '# missed item' line after --max-attempts grids, a summary
  // that counts none as made, reached 0, exit 1.
  auto missed = test::command("generate -n 2 --clues 17-18 --max-attempts 2 -o " + b + " --stats " + s);
  EXPECT_EQ(missed.exit_code, 1) << missed.out;
  EXPECT_NE(missed.out.find("generate: 0 unique 9x9 puzzles of 17-18 clues; 2 of 2 items missed the clue target"),
            std::string::npos) << missed.out;
  EXPECT_NE(missed.out.find("error: 2 item(s) missed the clue target"), std::string::npos) << missed.out;
  EXPECT_EQ(missed.out.find("clues: mean"), std::string::npos) << missed.out;  // no puzzle to describe
  EXPECT_NE(test::slurp(s).find(",0\n"), std::string::npos);
  const std::string text = test::slurp(b);
  EXPECT_TRUE(text.starts_with("# missed item 0: ")) << text;
  EXPECT_NE(text.find("\n# missed item 1: "), std::string::npos) << text;
  EXPECT_TRUE(test::load(b).empty());  // a reader of puzzles finds none
}

TEST(GenerateCli, MissedItemsKeepTheirPlaceForResumeAndMerge) {
  // Items 0-5 of --clues 22-30 --max-attempts 1: some meet their drawn target, some miss it.
  test::TempDir dir;
  const std::string whole = dir.path("whole.txt"), out = dir.path("out.txt");
  const std::string args = "generate -n 6 --clues 22-30 --max-attempts 1 --seed 5 -j 1 ";
  const auto w = test::command(args + "-o " + whole);
  EXPECT_EQ(w.exit_code, 1) << w.out;
  const std::string text = test::slurp(whole);
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t nl = text.find('\n', at);
    lines.push_back(text.substr(at, nl + 1 - at));
    at = nl + 1;
  }
  ASSERT_EQ(lines.size(), 6u) << text;
  std::size_t first_missed = lines.size(), met = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].starts_with("# missed item " + std::to_string(i) + ": ")) first_missed = std::min(first_missed, i);
    else ++met;
  }
  ASSERT_LT(first_missed, lines.size()) << text;
  ASSERT_GT(met, 0u) << text;
  EXPECT_NE(w.out.find(fmt::format("generate: {} unique", met)), std::string::npos) << w.out;
  // A partial that ends on a missed item: --resume counts it as an item and remakes it.
  std::string head;
  for (std::size_t i = 0; i <= first_missed; ++i) head += lines[i];
  test::spill(out + ".partial", head);
  const auto r = test::command(args + "-o " + out + " --resume");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find(fmt::format("resuming: {} items kept", first_missed + 1)), std::string::npos) << r.out;
  EXPECT_EQ(test::slurp(out), text);
  // Shards merged give the whole run, missed lines in place.
  const std::string p0 = dir.path("p0.txt"), p1 = dir.path("p1.txt"), merged = dir.path("m.txt");
  EXPECT_EQ(test::command(args + "--shard 0/2 -o " + p0).exit_code, 1);
  test::command(args + "--shard 1/2 -o " + p1);
  const auto m = test::command("merge " + p0 + " " + p1 + " -o " + merged);
  ASSERT_EQ(m.exit_code, 0) << m.out;
  EXPECT_EQ(test::slurp(merged), text);
}

TEST(GenerateCli, BadClueRangesAreUsageErrors) {
  const std::pair<const char*, const char*> cases[] = {
      {"--clues 30-20", "LO is above HI"},
      {"--clues 82", "has 81 cells"},
      {"--clues 20-82", "has 81 cells"},
      {"--size 4 --clues 4-17", "has 16 cells"},
      {"--clues abc", "expected K or LO-HI"},
      {"--clues 20-", "expected K or LO-HI"},
      {"--clues -20", "expected K or LO-HI"},
      {"--clues 20-30-40", "expected K or LO-HI"},
      {"--clues 2x", "expected K or LO-HI"},
      {"--clues ' 20'", "expected K or LO-HI"},
      {"--clues 0-30", "--clues 30 --minimal"},
      {"--grids --clues 20-30", "--grids makes full grids"},
  };
  for (const auto& [args, why] : cases) {
    const auto r = test::command(std::string("generate -n 1 ") + args + " -o /dev/null");
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(why), std::string::npos) << args << "\n" << r.out;
  }
  // The window form with --minimal is fine.
  const auto ok = test::command("generate -n 2 --clues 0-30 --minimal -o /dev/null");
  EXPECT_EQ(ok.exit_code, 0) << ok.out;
  EXPECT_NE(ok.out.find("(at most 30 clues)"), std::string::npos) << ok.out;
}

/// The puzzles of a generate output, each with the logic solver's status and its SE rating.
std::vector<std::pair<Status, puzzle::sudoku::se::Rating>> rate_lines(const std::string& text) {
  LogicSolver solver;
  puzzle::sudoku::se::Rater rater;
  std::vector<std::pair<Status, puzzle::sudoku::se::Rating>> out;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    const Grid g = test::parse(text.substr(at, end - at));
    at = end + 1;
    out.emplace_back(solver.solve(g, Limits{2, kDefaultBudget}).status, rater.rate(g));
  }
  return out;
}

TEST(GenerateCli, DifficultyTargetKeepsOnlyThoseLevels) {
  test::TempDir dir;
  const std::string a = dir.path("a.txt"), b = dir.path("b.txt"), s = dir.path("s.csv");
  auto r1 = test::command("generate -n 12 --seed 5 -j 1 --difficulty medium,diabolical --verify -o " + a +
                      " --stats " + s);
  ASSERT_EQ(r1.exit_code, 0) << r1.out;
  EXPECT_NE(r1.out.find("levels (ER): medium "), std::string::npos) << r1.out;
  auto r2 = test::command("generate -n 12 --seed 5 -j 2 --difficulty medium,diabolical -o " + b);
  ASSERT_EQ(r2.exit_code, 0) << r2.out;
  const std::string text = test::slurp(a);
  EXPECT_EQ(text, test::slurp(b));  // the same items whatever -j
  // Rate every written puzzle again: each is unique and at one of the two levels.
  std::set<std::string> seen;
  const auto rated = rate_lines(text);
  for (const auto& [status, r] : rated) {
    ASSERT_EQ(status, Status::unique);
    ASSERT_EQ(r.status, puzzle::sudoku::se::RatingStatus::rated);
    const std::string level(puzzle::sudoku::se::level_name(r.er));
    EXPECT_TRUE(level == "medium" || level == "diabolical") << level;
    seen.insert(level);
  }
  EXPECT_EQ(rated.size(), 12u);
  EXPECT_EQ(seen.size(), 2u);  // both levels turn up in 12 items of this seed
  const std::string st = test::slurp(s);
  EXPECT_NE(st.find("clues,target,reached,er,level\n"), std::string::npos) << st;
  EXPECT_NE(st.find("# difficulty: medium,diabolical"), std::string::npos) << st;
  EXPECT_EQ(st.find(",unrated"), std::string::npos);
  EXPECT_NE(st.find(",1,"), std::string::npos);
}

TEST(GenerateCli, ErBandKeepsOnlyPuzzlesRatedInIt) {
  test::TempDir dir;
  const std::string a = dir.path("a.txt"), b = dir.path("b.txt"), s = dir.path("s.csv");
  auto r1 = test::command("generate -n 10 --seed 3 -j 1 --er 4.0-5.9 -o " + a + " --stats " + s);
  ASSERT_EQ(r1.exit_code, 0) << r1.out;
  auto r2 = test::command("generate -n 10 --seed 3 -j 2 --er 4.0-5.9 -o " + b);
  ASSERT_EQ(r2.exit_code, 0) << r2.out;
  const std::string text = test::slurp(a);
  EXPECT_EQ(text, test::slurp(b));  // the same items whatever -j
  const auto rated = rate_lines(text);
  ASSERT_EQ(rated.size(), 10u);
  std::set<int> ers;
  for (const auto& [status, r] : rated) {
    EXPECT_EQ(status, Status::unique);
    EXPECT_GE(r.er, 40);
    EXPECT_LE(r.er, 59);
    ers.insert(r.er);
    // The stats file says the same ER.
    EXPECT_NE(test::slurp(s).find(fmt::format(",{}.{},", r.er / 10, r.er % 10)), std::string::npos);
  }
  EXPECT_GE(ers.size(), 2u);  // a band, not one value
  EXPECT_NE(test::slurp(s).find("# er: 4.0-5.9"), std::string::npos);
  // A band random minimal puzzles do not reach: no file claims it.
  const auto hard = test::command("generate -n 1 --seed 7 --er 10.0-12 --max-attempts 3 -o " + b);
  EXPECT_EQ(hard.exit_code, 1) << hard.out;
  EXPECT_NE(hard.out.find("generate: 0 minimal unique 9x9 puzzles, ER 10.0-12; 1 of 1 items missed"),
            std::string::npos) << hard.out;
  EXPECT_TRUE(test::slurp(b).starts_with("# missed item 0: ER 10.0-12.0 not met after 3 grids (last: ")) << test::slurp(b);
  for (const char* bad : {"--er 9.9-7", "--er hard", "--er 0.5", "--er 7.25", "--er 7-8 --grids"}) {
    const auto r = test::command(std::string("generate -n 1 ") + bad);
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.out;
    EXPECT_NE(r.out.find("--er"), std::string::npos) << bad << ": " << r.out;
  }
}

TEST(TransformCli, MakesValidUniquePuzzlesDeterministically) {
  test::TempDir dir;
  const std::string src = test::shared("17_clue.txt");
  const std::string a = dir.path("a.txt"), b = dir.path("b.txt");
  auto r1 = test::command("transform " + src + " -n 2000 --seed 3 -j 1 --verify -o " + a);
  ASSERT_EQ(r1.exit_code, 0) << r1.out;
  auto r2 = test::command("transform " + src + " -n 2000 --seed 3 -j 2 -o " + b);
  ASSERT_EQ(r2.exit_code, 0) << r2.out;
  EXPECT_EQ(test::slurp(a), test::slurp(b));
  const auto recs = test::load(a);
  ASSERT_EQ(recs.size(), 2000u);
  for (const auto& rec : recs) {
    EXPECT_EQ(rec.parsed.error, "");
    EXPECT_EQ(rec.parsed.puzzle.clues(), 17);
  }
}

}  // namespace

TEST(GenerateSearch, FilterSolvesEasyPuzzlesOnly) {
  EXPECT_TRUE(puzzle::sudoku::te1_solves(test::parse(test::kPuzzle)));
  const auto hard = test::load(test::shared("forum_hardest_1106.txt"), 3);
  for (const auto& rec : hard) EXPECT_FALSE(puzzle::sudoku::te1_solves(rec.parsed.puzzle)) << rec.line;
}

TEST(GenerateSearch, FindsAreNewUniqueMinimalAndRatedAsRateSays) {
  test::TempDir dir;
  const std::string seeds = dir.path("seeds.txt"), a = dir.path("a.txt"), b = dir.path("b.txt"),
                    s = dir.path("s.csv");
  const auto recs = test::load(test::shared("forum_hardest_1106.txt"), 2);
  std::string text;
  for (const auto& r : recs) text += puzzle::sudoku::to_line(r.parsed.puzzle) + "\n";
  test::spill(seeds, text);
  const std::string args = "generate --from " + seeds + " -n 4 --er 10.0-20 ";
  auto r1 = test::command(args + "-j 1 -o " + a + " --stats " + s);
  ASSERT_EQ(r1.exit_code, 0) << r1.out;
  EXPECT_NE(r1.out.find("generate: 4 new puzzles of ER 10.0-20.0 from 2 seeds"), std::string::npos) << r1.out;
  auto r2 = test::command(args + "-j 2 -o " + b);
  ASSERT_EQ(r2.exit_code, 0) << r2.out;
  EXPECT_EQ(test::slurp(a), test::slurp(b));  // the same finds whatever -j
  auto dlx = make_solver("dlx");
  std::set<std::string> forms;
  for (const auto& rec : recs) forms.insert(puzzle::sudoku::to_line(puzzle::sudoku::minlex(rec.parsed.puzzle)));
  const std::string found = test::slurp(a);
  const auto rated = rate_lines(found);
  ASSERT_EQ(rated.size(), 4u) << found;
  const std::string st = test::slurp(s);
  std::size_t i = 0;
  for (std::size_t at = 0; at < found.size(); ++i) {
    const std::size_t end = found.find('\n', at);
    const Grid g = test::parse(found.substr(at, end - at));
    at = end + 1;
    EXPECT_EQ(rated[i].first, Status::unique);
    EXPECT_TRUE(is_minimal(g, *dlx));
    EXPECT_GE(rated[i].second.er, 100);
    EXPECT_TRUE(forms.insert(puzzle::sudoku::to_line(puzzle::sudoku::minlex(g))).second) << "not new: " << i;
    const auto& rt = rated[i].second;
    EXPECT_NE(st.find(fmt::format("\n{},", i)), std::string::npos);
    EXPECT_NE(st.find(fmt::format(",{},{},{}\n", puzzle::sudoku::se::tenths_text(rt.er),
                                  puzzle::sudoku::se::tenths_text(rt.ep), puzzle::sudoku::se::tenths_text(rt.ed))),
              std::string::npos) << st;
  }
  // A band no neighbour reaches: the search runs out of parents, says so, exits 1.
  auto none = test::command("generate --from " + seeds + " -n 1 --er 19.0-20 -j 1 -o " + b);
  EXPECT_EQ(none.exit_code, 1) << none.out;
  EXPECT_NE(none.out.find("generate: 0 new puzzles of ER 19.0-20.0 of the 1 asked"), std::string::npos) << none.out;
}

TEST(GenerateSearch, ResumeEndsAsTheUninterruptedRunAndRefusesAnotherSearch) {
  test::TempDir dir;
  const std::string seeds = dir.path("seeds.txt"), whole = dir.path("whole.txt"), whole_stats = dir.path("whole.csv"),
                    out = dir.path("out.txt"), stats = dir.path("out.csv");
  test::spill(seeds, puzzle::sudoku::to_line(test::load(test::shared("forum_hardest_1106.txt"), 1)[0].parsed.puzzle) + "\n");
  const std::string args = "generate --from " + seeds + " -n 3 --er 10.0-20 -j 2 ";
  const auto w = test::command(args + "-o " + whole + " --stats " + whole_stats);
  ASSERT_EQ(w.exit_code, 0) << w.out;
  const std::string text = test::slurp(whole), stats_text = test::slurp(whole_stats);
  ASSERT_EQ(text.size(), 3 * 82u) << text;
  // Stopped after its second find, with a piece of the third; the stats a row behind.
  test::spill(out + ".partial", text.substr(0, 2 * 82 + 30));
  const std::size_t second_row = stats_text.rfind("\n1,");
  ASSERT_NE(second_row, std::string::npos) << stats_text;
  test::spill(stats + ".partial", stats_text.substr(0, second_row + 1));
  const auto r = test::command(args + "-o " + out + " --stats " + stats + " --resume");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(test::has(r.out, "resuming: 1 finds kept")) << r.out;
  EXPECT_TRUE(test::has(r.out, "generate: 2 new puzzles of ER 10.0-20.0 after the 1 found before")) << r.out;
  EXPECT_EQ(test::slurp(out), text);
  EXPECT_EQ(test::data_lines(test::slurp(stats)), test::data_lines(stats_text));
  // A partial of puzzles this search does not make (the seed itself) is refused and kept.
  const std::string alien = text.substr(0, 82) + test::slurp(seeds);
  test::spill(out + ".partial", alien);
  const auto bad = test::command(args + "-o " + out + " --resume");
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_TRUE(test::has(bad.out, "out.txt.partial: --resume: its find 1 is not one this search makes")) << bad.out;
  EXPECT_EQ(test::slurp(out + ".partial"), alien);
  EXPECT_EQ(test::slurp(out), text);  // the finished output of the earlier run is untouched
}

TEST(GenerateSearch, AStopEndsAnExpansionAndARatingPartWay) {
  const Grid seed = test::load(test::shared("forum_hardest_1106.txt"), 1)[0].parsed.puzzle;
  Neighbourhood n{SearchSpec{}};
  std::vector<Candidate> whole, part;
  SearchCounts counts;
  ASSERT_TRUE(n.expand(seed, nullptr, whole, counts));
  ASSERT_FALSE(whole.empty());
  std::atomic<bool> fired{true};
  Stop stop;
  stop.flag = &fired;
  EXPECT_FALSE(n.expand(seed, nullptr, part, counts, true, stop));
  EXPECT_TRUE(part.empty());  // polled before the first removal set
  // Unjudged, the same candidates; the hardest one's rating polls the stop and leaves it unjudged.
  ASSERT_TRUE(n.expand(seed, nullptr, part, counts, false));
  ASSERT_EQ(part.size(), whole.size());
  std::size_t hardest = 0;
  for (std::size_t i = 0; i < whole.size(); ++i) {
    EXPECT_FALSE(part[i].judged);
    if (whole[i].er > whole[hardest].er) hardest = i;
  }
  ASSERT_TRUE(whole[hardest].rated);
  EXPECT_FALSE(n.judge(part[hardest], nullptr, counts, stop));
  EXPECT_FALSE(part[hardest].judged);
  EXPECT_TRUE(n.judge(part[hardest], nullptr, counts));
  EXPECT_EQ(part[hardest].er, whole[hardest].er);
  // A search stopped before its first parent: no find, interrupted, not exhausted.
  const std::vector<Grid> seeds{seed};
  puzzle::run::SearchConfig cfg;
  cfg.seeds = &seeds;
  cfg.threads = 1;
  cfg.count = 5;
  cfg.stop = &fired;
  uint64_t calls = 0;
  cfg.on_find = [&](const Candidate&, uint64_t, uint64_t) { ++calls; };
  const puzzle::run::SearchReport rep = puzzle::run::search(cfg);
  EXPECT_TRUE(rep.interrupted);
  EXPECT_FALSE(rep.exhausted);
  EXPECT_EQ(rep.finds, 0u);
  EXPECT_EQ(calls, 0u);
}
