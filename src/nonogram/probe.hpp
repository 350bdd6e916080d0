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
// Memory: a kept probe is 2 * (width + height) masks (1.6 KB at 25 x 25, 11 KB at 80 x 95 with
// masks of two words, 65 KB at 255 x 255 with four), taken as probes are kept (contradictions
// keep none), in blocks of 64 probes, up to kMaxProbeBytes in all: past it a new probe takes the
// place of the oldest kept one, which is made again if it is needed again. Forgetting a probe
// costs time only (it is remade from the board, exactly), never an answer. A 25 x 25 puzzle
// keeps every probe (1 MB at most); 100 x 100 up to 128 MB without the cap.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "nonogram/line.hpp"
#include "puzzle/stop.hpp"

namespace puzzle::nonogram {

/// The most memory a prober keeps probes in (the masks alone).
inline constexpr std::size_t kMaxProbeBytes = std::size_t{64} << 20;

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
            const M* d = data(2 * cell + v);
            fn(cell, v == 1, d, d + h);
          }
      }
  }

  uint64_t probes() const noexcept { return probes_; }
  uint64_t line_solves() const noexcept { return line_solves_; }

 private:
  enum class State : uint8_t { none, open, contradiction };
  enum class Probe : uint8_t { open, contradiction, solution };

  static constexpr uint32_t kBlock = 64;  // probes a block
  static constexpr uint32_t kNone = UINT32_MAX;
  std::size_t stride_bytes() const noexcept { return static_cast<std::size_t>(stride_) * sizeof(M); }
  /// The masks of an open slot.
  M* data(int slot) noexcept { return entry(entry_[slot]); }
  const M* data(int slot) const noexcept { return entry(entry_[slot]); }
  M* entry(uint32_t e) const noexcept {
    return blocks_[e / kBlock].get() + static_cast<std::size_t>(e % kBlock) * stride_;
  }
  /// The masks for `slot`'s probe: its own, or a new entry (the oldest one's when the cap is
  /// reached, that slot forgotten).
  M* keep(int slot);
  /// The probe of `cell` = v on `b`, made or brought up to date as needed; a solution is left
  /// in scratch_.
  Probe probe(const Board& b, int cell, bool v);

  const Puzzle* p_;
  int stride_;                // masks a probe
  int block_stride_ = 0;      // masks a probe in blocks_
  std::vector<State> state_;  // slot 2 * cell + v
  std::vector<uint16_t> known_;
  std::vector<uint32_t> entry_;  // slot -> its entry while open
  std::vector<int> owner_;       // entry -> its slot
  std::vector<std::unique_ptr<M[]>> blocks_;
  uint32_t max_entries_ = 0, used_ = 0, next_victim_ = 0;
  Board scratch_;
  uint64_t probes_ = 0, line_solves_ = 0;
};

/// The prober of puzzles whose sides are at most 63.
using Prober = BasicProber<Mask>;

}  // namespace puzzle::nonogram
