// `backtracking`: the naive baseline of the blog posts, kept naive on purpose so that every other
// solver can be measured against it.
//
// Empty cells are visited in row-major order. Entering a cell, the solver scans its row, column
// and box for the digits already used (no candidate state is kept between cells), then tries the
// remaining digits in increasing order. When a cell has no digit left it undoes the previous
// cell's placement and tries that cell's next digit. The recursion of the blog's `trysudoku` is
// an explicit stack here (one frame per empty cell: its candidate set), so depth costs no call
// stack and the budget can stop the search anywhere.
//
// Counters: nodes = placements made; guesses = placements in a cell that had two or more digits
// possible when it was entered; backtracks = times a cell ran out of digits and the search
// stepped back (dead ends).
#include "sudoku/solvers/backtracking.hpp"

#include <array>
#include <bit>

namespace puzzle::sudoku {
namespace {

class Backtracking final : public SolverOf<Backtracking, Grid> {
 public:
  Result solve_one(const Grid& puzzle, const Limits& limits) {
    Result r;
    if (find_conflict(puzzle)) {
      r.status = Status::invalid;
      return r;
    }
    Grid g = puzzle;
    const int cells = g.cells();
    int empty_count = 0;
    for (int i = 0; i < cells; ++i)
      if (g[i] == 0) empties_[empty_count++] = static_cast<int16_t>(i);

    NodeGate gate(limits.budget, limits.stop);
    const uint64_t limit = limits.wanted();
    bool budget_hit = false;
    int k = 0;  // depth: index into empties_
    bool entering = true;
    while (true) {
      if (k == empty_count) {  // every cell filled: a solution
        if (r.solutions++ == 0) r.answer = g;
        if (r.solutions >= limit) break;
        if (k == 0) break;  // the puzzle was already complete
        --k;
        entering = false;
        continue;
      }
      const int cell = empties_[k];
      if (entering) {
        left_[k] = possible(g, cell);
        several_[k] = std::popcount(left_[k]) >= 2;
      }
      if (left_[k] == 0) {  // dead end: undo and go back one cell
        g.set(cell, 0);
        ++r.work.backtracks;
        if (k == 0) break;
        --k;
        entering = false;
        continue;
      }
      if (r.work.nodes >= gate.at && gate.over(r.work.nodes)) {
        budget_hit = true;
        break;
      }
      const int d = std::countr_zero(left_[k]);
      left_[k] &= left_[k] - 1;
      g.set(cell, d);
      ++r.work.nodes;
      r.work.guesses += several_[k];
      ++k;
      entering = true;
    }
    r.status = status_for(r.solutions, limit, budget_hit);
    return r;
  }

 private:
  /// Digits (bit d for digit d) not yet used in the cell's row, column and box: a plain scan.
  static uint32_t possible(const Grid& g, int cell) {
    const int n = g.side(), b = g.box();
    const int row = g.row_of(cell), col = g.col_of(cell);
    const int r0 = row / b * b, c0 = col / b * b;
    uint32_t used = 0;
    for (int i = 0; i < n; ++i) {
      used |= 1u << g.at(row, i);
      used |= 1u << g.at(i, col);
      used |= 1u << g.at(r0 + i / b, c0 + i % b);
    }
    const uint32_t all = ((1u << n) - 1) << 1;  // bits 1..n
    return all & ~used;
  }

  std::array<int16_t, kMaxCells> empties_{};
  std::array<uint32_t, kMaxCells> left_{};   // digits still to try at each depth
  std::array<uint8_t, kMaxCells> several_{};  // did the cell have two or more digits?
};

}  // namespace

std::unique_ptr<Solver> make_backtracking() { return std::make_unique<Backtracking>(); }

}  // namespace puzzle::sudoku
