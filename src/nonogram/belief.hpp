#pragma once
// Belief propagation between the rows and the columns of a partly solved nonogram: a guess of
// each unknown cell's chance of being shaded, and of each run's start, given to the CDCL stage
// (sat.hpp) as its first decision phases. A guess only: it changes which picture CaDiCaL tries
// first, never which pictures are answers.
//
// Rows and columns exchange per-cell messages for a fixed number of rounds. A line's message is
// exact for its own clue: every placement of its runs is weighted by the product, over its
// cells, of the crossing lines' messages (P(shaded), or 1 - P for a blank), and a cell's
// marginal is the weight of the placements that shade it over all (forward and backward sums
// over (run, start), O(runs x cells) a line). What a line sends is that marginal with the
// message it received divided out (the extrinsic part), averaged with its previous message
// (damping 1/2: undamped, the messages oscillate on the hard puzzles). A cell's belief is the
// product of its row's and its column's messages; the known cells are certain.
#include <cstdint>
#include <span>
#include <vector>

#include "nonogram/line.hpp"

namespace puzzle::nonogram {

class Beliefs {
 public:
  /// `rounds` rounds (each: every row, then every column) on the unknown cells of `b`.
  template <class Board>
  void run(const Puzzle& p, const Board& b, int rounds);
  /// Whether cell (r, c) is more likely shaded than blank.
  bool shaded(int r, int c) const noexcept {
    const double a = row_[r * w_ + c], b = col_[r * w_ + c];
    return a * b > (1 - a) * (1 - b);
  }
  /// P(run j of line `line` starts at s or later), for every run j and 0 <= s <= n (the line's
  /// cells), as ge[j * (n + 1) + s], given the crossing lines' messages.
  template <class Board>
  void starts(const Puzzle& p, const Board& b, int line, std::vector<double>& ge);

 private:
  /// The priors of line `line`'s cells: 0 or 1 when known, else the crossing line's message.
  template <class Board>
  void priors(const Puzzle& p, const Board& b, int line);
  /// P(cell i shaded) for the line of n cells under priors q_ (into m_), and with `ge` the
  /// starts as starts() gives them. False when no placement has weight (the messages stay).
  bool marginals(int n, std::span<const uint8_t> runs, double* ge);

  int w_ = 0;
  std::vector<double> row_, col_;  // by cell r * w + c: the row's and the column's messages
  std::vector<double> q_, m_, f_, g_, wt_, diff_;  // one line's scratch
};

}  // namespace puzzle::nonogram
