#pragma once
// The command line's part of the table of puzzle kinds (the core's is puzzle/kinds.hpp): what a
// kind adds to the tool's commands beyond its row. Its own subcommands, its own run-time solver
// options, a child program the tool is run as. With the core's table, the one place outside the
// kinds' folders (src/cli/, ...) where the command line names a kind; a kind with parts
// of its own on the command line adds them here.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"
#include "cli/plugin_options.hpp"

namespace puzzle::cli {

/// Each kind's own run-time solver options, part of every subcommand's (solver_options.hpp).
struct KindSolverOptions {
  PluginOptions sudoku;  ///< --plugin, --reentrant, --isolate: Sudoku's plug-ins

  /// The option given that runs solvers in child processes ("--isolate"), else empty: a count
  /// of the solve calls in this process (bench --measure instructions) refuses it.
  std::string_view out_of_process() const noexcept { return sudoku.isolate ? "--isolate" : ""; }
};

void add_kind_solver_options(CLI::App* app, KindSolverOptions& opt);

/// Loads and registers the solvers the options name into the invocation's registry; an out-of-process call
/// past `timeout_s` gets `timeout`. Throws UsageError (exit 2, before any work). Appends the
/// provenance lines to record (key, value).
void register_kind_solvers(const Context& ctx, const KindSolverOptions& opt, double timeout_s,
                           std::vector<std::pair<std::string, std::string>>& provenance);

/// Each kind's own subcommands (Sudoku's explain, rate, transform).
void add_kind_commands(CLI::App& app, Commands& out);

/// When argv asks for a kind's child program that the tool is re-executed as (Sudoku's isolated
/// plug-in, `__plugin-child`), runs it and gives its exit code; else none.
std::optional<int> run_kind_child(int argc, char** argv);

}  // namespace puzzle::cli
