#pragma once
// What every way of bringing a solver in from outside shares (plug-ins, sudoku/ext/plugin.hpp;
// programs, exec.hpp): the error that refuses one, and the check of the name it is given.
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "puzzle/registry.hpp"

namespace puzzle::ext {

/// A library, symbol, ABI version or command that cannot be used; the message names it.
class LoadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Throws LoadError ("'a b' cannot be a solver name (letters, ...)") unless `name` is a valid
/// solver name (puzzle::valid_solver_name): every name given on the command line is checked.
inline void check_solver_name(const std::string& name) {
  if (!valid_solver_name(name))
    throw LoadError(fmt::format("'{}' cannot be a solver name ({})", name, kSolverNameRule));
}

}  // namespace puzzle::ext
