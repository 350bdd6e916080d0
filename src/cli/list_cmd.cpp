// `list`: the registered solvers.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/solver_options.hpp"
#include "cli/table.hpp"
#include "puzzle/kinds.hpp"
#include "puzzle/registry.hpp"
#include "puzzle/simd.hpp"

namespace puzzle::cli {

int list(const ExternalSolverOptions& ext, const Context& ctx) {
  puzzle::Registry& registry = *ctx.registry;
  register_external_solvers(ctx, ext);
  Table t({"solver", "sizes", "description", "from"});
  for (const auto& s : registry.solvers()) {
    t.add({s.name, puzzle::Kinds::sizes(s), s.description, s.origin.empty() ? "built-in" : s.origin});
  }
  fmt::print(ctx.console->out, "{}", t.render(3));
  fmt::print(ctx.console->out, "\npropagation and scored use the instruction set {} (this CPU and build offer {}; "
             "SUDOKU_SIMD=NAME chooses)\n",
             puzzle::simd::current(), fmt::join(puzzle::simd::available(), ", "));
  return 0;
}


void add_list_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<ExternalSolverOptions>();
  auto* l = app.add_subcommand("list", "List the registered solvers (with --plugin, --exec: theirs too)");
  add_external_solver_options(l, *opt);
  out.push_back({l, [opt](const Context& ctx) { return list(*opt, ctx); }});
}

}  // namespace puzzle::cli
