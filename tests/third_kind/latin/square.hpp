#pragma once
// A third kind of puzzle, for the test of what adding a kind takes: a Latin square of side n
// (2 to 9): each row and each column holds each of 1..n once. Its value type, listed with the
// others' in kind_list.hpp.
#include <array>
#include <cstdint>

namespace puzzle::latin {

struct Square {
  int n = 0;
  std::array<uint8_t, 81> cells{};  ///< row-major; 0 is empty

  uint8_t at(int r, int c) const noexcept { return cells[r * n + c]; }
  friend bool operator==(const Square&, const Square&) = default;
};

}  // namespace puzzle::latin
