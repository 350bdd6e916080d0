// WXYZ- and VWXYZ-wings (SE_RATING.md section 5, producers 21 and 23).
#include "sudoku/se/state.hpp"

namespace sudoku::se {

// Not written yet: they find nothing.
void wxyz_wing(const State&, Ctx&, Hints&) {}
void vwxyz_wing(const State&, Ctx&, Hints&) {}

}  // namespace sudoku::se
