#pragma once
// What the nonogram tests share: brute-force solutions of small puzzles, small random puzzles,
// and the check that a solver counts a puzzle's solutions exactly.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "nonogram/generate.hpp"
#include "nonogram/nonogram.hpp"
#include "puzzle/rng.hpp"
#include "puzzle/kinds.hpp"
#include "puzzle/solver.hpp"

namespace test {

/// Every solution of `p` by brute force over every picture (w*h <= 20).
inline std::vector<puzzle::nonogram::Picture> brute_solutions(const puzzle::nonogram::Puzzle& p) {
  namespace ng = puzzle::nonogram;
  std::vector<ng::Picture> out;
  for (uint32_t bits = 0; bits < (1u << (p.width * p.height)); ++bits) {
    ng::Picture pic(p.width, p.height);
    for (int r = 0; r < p.height; ++r) pic.set_row(r, (bits >> (r * p.width)) & ng::full(p.width));
    if (!ng::check_picture(p, pic)) out.push_back(pic);
  }
  return out;
}

/// Small random puzzles (2 to 4 cells a side, or `larger`: 3 to 5, at most 16 cells): clues of
/// random pictures, a third of them with one run changed (often no solution left).
inline std::vector<puzzle::nonogram::Puzzle> small_puzzles(int count, uint64_t seed, bool larger = false) {
  namespace ng = puzzle::nonogram;
  puzzle::ItemRng rng(seed);
  std::vector<ng::Puzzle> out;
  for (int t = 0; t < count; ++t) {
    int w = 2 + static_cast<int>(puzzle::below(rng, 3)), h = 2 + static_cast<int>(puzzle::below(rng, 3));
    if (larger) {
      w = 3 + static_cast<int>(puzzle::below(rng, 3));
      h = w == 5 ? 3 : 3 + static_cast<int>(puzzle::below(rng, w == 4 ? 2 : 3));
    }
    ng::Puzzle p = ng::clues_of(ng::random_picture(w, h, 0.5, rng));
    if (t % 3 == 0 && !p.runs.empty()) p.runs[puzzle::below(rng, static_cast<uint32_t>(p.runs.size()))] = 1;
    out.push_back(std::move(p));
  }
  return out;
}

/// `solver` at limit 100 finds exactly `want` solutions of `p`, says so in its status, and its
/// picture (when there is one) fits the clues.
inline void expect_counts_exactly(puzzle::Solver& solver, const puzzle::nonogram::Puzzle& p, uint64_t want) {
  namespace ng = puzzle::nonogram;
  using puzzle::Status;
  const auto r = solver.solve(p, puzzle::Limits{100, 0});
  EXPECT_EQ(r.solutions, want) << ng::to_id(p);
  EXPECT_EQ(r.status, want == 0 ? Status::none : want == 1 ? Status::unique : Status::multiple);
  if (want > 0) {
    EXPECT_FALSE(ng::check_picture(p, puzzle::nonogram::NonogramKind::solution(r.answer))) << ng::to_id(p);
  }
}

}  // namespace test
