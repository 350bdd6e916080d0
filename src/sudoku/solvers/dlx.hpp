#pragma once
#include <memory>

#include "puzzle/solver.hpp"

namespace puzzle::sudoku {
/// Dancing links: Sudoku as exact cover on the generic engine (exact_cover.hpp). Every size
/// (box 2..5). See dlx.cpp.
std::unique_ptr<Solver> make_dlx();
}  // namespace puzzle::sudoku
