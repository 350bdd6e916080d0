#pragma once
// The CDCL stage of the nonogram search (search.hpp): the puzzle as clauses for CaDiCaL
// (Debian's libcadical-dev), the cells known so far as units, and a blocking clause after each
// solution so that counting to a limit (2: uniqueness) is asking again.
//
// Encoding, one line of n cells with runs l_0..l_{k-1} (the order encoding of each run's
// start, no auxiliary variable per cell and run):
//  - a variable per cell (shaded); per run j a variable y(j,s) = "run j starts at s or later"
//    for each s in lo_j < s <= hi_j, lo_j and hi_j the first and last start the line solver
//    allows given the known cells (y(j,s) is true below that range, false above it);
//  - y(j,s) -> y(j,s-1) (a start is a threshold), y(j,s) -> y(j+1, s+l_j+1) (runs in order,
//    a blank between);
//  - run j covers cell c, y(j,c-l_j+1) and not y(j,c+1), -> c shaded;
//  - cell c in the gap before run g, not y(g-1,c-l_{g-1}+1) and y(g,c+1), -> c blank (run
//    g-1 ended before c, run g starts after it; g = 0 and g = k with one side only).
// The starts fix the line's cells exactly, and every valid line has its starts: the clauses
// hold exactly for the pictures that fit the clues. Per line about 3 k (slack + 1) + n (k + 1)
// clauses of two or three literals. (Measured against it: the line's automaton unrolled over
// its cells, on which unit propagation does all the line solver does: 1.3x the conflicts and
// 6x the time on 50 tournament puzzles. With the probes' implications on: the automaton kept to the band of states reachable from both ends given the known cells,
// 2.7x the conflicts; with an at-least-one-state clause per cell 1.7x; beside this encoding
// (both, sharing the cells) the same conflicts within the seed's noise: every variant about
// 3.3x the CPU time, the state variables tripling the cost of a conflict.)
// Probing's results go in as well (start()'s `probes`): each kept probe p = v whose line-logic
// fixpoint sets q = u gives the binary clause (not p=v or q=u), so unit propagation sees at
// once what the line solver sees from p = v. On the three tournament sets 1.3-1.4x fewer
// conflicts and CPU time (results/nonogram.md); each run's start bounds from the
// probes as clauses too did not lower the count further (measured, left out). On the hard
// puzzles the implications are few (2-3 k binary clauses beside about 3 k variables: a probe
// there settles a handful of cells), so their number is not what a conflict costs.
// Phases: belief propagation between rows and columns (belief.hpp, 50 rounds; hint()) sets
// each unknown cell's phase and each run-start variable's (y(j,s) from P(start_j >= s)), for
// the rest of the search, once a puzzle has taken kHintAfter conflicts without them (the
// search keeps its learnt clauses): 0.37-0.45x the conflicts on the three tournament sets and Knotty (40x40,
// the survey) from out of reach to none (results/nonogram.md). Measured before and left out:
// each cell's phase from its own row's and column's share of placements that shade it, no
// messages exchanged (forced for the first 200 conflicts, then CaDiCaL's own): the same
// conflicts within the seed's noise (5.43 M against 5.44 M over four paired runs); the cells'
// phases without the runs' 0.63-0.68x. A portfolio of seeds cannot pay either (704 of the
// 750 TAAI 2011 puzzles with a conflict take the same conflicts with seeds 0 and 1; the
// smaller of the two counts summed is only 8% below either seed's total).
#include <cstdint>
#include <memory>
#include <vector>

#include "nonogram/line.hpp"
#include "nonogram/probe.hpp"

namespace CaDiCaL {
class Solver;
}
namespace puzzle {
class SatHooks;
}

namespace puzzle::nonogram {

/// Conflicts the CDCL stage runs with CaDiCaL's own phases before it computes the hints
/// (SatStage::hint(): 50 rounds of belief propagation, about what 50-100 conflicts cost on a
/// 25 x 25 puzzle), so that the many puzzles settled in a few conflicts do not pay for them.
inline constexpr uint64_t kHintAfter = 100;

class SatStage {
 public:
  SatStage();
  ~SatStage();
  /// Encodes `p` (which must outlive the stage) with the known cells of `b` as units and,
  /// when `probes` is given (probes of boards `b` holds), their implications.
  template <class M>
  void start(const Puzzle& p, const BasicBoard<M>& b, const BasicProber<M>* probes = nullptr);
  /// Sets every unknown cell's and run-start variable's phase from belief propagation on `b`
  /// (the board start() was given), for the rest of the search.
  template <class M>
  void hint(const BasicBoard<M>& b);
  enum class Answer : uint8_t { solution, none, stopped };
  /// Looks for a solution not blocked yet, within `conflicts` more conflicts (0: no limit);
  /// on `solution` writes it to `out` and blocks it.
  Answer next(Picture& out, const Stop& stop, uint64_t conflicts);
  /// Excludes `pic` from the answers of next() (a solution the search found itself).
  void block(const Picture& pic);
  /// Conflicts so far (learnt clauses), exact and deterministic.
  uint64_t conflicts() const noexcept;

 private:
  const Puzzle* p_ = nullptr;
  struct RunVars {
    int line, j, lo, hi, base;  // run j of `line`: y(j, lo+1 .. hi) are variables base+1 ..
  };
  std::vector<RunVars> run_vars_;  // for the phases
  std::vector<int> unknown_;  // cells (r * width + c) unknown when the stage started, in order
  std::unique_ptr<CaDiCaL::Solver> s_;
  std::unique_ptr<SatHooks> hooks_;  // puzzle/sat_hooks.hpp
};

}  // namespace puzzle::nonogram
