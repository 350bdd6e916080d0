// sudoku-bench: the thin entry point. Binds options to structs (CLI11), runs the chosen
// subcommand, and is the only place that prints a fatal error and chooses the exit code.
#include <exception>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/commands.hpp"
#include "sudoku/build_info.hpp"
#include "sudoku/io/reader.hpp"

namespace {

std::string join_args(int argc, char** argv) {
  std::string s;
  for (int i = 0; i < argc; ++i) {
    if (i > 0) s += ' ';
    s += argv[i];
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string command = join_args(argc, argv);
  CLI::App app{"sudoku-bench: solve, compare and benchmark Sudoku solvers on large datasets.\n"
               "With no subcommand, solves the default dataset with every solver and compares them."};
  app.set_version_flag("--version", fmt::format("sudoku-bench {} ({})", sudoku::build_info().version,
                                                sudoku::build_info().git_revision));
  app.require_subcommand(0, 1);

  cli::SolveOptions solve;
  solve.solvers = cli::default_solver();
  auto* s = app.add_subcommand("solve", "Solve every puzzle of the files on all cores; verify every answer");
  s->add_option("files", solve.files, "Puzzle files: one per line, CSV with a header, or n-line "
                                       "comma grids; .gz read transparently; - for stdin")
      ->required();
  s->add_option("-s,--solver", solve.solvers, "Solver name(s), comma-separated, or 'all' (see 'list')")
      ->capture_default_str();
  s->add_option("-j,--threads", solve.threads, "Worker threads (default: the cores this process may use)")
      ->check(CLI::Range(1, 1024));
  s->add_option("--limit", solve.limit, "Stop counting at this many solutions: 1 finds one, 2 proves "
                                        "uniqueness, N counts up to N")
      ->check(CLI::Range(uint64_t{1}, UINT64_MAX))
      ->capture_default_str();
  s->add_option("--budget", solve.budget, "Work budget per puzzle in search nodes, so one pathological "
                                          "line cannot stall a batch; 0 = unlimited")
      ->capture_default_str();
  s->add_option("--size", solve.size, "Grid side (4, 9, 16 or 25) when every line must be that size; "
                                      "default: from each line's length")
      ->check(CLI::IsMember({4, 9, 16, 25}));
  s->add_option("-o,--output", solve.rows, "Per-puzzle CSV (one row per puzzle, input order); - for stdout");
  s->add_option("--summary", solve.summary, "Summary CSV (one row per dataset and solver)");
  s->add_flag("--solutions", solve.solutions, "Add each puzzle's solution to the per-puzzle CSV");

  auto* l = app.add_subcommand("list", "List the registered solvers");

  cli::ShowOptions show;
  auto* sh = app.add_subcommand("show", "Draw one puzzle and its solution as grids");
  sh->add_option("puzzle", show.puzzle, "A puzzle string (81 characters for 9x9) or a file")->required();
  sh->add_option("--line", show.line, "With a file: the puzzle on this line (default: the first)");
  sh->add_option("-s,--solver", show.solver, "Solver to use");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : cli::kExitUsage;
  }

  try {
    if (s->parsed()) {
      solve.command = command;
      return cli::run_solve(std::move(solve));
    }
    if (l->parsed()) return cli::run_list();
    if (sh->parsed()) return cli::run_show(show);
    return cli::run_default(command);
  } catch (const cli::UsageError& e) {
    fmt::print(stderr, "sudoku-bench: {}\n", e.what());
    return cli::kExitUsage;
  } catch (const sudoku::InputError& e) {
    fmt::print(stderr, "sudoku-bench: {}\n", e.what());
    return cli::kExitUsage;
  } catch (const std::exception& e) {
    fmt::print(stderr, "sudoku-bench: error: {}\n", e.what());
    return 1;
  }
}
