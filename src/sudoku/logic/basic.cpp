// Singles (full house, hidden, naked) and intersections (pointing, claiming), and the singles
// propagation the chain techniques and the search run on trial copies.
#include <climits>

#include "sudoku/logic/technique.hpp"

namespace puzzle::sudoku::logic {
namespace {

/// Digits already placed in unit `u`.
unsigned placed_in(const Board& b, int u) noexcept {
  unsigned m = 0;
  for (uint8_t c : geo().cells[u])
    if (b.value[c]) m |= bit(b.value[c]);
  return m;
}

}  // namespace

bool find_full_house(const Board& b, Deduction& out) {
  const auto in = [&](int u) {
    int empties = 0, cell = -1;
    for (uint8_t c : geo().cells[u])
      if (!b.value[c]) ++empties, cell = c;
    if (empties != 1) return false;
    const unsigned missing = kAll & ~placed_in(b, u);
    if (popcount(missing) != 1 || !(b.cand[cell] & missing)) return false;  // contradiction: not ours
    out.clear();
    out.technique = Technique::full_house;
    out.unit = u;
    out.digits = static_cast<uint16_t>(missing);
    out.placements.push_back({static_cast<uint8_t>(cell), static_cast<uint8_t>(first_digit(missing))});
    return true;
  };
  // Rows and columns, then boxes (kScanRCB's order, as two plain loops: cheaper here).
  for (int u = region_id(kRow, 0); u < kRegions; ++u)
    if (in(u)) return true;
  for (int u = region_id(kBox, 0); u < region_id(kRow, 0); ++u)
    if (in(u)) return true;
  return false;
}

bool find_hidden_single(const Board& b, Deduction& out, bool boxes) {
  const auto& G = geo();
  for (int u = boxes ? 0 : 9; u < (boxes ? 9 : kRegions); ++u) {  // boxes, or rows then columns
    const unsigned have = placed_in(b, u);
    for (int d = 1; d <= 9; ++d) {
      if (have & bit(d)) continue;
      int n = 0, cell = -1;
      for (uint8_t c : G.cells[u])
        if (b.cand[c] & bit(d)) ++n, cell = c;
      if (n != 1) continue;
      out.clear();
      out.technique = boxes ? Technique::hidden_single_box : Technique::hidden_single_line;
      out.unit = u;
      out.digits = bit(d);
      out.placements.push_back({static_cast<uint8_t>(cell), static_cast<uint8_t>(d)});
      return true;
    }
  }
  return false;
}

bool find_naked_single(const Board& b, Deduction& out) {
  for (int c = 0; c < kCells; ++c) {
    if (b.value[c] || popcount(b.cand[c]) != 1) continue;
    out.clear();
    out.technique = Technique::naked_single;
    out.digits = b.cand[c];
    out.cells.push_back(static_cast<uint8_t>(c));
    out.placements.push_back({static_cast<uint8_t>(c), static_cast<uint8_t>(first_digit(b.cand[c]))});
    return true;
  }
  return false;
}

namespace {

/// Claiming: the digit `d` of line `from` (a row or column) lies only in one box: removes it from
/// the rest of that box. Fills `out` when something is removed.
bool intersect(const Board& b, Deduction& out, Technique t, int from, int d) {
  const auto& G = geo();
  int to = -1;
  int n = 0;
  for (uint8_t c : G.cells[from]) {
    if (!(b.cand[c] & bit(d))) continue;
    ++n;
    const int other = G.region[c][kBox];
    if (to == -1) to = other;
    else if (to != other) return false;
  }
  if (n < 2 || to < 0) return false;
  out.clear();
  for (uint8_t c : G.cells[to])
    if ((b.cand[c] & bit(d)) && G.region[c][kRow] != from && G.region[c][kCol] != from)
      out.eliminations.push_back({c, static_cast<uint8_t>(d)});
  if (out.eliminations.empty()) return false;
  out.technique = t;
  out.unit = from;
  out.unit2 = to;
  out.digits = bit(d);
  for (uint8_t c : G.cells[from])
    if (b.cand[c] & bit(d)) out.cells.push_back(c);
  return true;
}

}  // namespace

bool find_pointing(const Board& b, Deduction& out) {
  const auto& G = geo();
  for (int box = 0; box < 9; ++box)
    for (int d = 1; d <= 9; ++d) {
      int n = 0, row = -1, col = -1;
      bool one_row = true, one_col = true;
      for (uint8_t c : G.cells[box]) {
        if (!(b.cand[c] & bit(d))) continue;
        ++n;
        if (row == -1) row = row_of(c), col = col_of(c);
        one_row &= row_of(c) == row;
        one_col &= col_of(c) == col;
      }
      if (n < 2 || (!one_row && !one_col)) continue;
      const int line = one_row ? region_id(kRow, row) : region_id(kCol, col);
      out.clear();
      for (uint8_t c : G.cells[line])
        if ((b.cand[c] & bit(d)) && box_of(c) != box)
          out.eliminations.push_back({c, static_cast<uint8_t>(d)});
      if (out.eliminations.empty()) continue;
      out.technique = Technique::pointing;
      out.unit = box;
      out.unit2 = line;
      out.digits = bit(d);
      for (uint8_t c : G.cells[box])
        if (b.cand[c] & bit(d)) out.cells.push_back(c);
      return true;
    }
  return false;
}

bool find_claiming(const Board& b, Deduction& out) {
  for (int line = 9; line < kRegions; ++line)  // rows, then columns
    for (int d = 1; d <= 9; ++d)
      if (intersect(b, out, Technique::claiming, line, d)) return true;
  return false;
}

bool propagate_singles(Board& b, int max_placements, int& placed, uint8_t* order) noexcept {
  const auto& G = geo();
  placed = 0;
  while (b.empty > 0) {
    bool progress = false;
    for (int c = 0; c < kCells; ++c) {
      if (b.value[c]) continue;
      const unsigned m = b.cand[c];
      if (m == 0) return false;
      if (m & (m - 1)) continue;
      b.place(c, first_digit(m));
      if (order) order[c] = static_cast<uint8_t>(placed < 255 ? placed : 255);
      progress = true;
      if (++placed >= max_placements) return true;
    }
    for (const int u : kScanRCB) {
      unsigned once = 0, twice = 0, have = 0;
      for (uint8_t c : G.cells[u]) {
        if (b.value[c]) {
          have |= bit(b.value[c]);
          continue;
        }
        twice |= once & b.cand[c];
        once |= b.cand[c];
      }
      if ((once | have) != kAll) return false;
      unsigned hidden = once & ~twice & ~have;
      while (hidden) {
        const int d = first_digit(hidden);
        hidden &= hidden - 1;
        int cell = -1;
        for (uint8_t c : G.cells[u])
          if (b.cand[c] & bit(d)) cell = c;
        if (cell < 0) return false;  // an earlier hidden single of this unit took its cell
        b.place(cell, d);
        if (order) order[cell] = static_cast<uint8_t>(placed < 255 ? placed : 255);
        progress = true;
        if (++placed >= max_placements) return true;
      }
    }
    if (!progress) return true;
  }
  return true;
}

}  // namespace puzzle::sudoku::logic
