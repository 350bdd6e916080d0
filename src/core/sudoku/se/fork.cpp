// The fork's techniques and the other mid-level ones (SE_RATING.md section 5): the Turbot
// family, unique rectangles and loops, three strong links, WXYZ- and VWXYZ-wings, BUG
// (producers 13, 16, 20-23).
#include "sudoku/se/state.hpp"

namespace sudoku::se {

// Not written yet: they find nothing.
void turbot(const State&, Ctx&, Hints&) {}
void unique_loops(const State&, Ctx&, Hints&) {}
void three_strong_links(const State&, Ctx&, Hints&) {}
void wxyz_wing(const State&, Ctx&, Hints&) {}
void bug(const State&, Ctx&, Hints&) {}
void vwxyz_wing(const State&, Ctx&, Hints&) {}

}  // namespace sudoku::se
