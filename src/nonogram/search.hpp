#pragma once
// The tournament-strength nonogram search (solvers/nonogram_cdcl is its Solver). Three stages,
// each only when the one before leaves cells unknown:
//  1. line logic: the exact line solver (line.hpp) to its fixpoint;
//  2. probing that learns (probe.hpp) to its fixpoint;
//  3. CDCL on CaDiCaL (sat.hpp), counting with blocking clauses up to the limit.
// Counts solutions up to a limit: 1 finds one, 2 proves uniqueness.
//
// What was measured and left out (the three tournament sets; results/nonogram.md):
// a depth-first search that probes at every node and branches on the cell whose two probes
// settle the most ((n0 + 1)(n1 + 1), LalaFrogKK's kind of search) needed 2-3x the time of
// the CDCL stage on the same puzzles, as a first stage before it (10 or 40 nodes) or to cut
// the puzzle into cubes for it; and a CDCL search of our own with the line solver as its
// propagator (lazy explanations, the shortest interval of a line that forces a cell) needed
// 3x CaDiCaL's conflicts at a higher cost per conflict; probing one level down
// handed to CaDiCaL as clauses, not as cubes (for the K cells whose probes settle the most,
// each value x = v probed to its fixpoint on root + x = v; its facts as (not x=v or fact), its
// probes' implications as ternary clauses): on 50 hard TAAI 2011 puzzles, K = 1..64 gave
// 259-401 k conflicts against 307 k (324-345 k with other CaDiCaL seeds, so within the seed's
// noise) and more CPU time in every case (the extra probing).
#include <cstdint>
#include <memory>
#include <tuple>

#include "nonogram/probe.hpp"

namespace puzzle::nonogram {

struct SearchLimits {
  uint64_t solutions = 1;  ///< stop after this many (0 is taken as 1)
  uint64_t budget = 0;     ///< work allowed: probes + CDCL conflicts; 0: none
  Stop stop;               ///< a deadline and a stop flag
};

struct SearchResult {
  enum class End : uint8_t {
    complete,  ///< every solution up to the limit found, or none left
    budget,    ///< the work budget ran out first
    stopped,   ///< the deadline passed or the flag was set first
  } end = End::complete;
  uint64_t solutions = 0;
  Picture first;  ///< the first solution (when solutions > 0)
  // Work, exact and deterministic:
  uint64_t probes = 0;       ///< probes made (each a line-logic fixpoint from a trial value)
  uint64_t conflicts = 0;    ///< the CDCL stage's conflicts
  uint64_t line_solves = 0;  ///< exact line solves (line logic and probing)
  int left = 0;              ///< cells line logic and probing left to the CDCL stage
};

/// A reusable searcher (one per thread; keeps its memory between puzzles). Not thread-safe.
class Search {
 public:
  Search();
  ~Search();
  SearchResult run(const Puzzle& p, const SearchLimits& limits);

 private:
  template <class M>
  SearchResult run_as(const Puzzle& p, const SearchLimits& limits);

  // One prober per mask type (bits.hpp), made when a puzzle first needs it.
  template <class M>
  using ProberPtr = std::unique_ptr<BasicProber<M>>;
  PerMask<ProberPtr> probers_;
};

}  // namespace puzzle::nonogram
