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
  // The empty grid, then the givens placed one by one: cheaper than deriving the candidates
  // and the positions cell by cell (17 to 30 placements instead of 81 cells x 3 regions x
  // their candidates). A given whose digit an earlier given of a shared region removed is the
  // repetition that makes the puzzle invalid.
  static const State kEmpty = [] {
    State e;
    e.cand.fill(kAllDigits);
    for (auto& r : e.where) r.fill(kAllDigits);
    e.open.fill(kAllDigits);
    e.empty = 81;
    return e;
  }();
  *this = kEmpty;
  for (int c = 0; c < 81; ++c) {
    const int v = g[c];
    if (v == 0) continue;
    if ((cand[c] & digit_bit(v)) == 0) return false;
    place(c, v);
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
  const auto& regions = G.region[cell];
  // The cell leaves the positions of its candidates and the empty cells of its 3 regions.
  for (int t = 0; t < 3; ++t) {
    const int r = regions[t];
    const auto keep = static_cast<uint16_t>(~(1u << G.pos[cell][t]));
    for (uint16_t m = cand[cell]; m != 0; m &= static_cast<uint16_t>(m - 1)) where[r][std::countr_zero(m)] &= keep;
    open[r] &= keep;
  }
  cand[cell] = 0;
  value[cell] = static_cast<uint8_t>(digit);
  --empty;
  // The digit leaves the 20 peers: the ones that hold it are its positions in the 3 regions
  // (usually a few cells, where the peer list is 20). remove() clears the bits of the regions
  // not yet visited and skips a cell seen twice (box and line).
  for (int t = 0; t < 3; ++t) {
    const int r = regions[t];
    for (uint16_t m = where[r][digit - 1]; m != 0; m &= static_cast<uint16_t>(m - 1))
      remove(G.cells[r][std::countr_zero(m)], digit);
  }
}

std::string cell_rc(int cell) {
  return std::string{'r', static_cast<char>('1' + row_of(cell)), 'c', static_cast<char>('1' + col_of(cell))};
}

std::string cell_se(int cell) {
  return std::string{static_cast<char>('A' + col_of(cell)), static_cast<char>('1' + row_of(cell))};
}

}  // namespace sudoku::se
