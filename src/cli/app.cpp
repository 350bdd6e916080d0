#include "cli/app.hpp"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <sstream>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/common.hpp"
#include "cli/kinds.hpp"
#include "cli/session.hpp"
#include "puzzle/build_info.hpp"
#include "puzzle/simd.hpp"

namespace puzzle::cli {

int run(const std::vector<std::string>& args, Console& console, const std::string& program,
        puzzle::Registry* registry) {
  puzzle::Registry own;
  Context ctx;
  ctx.registry = registry != nullptr ? registry : &own;
  ctx.console = &console;
  ctx.program = program;
  ctx.args = args;
  for (std::size_t i = 0; i < args.size(); ++i) ctx.command += (i ? " " : "") + args[i];

  CLI::App app{"sudoku-bench: solve, compare and benchmark Sudoku solvers on large datasets.\n"
               "With no subcommand, solves the default dataset with every solver and compares them."};
  app.set_version_flag("--version", fmt::format("sudoku-bench {} ({})", puzzle::build_info().version,
                                                puzzle::build_info().git_revision));
  if (!args.empty()) app.name(args.front());  // the usage line names the program as it was called
  app.require_subcommand(0, 1);
  Commands commands;
  add_solve_commands(app, commands);
  add_list_command(app, commands);
  add_show_command(app, commands);
  add_kind_commands(app, commands);
  add_generate_command(app, commands);
  add_bench_command(app, commands);
  add_regress_command(app, commands);
  add_merge_command(app, commands);

  // A first word that is no subcommand gets the same "did you mean" as a solver name.
  if (args.size() > 1 && !args[1].starts_with('-')) {
    std::vector<std::string_view> names;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
      names.push_back(sub->get_name());
    const std::string_view word = args[1];
    if (std::find(names.begin(), names.end(), word) == names.end()) {
      const std::string near = puzzle::nearest_name(word, names);
      fmt::print(console.err, "sudoku-bench: unknown subcommand '{}'{}; 'sudoku-bench --help' lists them\n", word,
                 near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near));
      return kExitUsage;
    }
  }

  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend() - (args.empty() ? 0 : 1));
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    // CLI11 writes help, the version and its refusals to C++ streams: on the console instead.
    std::ostringstream out, err;
    const int code = app.exit(e, out, err);
    fmt::print(console.out, "{}", out.str());
    fmt::print(console.err, "{}", err.str());
    return code == 0 ? 0 : kExitUsage;
  }

  try {
    try {
      puzzle::simd::use_environment();
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    for (const auto& c : commands)
      if (c.app->parsed()) return c.run(ctx);
    return run_default(ctx);
  } catch (...) {
    return report_error(std::current_exception(), console.err);
  }
}

std::optional<int> run_child(int argc, char** argv) { return run_kind_child(argc, argv); }

std::string this_program() {
  std::error_code ec;
  const auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : p.string();
}

}  // namespace puzzle::cli
