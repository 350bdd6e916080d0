#include "sudoku/grid.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

namespace puzzle::sudoku {

int Grid::clues() const noexcept {
  int n = 0;
  for (int i = 0; i < cells(); ++i) n += v_[i] != 0;
  return n;
}

bool Grid::complete() const noexcept {
  return std::memchr(v_.data(), 0, static_cast<std::size_t>(cells())) == nullptr;
}

bool operator==(const Grid& a, const Grid& b) noexcept {
  return a.box_ == b.box_ && std::memcmp(a.v_.data(), b.v_.data(), a.cells()) == 0;
}

int box_for_cells(std::size_t cells) noexcept {
  for (int b = kMinBox; b <= kMaxBox; ++b)
    if (cells == static_cast<std::size_t>(b * b * b * b)) return b;
  return 0;
}

std::string cell_name(const Grid& g, int cell) {
  return fmt::format("r{}c{}", g.row_of(cell) + 1, g.col_of(cell) + 1);
}

std::string Conflict::describe(const Grid& g) const {
  static constexpr const char* kUnit[] = {"row", "column", "box"};
  return fmt::format("digit {} twice in {} {} ({}, {})", digit, kUnit[static_cast<int>(unit)],
                     index + 1, cell_name(g, first), cell_name(g, second));
}

namespace {

/// True when some unit repeats a digit: one bitmask per unit, indices kept without division.
/// Templated on the box so the 9x9 loops unroll; verification runs this on every answer, so no
/// branch a cell (the repeats are gathered and tested once), and a box's mask is read once a
/// row and written once (a read-modify-write a cell waits on the store before it).
template <int B>
bool has_duplicate(const uint8_t* v) noexcept {
  constexpr int n = B * B;
  uint32_t cols[n]{}, boxes[B]{}, repeats = 0;
  int cell = 0;
  for (int r = 0; r < n; ++r) {
    if (r % B == 0) std::fill(std::begin(boxes), std::end(boxes), 0u);  // a new band
    uint32_t row = 0;
    for (int bx = 0; bx < B; ++bx) {
      const uint32_t box = boxes[bx];
      uint32_t seg = 0;  // this row's cells in the box
      for (int k = 0; k < B; ++k, ++cell) {
        const int c = bx * B + k;
        const uint32_t bit = (1u << v[cell]) & ~1u;  // digit 0 (empty) sets nothing
        repeats |= (row | box | cols[c]) & bit;     // row: this segment's cells so far too
        row |= bit;
        seg |= bit;
        cols[c] |= bit;
      }
      boxes[bx] = box | seg;
    }
  }
  return repeats != 0;
}

}  // namespace

std::optional<Conflict> find_conflict(const Grid& g) noexcept {
  bool dup = true;
  switch (g.box()) {
    case 2: dup = has_duplicate<2>(g.data()); break;
    case 3: dup = has_duplicate<3>(g.data()); break;
    case 4: dup = has_duplicate<4>(g.data()); break;
    case 5: dup = has_duplicate<5>(g.data()); break;
  }
  if (!dup) return std::nullopt;
  // Rare: find the first repeated pair, in cell order, to describe it.
  // seen[unit kind][unit index][digit] = cell + 1 of the first occurrence.
  std::array<std::array<int16_t, kMaxSide + 1>, kMaxSide> seen[3]{};
  for (int cell = 0; cell < g.cells(); ++cell) {
    const int d = g[cell];
    if (d == 0) continue;
    const int index[3] = {g.row_of(cell), g.col_of(cell), g.box_of(cell)};
    for (int u = 0; u < 3; ++u) {
      int16_t& s = seen[u][index[u]][d];
      if (s != 0) return Conflict{static_cast<Conflict::Unit>(u), index[u], d, s - 1, cell};
      s = static_cast<int16_t>(cell + 1);
    }
  }
  return std::nullopt;
}

namespace {
char symbol(int side, int v) {
  if (v == 0) return '.';
  if (side <= 9) return static_cast<char>('0' + v);
  if (side <= 16) return v <= 9 ? static_cast<char>('0' + v) : static_cast<char>('A' + v - 10);
  return static_cast<char>('A' + v - 1);
}
}  // namespace

std::string to_line(const Grid& g) {
  std::string s(static_cast<std::size_t>(g.cells()), '.');
  for (int i = 0; i < g.cells(); ++i) s[i] = symbol(g.side(), g[i]);
  return s;
}

std::string to_pretty(const Grid& g) {
  const int n = g.side(), b = g.box();
  std::string rule;
  for (int bc = 0; bc < b; ++bc) {
    rule += bc == 0 ? "+" : "";
    rule += std::string(static_cast<std::size_t>(2 * b + 1), '-') + "+";
  }
  std::string out;
  for (int r = 0; r < n; ++r) {
    if (r % b == 0) out += rule + "\n";
    for (int c = 0; c < n; ++c) {
      if (c % b == 0) out += "| ";
      out += symbol(n, g.at(r, c));
      out += ' ';
    }
    out += "|\n";
  }
  out += rule + "\n";
  return out;
}

}  // namespace puzzle::sudoku
