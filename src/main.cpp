// sudoku-bench: the thin entry point. Each subcommand file binds its options to a struct
// (CLI11) and adds itself to the table below; main parses, runs the chosen subcommand, and is
// the only place that prints a fatal error and chooses the exit code.
#include <algorithm>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/common.hpp"
#include "cli/kinds.hpp"
#include "cli/session.hpp"
#include "puzzle/build_info.hpp"
#include "puzzle/registry.hpp"
#include "puzzle/simd.hpp"

namespace cli = puzzle::cli;

int main(int argc, char** argv) {
  // A kind's child program (an isolated plug-in's, ext/isolate.hpp): not a user's command.
  if (const auto code = cli::run_kind_child(argc, argv)) return *code;
  puzzle::Registry registry;
  cli::Context ctx;
  ctx.registry = &registry;
  for (int i = 0; i < argc; ++i) {
    ctx.args.emplace_back(argv[i]);
    ctx.command += (i ? " " : "") + ctx.args.back();
  }

  CLI::App app{"sudoku-bench: solve, compare and benchmark Sudoku solvers on large datasets.\n"
               "With no subcommand, solves the default dataset with every solver and compares them."};
  app.set_version_flag("--version", fmt::format("sudoku-bench {} ({})", puzzle::build_info().version,
                                                puzzle::build_info().git_revision));
  app.require_subcommand(0, 1);
  cli::Commands commands;
  cli::add_solve_commands(app, commands);
  cli::add_list_command(app, commands);
  cli::add_show_command(app, commands);
  cli::add_kind_commands(app, commands);
  cli::add_generate_command(app, commands);
  cli::add_bench_command(app, commands);
  cli::add_regress_command(app, commands);
  cli::add_merge_command(app, commands);

  // A first word that is no subcommand gets the same "did you mean" as a solver name.
  if (argc > 1 && argv[1][0] != '-') {
    std::vector<std::string_view> names;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
      names.push_back(sub->get_name());
    const std::string_view word = argv[1];
    if (std::find(names.begin(), names.end(), word) == names.end()) {
      const std::string near = puzzle::nearest_name(word, names);
      fmt::print(stderr, "sudoku-bench: unknown subcommand '{}'{}; 'sudoku-bench --help' lists them\n", word,
                 near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near));
      return cli::kExitUsage;
    }
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : cli::kExitUsage;
  }

  try {
    try {
      puzzle::simd::use_environment();
    } catch (const std::invalid_argument& e) {
      throw cli::UsageError(e.what());
    }
    for (const auto& c : commands)
      if (c.app->parsed()) return c.run(ctx);
    return cli::run_default(ctx);
  } catch (...) {
    return cli::report_error(std::current_exception());
  }
}
