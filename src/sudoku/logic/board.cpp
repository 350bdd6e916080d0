#include "sudoku/logic/board.hpp"

namespace puzzle::sudoku::logic {

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
  for (uint8_t p : geo().peers[cell]) cand[p] &= static_cast<uint16_t>(~b);
}

bool Board::consistent() const noexcept {
  for (int c = 0; c < kCells; ++c)
    if (value[c] == 0 && cand[c] == 0) return false;
  for (const auto& unit : geo().cells) {
    unsigned seen = 0;
    for (uint8_t c : unit) seen |= value[c] ? bit(value[c]) : cand[c];
    if (seen != kAll) return false;
  }
  return true;
}

Grid Board::grid() const {
  Grid g(3);
  for (int c = 0; c < kCells; ++c) g.set(c, value[c]);
  return g;
}

}  // namespace puzzle::sudoku::logic
