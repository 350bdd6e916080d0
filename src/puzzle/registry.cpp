#include "puzzle/registry.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "puzzle/kinds.hpp"

namespace puzzle {
namespace {

/// The built-in solvers: each kind's row lists its own (kinds.hpp), joined in the table's order
/// (Sudoku's baseline, `backtracking`, first); a solver's kind is its row's.
std::deque<SolverInfo>& table() {
  static std::deque<SolverInfo> t = [] {
    std::deque<SolverInfo> all;
    puzzle::Kinds::each([&](auto row) {
      for (SolverInfo& s : decltype(row)::solvers()) {
        s.kind = decltype(row)::id;
        all.push_back(std::move(s));
      }
    });
    return all;
  }();
  return t;
}

}  // namespace

const std::deque<SolverInfo>& solvers() noexcept { return table(); }

const SolverInfo& add_solver(SolverInfo info) {
  if (info.name.empty()) throw std::invalid_argument("a solver needs a name");
  if (find_solver(info.name) != nullptr)
    throw std::invalid_argument("a solver called '" + info.name + "' is already registered");
  table().push_back(std::move(info));
  return table().back();
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

const SolverInfo* find_solver(std::string_view name) noexcept {
  for (const SolverInfo& s : table())
    if (s.name == name) return &s;
  return nullptr;
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

std::string suggest_solver(std::string_view name) {
  std::vector<std::string_view> names;
  for (const SolverInfo& s : table()) names.push_back(s.name);
  return nearest_name(name, names);
}

}  // namespace puzzle
