#pragma once
// What every subcommand shares: exit codes, the fatal usage error, the subcommand table entry,
// solver-list parsing.
#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/console.hpp"
#include "io/reader.hpp"
#include "puzzle/registry.hpp"
#include "puzzle/solver.hpp"

namespace puzzle::cli {

/// Exit codes: 0 success; 1 a wrong answer, a failed check, an input that ended early or a
/// failed write; 2 usage or an unreadable input; 128 + the signal when stopped by one (130
/// Ctrl-C, 143 SIGTERM, 141 a closed pipe).
inline constexpr int kExitWrong = 1, kExitUsage = 2;

/// A fatal usage error (unknown solver, bad option value): main prints it, exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One command's invocation: where its words go, its solvers, what results files record.
struct Context {
  std::string command;             ///< the whole command line
  std::vector<std::string> args;   ///< the same, one word each (argv)
  /// The invocation's solvers: the built-in ones, and those its options add (never null).
  puzzle::Registry* registry = nullptr;
  Console* console = nullptr;      ///< never null
  /// The sudoku-bench program, which child processes run (an isolated plug-in's host beside
  /// it, the command again under callgrind): this process's own executable, or, for commands
  /// run in another program's process (the tests), the built tool.
  std::string program;
};

/// One subcommand: its CLI11 app (options bound to a struct the closure owns) and how to run it.
struct Command {
  CLI::App* app;
  std::function<int(const Context&)> run;
};
using Commands = std::vector<Command>;

/// Each subcommand file adds itself (main.cpp calls these in order).
void add_solve_commands(CLI::App& app, Commands& out);  // solve (and the default main job)
void add_list_command(CLI::App& app, Commands& out);
void add_show_command(CLI::App& app, Commands& out);
void add_generate_command(CLI::App& app, Commands& out);   // generate_cmd.cpp
void add_bench_command(CLI::App& app, Commands& out);
void add_regress_command(CLI::App& app, Commands& out);
void add_merge_command(CLI::App& app, Commands& out);      // merge_cmd.cpp

/// The main job: the default dataset through every solver of its kind.
int run_default(const Context& ctx);

/// Solvers from "a,b,c" or "all" (every solver of `kind`); throws UsageError with "did you
/// mean" for an unknown name.
std::vector<const puzzle::SolverInfo*> parse_solvers(const puzzle::Registry& registry, const std::string& list,
                                                     puzzle::PuzzleKind kind = puzzle::PuzzleKind{});

/// The kind of puzzle in the first of `files` that can be read twice (not stdin or a pipe):
/// its first data line decides. The fallback row's kind (kinds.hpp) when none can be, or it
/// cannot be read (the run then reports that).
puzzle::PuzzleKind input_kind(const std::vector<std::string>& files);

/// `--shard K/N` on a subcommand (`items`: generated items, else input records): binds the
/// text; shard_of() checks and converts it.
void add_shard_option(CLI::App* app, std::string& text, bool items = false);
/// The shard of "K/N" ("" is the whole input); throws UsageError.
puzzle::io::Shard shard_of(const std::string& text);

/// `--resume` on a batch subcommand: continue the partial output an earlier run left.
void add_resume_option(CLI::App* app, bool& flag);

/// Whether `arg` (a command's puzzle argument: a file or the puzzle itself) names an existing
/// file; false for a text no file can be called (a 16x16 puzzle is longer than a file name may
/// be: std::filesystem::exists would throw).
bool names_file(const std::string& arg);

}  // namespace puzzle::cli
