#include "sudoku/generate/transform.hpp"

#include "puzzle/rng.hpp"

namespace puzzle::sudoku {

Transform Transform::identity(int box) noexcept {
  Transform t;
  t.box = box;
  const int n = box * box;
  for (int v = 0; v <= n; ++v) t.digit[v] = static_cast<uint8_t>(v);
  for (int i = 0; i < n; ++i) t.row[i] = t.col[i] = static_cast<uint8_t>(i);
  return t;
}

namespace {
// A permutation of lines that keeps bands (or stacks): bands permuted, then lines within each.
void band_permutation(int box, ItemRng& rng, uint8_t* out) {
  uint8_t bands[kMaxBox], inner[kMaxBox];
  for (int i = 0; i < box; ++i) bands[i] = static_cast<uint8_t>(i);
  shuffle(bands, static_cast<std::size_t>(box), rng);
  for (int b = 0; b < box; ++b) {
    for (int i = 0; i < box; ++i) inner[i] = static_cast<uint8_t>(i);
    shuffle(inner, static_cast<std::size_t>(box), rng);
    for (int i = 0; i < box; ++i) out[b * box + i] = static_cast<uint8_t>(bands[b] * box + inner[i]);
  }
}
}  // namespace

Transform Transform::random(int box, ItemRng& rng) noexcept {
  Transform t = identity(box);
  const int n = box * box;
  shuffle(t.digit + 1, static_cast<std::size_t>(n), rng);
  band_permutation(box, rng, t.row);
  band_permutation(box, rng, t.col);
  t.transpose = (rng() >> 63) != 0;
  return t;
}

Grid Transform::apply(const Grid& g) const noexcept {
  const int n = g.side();
  Grid out(g.box());
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int v = digit[g.at(row[r], col[c])];
      out.set(transpose ? c * n + r : r * n + c, v);
    }
  return out;
}

}  // namespace puzzle::sudoku
