// Strong-link patterns of one digit (SE_RATING.md section 5): the Turbot family (producer 13)
// and three strong links (producer 20).
#include "sudoku/se/state.hpp"

namespace sudoku::se {

// Not written yet: they find nothing.
void turbot(const State&, Ctx&, Hints&) {}
void three_strong_links(const State&, Ctx&, Hints&) {}

}  // namespace sudoku::se
