// The chaining engine (SE_RATING.md section 6): Nishio, multiple and dynamic chains and the
// nested levels (producers 27-36).
#include "sudoku/se/state.hpp"

namespace sudoku::se {

// Not written yet: they find nothing.
void nishio_chains(const State&, Ctx&, Hints&) {}
void multiple_chains(const State&, Ctx&, Hints&) {}
void dynamic_chains(const State&, Ctx&, Hints&) {}
void dynamic_plus_chains(const State&, Ctx&, Hints&) {}
void nested_chains_2(const State&, Ctx&, Hints&) {}
void nested_chains_3(const State&, Ctx&, Hints&) {}
void nested_chains_4_0(const State&, Ctx&, Hints&) {}
void nested_chains_4_1(const State&, Ctx&, Hints&) {}
void nested_chains_4_2(const State&, Ctx&, Hints&) {}
void nested_chains_4_3(const State&, Ctx&, Hints&) {}

}  // namespace sudoku::se
