// The grid model of the SE rater (SE_RATING.md section 1): geometry tables and State.
#include "sudoku/se/state.hpp"

#include <algorithm>

namespace sudoku::se {

namespace {

Geometry make_geometry() {
  Geometry g{};
  for (int i = 0; i < 9; ++i)
    for (int p = 0; p < 9; ++p) {
      g.cells[region_id(kBox, i)][p] = static_cast<uint8_t>((i / 3 * 3 + p / 3) * 9 + i % 3 * 3 + p % 3);
      g.cells[region_id(kRow, i)][p] = static_cast<uint8_t>(i * 9 + p);
      g.cells[region_id(kCol, i)][p] = static_cast<uint8_t>(p * 9 + i);
    }
  for (int r = 0; r < 27; ++r)
    for (int p = 0; p < 9; ++p) {
      const int c = g.cells[r][p];
      g.region[c][region_type(r)] = static_cast<uint8_t>(r);
      g.pos[c][region_type(r)] = static_cast<uint8_t>(p);
    }
  for (int c = 0; c < 81; ++c) {
    int n = 0;
    for (int o = 0; o < 81; ++o)
      if (sees(c, o)) {
        g.peers[c][n++] = static_cast<uint8_t>(o);
        g.peer_mask[c][o / 64] |= uint64_t{1} << (o % 64);
      }
  }
  int n = 0;
  for (int type : {kBox, kCol, kRow})
    for (int i = 0; i < 9; ++i) g.scan_bcr[n++] = static_cast<int8_t>(region_id(type, i));
  return g;
}

}  // namespace

const Geometry& geo() noexcept {
  static const Geometry g = make_geometry();
  return g;
}

bool State::load(const Grid& g) {
  const Geometry& G = geo();
  value.fill(0);
  cand.fill(0);
  for (auto& r : where) r.fill(0);
  open.fill(0);
  empty = 0;
  for (int c = 0; c < 81; ++c) {
    const int v = g[c];
    value[c] = static_cast<uint8_t>(v);
    if (v == 0) {
      ++empty;
      cand[c] = kAllDigits;
    }
  }
  for (int c = 0; c < 81; ++c)
    if (value[c] != 0)
      for (int p : G.peers[c]) {
        if (value[p] == value[c]) return false;
        cand[p] &= static_cast<uint16_t>(~digit_bit(value[c]));
      }
  for (int c = 0; c < 81; ++c)
    for (int t = 0; t < 3; ++t) {
      const int r = G.region[c][t];
      const uint16_t pbit = static_cast<uint16_t>(1u << G.pos[c][t]);
      if (value[c] == 0) open[r] |= pbit;
      for (uint16_t m = cand[c]; m != 0; m &= m - 1) where[r][std::countr_zero(m)] |= pbit;
    }
  return true;
}

void State::remove(int cell, int digit) noexcept {
  const uint16_t b = digit_bit(digit);
  if ((cand[cell] & b) == 0) return;
  cand[cell] &= static_cast<uint16_t>(~b);
  const Geometry& G = geo();
  for (int t = 0; t < 3; ++t)
    where[G.region[cell][t]][digit - 1] &= static_cast<uint16_t>(~(1u << G.pos[cell][t]));
}

void State::place(int cell, int digit) noexcept {
  const Geometry& G = geo();
  for (uint16_t m = cand[cell]; m != 0; m &= m - 1) remove(cell, std::countr_zero(m) + 1);
  value[cell] = static_cast<uint8_t>(digit);
  --empty;
  for (int t = 0; t < 3; ++t) open[G.region[cell][t]] &= static_cast<uint16_t>(~(1u << G.pos[cell][t]));
  for (int p : G.peers[cell]) remove(p, digit);
}

std::string cell_rc(int cell) {
  return std::string{'r', static_cast<char>('1' + row_of(cell)), 'c', static_cast<char>('1' + col_of(cell))};
}

std::string cell_se(int cell) {
  return std::string{static_cast<char>('A' + col_of(cell)), static_cast<char>('1' + row_of(cell))};
}

}  // namespace sudoku::se
