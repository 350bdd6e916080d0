#include "sudoku/logic/board.hpp"

#include <fmt/format.h>

namespace sudoku::logic {

const Geometry& geometry() noexcept {
  static const Geometry g = [] {
    Geometry t{};
    for (int i = 0; i < 9; ++i)
      for (int j = 0; j < 9; ++j) {
        t.unit[i][j] = static_cast<uint8_t>(i * 9 + j);
        t.unit[9 + i][j] = static_cast<uint8_t>(j * 9 + i);
        t.unit[18 + i][j] = static_cast<uint8_t>((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3);
      }
    for (int c = 0; c < kCells; ++c) {
      t.units[c] = {static_cast<uint8_t>(row_of(c)), static_cast<uint8_t>(9 + col_of(c)),
                    static_cast<uint8_t>(18 + box_of(c))};
      int n = 0;
      for (int o = 0; o < kCells; ++o)
        if (sees(c, o)) t.peers[c][n++] = static_cast<uint8_t>(o);
    }
    return t;
  }();
  return g;
}

std::string unit_name(int unit) {
  static constexpr const char* kKind[] = {"row", "column", "box"};
  return fmt::format("{} {}", kKind[unit / 9], unit % 9 + 1);
}

std::string cell_label(int cell) { return fmt::format("r{}c{}", row_of(cell) + 1, col_of(cell) + 1); }

std::string digits_label(unsigned mask) {
  std::string s;
  for (int d = 1; d <= 9; ++d)
    if (mask & bit(d)) {
      if (!s.empty()) s += ',';
      s += static_cast<char>('0' + d);
    }
  return s;
}

bool Board::load(const Grid& g) {
  if (find_conflict(g)) return false;  // two equal givens in a unit
  value.fill(0);
  cand.fill(kAll);
  empty = kCells;
  for (int c = 0; c < kCells; ++c)
    if (g[c] != 0) place(c, g[c]);
  return true;
}

void Board::place(int cell, int digit) noexcept {
  const uint16_t b = bit(digit);
  value[cell] = static_cast<uint8_t>(digit);
  cand[cell] = 0;
  --empty;
  for (uint8_t p : geometry().peers[cell]) cand[p] &= static_cast<uint16_t>(~b);
}

bool Board::consistent() const noexcept {
  for (int c = 0; c < kCells; ++c)
    if (value[c] == 0 && cand[c] == 0) return false;
  const auto& geo = geometry();
  for (int u = 0; u < kUnits; ++u) {
    unsigned seen = 0;
    for (uint8_t c : geo.unit[u]) seen |= value[c] ? bit(value[c]) : cand[c];
    if (seen != kAll) return false;
  }
  return true;
}

Grid Board::grid() const {
  Grid g(3);
  for (int c = 0; c < kCells; ++c) g.set(c, value[c]);
  return g;
}

}  // namespace sudoku::logic
