// `nonogram-backtracking`: the naive baseline for nonograms, kept naive on purpose so that the
// line solver can be measured against it.
//
// Rows are filled top to bottom. For each row the solver enumerates every placement of its runs
// (leftmost first, each run moved right in turn, recursively) and, for each, checks the columns
// only against what the rows so far allow: a column's runs so far must be its clue's first runs,
// the last one no longer than the clue's. Nothing is deduced ahead: no line logic, no look at
// the rows below. The last row also closes every column (all its runs, no more).
//
// State: per row depth, each column's (runs completed, length of the open run), 2 bytes a
// column; the chosen row masks. Recursion depth is at most rows + runs of a row (< 100).
//
// Counters: nodes = complete row placements tried (the budget counts these); guesses = those
// tried in a row whose clue has more than one placement; backtracks = placements the column
// check rejected (dead ends).
#include <array>
#include <tuple>
#include <utility>
#include <vector>

#include "nonogram/nonogram.hpp"
#include "nonogram/solvers/nonogram.hpp"

namespace puzzle::nonogram {
namespace {

class NonogramBacktracking final : public SolverOf<NonogramBacktracking, nonogram::Puzzle> {
 public:
  Result solve_one(const nonogram::Puzzle& p, const Limits& limits) {
    return with_mask_for(p.width, [&](auto zero) { return std::get<Rows<decltype(zero)>>(searches_).run(p, limits); });
  }

 private:
  /// The search with rows as masks M (bits.hpp) of `width` cells; its memory kept between
  /// puzzles.
  template <class M>
  class Rows {
   public:
    Result run(const nonogram::Puzzle& p, const Limits& limits) {
      Result r;
      p_ = &p;
      r_ = &r;
      limit_ = limits.wanted();
      gate_ = NodeGate(limits.budget, limits.stop);
      budget_hit_ = false;
      const int w = p.width, h = p.height;
      idx_.assign(static_cast<std::size_t>((h + 1) * w), 0);
      cur_.assign(static_cast<std::size_t>((h + 1) * w), 0);
      chosen_.assign(static_cast<std::size_t>(h), 0);
      several_.assign(static_cast<std::size_t>(h), false);
      for (int row = 0; row < h; ++row) {
        const auto runs = p.row(row);
        int need = -1;
        for (uint8_t len : runs) need += len + 1;
        several_[row] = !runs.empty() && need < w;
      }
      fill_row(0);
      r.status = status_for(r.solutions, limit_, budget_hit_);
      return r;
    }

   private:
    /// Rows 0..row-1 are placed and agree with the columns so far. True to stop the search.
    bool fill_row(int row) {
      if (row == p_->height) return close_columns();
      return place(row, 0, 0, 0);
    }

    /// Runs 0..j-1 of `row` are in `mask`; run j goes at `pos` or later.
    bool place(int row, int j, int pos, M mask) {
      const auto runs = p_->row(row);
      const int k = static_cast<int>(runs.size());
      if (j == k) {
        if (r_->work.nodes >= gate_.at && gate_.over(r_->work.nodes)) return budget_hit_ = true;
        ++r_->work.nodes;
        if (several_[row]) ++r_->work.guesses;
        if (!extend_columns(row, mask)) {
          ++r_->work.backtracks;
          return false;
        }
        chosen_[row] = mask;
        return fill_row(row + 1);
      }
      int rest = -1;  // cells the runs after j need, with their gaps
      for (int i = j + 1; i < k; ++i) rest += runs[i] + 1;
      const int len = runs[j];
      for (int s = pos; s + len + (rest >= 0 ? rest + 1 : 0) <= p_->width; ++s)
        if (place(row, j + 1, s + len + 1, mask | (full<M>(len) << s))) return true;
      return false;
    }

    /// The column states after `row` (depth row + 1) from those before it, with `mask` as the
    /// row; false when some column can no longer match its clue.
    bool extend_columns(int row, M mask) {
      const int w = p_->width;
      const uint8_t* idx0 = &idx_[static_cast<std::size_t>(row * w)];
      const uint8_t* cur0 = &cur_[static_cast<std::size_t>(row * w)];
      uint8_t* idx1 = &idx_[static_cast<std::size_t>((row + 1) * w)];
      uint8_t* cur1 = &cur_[static_cast<std::size_t>((row + 1) * w)];
      for (int c = 0; c < w; ++c) {
        const auto runs = p_->column(c);
        uint8_t idx = idx0[c], cur = cur0[c];
        if (test(mask, c)) {
          ++cur;
          if (idx >= runs.size() || cur > runs[idx]) return false;
        } else if (cur > 0) {
          if (cur != runs[idx]) return false;
          ++idx, cur = 0;
        }
        idx1[c] = idx, cur1[c] = cur;
      }
      return true;
    }

    /// Every row is placed: each column must have all its runs. True to stop the search.
    bool close_columns() {
      const int w = p_->width, h = p_->height;
      for (int c = 0; c < w; ++c) {
        const auto runs = p_->column(c);
        std::size_t idx = idx_[static_cast<std::size_t>(h * w + c)];
        const uint8_t cur = cur_[static_cast<std::size_t>(h * w + c)];
        if (cur > 0 && cur == runs[idx]) ++idx;
        if (cur > 0 && idx < runs.size() && cur != runs[idx]) idx = runs.size() + 1;  // a short run
        if (idx != runs.size()) {
          ++r_->work.backtracks;
          return false;
        }
      }
      if (r_->solutions++ == 0) {
        nonogram::Picture pic(w, h);
        for (int row = 0; row < h; ++row) pic.set_row(row, chosen_[row]);
        r_->answer = std::move(pic);
      }
      return r_->solutions >= limit_;
    }

    const nonogram::Puzzle* p_ = nullptr;
    Result* r_ = nullptr;
    uint64_t limit_ = 1;
    NodeGate gate_;
    bool budget_hit_ = false;

    std::vector<uint8_t> idx_, cur_;  // (rows + 1) x columns: runs completed, open run's length
    std::vector<M> chosen_;
    std::vector<bool> several_;
  };

  PerMask<Rows> searches_;
};

}  // namespace

std::unique_ptr<Solver> make_nonogram_backtracking() { return std::make_unique<NonogramBacktracking>(); }

}  // namespace puzzle::nonogram
