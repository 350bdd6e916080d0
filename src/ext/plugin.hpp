#pragma once
// Solvers from shared libraries, loaded at run time (dlopen) and registered like
// built-ins: a function of the reference harness's convention, or a library of our versioned C
// ABI (include/sudoku_bench/plugin.h).
//
// Threads. A harness function promises nothing about threads, and most keep their
// search state at file scope; a native solver says in its descriptor whether it is re-entrant.
// Each worker thread of a solver that is not gets a private instance of the library
// (library.hpp); a re-entrant one shares the library's one instance between threads.
#include <string>
#include <string_view>
#include <vector>

#include "ext/load.hpp"
#include "puzzle/solver.hpp"

namespace puzzle::ext {

/// Thrown by the loaders below (ext/load.hpp).
using ext::LoadError;

/// How a plug-in is loaded.
struct LoadOptions {
  /// Solvers the user says are re-entrant (`--reentrant`): their worker threads share one
  /// instance of the library, whatever the library says; "all" names every one.
  std::vector<std::string> reentrant;
};

/// What loading one library registered: its solvers (SolverInfo::origin says where from and
/// how: "plugin /abs/lib.so:solve; a private instance per worker thread") and, for the
/// provenance, how each solver's threads reach the library ("tdoku: a private instance per
/// worker thread").
struct Loaded {
  std::vector<SolverInfo> solvers;
  std::string path;     ///< absolute
  std::string loading;  ///< "NAME: how, NAME: how"
};

/// `--plugin NAME=PATH:SYMBOL`: SYMBOL in PATH with the harness signature
///   size_t solve(const char* puzzle, size_t limit, uint32_t flags, char* solution, size_t* guesses)
/// as the 9x9 solver NAME. Throws LoadError.
Loaded load_harness(const std::string& name, const std::string& path, const std::string& symbol,
                    const LoadOptions& options = {});

/// `--plugin PATH`: every solver a library of our C ABI lists. Throws LoadError.
Loaded load_native(const std::string& path, const LoadOptions& options = {});

}  // namespace puzzle::ext
