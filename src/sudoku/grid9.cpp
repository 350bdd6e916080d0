#include "sudoku/grid9.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace puzzle::sudoku::grid9 {

std::string cell_rc(int cell) {
  return std::string{'r', static_cast<char>('1' + row_of(cell)), 'c', static_cast<char>('1' + col_of(cell))};
}

std::string region_name(int region) {
  static constexpr const char* kType[] = {"box", "row", "column"};
  return fmt::format("{} {}", kType[region_type(region)], region % 9 + 1);
}

std::string cell_text(const Values& value, const Candidates& cand, int cell) {
  if (value[cell] != 0) return std::to_string(value[cell]);
  std::string s;
  for (int d = 1; d <= 9; ++d)
    if (cand[cell] & digit_bit(d)) s += static_cast<char>('0' + d);
  return s;
}

std::string candidates_grid(const Values& value, const Candidates& cand) {
  std::size_t width[9] = {};
  for (int c = 0; c < kCells; ++c) width[col_of(c)] = std::max(width[col_of(c)], cell_text(value, cand, c).size());
  std::string rule;
  for (int col = 0; col < 9; ++col) {
    rule += std::string(width[col] + 2, '-');
    if (col == 2 || col == 5) rule += '+';
  }
  std::string out;
  for (int row = 0; row < 9; ++row) {
    if (row == 3 || row == 6) out += rule + "\n";
    for (int col = 0; col < 9; ++col) {
      const std::string t = cell_text(value, cand, row * 9 + col);
      out += " " + t + std::string(width[col] - t.size() + 1, ' ');
      if (col == 2 || col == 5) out += '|';
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += "\n";
  }
  return out;
}

}  // namespace puzzle::sudoku::grid9
