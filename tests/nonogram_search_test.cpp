// The tournament-strength nonogram search: probing, the CDCL stage's clauses, and
// the `nonogram-cdcl` solver, checked against brute force, against `nonogram-line`, and on the
// tournament sets' puzzles against their known pictures.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <sstream>
#include <tuple>
#include <utility>

#include "puzzle/rng.hpp"
#include "io/parse.hpp"
#include "io/reader.hpp"
#include "nonogram/belief.hpp"
#include "nonogram/formats.hpp"
#include "nonogram/generate.hpp"
#include "nonogram/probe.hpp"
#include "nonogram/sat.hpp"
#include "nonogram/search.hpp"
#include "puzzle/registry.hpp"
#include "nonogram_test_util.hpp"
#include "test_util.hpp"

namespace {

using test::slurp;

namespace ng = puzzle::nonogram;
using puzzle::Limits;
using puzzle::Status;

using test::brute_solutions;
using test::small_puzzles;

/// Every solution of `p` (sides up to 10), row by row over each row's placements, a column
/// dropped as soon as its runs so far leave its clue.
std::vector<ng::Picture> all_solutions(const ng::Puzzle& p) {
  const int w = p.width, h = p.height;
  std::vector<std::vector<ng::Mask>> rows(static_cast<std::size_t>(h));
  std::vector<uint8_t> runs;
  for (int r = 0; r < h; ++r)
    for (ng::Mask m = 0; m < (ng::Mask{1} << w); ++m) {
      runs.clear();
      ng::runs_of(m, w, runs);
      const auto want = p.row(r);
      if (std::equal(runs.begin(), runs.end(), want.begin(), want.end())) rows[static_cast<std::size_t>(r)].push_back(m);
    }
  std::vector<ng::Picture> out;
  ng::Picture pic(w, h);
  auto columns_fit = [&](int depth) {  // rows 0..depth-1 placed
    for (int c = 0; c < w; ++c) {
      ng::Mask col = 0;
      for (int r = 0; r < depth; ++r) col |= static_cast<ng::Mask>(pic.at(r, c)) << r;
      runs.clear();
      ng::runs_of(col, depth, runs);
      const auto want = p.column(c);
      if (depth == h) {
        if (!std::equal(runs.begin(), runs.end(), want.begin(), want.end())) return false;
        continue;
      }
      if (runs.size() > want.size()) return false;
      for (std::size_t j = 0; j < runs.size(); ++j) {
        const bool open = j + 1 == runs.size() && depth > 0 && pic.at(depth - 1, c);
        if (open ? runs[j] > want[j] : runs[j] != want[j]) return false;
      }
    }
    return true;
  };
  auto place = [&](auto&& self, int r) -> void {
    if (r == h) {
      out.push_back(pic);
      return;
    }
    for (const ng::Mask m : rows[static_cast<std::size_t>(r)]) {
      pic.set_row(r, m);
      if (columns_fit(r + 1)) self(self, r + 1);
    }
    pic.set_row(r, ng::Mask{0});
  };
  place(place, 0);
  return out;
}

// Probing only adds what every solution agrees on: after it, each known cell has its value in
// every solution, and a contradiction means no solution. On 7 x 7 to 9 x 9 random pictures,
// where line logic often stalls.
TEST(NonogramProbe, LearnsOnlyWhatEverySolutionHas) {
  puzzle::ItemRng rng(5);
  ng::Prober prober;
  int learnt = 0, contradictions = 0, solved = 0;
  for (int t = 0; t < 300; ++t) {
    const int n = 7 + static_cast<int>(puzzle::below(rng, 3));
    ng::Puzzle p = ng::clues_of(ng::random_picture(n, n, 0.5, rng));
    if (t % 3 == 0) p.runs[puzzle::below(rng, static_cast<uint32_t>(p.runs.size()))] = 1;
    const auto sols = all_solutions(p);
    ng::Board b(p);
    uint64_t solves = 0;
    if (!b.propagate(solves)) {
      EXPECT_TRUE(sols.empty()) << ng::to_id(p);
      continue;
    }
    const int before = b.unknown();
    prober.reset(p);
    const auto out = prober.run(
        b, [&](const ng::Board& s) {
          EXPECT_FALSE(ng::check_picture(p, s.picture())) << ng::to_id(p);
          return false;
        },
        puzzle::Stop{}, UINT64_MAX);
    if (out == ng::Prober::Outcome::contradiction) {
      EXPECT_TRUE(sols.empty()) << ng::to_id(p);
      ++contradictions;
      continue;
    }
    ASSERT_EQ(out, ng::Prober::Outcome::fixpoint);
    learnt += before - b.unknown();
    solved += b.unknown() == 0;
    for (const auto& s : sols)
      for (int r = 0; r < p.height; ++r)
        for (int c = 0; c < p.width; ++c)
          if (b.known(r, c)) {
            EXPECT_EQ(b.shaded(r, c), s.at(r, c)) << ng::to_id(p) << " r" << r << "c" << c;
          }
    if (b.unknown() == 0) {
      EXPECT_EQ(sols.size(), 1u) << ng::to_id(p);
    }
  }
  EXPECT_GT(learnt, 500);
  EXPECT_GT(contradictions, 5);
  EXPECT_GT(solved, 20);
}

// The clauses of the CDCL stage hold exactly for the solutions: counting with blocking
// clauses from a board after line logic alone (the stage meets unknown cells) finds each
// solution once, as brute force does.
// Before any round every message is 1/2, so every placement of a line's runs weighs the same
// and P(start_j >= s) is the share of the placements agreeing with the known cells in which
// run j starts at s or later: counted here by enumerating the line's cells.
TEST(NonogramBeliefs, StartsAreTheShareOfPlacements) {
  puzzle::ItemRng rng(48);
  std::vector<uint8_t> runs;
  for (int t = 0; t < 200; ++t) {
    const int w = 1 + static_cast<int>(puzzle::below(rng, 14)), h = 1 + static_cast<int>(puzzle::below(rng, 14));
    const ng::Picture pic = ng::random_picture(w, h, 0.3 + 0.1 * (t % 4), rng);
    const ng::Puzzle p = ng::clues_of(pic);
    ng::Board b(p);
    for (int r = 0; r < h; ++r)
      for (int c = 0; c < w; ++c)
        if (puzzle::below(rng, 4) == 0) b.set(r, c, pic.at(r, c));
    ng::Beliefs beliefs;
    beliefs.run(p, b, 0);
    std::vector<double> ge;
    for (int line = 0; line < p.lines(); ++line) {
      const int n = p.length(line);
      const auto clue = p.line(line);
      const int k = static_cast<int>(clue.size());
      const ng::Mask f = line < w ? b.col_filled(line) : b.row_filled(line - w);
      const ng::Mask bl = line < w ? b.col_blank(line) : b.row_blank(line - w);
      std::vector<double> count(static_cast<std::size_t>(k * (n + 1)), 0.0);
      double all = 0;
      for (ng::Mask m = 0; m < (ng::Mask{1} << n); ++m) {
        runs.clear();
        ng::runs_of(m, n, runs);
        if ((m & bl) != 0 || (m & f) != f || !std::equal(runs.begin(), runs.end(), clue.begin(), clue.end())) continue;
        ++all;
        int j = 0;
        for (int i = 0; i < n; ++i)
          if (((m >> i) & 1u) && (i == 0 || !((m >> (i - 1)) & 1u))) {
            for (int s = 0; s <= i; ++s) ++count[static_cast<std::size_t>(j * (n + 1) + s)];
            ++j;
          }
      }
      ASSERT_GT(all, 0);
      beliefs.starts(p, b, line, ge);
      ASSERT_EQ(ge.size(), count.size());
      for (std::size_t i = 0; i < ge.size(); ++i)
        EXPECT_NEAR(ge[i], count[i] / all, 1e-9) << ng::to_id(p) << " line " << line << " at " << i;
    }
  }
}

TEST(NonogramSat, CountsEverySolutionOnce) {
  int several = 0;
  for (const ng::Puzzle& p : small_puzzles(400, 6)) {
    const auto sols = brute_solutions(p);
    ng::Board b(p);
    uint64_t solves = 0;
    if (!b.propagate(solves)) {
      EXPECT_TRUE(sols.empty()) << ng::to_id(p);
      continue;
    }
    ng::SatStage stage;
    stage.start(p, b);
    std::vector<ng::Picture> got;
    ng::Picture pic;
    while (stage.next(pic, puzzle::Stop{}, 0) == ng::SatStage::Answer::solution) {
      EXPECT_FALSE(ng::check_picture(p, pic)) << ng::to_id(p);
      EXPECT_EQ(std::count(got.begin(), got.end(), pic), 0) << ng::to_id(p);
      got.push_back(pic);
      ASSERT_LE(got.size(), sols.size()) << ng::to_id(p);
    }
    EXPECT_EQ(got.size(), sols.size()) << ng::to_id(p);
    several += sols.size() > 1;
  }
  EXPECT_GT(several, 20);
}

// The whole solver counts exactly (limit N) and reports a valid picture.
TEST(NonogramCdcl, CountsMatchBruteForce) {
  auto solver = puzzle::find_builtin("nonogram-cdcl")->make();
  int multiple = 0, none = 0;
  for (const ng::Puzzle& p : small_puzzles(300, 7)) {
    const uint64_t want = brute_solutions(p).size();
    multiple += want > 1;
    none += want == 0;
    test::expect_counts_exactly(*solver, p, want);
  }
  EXPECT_GT(multiple, 10);
  EXPECT_GT(none, 10);
}

// Puzzles with sides across the masks' word boundaries (63 | 64, 65 .. 127 | 128, 129: one,
// two and four words a line) through every solver:
// - random pictures (70% shaded): nonogram-line and nonogram-cdcl agree at limit 2, and a
//   unique answer is the picture;
// - four rows and four columns across the boundaries with one shaded cell each, the rest
//   blank (any of the 4! matchings of rows to columns is a solution): all three solvers count
//   24 exactly.
TEST(NonogramSolvers, AgreeOnLinesLongerThanAWord) {
  auto line = puzzle::find_builtin("nonogram-line")->make();
  auto cdcl = puzzle::find_builtin("nonogram-cdcl")->make();
  auto naive = puzzle::find_builtin("nonogram-backtracking")->make();
  puzzle::ItemRng rng(65);
  int unique = 0;
  for (const auto& [w, h] : std::vector<std::pair<int, int>>{
           {63, 64}, {64, 64}, {65, 63}, {100, 100}, {127, 70}, {128, 128}, {129, 66}, {40, 129}}) {
    const ng::Picture pic = ng::random_picture(w, h, 0.7, rng);
    const ng::Puzzle p = ng::clues_of(pic);
    const auto a = line->solve(p, Limits{2, 0});
    const auto b = cdcl->solve(p, Limits{2, 0});
    EXPECT_EQ(a.status, b.status) << w << "x" << h;
    EXPECT_EQ(a.solutions, b.solutions) << w << "x" << h;
    for (const auto* r : {&a, &b}) {
      ASSERT_GT(r->solutions, 0u) << w << "x" << h;
      const ng::Picture& got = puzzle::nonogram::NonogramKind::solution(r->answer);
      EXPECT_FALSE(ng::check_picture(p, got)) << w << "x" << h;
      if (r->status == Status::unique) {
        EXPECT_EQ(got, pic) << w << "x" << h;
      }
    }
    unique += a.status == Status::unique;
  }
  EXPECT_GE(unique, 4);
  for (const auto& [w, h, rows, cols] : std::vector<std::tuple<int, int, std::vector<int>, std::vector<int>>>{
           {66, 9, {0, 2, 4, 6}, {62, 63, 64, 65}},
           {129, 4, {0, 1, 2, 3}, {63, 64, 127, 128}},
           {130, 130, {63, 64, 127, 128}, {0, 63, 64, 129}}}) {
    ng::Picture pic(w, h);
    for (std::size_t i = 0; i < rows.size(); ++i) pic.set(rows[i], cols[i]);
    const ng::Puzzle p = ng::clues_of(pic);
    test::expect_counts_exactly(*line, p, 24);
    test::expect_counts_exactly(*cdcl, p, 24);
    test::expect_counts_exactly(*naive, p, 24);
  }
}

std::vector<ng::Puzzle> load_ids(const std::string& path) {
  std::vector<ng::Puzzle> out;
  puzzle::io::PuzzleReader reader(path, 0);
  puzzle::io::RawSlice slice;
  while (reader.read(slice, 64))
    for (std::size_t i = 0; i < slice.records.size(); ++i) out.push_back(puzzle::nonogram::NonogramKind::parse_line(slice.record(i)).puzzle);
  return out;
}

// On the sets `nonogram-line` settles (sgt-pattern's, the project's), both solvers agree:
// unique, the same picture, no guess.
TEST(NonogramCdcl, AgreesWithTheLineSolver) {
  auto cdcl = puzzle::find_builtin("nonogram-cdcl")->make();
  auto line = puzzle::find_builtin("nonogram-line")->make();
  for (const char* f : {"sgt_pattern_15x15.txt", "sgt_pattern_30x30.txt", "gen_15x15_unique.txt", "gen_20x20_not_line.txt"}) {
    const auto puzzles = load_ids(test::dataset(std::string("nonogram/") + f));
    ASSERT_EQ(puzzles.size(), 100u) << f;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      const auto a = cdcl->solve(puzzles[i], Limits{2, 0});
      const auto b = line->solve(puzzles[i], Limits{2, 0});
      ASSERT_EQ(a.status, Status::unique) << f << " " << i;
      EXPECT_EQ(b.status, Status::unique) << f << " " << i;
      EXPECT_EQ(puzzle::nonogram::NonogramKind::solution(a.answer), puzzle::nonogram::NonogramKind::solution(b.answer)) << f << " " << i;
      EXPECT_EQ(a.work.guesses, 0u) << f << " " << i;
    }
  }
}

// Tournament puzzles (25 x 25, random, often with several solutions): every answer fits the
// clues; at limit 2 `unique` means the file's picture. The first puzzles of each set, and a
// stride through the rest (the sets grow harder towards their ends).
TEST(NonogramCdcl, SolvesTournamentPuzzles) {
  auto solver = puzzle::find_builtin("nonogram-cdcl")->make();
  int unique = 0, multiple = 0;
  for (const char* name : {"taai2011", "tcga2016", "icga2017"}) {
    const std::string dir = std::string(SUDOKU_SHARED_DATASETS) + "/nonogram/";
    const std::string q = slurp(dir + name + "-question.txt"), s = slurp(dir + name + "-solution.txt");
    const auto qr = ng::tournament_records(q), sr = ng::tournament_records(s);
    ASSERT_EQ(qr.size(), 1000u);
    for (std::size_t i = 0; i < qr.size(); i += i < 10 ? 1 : 199) {
      ng::Puzzle p;
      ng::Picture known;
      long number = 0;
      ng::FormatError err;
      ASSERT_TRUE(ng::parse_tournament(qr[i].text, p, number, err)) << err.message;
      ASSERT_TRUE(ng::parse_tournament_solution(sr[i].text, 25, 25, known, number, err)) << err.message;
      const auto one = solver->solve(p, Limits{1, 0});
      ASSERT_EQ(one.status, Status::solved) << name << " $" << number;
      EXPECT_FALSE(ng::check_picture(p, puzzle::nonogram::NonogramKind::solution(one.answer))) << name << " $" << number;
      const auto two = solver->solve(p, Limits{2, 0});
      ASSERT_TRUE(two.status == Status::unique || two.status == Status::multiple) << name << " $" << number;
      EXPECT_FALSE(ng::check_picture(p, puzzle::nonogram::NonogramKind::solution(two.answer))) << name << " $" << number;
      if (two.status == Status::unique) {
        ++unique;
        EXPECT_EQ(puzzle::nonogram::NonogramKind::solution(two.answer), known) << name << " $" << number;
        EXPECT_EQ(puzzle::nonogram::NonogramKind::solution(one.answer), known) << name << " $" << number;
      } else {
        ++multiple;
      }
    }
  }
  EXPECT_GT(unique, 2);
  EXPECT_GT(multiple, 20);
}

ng::Puzzle tournament_puzzle(const char* set, std::size_t index) {
  const std::string q = slurp(std::string(SUDOKU_SHARED_DATASETS) + "/nonogram/" + set + "-question.txt");
  const auto qr = ng::tournament_records(q);
  ng::Puzzle p;
  long number = 0;
  ng::FormatError err;
  EXPECT_TRUE(ng::parse_tournament(qr.at(index).text, p, number, err)) << err.message;
  return p;
}

// A budget (nodes: probes + search nodes + conflicts) and a stop (a deadline, or a flag set
// from outside) end a hard puzzle's search early, each saying so.
TEST(NonogramCdcl, BudgetAndStopEndTheSearch) {
  const ng::Puzzle p = tournament_puzzle("icga2017", 534);  // thousands of conflicts
  auto solver = puzzle::find_builtin("nonogram-cdcl")->make();
  const auto r = solver->solve(p, Limits{1, 3000});
  EXPECT_EQ(r.status, Status::budget_exceeded);
  EXPECT_LE(r.work.nodes, 3000u + 64u);  // CaDiCaL checks its limit between conflicts
  ng::Search search;
  ng::SearchLimits l;
  l.stop.deadline = std::chrono::steady_clock::now();
  EXPECT_EQ(search.run(p, l).end, ng::SearchResult::End::stopped);
  std::atomic<bool> flag{true};
  l = ng::SearchLimits{};
  l.stop.flag = &flag;
  EXPECT_EQ(search.run(p, l).end, ng::SearchResult::End::stopped);
  flag = false;
  const auto done = search.run(p, l);  // the same searcher, reused, finishes
  EXPECT_EQ(done.end, ng::SearchResult::End::complete);
  EXPECT_EQ(done.solutions, 1u);
  EXPECT_FALSE(ng::check_picture(p, done.first));
}

}  // namespace
