#pragma once
// The candidate grid the human-style techniques read and change (9x9 only).
//
// Data layout: per cell a value (0 empty) and a 9-bit candidate mask (bit d-1 for digit d; 0 on a
// filled cell), 243 bytes, copied whole by the trials of the chain techniques and by each guess
// of the search. The geometry (regions numbered 0-8 boxes, 9-17 rows, 18-26 columns, their cells,
// each cell's 20 peers) and the names of cells and regions are the shared ones of grid9.hpp.
#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include "sudoku/grid.hpp"
#include "sudoku/grid9.hpp"

namespace puzzle::sudoku::logic {

using grid9::box_of;
using grid9::col_of;
using grid9::geo;
using grid9::kBox;
using grid9::kCells;
using grid9::kCol;
using grid9::kRegions;
using grid9::kRow;
using grid9::region_id;
using grid9::region_type;
using grid9::row_of;
using grid9::sees;

inline constexpr uint16_t kAll = grid9::kAllDigits;

constexpr uint16_t bit(int digit) noexcept { return grid9::digit_bit(digit); }
constexpr int popcount(unsigned m) noexcept { return std::popcount(m); }
/// The lowest digit of a non-empty mask.
constexpr int first_digit(unsigned m) noexcept { return std::countr_zero(m) + 1; }
/// The regions in the order the techniques scan them: rows, columns, then boxes. A table, not
/// (k + 9) % 27: that remainder in the singles' loops cost the solver 3.9% more instructions
/// (bench_baseline's default.txt; find_full_house's two plain loops are cheaper still).
inline constexpr std::array<uint8_t, kRegions> kScanRCB = [] {
  std::array<uint8_t, kRegions> t{};
  for (int k = 0; k < kRegions; ++k) t[k] = static_cast<uint8_t>((k + 9) % kRegions);
  return t;
}();

/// "3", "3,7" (digits of a mask, comma-separated).
std::string digits_label(unsigned mask);

struct Board {
  std::array<uint8_t, kCells> value{};
  std::array<uint16_t, kCells> cand{};
  int empty = kCells;

  /// The puzzle's candidates: every empty cell holds the digits its peers do not. Returns false
  /// when the givens conflict (two equal digits in a unit).
  bool load(const Grid& g);
  /// Places `digit` in `cell` and removes it from the peers' candidates.
  void place(int cell, int digit) noexcept;
  /// True when no empty cell is without candidates and every unit can still take every digit.
  bool consistent() const noexcept;
  bool solved() const noexcept { return empty == 0; }
  Grid grid() const;
};

}  // namespace puzzle::sudoku::logic
