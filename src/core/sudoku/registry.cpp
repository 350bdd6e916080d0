#include "sudoku/registry.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "sudoku/kinds.hpp"
#include "sudoku/solvers/backtracking.hpp"
#include "sudoku/solvers/dlx.hpp"
#include "sudoku/solvers/logic.hpp"
#include "sudoku/solvers/nonogram.hpp"
#include "sudoku/solvers/propagation.hpp"

namespace sudoku {
namespace {

std::deque<SolverInfo>& table() {
  static std::deque<SolverInfo> t = {
      {"backtracking",
       "naive baseline: row-major cells, digits in order, row/column/box scans, undo on failure",
       kAllBoxes, &make_backtracking, {}},
      {"propagation",
       "band bitboards: naked and hidden singles, locked candidates, guess on the fewest candidates",
       kBox9, &make_propagation, {}},
      {"scored",
       "propagation's band bitboards and rules plus triads (a box's row or column segment with "
       "three digits left); guesses the bivalue cell whose digits reach the most peers",
       kBox9, &make_scored, {}},
      {"dlx",
       "dancing links: exact cover (324 columns, 729 rows for 9x9), fewest-rows column, any size",
       kAllBoxes, &make_dlx, {}},
      {"logic",
       "human-style techniques (singles to chains) in order of difficulty, explains its steps "
       "(explain --logic); guesses with backtracking only when stuck",
       kBox9, &make_logic, {}},
      {"nonogram-backtracking",
       "nonograms, naive baseline: row by row over every placement of the runs, columns checked "
       "against the rows so far",
       0, &make_nonogram_backtracking, {}, PuzzleKind::nonogram},
      {"nonogram-line",
       "nonograms: exact line solver (bit-mask dynamic program) to a fixpoint, probing, then "
       "search on the tightest row",
       0, &make_nonogram_line, {}, PuzzleKind::nonogram},
      {"nonogram-cdcl",
       "nonograms at tournament strength: line logic, probing that learns (both values of every "
       "cell, what both imply kept), then CDCL (CaDiCaL) with blocking clauses to count",
       0, &make_nonogram_cdcl, {}, PuzzleKind::nonogram},
  };
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
  return std::string(Kinds::default_solver(kind));
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

}  // namespace sudoku
