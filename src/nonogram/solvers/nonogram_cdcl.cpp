// `nonogram-cdcl`: the tournament-strength nonogram solver: line logic, probing
// that learns, then CDCL (CaDiCaL) on what is left; nonogram/search.hpp is the algorithm, this
// file only maps it onto the Solver interface.
//
// Why a solver of its own beside `nonogram-line` rather than new stages inside it:
// `nonogram-line` stays what the generator and the CI gate rely on (its counters are exact
// search nodes of a plain depth-first search, and its verdicts under a node budget decide
// which generated pictures are kept), and it is the baseline this one is measured against.
//
// Counters: nodes = probes + CDCL conflicts (the budget counts these); backtracks = conflicts;
// guesses = 0 when line logic and probing settle the puzzle, else conflicts + 1 (the CDCL
// stage decides at least once, and once more after each conflict at the least; CaDiCaL does
// not report its decisions).
#include "nonogram/search.hpp"
#include "nonogram/solvers/nonogram.hpp"

namespace puzzle::nonogram {
namespace {

class NonogramCdcl final : public SolverOf<NonogramCdcl, nonogram::Puzzle> {
 public:
  Result solve_one(const nonogram::Puzzle& p, const Limits& limits) {
    nonogram::SearchLimits l;
    l.solutions = limits.wanted();
    l.budget = limits.budget;
    l.stop = limits.stop;
    const nonogram::SearchResult s = search_.run(p, l);
    Result r;
    r.solutions = s.solutions;
    if (s.solutions > 0) r.answer = s.first;
    r.work.nodes = s.probes + s.conflicts;
    r.work.guesses = s.left > 0 ? s.conflicts + 1 : 0;
    r.work.backtracks = s.conflicts;
    r.status = status_for(s.solutions, l.solutions, s.end != nonogram::SearchResult::End::complete);
    return r;
  }

 private:
  nonogram::Search search_;
};

}  // namespace

std::unique_ptr<Solver> make_nonogram_cdcl() { return std::make_unique<NonogramCdcl>(); }

}  // namespace puzzle::nonogram
