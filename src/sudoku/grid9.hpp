#pragma once
// The 9x9 grid's geometry, one for both human-style modules (se/: the rating and its steps;
// logic/: the `logic` solver's steps in plain words), and what a person reads of it.
//
// Cells 0-80 in reading order. Regions are numbered in the order Sudoku Explainer types them
// (the rating's reference; docs/se_rules.md, Grid model): 0-8 boxes, 9-17 rows, 18-26
// columns. Cells inside a region are numbered 0-8: row left to right, column top to bottom, box
// row by row. The tables are made at compile time. Digits are masks of 9 bits, bit d-1 for d.
#include <array>
#include <cstdint>
#include <string>

namespace puzzle::sudoku::grid9 {

inline constexpr int kCells = 81;
inline constexpr int kRegions = 27;
inline constexpr int kBox = 0, kRow = 1, kCol = 2;  // region types
inline constexpr uint16_t kAllDigits = 0x1FF;       // bit d-1 for digit d

constexpr int row_of(int c) noexcept { return c / 9; }
constexpr int col_of(int c) noexcept { return c % 9; }
constexpr int box_of(int c) noexcept { return c / 27 * 3 + c % 9 / 3; }
constexpr uint16_t digit_bit(int d) noexcept { return static_cast<uint16_t>(1u << (d - 1)); }
/// Bits set in a 9-bit mask (digits or positions), by table: the default build targets plain
/// x86-64, which has no popcount instruction, so std::popcount is a library call there (it was
/// 30% of the SE rater's time on easy puzzles).
inline constexpr std::array<uint8_t, 512> kPop9 = [] {
  std::array<uint8_t, 512> t{};
  for (unsigned i = 1; i < 512; ++i) t[i] = static_cast<uint8_t>(t[i >> 1] + (i & 1));
  return t;
}();
constexpr int pop9(unsigned m) noexcept { return kPop9[m & 0x1FF]; }

constexpr int region_id(int type, int index) noexcept { return type * 9 + index; }
constexpr int region_type(int region) noexcept { return region / 9; }

/// The constant tables of the geometry.
struct Geometry {
  std::array<std::array<uint8_t, 9>, kRegions> cells;  ///< region -> its cells in region order
  std::array<std::array<uint8_t, 3>, kCells> region;   ///< cell -> its box, row, column region
  std::array<std::array<uint8_t, 3>, kCells> pos;      ///< cell -> its position in them
  std::array<std::array<uint8_t, 20>, kCells> peers;   ///< increasing index
  std::array<std::array<uint64_t, 2>, kCells> peer_mask;  ///< the 20 peers as a 81-bit set
  std::array<int8_t, kRegions> scan_bcr;  ///< boxes, columns, rows: region numbers
};
constexpr bool sees(int a, int b) noexcept {
  return a != b && (row_of(a) == row_of(b) || col_of(a) == col_of(b) || box_of(a) == box_of(b));
}

constexpr Geometry make_geometry() {
  Geometry g{};
  for (int i = 0; i < 9; ++i)
    for (int p = 0; p < 9; ++p) {
      g.cells[region_id(kBox, i)][p] = static_cast<uint8_t>((i / 3 * 3 + p / 3) * 9 + i % 3 * 3 + p % 3);
      g.cells[region_id(kRow, i)][p] = static_cast<uint8_t>(i * 9 + p);
      g.cells[region_id(kCol, i)][p] = static_cast<uint8_t>(p * 9 + i);
    }
  for (int r = 0; r < kRegions; ++r)
    for (int p = 0; p < 9; ++p) {
      const int c = g.cells[r][p];
      g.region[c][region_type(r)] = static_cast<uint8_t>(r);
      g.pos[c][region_type(r)] = static_cast<uint8_t>(p);
    }
  for (int c = 0; c < kCells; ++c) {
    int n = 0;
    for (int o = 0; o < kCells; ++o)
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

/// The tables, made at compile time: an inline access, no call and no guard of a function-local
/// static (the SE rater asks geo() in every producer).
inline constexpr Geometry kGeometry = make_geometry();
inline const Geometry& geo() noexcept { return kGeometry; }

/// "r4c2" (1-based).
std::string cell_rc(int cell);
/// "row 4", "column 2", "box 5" (1-based).
std::string region_name(int region);

/// Values (0: empty) and candidate masks (0 on a filled cell) of the 81 cells.
using Values = std::array<uint8_t, kCells>;
using Candidates = std::array<uint16_t, kCells>;
/// A cell's digit, or its candidates ("1457").
std::string cell_text(const Values& value, const Candidates& cand, int cell);
/// The pencil marks of every cell as a 9x9 drawing (filled cells show their digit), boxes ruled.
std::string candidates_grid(const Values& value, const Candidates& cand);

}  // namespace puzzle::sudoku::grid9
