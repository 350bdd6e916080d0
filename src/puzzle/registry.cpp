#include "puzzle/registry.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "puzzle/kinds.hpp"

namespace puzzle {

const std::deque<SolverInfo>& builtin_solvers() noexcept {
  static const std::deque<SolverInfo> table = [] {
    std::deque<SolverInfo> all;
    puzzle::Kinds::each([&](auto row) {
      for (SolverInfo& s : decltype(row)::solvers()) {
        s.kind = decltype(row)::id;  // a solver's kind is its row's
        all.push_back(std::move(s));
      }
    });
    return all;
  }();
  return table;
}

namespace {

const SolverInfo* find_in(const std::deque<SolverInfo>& all, std::string_view name) noexcept {
  for (const SolverInfo& s : all)
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace

const Registry& builtin_registry() noexcept {
  static const Registry builtins;
  return builtins;
}

const SolverInfo* find_builtin(std::string_view name) noexcept { return find_in(builtin_solvers(), name); }

Registry::Registry() : all_(builtin_solvers()) {}

const SolverInfo& Registry::add(SolverInfo info) {
  if (info.name.empty()) throw std::invalid_argument("a solver needs a name");
  if (find(info.name) != nullptr)
    throw std::invalid_argument("a solver called '" + info.name + "' is already registered");
  all_.push_back(std::move(info));
  return all_.back();
}

const SolverInfo* Registry::find(std::string_view name) const noexcept { return find_in(all_, name); }

std::string Registry::suggest(std::string_view name) const {
  std::vector<std::string_view> names;
  for (const SolverInfo& s : all_) names.push_back(s.name);
  return nearest_name(name, names);
}

bool valid_solver_name(std::string_view name) noexcept {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '_' || c == '.';
  });
}

std::string default_solver(PuzzleKind kind) {
  return std::string(puzzle::Kinds::default_solver(kind));
}

std::string default_solver(const Registry& registry, PuzzleKind kind, std::span<const PuzzleRef> puzzles) {
  std::string name = default_solver(kind);
  if (puzzles.empty()) return name;
  Kinds::visit(kind, [&](auto row) {
    using R = decltype(row);
    if constexpr (requires { R::by_speed; }) {
      for (const std::string_view candidate : R::by_speed) {
        const SolverInfo* info = registry.find(candidate);
        if (info == nullptr || !info->solves(R::id)) continue;
        const bool takes = std::all_of(puzzles.begin(), puzzles.end(), [&](PuzzleRef p) {
          const auto* puzzle = p.get<typename R::Puzzle>();
          return puzzle != nullptr && !R::size_refused(*puzzle, *info);
        });
        if (takes) {
          name = candidate;
          return;
        }
      }
    }
  });
  return name;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string nearest_name(std::string_view name, std::span<const std::string_view> names) {
  std::string_view best;
  std::size_t best_d = std::string_view::npos;
  for (std::string_view n : names) {
    // A prefix ("dl" for "dlx", "back" for "backtracking") is as good as a near miss.
    const std::size_t d = n.starts_with(name) && !name.empty() ? 0 : edit_distance(name, n);
    if (d < best_d) best_d = d, best = n;
  }
  // Only suggest when the typo is small relative to the name.
  if (best_d <= std::max<std::size_t>(2, best.size() / 3)) return std::string(best);
  return {};
}

}  // namespace puzzle
