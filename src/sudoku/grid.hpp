#pragma once
// The Grid value type: a Sudoku of any square-box size (box 2..5: 4x4, 9x9, 16x16, 25x25),
// with the geometry helpers every solver and the verifier share.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace puzzle::sudoku {

inline constexpr int kMinBox = 2;
inline constexpr int kMaxBox = 5;
inline constexpr int kMaxSide = kMaxBox * kMaxBox;   // 25
inline constexpr int kMaxCells = kMaxSide * kMaxSide;  // 625
/// A Sudoku solver's SolverInfo::sizes: bit b for grids of b x b boxes.
inline constexpr unsigned kBox9 = 1u << 3;
inline constexpr unsigned kAllBoxes = (1u << 2) | (1u << 3) | (1u << 4) | (1u << 5);

/// A grid of side n = box*box. Cells are row-major, values 0 (empty) or 1..n. A plain value:
/// fixed storage, no allocation, cheap to copy, safe to share read-only between threads.
class Grid {
 public:
  constexpr Grid() noexcept : Grid(3) {}
  /// An empty grid with boxes of box x box cells (2 <= box <= 5).
  constexpr explicit Grid(int box) noexcept : box_(static_cast<uint8_t>(box)), v_{} {}
  /// A grid of box x box cells that hold anything, for a writer that then sets every cell (a
  /// solver's answer): it saves clearing 625 bytes.
  struct Unset {};
  Grid(int box, Unset) noexcept : box_(static_cast<uint8_t>(box)) {}  // NOLINT(cppcoreguidelines-pro-type-member-init)

  int box() const noexcept { return box_; }
  int side() const noexcept { return box_ * box_; }
  int cells() const noexcept { return side() * side(); }

  int operator[](int cell) const noexcept { return v_[cell]; }
  int at(int row, int col) const noexcept { return v_[row * side() + col]; }
  void set(int cell, int value) noexcept { v_[cell] = static_cast<uint8_t>(value); }
  /// Changes the size, keeping whatever the cells hold: for readers that then write every
  /// cell (it saves clearing and copying 625 bytes per puzzle).
  void reshape(int box) noexcept { box_ = static_cast<uint8_t>(box); }
  const uint8_t* data() const noexcept { return v_.data(); }
  uint8_t* data() noexcept { return v_.data(); }
  /// Becomes a copy of `from` by its cells alone (reshape, then `from.cells()` bytes), keeping
  /// whatever the cells past them hold: a 9x9 copy is 81 bytes, not 626 (copies kept in
  /// recycled storage, Record::assign).
  void assign(const Grid& from) noexcept {
    reshape(from.box());
    std::memcpy(v_.data(), from.v_.data(), static_cast<std::size_t>(from.cells()));
  }

  int row_of(int cell) const noexcept { return cell / side(); }
  int col_of(int cell) const noexcept { return cell % side(); }
  int box_of(int cell) const noexcept {
    return row_of(cell) / box_ * box_ + col_of(cell) / box_;
  }

  /// Number of filled cells (givens, for a puzzle).
  int clues() const noexcept;
  /// True when no cell is empty.
  bool complete() const noexcept;

  friend bool operator==(const Grid& a, const Grid& b) noexcept;

 private:
  uint8_t box_;
  std::array<uint8_t, kMaxCells> v_;  // cleared by every constructor but Unset's
};

/// The box size whose grid has `cells` cells (16 -> 2, 81 -> 3, 256 -> 4, 625 -> 5), or 0.
int box_for_cells(std::size_t cells) noexcept;

/// Human name of a cell, 1-based: "r4c7".
std::string cell_name(const Grid& g, int cell);

/// Two equal digits in one unit: which unit, which digit, and the two cells.
struct Conflict {
  enum class Unit { row, column, box } unit;
  int index;  // 0-based row, column or box number
  int digit;
  int first, second;  // cell indices
  std::string describe(const Grid& g) const;  // "digit 5 twice in row 3 (r3c1, r3c7)"
};

/// The first pair of equal digits in a row, column or box, or nothing if the givens agree.
std::optional<Conflict> find_conflict(const Grid& g) noexcept;

/// One line: row-major cells, '.' for empty. Digits 1-9 up to 9x9; 1-9A-G for 16x16;
/// A-Y for 25x25.
std::string to_line(const Grid& g);

/// A boxed multi-line drawing for people (ends with a newline).
std::string to_pretty(const Grid& g);

}  // namespace puzzle::sudoku
