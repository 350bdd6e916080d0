#pragma once
// What every way of bringing a solver in from outside shares (plug-ins, ext/plugin.hpp;
// programs, exec.hpp): the error that refuses one, the check of the name it is given, its timeout.
#include <algorithm>
#include <chrono>
#include <cmath>
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

/// A timeout given in seconds (--timeout, the Python module's timeout=) as the milliseconds the
/// children are timed in, at least 1. The callers keep it at most 1e6 s, so llround cannot
/// overflow.
inline std::chrono::milliseconds to_timeout(double seconds) {
  return std::chrono::milliseconds(std::max<long long>(1, std::llround(seconds * 1e3)));
}

}  // namespace puzzle::ext
