// `list`: the registered solvers.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

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
  // The default of each size (registry.hpp default_solver): "scored for 9x9; wide for 4x4, ...".
  puzzle::Kinds::each([&](auto row) {
    using R = decltype(row);
    if constexpr (requires { R::size_examples(); }) {
      std::vector<std::pair<std::string, std::string>> by_solver;  // solver, its sizes
      for (const auto& [size, example] : R::size_examples()) {
        const puzzle::PuzzleRef ref(example);
        const std::string name = puzzle::default_solver(registry, R::id, {&ref, 1});
        auto it = std::find_if(by_solver.begin(), by_solver.end(), [&](const auto& e) { return e.first == name; });
        if (it == by_solver.end()) by_solver.emplace_back(name, size);
        else it->second += ", " + size;
      }
      std::string said;
      for (const auto& [name, sizes] : by_solver) said += fmt::format("{}{} for {}", said.empty() ? "" : "; ", name, sizes);
      fmt::print(ctx.console->out, "\nthe default {} solver (no -s): {}\n", R::noun, said);
    } else {
      fmt::print(ctx.console->out, "\nthe default {} solver (no -s): {}\n", R::name, R::default_solver);
    }
  });
  fmt::print(ctx.console->out, "\npropagation, scored and wide use the instruction set {} (this CPU and build offer {}; "
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
