// Aligned pair and triple exclusion (SE_RATING.md section 5, producers 24 and 26).
#include "sudoku/se/state.hpp"

namespace sudoku::se {

// Not written yet: they find nothing.
void aligned_pair_exclusion(const State&, Ctx&, Hints&) {}
void aligned_triple_exclusion(const State&, Ctx&, Hints&) {}

}  // namespace sudoku::se
