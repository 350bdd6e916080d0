#include "sudoku/sudoku_kind.hpp"

#include <fmt/format.h>

namespace sudoku {

std::string SudokuKind::size_refusal(const Puzzle& p, const SolverInfo& info) {
  return fmt::format("solver '{}' does not support {}x{} grids", info.name, p.side(), p.side());
}

std::string SudokuKind::sizes(const SolverInfo& info) {
  std::string s;
  for (int b = kMinBox; b <= kMaxBox; ++b)
    if (info.supports(b)) s += fmt::format("{}{}", s.empty() ? "" : ",", b * b);
  return s;
}

std::optional<std::string> SudokuKind::contradiction(const Puzzle& p) {
  if (auto c = find_conflict(p)) return "contradictory givens: " + c->describe(p);
  return std::nullopt;
}

}  // namespace sudoku
