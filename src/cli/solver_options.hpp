#pragma once
// Solvers added at run time: `--plugin`, `--exec`, `--exec-batch` and `--timeout`
// on every subcommand that takes solver names (solve, bench, list, show, and the checker and
// verifier of generate and transform). They are registered before the names are parsed, so
// `-s` finds them like built-ins; their answers go through the same verifier.
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/kinds.hpp"
#include "puzzle/solver.hpp"

namespace puzzle::cli {

struct ExternalSolverOptions {
  KindSolverOptions kind;  ///< each kind's own (Sudoku's plug-ins: --plugin, --reentrant, --isolate)
  /// "NAME=COMMAND": a child process per worker thread, one puzzle line in, one answer line out.
  std::vector<std::string> execs;
  /// "NAME=COMMAND": a program that reads a whole file on stdin and prints one answer a line.
  std::vector<std::string> exec_batches;
  double timeout_s = 10;  ///< per puzzle, for --exec children and --isolate'd plug-ins
};

void add_external_solver_options(CLI::App* app, ExternalSolverOptions& opt);

/// Loads and registers every solver the options name into the invocation's registry. Throws UsageError
/// naming the library, symbol, ABI version or command that fails (exit 2, before any work).
/// Returns the provenance lines to record (key, value): each plug-in's path, sha256 and how its
/// solvers' threads reach it ("NAMES PATH sha256=HEX; NAME: how"), each command.
std::vector<std::pair<std::string, std::string>> register_external_solvers(const Context& ctx,
                                                                           const ExternalSolverOptions& opt);

/// A role's check of one solver by name: the core's (puzzle::solver_for_role and a kind's own,
/// such as sudoku::solver_for_role for one size of grids), which throws OptionError.
using RoleCheck = std::function<const puzzle::SolverInfo&(const std::string& name)>;
/// The one solver `name` (built in or registered by the options above) for a role that solves
/// puzzles one at a time (`show`'s solver, transform's --verifier), as `check` accepts it; without
/// a check, one of any kind and size, which the caller checks against its puzzle (`show`: the
/// judge's admit(), as `solve` does). Throws UsageError (exit 2, before any work) for an unknown
/// name, a list, what the check refuses, or an --exec-batch program, which answers whole files only.
const puzzle::SolverInfo* pick_solver(const puzzle::Registry& registry, const std::string& name,
                                      std::string_view role, const RoleCheck& check = {});

/// After a run with --exec solvers among `solvers`: a paragraph for the terminal with the
/// protocol's own cost per puzzle on this machine (an echoing child; puzzle::ext::measure_floor),
/// to read their times against. Empty when none of them is an --exec solver.
std::string exec_floor_note(const std::vector<const puzzle::SolverInfo*>& solvers);

}  // namespace puzzle::cli
