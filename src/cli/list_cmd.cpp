// `list`: the registered solvers.
#include <fmt/format.h>

#include "cli/common.hpp"
#include "cli/table.hpp"
#include "sudoku/registry.hpp"

namespace cli {
namespace {

int run_list() {
  Table t({"solver", "sizes", "description"});
  for (const auto& s : sudoku::solvers()) {
    std::string sizes;
    for (int b = sudoku::kMinBox; b <= sudoku::kMaxBox; ++b)
      if (s.supports(b)) sizes += fmt::format("{}{}", sizes.empty() ? "" : ",", b * b);
    t.add({std::string(s.name), sizes, std::string(s.description)});
  }
  fmt::print("{}", t.render(3));
  return 0;
}

}  // namespace

void add_list_command(CLI::App& app, Commands& out) {
  auto* l = app.add_subcommand("list", "List the registered solvers");
  out.push_back({l, [](const Context&) { return run_list(); }});
}

}  // namespace cli
