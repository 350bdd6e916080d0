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

/// Four lanes of 32 bits (one SSE2 or NEON register).
typedef uint32_t U4 __attribute__((vector_size(16)));
typedef int32_t I4 __attribute__((vector_size(16)));
typedef float F4 __attribute__((vector_size(16)));

/// 2^(v-1) in each lane, v <= 31, and 0 for v = 0: v + 126 as a float's exponent field (0.5 for
/// v = 0), converted back to an integer, which truncates (SSE2 has no shift by a lane's own count).
inline U4 bit_of(U4 v) noexcept {
  const U4 e = (v + 126u) << 23;
  F4 f;
  std::memcpy(&f, &e, sizeof f);
  return reinterpret_cast<U4>(__builtin_convertvector(f, I4));
}

/// True when some unit repeats a digit; `v`: the cells (0..B*B, 0 empty) of a Grid, whose
/// storage holds kMaxCells bytes. Each cell's digit as a bit, 2^(d-1): a unit repeats a digit
/// exactly when the sum of its bits differs from their OR (a carry), so no test a cell. A row
/// is read 16 bytes a vector (a 25-cell row as bytes 0-15 and 9-24, its last row within the
/// storage), and byte j of the four lanes (cells j, 4+j, 8+j, 12+j of the 16) taken as one
/// vector of bits, the lanes of other rows' cells or of cells read twice masked out. By lane,
/// the band's sums and ORs (each column's in the band), added into the columns' at the band's
/// end; a row's summed over its vectors and lanes, a box's over its columns' lanes.
/// Verification runs this on every answer: on 16x16 under half the instructions of a cell at a
/// time with scalar masks.
template <int B>
bool has_duplicate(const uint8_t* v) noexcept {
  constexpr int n = B * B, Q = (n + 15) / 16, NK = 4 * Q;  // a row's loads, its vectors of bits
  static_assert(n * (n - 1) + (n < 16 ? 16 : n) <= kMaxCells, "a row's loads stay in the storage");
  constexpr auto start = [](int q) { return q == 0 ? 0 : n - 16; };  // load q's first column
  constexpr auto column = [start](int k, int i) { return start(k / 4) + 4 * i + k % 4; };
  // Where column c is counted, as an index of NK x 4 lanes: the first load up to 15, then the
  // second.
  constexpr auto slot = [start](int c) {
    const int q = c < 16 ? 0 : 1, w = c - start(q);
    return (4 * q + w % 4) * 4 + w / 4;
  };
  U4 keep[NK];  // all of a lane's bits, or none where it holds a cell not its own
  for (int k = 0; k < NK; ++k)
    for (int i = 0; i < 4; ++i) {
      const int c = column(k, i);
      keep[k][i] = c < n && c >= 16 * (k / 4) ? ~0u : 0u;
    }
  U4 csum[NK]{}, cor[NK]{}, bsum[NK]{}, bor[NK]{};
  uint32_t bad = 0;
  for (int r = 0; r < n; ++r) {
    U4 row[Q];
    for (int q = 0; q < Q; ++q) std::memcpy(&row[q], v + r * n + start(q), sizeof row[q]);
    U4 rsum{}, ror{};
    for (int k = 0; k < NK; ++k) {
      // 5 bits of a byte: a byte past the cells, masked out after, converts within range too
      const U4 bits = bit_of(row[k / 4] >> (8 * (k % 4)) & 0x1Fu) & keep[k];
      rsum += bits, ror |= bits;
      bsum[k] += bits, bor[k] |= bits;
    }
    bad |= (rsum[0] + rsum[1] + rsum[2] + rsum[3]) ^ (ror[0] | ror[1] | ror[2] | ror[3]);
    if (r % B == B - 1) {  // the band's boxes, each from its B columns' lanes
      uint32_t s[4 * NK], o[4 * NK];
      std::memcpy(s, bsum, sizeof s);
      std::memcpy(o, bor, sizeof o);
      for (int j = 0; j < B; ++j) {
        uint32_t bs = 0, bo = 0;
        for (int c = j * B; c < j * B + B; ++c) bs += s[slot(c)], bo |= o[slot(c)];
        bad |= bs ^ bo;
      }
      for (int k = 0; k < NK; ++k)
        csum[k] += bsum[k], cor[k] |= bor[k], bsum[k] = U4{}, bor[k] = U4{};
    }
  }
  U4 cbad{};
  for (int k = 0; k < NK; ++k) cbad |= csum[k] ^ cor[k];
  return (bad | cbad[0] | cbad[1] | cbad[2] | cbad[3]) != 0;
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
