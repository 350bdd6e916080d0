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

std::string SudokuKind::solution_name(const Puzzle& p) {
  return fmt::format("{}x{} solution", p.side(), p.side());
}

bool SudokuKind::read_grid(std::string_view word, int box, Grid& out) {
  const int side = box * box;
  if (word.size() != static_cast<std::size_t>(side * side)) return false;
  out.reshape(box);
  for (int i = 0; i < side * side; ++i) {
    const char c = word[static_cast<std::size_t>(i)];
    const char u = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    int v = -1;
    if (c == '.' || c == '0') v = 0;
    else if (side <= 16 && c >= '1' && c <= '9') v = c - '0';
    else if (side == 16 && u >= 'A' && u <= 'G') v = u - 'A' + 10;
    else if (side == 25 && u >= 'A' && u <= 'Y') v = u - 'A' + 1;
    if (v < 0 || v > side) return false;
    out.set(i, v);
  }
  return true;
}

std::optional<std::string> SudokuKind::contradiction(const Puzzle& p) {
  if (auto c = find_conflict(p)) return "contradictory givens: " + c->describe(p);
  return std::nullopt;
}

}  // namespace sudoku
