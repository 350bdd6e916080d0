#pragma once
// The exact line solver and the board it works on (used by solvers/nonogram_line and the
// nonogram generator).
//
// solve_line() answers, for one line with some cells known, which cells can still be shaded and
// which can still be blank in at least one placement of the runs that agrees with the known
// cells: exactly what that line forces, nothing less. It is the usual left/right dynamic program
// over (run, start) done on bit masks: for run j, the set of starts that a placement of runs
// 0..j agrees with (forward), the same for runs j..k-1 from the right (backward), and their
// intersection is the set of starts of run j in some full placement. Between runs, the cells that
// can be blank are those a "smear" reaches from a run's end through cells not known shaded
// (upwards one addition does it: ((N + x) ^ N) & N | x; downwards an occluded fill in S
// doubling steps, 2^S >= cells). Cost: O(runs x log(cells)) word operations.
//
// Speed: what is shared by the runs of a line is computed once per line (the windows
// of cells that may be shaded, 2^b long, from which any run's fitting starts are two ANDs; the
// masks of the downward fill), and every doubling loop has S steps unrolled for the line's size
// (solve<S>), so no branch depends on a run's length: those branches were mispredicted about
// every other run, and the mispredictions, more than the instructions, were the cost. A line
// with nothing known (every line's first solve) is done in closed form (runs packed left and
// right). The answers are those of the cell-at-a-time DP (tests/nonogram_test.cpp checks both
// ways: exhaustively to 9 cells, and against the DP on random lines to 63 cells and beyond).
//
// Every function and the Board are templates over the line's mask type M (bits.hpp): one word
// for lines of up to 63 cells, Bits<W> beyond; the same code for both, made (explicitly
// instantiated in line.cpp) for the types with_mask_for() picks.
#include <array>
#include <cstdint>
#include <span>

#include "nonogram/nonogram.hpp"

namespace puzzle::nonogram {

/// For a line of n cells (n <= kSideOf<M>) with `runs`, known shaded cells `filled` and known
/// blank cells `blank`: false when no placement agrees with them; otherwise the cells shaded in
/// some agreeing placement (`can_fill`) and those blank in some (`can_blank`).
template <class M>
bool solve_line(int n, std::span<const uint8_t> runs, M filled, M blank, M& can_fill, M& can_blank) noexcept;

/// The same line: false when no placement agrees with the known cells; otherwise starts[j]
/// gets the cells where run j starts in some agreeing placement (one mask a run).
template <class M>
bool run_starts(int n, std::span<const uint8_t> runs, M filled, M blank, M* starts) noexcept;

/// A partly solved picture: per row and per column, the cells known shaded and known blank,
/// and which lines changed since their last solve_line(). A plain value (copied to guess or
/// probe). The puzzle must outlive it; its sides at most kSideOf<M>.
template <class M>
class BasicBoard {
 public:
  using Mask = M;
  explicit BasicBoard(const Puzzle& p) noexcept;

  /// Runs solve_line() on every changed line until none changes. False on a contradiction
  /// (the board is then unusable). `line_solves` counts the calls. `consistent`: the caller
  /// knows a solution that agrees with every known cell (a generator's own picture), so a
  /// complete line cannot contradict its clue and is not solved again.
  bool propagate(uint64_t& line_solves, bool consistent = false) noexcept;

  bool known(int r, int c) const noexcept { return test(row_f_[r] | row_b_[r], c); }
  bool shaded(int r, int c) const noexcept { return test(row_f_[r], c); }
  /// Sets a cell that is not known yet, and marks its row and column changed.
  void set(int r, int c, bool shade) noexcept;
  int width() const noexcept { return p_->width; }
  int height() const noexcept { return p_->height; }
  /// Cells not known yet.
  int unknown() const noexcept;
  /// A row with the fewest unknown cells (more than none), or -1 when the board is complete.
  int tightest_row() const noexcept;
  M row_unknown(int r) const noexcept { return ~(row_f_[r] | row_b_[r]) & full<M>(p_->width); }
  /// The shaded cells (meaningful once unknown() == 0 and propagate() held).
  Picture picture() const;

  // Compact copies, for a caller that keeps many boards (nonogram/probe.hpp): the known cells
  // as 2 * (height + width) masks (shaded rows, blank rows, shaded columns, blank columns).
  int saved_size() const noexcept { return 2 * (p_->height + p_->width); }
  /// Writes saved_size() masks.
  void save(M* out) const noexcept;
  /// The known cells of a saved board (of the same puzzle), nothing marked changed.
  void load(const M* in) noexcept;
  /// Adds the known cells of `other` (same puzzle) and marks changed the lines where they are
  /// new. (When this board is a fixpoint of propagate(), only those lines need solving again.)
  void add(const BasicBoard& other) noexcept;
  M row_filled(int r) const noexcept { return row_f_[r]; }
  M row_blank(int r) const noexcept { return row_b_[r]; }
  M col_filled(int c) const noexcept { return col_f_[c]; }
  M col_blank(int c) const noexcept { return col_b_[c]; }

 private:
  const Puzzle* p_;
  M dirty_rows_ = 0, dirty_cols_ = 0;
  std::array<M, kSideOf<M>> row_f_{}, row_b_{}, col_f_{}, col_b_{};
};
/// The board of puzzles whose sides are at most 63 (one word a line).
using Board = BasicBoard<Mask>;

/// Line logic alone (no probing, no guess): true when it settles every cell; `out` is then the
/// unique solution. `line_solves` counts solve_line() calls. `consistent`: the clues are known
/// to have a solution (Board::propagate).
/// Any size (the board's mask chosen by with_mask_for()).
bool line_solve(const Puzzle& p, Picture& out, uint64_t& line_solves, bool consistent = false);

}  // namespace puzzle::nonogram
