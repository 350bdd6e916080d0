#include "sudoku/generate/options.hpp"

#include <fmt/format.h>

#include "sudoku/kinds.hpp"
#include "sudoku/registry.hpp"

namespace sudoku {

std::string OptionNames::operator()(std::string_view name) const {
  std::string s(name);
  for (char& c : s)
    if (c == '_' || c == '-') c = style == OptionStyle::cli ? '-' : '_';
  return style == OptionStyle::cli ? "--" + s : s;
}

std::string OptionNames::given(std::string_view name, std::string_view value) const {
  return style == OptionStyle::cli ? fmt::format("{} {}", (*this)(name), value)
                                   : fmt::format("{}='{}'", (*this)(name), value);
}

const SolverInfo& solver_for_role(const std::string& name, std::string_view role, OptionStyle style) {
  const SolverInfo* s = find_solver(name);
  if (s == nullptr) {
    const std::string near = suggest_solver(name);
    throw OptionError(fmt::format("{}: unknown solver '{}'{}", role, name,
                                  near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near)));
  }
  if (s->batch())
    throw OptionError(style == OptionStyle::cli
                          ? fmt::format("{} '{}' is an --exec-batch program: it answers whole files (solve, "
                                        "bench), not one puzzle at a time, so it cannot be the {} (an --exec "
                                        "solver can)", role, s->name, role)
                          : fmt::format("{} '{}' is an exec-batch program (add_exec(batch=True)): it answers "
                                        "whole inputs, not one puzzle at a time, so it cannot be the {} (one "
                                        "added without batch=True can)", role, s->name, role));
  return *s;
}

const SolverInfo& solver_for_role(const std::string& name, int box, std::string_view role, OptionStyle style) {
  const SolverInfo* s = &solver_for_role(name, role, style);
  if (!s->supports(box))
    throw OptionError(fmt::format("{} '{}' does not support {}x{} grids", role, s->name, box * box, box * box));
  return *s;
}

const SolverInfo& solver_for_role(const std::string& name, PuzzleKind kind, std::string_view role,
                                  OptionStyle style) {
  const SolverInfo* s = &solver_for_role(name, role, style);
  if (!s->solves(kind)) throw OptionError(fmt::format("{} '{}' does not solve {}", role, s->name, Kinds::plural(kind)));
  return *s;
}

const SolverInfo* default_transform_verifier(int box) {
  for (const char* n : {"propagation", "dlx", "backtracking"})
    if (const SolverInfo* s = find_solver(n); s != nullptr && s->supports(box)) return s;
  return nullptr;
}

std::string generate_kind_names() {
  std::string names;
  Kinds::each([&](auto row) { names += (names.empty() ? "" : " or ") + std::string(decltype(row)::name); });
  return names;
}

std::string generate_option_help(std::string_view name) {
  std::string help;
  Kinds::each([&](auto row) {
    const std::string h = decltype(row)::generate_help(name);
    if (!h.empty()) help += (help.empty() ? "" : "; ") + h;
  });
  return help;
}

GeneratePlan plan_generate(const GenerateOptions& opt, OptionStyle style) {
  const OptionNames say{style};
  if (opt.max_attempts < 1) throw OptionError(say("max-attempts") + ": at least 1");
  const std::optional<PuzzleKind> kind = Kinds::find(opt.kind);
  if (!kind) throw OptionError(say.given("kind", opt.kind) + ": " + generate_kind_names());
  GeneratePlan plan;
  Kinds::each([&](auto row) {
    if (decltype(row)::id != *kind) decltype(row)::refuse_generate_options(opt, say);
  });
  Kinds::visit(*kind, [&](auto row) { plan = decltype(row)::plan_generate(opt, say); });
  plan.kind = *kind;
  return plan;
}

}  // namespace sudoku
