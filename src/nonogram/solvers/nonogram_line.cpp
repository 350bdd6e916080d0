// `nonogram-line`: the standard nonogram solver. Three stages, each only when the one before
// leaves cells unknown:
//  1. line logic: the exact line solver (nonogram/line.hpp) on every row and column, again on
//     every line a change touched, to a fixpoint;
//  2. probing: for each unknown cell, each value in turn on a copy of the board with line logic
//     to its fixpoint; a value that ends in a contradiction gives the cell the other value
//     (repeated while it settles cells);
//  3. search: depth-first, on the first unknown cell of the row with the fewest unknown cells,
//     shaded first, line logic at every node.
//
// State: a Board is four arrays of 63 masks (known shaded / known blank, by row and by column)
// plus the changed lines, 2 KB, copied for each probe and each search node (sides over 63:
// masks of 2 or 4 words, 127 or 255 of each, 16 or 32 KB); the search keeps its own stack of
// boards (no recursion: a 63x63 puzzle may go 3969 deep).
//
// Counters: nodes = probes and search nodes (the budget counts these); guesses = cell values
// tried in the search; backtracks = search nodes whose line logic ended in a contradiction.
// No guess: solved by line logic and probing.
#include <algorithm>
#include <tuple>
#include <vector>

#include "nonogram/line.hpp"
#include "nonogram/solvers/nonogram.hpp"

namespace puzzle::nonogram {
namespace {

class NonogramLine final : public SolverOf<NonogramLine, nonogram::Puzzle> {
 public:
  Result solve_one(const nonogram::Puzzle& p, const Limits& limits) {
    return with_mask_for(std::max(p.width, p.height),
                         [&](auto zero) { return solve_as<decltype(zero)>(p, limits); });
  }

 private:
  template <class M>
  Result solve_as(const nonogram::Puzzle& p, const Limits& limits) {
    Stack<M>& stack = std::get<Stack<M>>(stacks_);
    Result r;
    const uint64_t limit = limits.wanted();
    NodeGate gate(limits.budget, limits.stop);
    bool budget_hit = false;
    uint64_t solves = 0;
    BasicBoard<M> root(p);
    if (!root.propagate(solves)) {
      r.status = Status::none;
      return r;
    }
    if (!probe(root, r.work, gate, budget_hit)) {
      r.status = budget_hit ? Status::budget_exceeded : Status::none;
      return r;
    }
    auto found = [&](const BasicBoard<M>& b) {
      if (r.solutions++ == 0) r.answer = b.picture();
      return r.solutions >= limit;
    };
    if (root.unknown() == 0) {
      found(root);
    } else {
      stack.clear();
      push(stack, root);
      while (!stack.empty()) {
        Frame<M>& f = stack.back();
        if (f.tried == 2) {
          stack.pop_back();
          continue;
        }
        const bool shade = f.tried++ == 0;
        if (r.work.nodes >= gate.at && gate.over(r.work.nodes)) {
          budget_hit = true;
          break;
        }
        ++r.work.nodes;
        ++r.work.guesses;
        BasicBoard<M> t = f.board;  // f is invalid after push()
        t.set(f.row, f.col, shade);
        if (!t.propagate(solves)) {
          ++r.work.backtracks;
          continue;
        }
        if (t.unknown() == 0) {
          if (found(t)) break;
          continue;
        }
        push(stack, t);
      }
    }
    r.status = status_for(r.solutions, limit, budget_hit);
    return r;
  }

  template <class M>
  struct Frame {
    BasicBoard<M> board;
    int row, col;
    int tried;  // values tried: 0, 1 (shaded), 2 (both)
  };

  template <class M>
  static void push(std::vector<Frame<M>>& stack, const BasicBoard<M>& b) {
    const int row = b.tightest_row();
    stack.push_back(Frame<M>{b, row, lowest(b.row_unknown(row)), 0});
  }

  /// Stage 2 on `b`. False on a contradiction or when the budget runs out or the stop fires
  /// (budget_hit).
  template <class M>
  bool probe(BasicBoard<M>& b, Work& work, NodeGate& gate, bool& budget_hit) {
    uint64_t solves = 0;
    const int h = b.height();
    bool changed = true;
    while (changed && b.unknown() > 0) {
      changed = false;
      for (int row = 0; row < h; ++row) {
        for (M u = b.row_unknown(row); u; u &= u - 1) {
          const int col = lowest(u);
          if (b.known(row, col)) continue;  // settled by an earlier probe of this round
          for (const bool shade : {true, false}) {
            if (work.nodes >= gate.at && gate.over(work.nodes)) return !(budget_hit = true);
            ++work.nodes;
            BasicBoard<M> t = b;
            t.set(row, col, shade);
            if (t.propagate(solves)) continue;
            b.set(row, col, !shade);  // the other value is forced
            if (!b.propagate(solves)) return false;
            changed = true;
            break;
          }
        }
      }
    }
    return true;
  }

  // One stack per mask type (bits.hpp), kept between puzzles.
  template <class M>
  using Stack = std::vector<Frame<M>>;
  PerMask<Stack> stacks_;
};

}  // namespace

std::unique_ptr<Solver> make_nonogram_line() { return std::make_unique<NonogramLine>(); }

}  // namespace puzzle::nonogram
