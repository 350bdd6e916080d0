#pragma once
// The candidate grid the human-style techniques read and change (9x9 only).
//
// Data layout: per cell a value (0 empty) and a 9-bit candidate mask (bit d-1 for digit d; 0 on a
// filled cell), 243 bytes, copied whole by the trials of the chain techniques and by each guess
// of the search. Units are numbered 0-8 rows, 9-17 columns, 18-26 boxes; the geometry (cells of
// each unit, the three units and 20 peers of each cell) is a set of constant tables.
#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include "sudoku/grid.hpp"

namespace sudoku::logic {

inline constexpr int kCells = 81;
inline constexpr int kUnits = 27;
inline constexpr uint16_t kAll = 0x1FF;

constexpr uint16_t bit(int digit) noexcept { return static_cast<uint16_t>(1u << (digit - 1)); }
constexpr int popcount(unsigned m) noexcept { return std::popcount(m); }
/// The lowest digit of a non-empty mask.
constexpr int first_digit(unsigned m) noexcept { return std::countr_zero(m) + 1; }

constexpr int row_of(int c) noexcept { return c / 9; }
constexpr int col_of(int c) noexcept { return c % 9; }
constexpr int box_of(int c) noexcept { return c / 27 * 3 + c % 9 / 3; }

/// The constant geometry tables.
struct Geometry {
  std::array<std::array<uint8_t, 9>, kUnits> unit;   ///< cells of each unit, in reading order
  std::array<std::array<uint8_t, 3>, kCells> units;  ///< row, column and box unit of each cell
  std::array<std::array<uint8_t, 20>, kCells> peers;
};
const Geometry& geometry() noexcept;

inline bool sees(int a, int b) noexcept {
  return a != b && (row_of(a) == row_of(b) || col_of(a) == col_of(b) || box_of(a) == box_of(b));
}

/// "row 4", "column 2", "box 5" (1-based).
std::string unit_name(int unit);
/// "r4c2".
std::string cell_label(int cell);
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

}  // namespace sudoku::logic
