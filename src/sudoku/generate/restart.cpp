// Restart-based full-grid generators.
//
// `restart` is the LinqPad blog's retry method, kept exactly: digit 1 goes into every row (a
// random cell of the row that is empty and whose column and box do not hold the digit yet), then
// digit 2, ... up to n. When some row has no such cell the whole grid is thrown away and filling
// starts again from an empty board: no repair, no backtracking. Data layout: per row the mask of
// its empty columns; per digit, as rows go by, the mask of columns that took it and, within the
// current band, the stacks that took it. A placement is three ANDs and a random set bit.
// Counters: restarts = boards abandoned; placements = digits written, abandoned boards included.
// The chance that one pass completes a 9x9 grid is small (hundreds of restarts is typical,
// see results/generate.md), but a pass costs well under a microsecond. For 16x16 the chance is
// too small to be useful, so the table lists 4x4 and 9x9 only.
//
// `restart-dfs` is this project's faster restart-based method: the diagonal boxes (which never
// constrain each other) get random permutations, then a depth-first search fills the rest,
// always branching on the empty cell with the fewest candidates (first such cell in scan order;
// a cell with one candidate ends the scan) and trying its digits in random order. A search that
// uses more than a small node budget is abandoned and restarted from scratch with fresh
// randomness: the "retry" idea again, but applied to the rare unlucky search rather than to
// every dead end. Counters: restarts = searches abandoned on the budget; placements = nodes
// (digits written by the search, plus the diagonal boxes' cells).
#include <algorithm>

#include "puzzle/rng.hpp"
#include "sudoku/generate/generator.hpp"

namespace puzzle::sudoku {
namespace {

constexpr uint64_t kMaxRestarts = 100'000'000;  // a safety net, never reached on 4x4 or 9x9

/// Popcount of 9-bit masks by table: the candidate scan is restart-dfs's inner loop and the
/// portable build has no POPCNT (a lookup beat the SWAR sum by ~25% on 9x9).
struct Popcount9 {
  uint8_t n[512];
  constexpr Popcount9() : n() {
    for (int m = 0; m < 512; ++m) n[m] = static_cast<uint8_t>(popcount32(static_cast<uint32_t>(m)));
  }
};
constexpr Popcount9 kPop9;

class RestartGenerator final : public Generator {
 public:
  bool fill(int box, ItemRng& rng, Grid& out, GenStats& st) override {
    const int n = box * box;
    const uint32_t full = (1u << n) - 1;
    uint32_t stack_cols[1u << kMaxBox];  // stacks (box bits) -> their columns
    for (uint32_t s = 0; s < (1u << box); ++s) {
      stack_cols[s] = 0;
      for (int k = 0; k < box; ++k)
        if (s >> k & 1u) stack_cols[s] |= ((1u << box) - 1) << (k * box);
    }
    out = Grid(box);
    for (uint64_t tries = 0; tries < kMaxRestarts; ++tries) {
      uint32_t row_free[kMaxSide];
      std::fill(row_free, row_free + n, full);
      bool stuck = false;
      for (int d = 1; d <= n && !stuck; ++d) {
        uint32_t col_used = 0, stacks = 0;
        for (int r = 0; r < n; ++r) {
          if (r % box == 0) stacks = 0;
          const uint32_t cand = row_free[r] & ~col_used & ~stack_cols[stacks];
          if (cand == 0) {
            stuck = true;
            break;
          }
          const int c = random_bit(cand, rng);
          out.set(r * n + c, d);
          ++st.placements;
          row_free[r] &= ~(1u << c);
          col_used |= 1u << c;
          stacks |= 1u << (c / box);
        }
      }
      if (!stuck) return true;  // every cell was written exactly once in this pass
      ++st.restarts;
    }
    return false;
  }
};

class RestartDfsGenerator final : public Generator {
 public:
  bool fill(int box, ItemRng& rng, Grid& out, GenStats& st) override {
    if (box != box_) setup(box);
    const uint32_t full = (1u << n_) - 1;
    const uint64_t budget = 2 * static_cast<uint64_t>(cells_);
    for (uint64_t tries = 0; tries < kMaxRestarts; ++tries) {
      if (tries > 0) ++st.restarts;
      out = Grid(box_);
      std::fill(row_, row_ + n_, 0u);
      std::fill(col_, col_ + n_, 0u);
      std::fill(box_m_, box_m_ + n_, 0u);
      // Diagonal boxes: independent random permutations.
      uint8_t perm[kMaxSide];
      for (int k = 0; k < box_; ++k) {
        for (int i = 0; i < n_; ++i) perm[i] = static_cast<uint8_t>(i + 1);
        shuffle(perm, static_cast<std::size_t>(n_), rng);
        const int r0 = k * box_, c0 = k * box_;
        for (int i = 0; i < n_; ++i) place(((r0 + i / box_) * n_) + c0 + i % box_, perm[i], out);
      }
      st.placements += static_cast<uint64_t>(box_ * n_);
      n_empty_ = 0;
      for (int c = 0; c < cells_; ++c)
        if (out[c] == 0) empty_[n_empty_++] = static_cast<int16_t>(c);

      uint64_t nodes = 0;
      int top = 0;
      bool failed = false;
      for (;;) {
        // Descend: the empty cell with the fewest candidates.
        if (n_empty_ == 0) return true;
        int best = 0, best_count = 99;
        uint32_t best_mask = 0;
        for (int i = 0; i < n_empty_; ++i) {
          const int c = empty_[i];
          const uint32_t m = ~(row_[row_of_[c]] | col_[col_of_[c]] | box_m_[box_of_[c]]) & full;
          const int cnt = n_ <= 9 ? kPop9.n[m] : popcount32(m);
          if (cnt < best_count) {
            best = i, best_count = cnt, best_mask = m;
            if (cnt <= 1) break;
          }
        }
        if (best_count > 0) {
          Frame& f = stack_[top++];
          f.cell = empty_[best];
          f.pos = static_cast<int16_t>(best);
          f.left = best_mask;
          f.digit = 0;
          empty_[best] = empty_[--n_empty_];
        } else if (top == 0) {
          failed = true;
        }
        // Next digit of the top frame, popping exhausted frames.
        while (!failed) {
          Frame& f = stack_[top - 1];
          if (f.digit != 0) unplace(f.cell, f.digit, out);
          if (f.left != 0) {
            const int d = random_bit(f.left, rng);
            f.left &= ~(1u << d);
            f.digit = static_cast<uint8_t>(d + 1);
            place(f.cell, d + 1, out);
            ++st.placements;
            if (++nodes > budget) failed = true;
            break;
          }
          // Exhausted: the cell goes back where it was in the empty list (LIFO order).
          empty_[n_empty_++] = empty_[f.pos];
          empty_[f.pos] = f.cell;
          if (--top == 0) failed = true;
        }
        if (failed) break;
      }
    }
    return false;
  }

 private:
  struct Frame {
    int16_t cell, pos;
    uint8_t digit;
    uint32_t left;
  };

  void setup(int box) {
    box_ = box, n_ = box * box, cells_ = n_ * n_;
    const Grid g(box);
    for (int c = 0; c < cells_; ++c) {
      row_of_[c] = static_cast<uint8_t>(g.row_of(c));
      col_of_[c] = static_cast<uint8_t>(g.col_of(c));
      box_of_[c] = static_cast<uint8_t>(g.box_of(c));
    }
  }
  void place(int c, int d, Grid& g) noexcept {
    const uint32_t bit = 1u << (d - 1);
    row_[row_of_[c]] |= bit, col_[col_of_[c]] |= bit, box_m_[box_of_[c]] |= bit;
    g.set(c, d);
  }
  void unplace(int c, int d, Grid& g) noexcept {
    const uint32_t bit = ~(1u << (d - 1));
    row_[row_of_[c]] &= bit, col_[col_of_[c]] &= bit, box_m_[box_of_[c]] &= bit;
    g.set(c, 0);
  }

  int box_ = 0, n_ = 0, cells_ = 0;
  uint8_t row_of_[kMaxCells], col_of_[kMaxCells], box_of_[kMaxCells];
  uint32_t row_[kMaxSide], col_[kMaxSide], box_m_[kMaxSide];
  int16_t empty_[kMaxCells];
  int n_empty_ = 0;
  Frame stack_[kMaxCells];
};

}  // namespace

std::unique_ptr<Generator> make_restart_generator() { return std::make_unique<RestartGenerator>(); }
std::unique_ptr<Generator> make_restart_dfs_generator() {
  return std::make_unique<RestartDfsGenerator>();
}

}  // namespace puzzle::sudoku
