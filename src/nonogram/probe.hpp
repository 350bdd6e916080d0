#pragma once
// Probing that learns, for nonograms (used by nonogram/search): every unknown cell of a board
// tried both ways, each with line logic to its fixpoint (a probe); a value whose probe ends in
// a contradiction gives the cell the other value; the cells both probes of a cell agree on
// are facts; repeated until a whole sweep changes nothing (Wu et al.'s "fully probing", IEEE
// TCIAIG 5(3), 2013). A probe that completes the board is a solution, handed to the caller.
//
// Probes are kept (one result a cell and value, its known cells as masks) and reused while
// they stay exact: line logic is a closure (monotone, its fixpoint unique), so a probe P =
// fix(G' + p=v) made on a board G' stays exact on any board G with G' <= G <= P; otherwise
// fix(G + p=v) = fix(P + G), which needs only the lines where G adds to P solved again; and a
// G that contradicts P (a cell known one way in G, the other way in P) makes p=v a
// contradiction with no line solved at all. On the tournaments' 25 x 25 puzzles this makes a
// sweep after the first cost a fraction of the first (2.05 M probes for the 1,000 puzzles of
// TAAI 2011, 1.4 s in all).
//
// Memory: 2 * cells probes of 2 * (width + height) masks: 1 MB for 25 x 25, 85 MB for
// 80 x 95 (masks of two words), 128 MB for 100 x 100.
#include <bit>
#include <cstdint>
#include <functional>
#include <vector>

#include "nonogram/line.hpp"
#include "puzzle/stop.hpp"

namespace puzzle::nonogram {

template <class M>
class BasicProber {
 public:
  using Board = BasicBoard<M>;
  BasicProber();
  /// Starts on puzzle `p` (which must outlive the probes), keeping the memory already taken.
  void reset(const Puzzle& p);

  enum class Outcome : uint8_t {
    fixpoint,       ///< no probe teaches anything more; the board may still have unknown cells
    contradiction,  ///< both values of some cell contradict: the board has no solution
    stopped,        ///< the solution callback asked to stop, `stop` fired, or the budget ran out
  };

  /// Called with each complete board met while probing (a solution); returns true to stop.
  using OnSolution = std::function<bool(const Board&)>;

  /// Probes `b` (propagated, consistent; each call's board must hold every known cell of the
  /// boards before: the kept probes rely on it) to a fixpoint, adding what it learns to `b`.
  /// `budget`: probes allowed in this call (the total is probes()). `stop` is checked every
  /// 16 probes (each a few microseconds).
  Outcome run(Board& b, const OnSolution& on_solution, const Stop& stop, uint64_t budget);

  /// What the kept probes say beyond `b` (a board at least as known as every board probed):
  /// for each unknown cell of `b` and value whose probe is kept, calls
  /// fn(cell, value, row_shaded, row_blank) with that probe's known cells by row (masks of
  /// height rows each, including the cells `b` knows).
  template <class Fn>
  void for_each_probe(const Board& b, Fn&& fn) const {
    const int w = p_->width, h = p_->height;
    for (int r = 0; r < h; ++r)
      for (M u = b.row_unknown(r); u; u &= u - 1) {
        const int cell = r * w + lowest(u);
        for (int v = 0; v < 2; ++v)
          if (state_[2 * cell + v] == State::open) {
            const M* d = &data_[static_cast<std::size_t>(2 * cell + v) * stride_];
            fn(cell, v == 1, d, d + h);
          }
      }
  }

  uint64_t probes() const noexcept { return probes_; }
  uint64_t line_solves() const noexcept { return line_solves_; }

 private:
  enum class State : uint8_t { none, open, contradiction };
  enum class Probe : uint8_t { open, contradiction, solution };

  M* data(int slot) noexcept { return &data_[static_cast<std::size_t>(slot) * stride_]; }
  /// The probe of `cell` = v on `b`, made or brought up to date as needed; a solution is left
  /// in scratch_.
  Probe probe(const Board& b, int cell, bool v);

  const Puzzle* p_;
  int stride_;                // masks a probe
  std::vector<State> state_;  // slot 2 * cell + v
  std::vector<uint16_t> known_;
  std::vector<M> data_;
  Board scratch_;
  uint64_t probes_ = 0, line_solves_ = 0;
};

/// The prober of puzzles whose sides are at most 63.
using Prober = BasicProber<Mask>;

}  // namespace puzzle::nonogram
