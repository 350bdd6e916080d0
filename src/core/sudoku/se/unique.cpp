// The uniqueness techniques (SE_RATING.md section 5): unique rectangles and loops (producer 16)
// and BUG (producer 22). Used without checking that the puzzle is unique, as the reference does.
#include "sudoku/se/state.hpp"

namespace sudoku::se {

// Not written yet: they find nothing.
void unique_loops(const State&, Ctx&, Hints&) {}
void bug(const State&, Ctx&, Hints&) {}

}  // namespace sudoku::se
