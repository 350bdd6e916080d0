#pragma once
// The canonical form of a 9x9 Sudoku puzzle or full grid: the Enjoy Sudoku forum's "minlex".
// Among all isomorphs of the input (transposition, band permutation, row permutation within each
// band, stack permutation, column permutation within each stack: 2 * 6^4 * 6^4 = 3,359,232 cell
// orders, times the 9! digit relabellings), the lexicographically smallest 81-cell string, an
// empty cell (0) below every digit. Two puzzles are isomorphic (transform.hpp) exactly when their
// forms are equal, so the form de-duplicates datasets up to relabelling and symmetry.
//
// For a fixed cell order the smallest relabelling is the first-appearance one (the first given
// read gets 1, the next new digit 2, ...), so only cell orders are searched (canon.cpp says how).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sudoku/grid.hpp"

namespace puzzle::sudoku {

/// The minlex form of `g`, a 9x9 puzzle or full grid whose givens do not clash (as parsed
/// puzzles are). Thread-safe (per-thread scratch, no allocation once grown); about 30,000-50,000
/// puzzles and 3,000 full grids a second on one core (results/canonical.md).
Grid minlex(const Grid& g);

/// A 128-bit fingerprint of a 9x9 grid's cells (two independent 64-bit mixes of the packed
/// cells): equal grids have equal fingerprints, and n distinct grids collide with probability
/// about n^2 / 2^129 (10^-26 for a billion).
struct Fingerprint {
  uint64_t a = 0, b = 0;
  friend bool operator==(const Fingerprint&, const Fingerprint&) = default;
};
Fingerprint fingerprint(const Grid& g) noexcept;

/// A set of fingerprints, open addressing at load <= 1/2: 32 bytes a member.
class FingerprintSet {
 public:
  /// True when `f` was not in the set (it is now).
  bool insert(Fingerprint f);
  bool contains(Fingerprint f) const noexcept;
  std::size_t size() const noexcept { return n_; }
  std::size_t bytes() const noexcept { return t_.size() * sizeof(Fingerprint); }

 private:
  void grow();
  std::vector<Fingerprint> t_ = std::vector<Fingerprint>(1u << 12);  // a.a == 0: an empty slot
  std::size_t n_ = 0;
};

}  // namespace puzzle::sudoku
