// Forcing chains and cycles (SE_RATING.md section 6, producer 25): static X, Y and XY passes,
// searched layer by layer.
#include "sudoku/se/state.hpp"

namespace sudoku::se {

// Not written yet: it finds nothing.
void forcing_chains_cycles(const State&, Ctx&, Hints&) {}

}  // namespace sudoku::se
