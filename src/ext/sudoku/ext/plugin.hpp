#pragma once
// Solvers from shared libraries (issue 13), loaded at run time (dlopen) and registered like
// built-ins: a function of the reference harness's convention, or a library of our versioned C
// ABI (include/sudoku_bench/plugin.h).
#include <stdexcept>
#include <string>
#include <vector>

#include "sudoku/solver.hpp"

namespace sudoku::ext {

/// A library, symbol, ABI version or command that cannot be used; the message names it.
class LoadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Throws LoadError ("'a b' cannot be a solver name (letters, ...)") unless `name` is a valid
/// solver name (sudoku::valid_solver_name): every name given on the command line is checked.
void check_solver_name(const std::string& name);

/// `--plugin NAME=PATH:SYMBOL`: SYMBOL in PATH with the harness signature
///   size_t solve(const char* puzzle, size_t limit, uint32_t flags, char* solution, size_t* guesses)
/// as the 9x9 solver NAME. Throws LoadError.
SolverInfo load_harness(const std::string& name, const std::string& path, const std::string& symbol);

/// `--plugin PATH`: every solver a library of our C ABI lists. Throws LoadError.
std::vector<SolverInfo> load_native(const std::string& path);

}  // namespace sudoku::ext
