// The basic techniques (SE_RATING.md section 4): singles, intersections, naked and hidden sets,
// fish, XY- and XYZ-wings (producers 1-12, 14, 15, 17-19).
#include <bit>

#include "sudoku/se/state.hpp"

namespace sudoku::se {

namespace {

constexpr std::string_view kTypeName[3] = {"block", "row", "column"};

}  // namespace

// 1. Full houses of every region first, then the other hidden singles; regions in box, column,
// row order, digits 1-9.
void hidden_single(const State& s, Ctx& ctx, Hints& out) {
  const Geometry& G = geo();
  for (int pass = 0; pass < 2; ++pass)
    for (int r : G.scan_bcr) {
      const int empty = s.empty_in(r);
      if (empty == 0 || (pass == 0) != (empty == 1)) continue;
      ctx.spend(9);
      for (int d = 1; d <= 9; ++d) {
        const uint16_t p = s.positions(r, d);
        if (std::popcount(p) != 1) continue;
        Hint h;
        h.tech = Tech::hidden_single;
        h.rating = empty == 1 ? 1.0 : region_type(r) == kBox ? 1.2 : 1.5;
        h.place_cell = G.cells[r][std::countr_zero(p)];
        h.place_digit = d;
        if (ctx.want_text)
          h.text = "Hidden Single: " + cell_se(h.place_cell) + ": " + std::to_string(d) + " in " +
                   std::string(kTypeName[region_type(r)]);
        if (!out.add(std::move(h))) return;
      }
    }
}

// 4. The first empty cell with one candidate.
void naked_single(const State& s, Ctx& ctx, Hints& out) {
  ctx.spend(81);
  for (int c = 0; c < 81; ++c)
    if (s.value[c] == 0 && std::popcount(s.cand[c]) == 1) {
      Hint h;
      h.tech = Tech::naked_single;
      h.rating = 2.3;
      h.place_cell = c;
      h.place_digit = std::countr_zero(s.cand[c]) + 1;
      if (ctx.want_text) h.text = "Naked Single: " + cell_se(c) + ": " + std::to_string(h.place_digit);
      if (!out.add(std::move(h))) return;
    }
}

// Not written yet: they find nothing.
void direct_intersection(const State&, Ctx&, Hints&) {}
void direct_hidden_pair(const State&, Ctx&, Hints&) {}
void direct_hidden_triple(const State&, Ctx&, Hints&) {}
void intersection(const State&, Ctx&, Hints&) {}
void naked_pair(const State&, Ctx&, Hints&) {}
void x_wing(const State&, Ctx&, Hints&) {}
void hidden_pair(const State&, Ctx&, Hints&) {}
void naked_triple(const State&, Ctx&, Hints&) {}
void swordfish(const State&, Ctx&, Hints&) {}
void hidden_triple(const State&, Ctx&, Hints&) {}
void xy_wing(const State&, Ctx&, Hints&) {}
void xyz_wing(const State&, Ctx&, Hints&) {}
void naked_quad(const State&, Ctx&, Hints&) {}
void jellyfish(const State&, Ctx&, Hints&) {}
void hidden_quad(const State&, Ctx&, Hints&) {}

}  // namespace sudoku::se
