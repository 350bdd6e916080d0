#pragma once
// The neighbourhood search for hard 9x9 puzzles (`generate --from SEEDS`): from a parent puzzle,
// the {-n+m} moves (remove n givens, add m, keep the puzzle unique and minimal), each candidate's
// canonical form, a cheap filter, and the Sudoku Explainer rating of those that pass.
//
// Moves are unique by construction: for each removal set R, every solution of parent - R is
// enumerated (up to `cap`); adding clue (c, d) leaves a unique puzzle exactly when one of those
// solutions holds d at c (two clues: when exactly one holds both). Removal sets with more
// solutions than `cap` are skipped (counted). Minimality is then checked on the kept givens (the
// added ones are necessary by construction).
//
// The filter: trial and error at depth 1 with naked and hidden singles (assume each candidate,
// propagate singles, drop it on a contradiction, repeat). A puzzle it solves has a dynamic
// contradiction chain at every step, rated 8.5 plus a length bonus, so ER 10 or more needs a
// chain of complexity over 512: rare (measured before this code was written: 0 of 758
// ER >= 10 puzzles dropped, 82% of those below). `filter = false` rates every candidate.
#include <cstdint>
#include <vector>

#include "puzzle/stop.hpp"
#include "sudoku/generate/canon.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/se/se.hpp"

namespace puzzle::sudoku {

struct SearchSpec {
  int remove = 1, add = 1;  ///< the move {-remove+add}; remove 1-2, add 1-2
  int cap = 5000;           ///< solutions enumerated per removal set, past it the set is skipped
  bool filter = true;       ///< the T&E(1) filter before rating
  int er_lo = 100, er_hi = 200;  ///< the ER band of a find (tenths)
};

/// One candidate of a parent's neighbourhood.
struct Candidate {
  Grid puzzle;
  Fingerprint form;     ///< its canonical form's fingerprint
  bool judged = false;  ///< the filter and the rater have seen it (or it is a seed's form)
  bool rated = false;   ///< passed the filter and was rated (not a seed's form)
  int er = 0, ep = 0, ed = 0;  ///< tenths, when rated
};

/// Work counters of expansions.
struct SearchCounts {
  uint64_t removal_sets = 0, over_cap = 0, solutions = 0;
  uint64_t unique = 0;    ///< candidates (unique puzzles) made
  uint64_t minimal = 0;   ///< of those, minimal
  uint64_t filtered = 0;  ///< of those, dropped by the filter
  uint64_t rated = 0;
  void add(const SearchCounts& o) noexcept;
};

/// Whether T&E at depth 1 with naked and hidden singles solves `p` (a 9x9 puzzle).
bool te1_solves(const Grid& p);

/// Expands parents; one per thread (it keeps the rater's memos and scratch).
class Neighbourhood {
 public:
  explicit Neighbourhood(const SearchSpec& spec) : spec_(spec) {}
  /// The minimal unique candidates of `parent`'s moves, in a fixed order (removal sets in cell
  /// order, then added clues by cell and digit), duplicates within the parent removed. A
  /// candidate whose form is in `skip` (the seeds') is kept unrated. With `judge` false the
  /// filter and the rater are left out (each candidate unjudged): judge() does them later.
  /// False when `stop` fired (polled between removal sets and inside each rating): `out` is then
  /// a part of the neighbourhood.
  bool expand(const Grid& parent, const FingerprintSet* skip, std::vector<Candidate>& out,
              SearchCounts& counts, bool judge = true, const Stop& stop = {});
  /// The filter, then the rating, of a candidate that is not yet judged. False when `stop`
  /// fired first (the candidate stays unjudged).
  bool judge(Candidate& c, const FingerprintSet* skip, SearchCounts& counts, const Stop& stop = {});

 private:
  SearchSpec spec_;
  se::Rater rater_;
};

}  // namespace puzzle::sudoku
