#pragma once
// The symmetries of Sudoku that keep a puzzle's difficulty: relabel the digits, permute the
// rows within each band, the bands, the columns within each stack, the stacks, and transpose.
// Each maps solutions to solutions one to one, so validity, the solution count (hence
// uniqueness) and every logical step are preserved; they turn one real dataset into a much
// larger one with the same difficulty profile.
#include <cstdint>

#include "puzzle/rng.hpp"
#include "sudoku/grid.hpp"

namespace puzzle::sudoku {

/// One element of the group, for grids of side n = box * box.
struct Transform {
  int box = 3;
  uint8_t digit[kMaxSide + 1];  ///< digit[v] = new label of v (digit[0] = 0)
  uint8_t row[kMaxSide];        ///< new row r takes old row row[r]
  uint8_t col[kMaxSide];        ///< new column c takes old column col[c]
  bool transpose = false;       ///< applied after the row and column permutations

  /// The identity for boxes of `box` x `box`.
  static Transform identity(int box) noexcept;
  /// A uniformly random element (every permutation and the transpose equally likely).
  static Transform random(int box, ItemRng& rng) noexcept;
  /// The transformed grid (of the same size as `g`, which must match `box`).
  Grid apply(const Grid& g) const noexcept;
};

}  // namespace puzzle::sudoku
