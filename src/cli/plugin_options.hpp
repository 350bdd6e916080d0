#pragma once
// Sudoku's plug-ins on the command line (--plugin, --reentrant, --isolate; their C ABI passes
// grids: ext/plugin.hpp): part of the run-time solver options (cli/solver_options.hpp),
// on every subcommand that takes solver names.
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "puzzle/registry.hpp"

namespace puzzle::cli {

struct PluginOptions {
  /// "NAME=PATH:SYMBOL": a function of the reference harness's convention; "PATH": a library of
  /// our C ABI (include/sudoku_bench/plugin.h), every solver it lists.
  std::vector<std::string> plugins;
  /// Plug-in solvers the user says are re-entrant: their worker threads share one instance of
  /// the library instead of a private one each.
  std::vector<std::string> reentrant;
  /// Each worker's plug-in runs in a child process of its own (ext/isolate.hpp): a crash
  /// or a hang costs that puzzle (`error`, `timeout`), not the run.
  bool isolate = false;
};

void add_plugin_options(CLI::App* app, PluginOptions& opt);

/// Loads and registers every plug-in's solvers into `registry`; an --isolate'd call past
/// `timeout_s` gets `timeout`. Throws UsageError naming the library, symbol or ABI version that
/// fails, or a --reentrant name that is no plug-in solver. Appends to `provenance` a ("plugin",
/// "NAMES PATH sha256=HEX; how the threads reach it") line per library.
void register_plugins(puzzle::Registry& registry, const std::string& program, const PluginOptions& opt, double timeout_s,
                      std::vector<std::pair<std::string, std::string>>& provenance);

}  // namespace puzzle::cli
