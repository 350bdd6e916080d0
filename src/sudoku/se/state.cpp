// The grid model of the SE rater (docs/se_rules.md, Grid model): State.
#include "sudoku/se/state.hpp"

#include <algorithm>

namespace puzzle::sudoku::se {

namespace {

// kSpread[m]: each bit k of a 3-bit mask m widened to bits 3k..3k+2. kTile[m]: m repeated in
// bits 0-2, 3-5 and 6-8.
constexpr std::array<uint16_t, 8> kSpread = {0, 0x7, 0x38, 0x3F, 0x1C0, 0x1C7, 0x1F8, 0x1FF};
constexpr std::array<uint16_t, 8> kTile = {0, 0x49, 0x92, 0xDB, 0x124, 0x16D, 0x1B6, 0x1FF};

}  // namespace

bool State::load(const Grid& g) {
  // Derived from the givens in one pass, not by placing them one by one on the empty grid (20
  // to 30 placements of about 400 instructions each, place() keeping `single` up to date too).
  // Per digit, the rows, columns and boxes that hold it; a cell's candidates are the digits none
  // of its 3 regions holds, and a region's positions of d are the empty cells whose row, column
  // and box all lack d. A given whose digit an earlier given of a shared region holds is the
  // repetition that makes the puzzle invalid.
  const Geometry& G = geo();
  std::array<uint16_t, 9> in_row{}, in_col{}, in_box{};  // [digit-1] -> rows / columns / boxes
  std::array<uint16_t, 9> in_box_t{};  // the same boxes, bit stack * 3 + band (column order)
  std::array<uint16_t, 27> used{};     // [region] -> its givens' digits
  open.fill(kAllDigits);
  empty = 81;
  for (int c = 0; c < 81; ++c) {
    const int v = g[c];
    value[static_cast<std::size_t>(c)] = static_cast<uint8_t>(v);
    if (v == 0) continue;
    const int i = row_of(c), j = col_of(c), b = box_of(c);
    const auto d = static_cast<std::size_t>(v - 1);
    if (((in_row[d] >> i) | (in_col[d] >> j) | (in_box[d] >> b)) & 1) return false;
    in_row[d] |= static_cast<uint16_t>(1u << i);
    in_col[d] |= static_cast<uint16_t>(1u << j);
    in_box[d] |= static_cast<uint16_t>(1u << b);
    in_box_t[d] |= static_cast<uint16_t>(1u << (b % 3 * 3 + b / 3));
    for (int t = 0; t < 3; ++t) {
      const int r = G.region[c][t];
      used[r] |= digit_bit(v);
      open[r] &= static_cast<uint16_t>(~(1u << G.pos[c][t]));
    }
    --empty;
  }
  for (int c = 0; c < 81; ++c) {
    const auto& r = G.region[c];
    cand[c] = value[c] != 0 ? 0 : static_cast<uint16_t>(~(used[r[0]] | used[r[1]] | used[r[2]]) & kAllDigits);
  }
  one_open = two_open = 0;
  for (int r = 0; r < 27; ++r) {
    const int n = pop9(open[r]);
    if (n == 1) one_open |= 1u << r;
    if (n >= 2) two_open |= 1u << r;
  }
  for (std::size_t d = 0; d < 9; ++d) {
    const unsigned row_free = ~in_row[d] & kAllDigits, col_free = ~in_col[d] & kAllDigits;
    const unsigned box_free = ~in_box[d] & kAllDigits, box_free_t = ~in_box_t[d] & kAllDigits;
    for (int h = 0; h < 3; ++h) {
      // Band h's rows may hold d in the free columns of its free boxes; a box of band h in
      // its free rows (as positions 3k..3k+2). Stack h likewise for columns and box columns.
      const unsigned row_cols = col_free & kSpread[(box_free >> (3 * h)) & 7];
      const unsigned box_rows = kSpread[(row_free >> (3 * h)) & 7];
      const unsigned col_rows = row_free & kSpread[(box_free_t >> (3 * h)) & 7];
      for (int k = 0; k < 3; ++k) {
        const int i = 3 * h + k;  // row i, column i, box i (band h, stack k)
        const int bx = region_id(kBox, i), row = region_id(kRow, i), col = region_id(kCol, i);
        const unsigned box_cols = kTile[(col_free >> (3 * k)) & 7];
        where[bx][d] = static_cast<uint16_t>((0u - ((box_free >> i) & 1)) & box_rows & box_cols & open[bx]);
        where[row][d] = static_cast<uint16_t>((0u - ((row_free >> i) & 1)) & row_cols & open[row]);
        where[col][d] = static_cast<uint16_t>((0u - ((col_free >> i) & 1)) & col_rows & open[col]);
      }
    }
  }
  for (int r = 0; r < 27; ++r) {
    uint16_t one = 0;
    for (int d = 0; d < 9; ++d) one |= static_cast<uint16_t>((pop9(where[r][d]) == 1 ? 1u : 0u) << d);
    single[r] = one;
  }
  return true;
}

void State::remove(int cell, int digit) noexcept {
  const uint16_t b = digit_bit(digit);
  if ((cand[cell] & b) == 0) return;
  cand[cell] &= static_cast<uint16_t>(~b);
  const Geometry& G = geo();
  for (int t = 0; t < 3; ++t) {
    const int r = G.region[cell][t];
    const auto w = where[r][digit - 1] &= static_cast<uint16_t>(~(1u << G.pos[cell][t]));
    // The position was there: the digit's single status changes exactly when it now has one
    // position (it had two) or none (it had one).
    if ((w & (w - 1)) == 0) single[r] ^= b;
  }
}

void State::place(int cell, int digit) noexcept {
  const Geometry& G = geo();
  const auto& regions = G.region[cell];
  const uint16_t b = digit_bit(digit);
  // The cell leaves the positions of its other candidates in its 3 regions (the digit's own
  // positions there are cleared below), and the empty cells of its 3 regions.
  std::array<uint16_t, 3> keep, toggle{};  // toggle: as in remove()
  for (int t = 0; t < 3; ++t) keep[t] = static_cast<uint16_t>(~(1u << G.pos[cell][t]));
  for (auto m = static_cast<uint16_t>(cand[cell] & ~b); m != 0; m &= static_cast<uint16_t>(m - 1)) {
    const int e = std::countr_zero(m);
    for (int t = 0; t < 3; ++t) {
      const auto w = where[regions[t]][e] &= keep[t];
      toggle[t] |= static_cast<uint16_t>(((w & (w - 1)) == 0 ? 1u : 0u) << e);
    }
  }
  for (int t = 0; t < 3; ++t) {
    const int r = regions[t];
    single[r] ^= toggle[t];
    const auto o = open[r] &= keep[t];
    if ((o & (o - 1)) == 0) {  // down to one empty cell or none (it had more, or one)
      const uint32_t bit = 1u << r;
      two_open &= ~bit;
      one_open = o != 0 ? one_open | bit : one_open & ~bit;
    }
  }
  cand[cell] = 0;
  value[cell] = static_cast<uint8_t>(digit);
  --empty;
  // The digit leaves the 20 peers: the ones that hold it are its positions in the 3 regions
  // (usually a few cells, where the peer list is 20); a cell seen twice (box and line) lost it
  // the first time. The regions of the placed cell end with no position for the digit: each
  // peer updates only its other regions, and those 3 are cleared at the end.
  for (int t = 0; t < 3; ++t) {
    for (uint16_t m = where[regions[t]][digit - 1]; m != 0; m &= static_cast<uint16_t>(m - 1)) {
      const int c = G.cells[regions[t]][std::countr_zero(m)];
      if ((cand[c] & b) == 0) continue;
      cand[c] &= static_cast<uint16_t>(~b);
      for (int u = 0; u < 3; ++u) {
        const int r = G.region[c][u];
        if (r == regions[u]) continue;
        const auto w = where[r][digit - 1] &= static_cast<uint16_t>(~(1u << G.pos[c][u]));
        if ((w & (w - 1)) == 0) single[r] ^= b;  // as in remove()
      }
    }
  }
  for (int t = 0; t < 3; ++t) {
    where[regions[t]][digit - 1] = 0;
    single[regions[t]] &= static_cast<uint16_t>(~b);
  }
}

void Ctx::poll() {
  if (stop_.now()) throw BudgetExceeded{};
  poll_at_ = work + kPollWork;
}

void Ctx::over_budget(uint64_t unit) {
  work += unit * ((budget - work) / unit + 1);
  throw BudgetExceeded{};
}

std::string cell_se(int cell) {
  return std::string{static_cast<char>('A' + col_of(cell)), static_cast<char>('1' + row_of(cell))};
}

}  // namespace puzzle::sudoku::se
