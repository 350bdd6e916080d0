#pragma once
// What the SE rater's tests share (tests/se_*test.cpp): the reference's sample, its grids, and
// grids built by hand.
#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "se_reference.hpp"
#include "test_util.hpp"

namespace se_test {

using namespace puzzle::sudoku::se;

/// ../shared/datasets/se_steps_sample.txt, read once.
inline const std::vector<se_ref::RefPuzzle>& sample() {
  static const auto s = se_ref::read_sample(test::shared("se_steps_sample.txt"));
  return s;
}

/// Whether `text` starts with one of `prefixes` (a technique's names in the sample's texts).
inline bool starts_with_any(std::string_view text, std::initializer_list<std::string_view> prefixes) {
  for (std::string_view pre : prefixes)
    if (text.substr(0, pre.size()) == pre) return true;
  return false;
}

/// Calls f(puzzle, check) for every step of the sample whose reference text `mine` accepts,
/// replayed on the reference's own grid (se_ref::replay); returns how many.
template <class Mine, class F>
int each_sample_step(Mine&& mine, F&& f) {
  int n = 0;
  for (const auto& p : sample())
    for (const auto& c : se_ref::replay(p)) {
      if (!mine(p.steps[c.step].text)) continue;
      f(p, c);
      ++n;
    }
  return n;
}

/// The reference's grid before step `step` (0-based) of a sample puzzle.
inline State grid_before(const se_ref::RefPuzzle& p, std::size_t step) {
  State s;
  s.load(se_ref::grid_of(p.puzzle));
  for (std::size_t i = 0; i < step; ++i) se_ref::apply_effect(s, p.steps[i].effect);
  return s;
}

/// A hint's effect as the sample writes it ("remove r1c2-5; place r3c4=1").
inline std::string effect_of(const Hint& h) {
  return effect_text(Step{h.rating, h.tech, h.text, h.removals, h.place_cell, h.place_digit});
}

/// An empty grid whose cells hold only the candidates given ({"r1c1", "12"}, ...); every other
/// cell holds `rest`.
inline State grid_with(std::initializer_list<std::pair<const char*, const char*>> cells, uint16_t rest = 0) {
  State s;
  s.load(se_ref::grid_of(std::string(81, '.')));
  std::array<uint16_t, 81> keep;
  keep.fill(rest);
  for (const auto& [rc, digits] : cells) {
    uint16_t m = 0;
    for (const char* d = digits; *d; ++d) m |= digit_bit(*d - '0');
    keep[static_cast<std::size_t>((rc[1] - '1') * 9 + (rc[3] - '1'))] = m;
  }
  for (int c = 0; c < 81; ++c)
    for (int d = 1; d <= 9; ++d)
      if (!(keep[static_cast<std::size_t>(c)] & digit_bit(d))) s.remove(c, d);
  return s;
}

/// Every hint of one producer on a grid ('all' mode), with their texts.
inline std::vector<Hint> all_hints(Producer f, const State& s) {
  Ctx ctx;
  ctx.want_text = true;
  Hints out(true);
  f(s, ctx, out);
  return std::move(out.list);
}

}  // namespace se_test
