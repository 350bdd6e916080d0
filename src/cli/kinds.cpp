// The command line's part of the table of puzzle kinds (kinds.hpp).
#include "cli/kinds.hpp"

#include "cli/commands.hpp"
#include "ext/isolate.hpp"

namespace puzzle::cli {

void add_kind_solver_options(CLI::App* app, KindSolverOptions& opt) { add_plugin_options(app, opt.sudoku); }

void register_kind_solvers(const Context& ctx, const KindSolverOptions& opt, double timeout_s,
                           std::vector<std::pair<std::string, std::string>>& provenance) {
  register_plugins(*ctx.registry, ctx.program, opt.sudoku, timeout_s, provenance);
}

void add_kind_commands(CLI::App& app, Commands& out) {
  add_explain_command(app, out);
  add_rate_command(app, out);
  add_transform_command(app, out);
}

std::optional<int> run_kind_child(int argc, char** argv) {
  if (argc > 1 && argv[1] == puzzle::ext::kIsolatedChildCommand)
    return puzzle::ext::isolated_child_main(argc, argv);
  return std::nullopt;
}

}  // namespace puzzle::cli
