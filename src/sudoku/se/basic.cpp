// The basic techniques (docs/se_rules.md, Basic techniques): singles, intersections, naked and
// hidden sets, fish, XY- and XYZ-wings (producers 1-12, 14, 15, 17-19).
#include <array>
#include <bit>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/se/state.hpp"

namespace puzzle::sudoku::se {

namespace {

constexpr std::string_view kTypeName[3] = {"block", "row", "column"};

// Subsets of k of 9 items (k = 1-4) as bitmasks in increasing order: the order of Gosper's
// next combination (docs/se_rules.md, Grid model).
// The subsets of the first n items come first (they are the masks below 1 << n): `prefix[k][n]`
// of them. So the k-subsets of an n-item mask `m`, in increasing order, are the first
// prefix[k][n] entries with bit j standing for the j-th set bit of m (spreading the bits keeps
// their order): the searches enumerate only those instead of testing all 126.
struct Combos {
  std::array<std::array<uint16_t, 126>, 5> list{};
  std::array<int, 5> count{};
  std::array<std::array<int, 10>, 5> prefix{};
};
constexpr Combos make_combos() {
  Combos c{};
  for (unsigned m = 1; m < 512; ++m) {
    const int k = pop9(m);
    if (k <= 4) c.list[static_cast<std::size_t>(k)][static_cast<std::size_t>(c.count[static_cast<std::size_t>(k)]++)] = static_cast<uint16_t>(m);
  }
  for (std::size_t k = 0; k <= 4; ++k)
    for (std::size_t n = 0; n <= 9; ++n)
      for (int i = 0; i < c.count[k]; ++i) c.prefix[k][n] += c.list[k][static_cast<std::size_t>(i)] < (1u << n);
  return c;
}
constexpr Combos kCombos = make_combos();

// The set bits of a 9-bit mask, increasing: the items a combination's bits stand for.
struct Items {
  std::array<uint8_t, 9> at{};
  int n = 0;
  explicit Items(unsigned m) noexcept {
    for (; m != 0; m &= m - 1) at[static_cast<std::size_t>(n++)] = static_cast<uint8_t>(std::countr_zero(m));
  }
};

// kEligible<K>[m]: 1 when the mask m has 2..K bits (by table: the sets and the fish test the 9
// masks of every region or line).
template <int K>
constexpr std::array<uint8_t, 512> kEligible = [] {
  std::array<uint8_t, 512> t{};
  for (unsigned m = 0; m < 512; ++m) t[m] = pop9(m) >= 2 && pop9(m) <= K;
  return t;
}();

// The K-subsets of items.at[0..top) in increasing bitmask order (colex: the largest item
// first, increasing, then the next largest below it, ...), Level items still to pick, with
// the items picked so far (`subset`, their masks' union `cover`, their colex rank `rank`). A
// branch whose cover already has more than K bits is skipped: none of its subsets can cover
// exactly K, so f sees the same subsets in the same order as a test of every subset. Nested
// loops unrolled at compile time: an easy step tries a few subsets in each of 27 regions. On a
// stop, `stop` is the rank.
template <int Level, int K, class F>
bool each_subset(const Items& items, const std::array<uint16_t, 9>& masks, int top, uint16_t subset,
                 uint16_t cover, int rank, F& f, int& stop) {
  for (int c = Level - 1; c < top; ++c) {
    const int it = items.at[static_cast<std::size_t>(c)];
    const auto cv = static_cast<uint16_t>(cover | masks[static_cast<std::size_t>(it)]);
    const int n = pop9(cv);
    if (n > K) continue;
    const auto sub = static_cast<uint16_t>(subset | (1u << it));
    const int rk = rank + kCombos.prefix[Level][static_cast<std::size_t>(c)];
    if constexpr (Level == 1) {
      if (n == K && !f(sub, cv)) {
        stop = rk;
        return false;
      }
    } else if (!each_subset<Level - 1, K>(items, masks, c, sub, cv, rk, f, stop)) {
      return false;
    }
  }
  return true;
}

// Naked and hidden sets (the same search on the transposed masks): among the items with 2..K
// bits in `masks` (positions' candidates, or digits' positions), every K-subset in bitmask
// order whose masks cover exactly K bits: f(subset of items, union of their masks); f returns
// false to stop. False when stopped. The work is 1 for each subset up to the stop, as when
// every subset was tested.
template <int K, class F>
bool each_set(const std::array<uint16_t, 9>& masks, Ctx& ctx, F&& f) {
  unsigned eligible = 0;
  for (int i = 0; i < 9; ++i) eligible |= unsigned{kEligible<K>[masks[static_cast<std::size_t>(i)] & 0x1FF]} << i;
  ctx.spend(9);
  if (pop9(eligible) < K) return true;
  const Items items(eligible);
  int stop = -1;
  const bool done = each_subset<K, K>(items, masks, items.n, 0, 0, 0, f, stop);
  ctx.spend_each(static_cast<uint64_t>(done ? kCombos.prefix[K][static_cast<std::size_t>(items.n)] : stop + 1), 1);
  return done;
}

// The cell at position p of region r (state.hpp's numbering), usable at compile time.
constexpr int cell_at(int r, int p) {
  const int i = r % 9;
  switch (region_type(r)) {
    case kBox: return (i / 3 * 3 + p / 3) * 9 + i % 3 * 3 + p % 3;
    case kRow: return i * 9 + p;
    default: return p * 9 + i;
  }
}
constexpr int region_of(int cell, int type) {
  return region_id(type, type == kBox ? box_of(cell) : type == kRow ? row_of(cell) : col_of(cell));
}

// kCross[r][s]: the positions of region r whose cells lie in region s.
using CrossTable = std::array<std::array<uint16_t, 27>, 27>;
constexpr CrossTable make_cross() {
  CrossTable t{};
  for (int r = 0; r < 27; ++r)
    for (int p = 0; p < 9; ++p) {
      const int c = cell_at(r, p);
      for (int type = 0; type < 3; ++type)
        t[static_cast<std::size_t>(r)][static_cast<std::size_t>(region_of(c, type))] |= static_cast<uint16_t>(1u << p);
    }
  return t;
}
constexpr CrossTable kCross = make_cross();

// kCrossing[r][t]: the 3 regions of type t that cross region r (a box and a line of another
// type), increasing: the only ones that can hold 2+ cells of r.
using CrossingTable = std::array<std::array<std::array<uint8_t, 3>, 3>, 27>;
constexpr CrossingTable make_crossing() {
  CrossingTable t{};
  for (int r = 0; r < 27; ++r)
    for (int type = 0; type < 3; ++type) {
      std::size_t n = 0;
      for (int i = 0; i < 9; ++i) {
        const int o = region_id(type, i);
        if (o != r && region_type(o) != region_type(r) && kCross[static_cast<std::size_t>(r)][static_cast<std::size_t>(o)] != 0 && n < 3)
          t[static_cast<std::size_t>(r)][static_cast<std::size_t>(type)][n++] = static_cast<uint8_t>(o);
      }
    }
  return t;
}
constexpr CrossingTable kCrossing = make_crossing();

// kThird[0][m]: the k (0-2) with m inside positions 3k..3k+2, kThird[1][m]: the k with m inside
// the positions k, k+3, k+6; 3 if none. With kCrossing, the region of the other type that holds
// all of a region's positions m of a digit: the k-th crossing one (both increase together).
using ThirdTable = std::array<std::array<uint8_t, 512>, 2>;
constexpr ThirdTable make_third() {
  ThirdTable t{};
  for (unsigned m = 0; m < 512; ++m)
    for (int g = 0; g < 2; ++g) {
      uint8_t k = 3;
      for (uint8_t j = 0; j < 3; ++j) {
        const unsigned group = g == 0 ? 7u << (3 * j) : 0x49u << j;
        if ((m & ~group) == 0) k = j;
      }
      t[static_cast<std::size_t>(g)][m] = k;
    }
  return t;
}
constexpr ThirdTable kThird = make_third();

constexpr uint16_t without(uint16_t a, uint16_t b) noexcept { return static_cast<uint16_t>(a & ~b); }
constexpr uint16_t lowest(uint16_t a) noexcept { return static_cast<uint16_t>(a & (0u - a)); }

// "E4,E5"
std::string cells_text(const std::vector<uint8_t>& cells) {
  std::string t;
  for (uint8_t c : cells) {
    if (!t.empty()) t += ',';
    t += cell_se(c);
  }
  return t;
}

// "7,9"
std::string digits_text(uint16_t digits) {
  std::string t;
  for (uint16_t m = digits; m != 0; m &= static_cast<uint16_t>(m - 1)) {
    if (!t.empty()) t += ',';
    t += static_cast<char>('1' + std::countr_zero(m));
  }
  return t;
}

// Appends the candidates of `digits` in cell c, digits increasing.
void add_removals(std::vector<Cand>& out, int c, uint16_t digits) {
  for (uint16_t m = digits; m != 0; m &= static_cast<uint16_t>(m - 1))
    out.push_back(Cand{static_cast<uint8_t>(c), static_cast<uint8_t>(std::countr_zero(m) + 1)});
}

// The digits of a region in exactly one of its 3 segments a0-a2 (its thirds) and also in the
// matching o0-o2 (the rest of the second region through that segment).
constexpr unsigned confined(unsigned a0, unsigned a1, unsigned a2, unsigned o0, unsigned o1, unsigned o2) noexcept {
  return (a0 & ~(a1 | a2) & o0) | (a1 & ~(a0 | a2) & o1) | (a2 & ~(a0 | a1) & o2);
}

// 2 and 6. Intersections of a first region (its candidates of d, at least 2) with a second
// region that holds them all: region-type pairs (box, column), (box, row), (column, box),
// (row, box); digits 1-9; first region 0-8; second region 0-8.
void intersections(const State& s, Ctx& ctx, Hints& out, bool direct) {
  static constexpr int kPairs[4][2] = {{kBox, kCol}, {kBox, kRow}, {kCol, kBox}, {kRow, kBox}};
  const Geometry& G = geo();
  // The candidates of the 54 segments (3 cells of a line inside a box): row_seg[i][b] row i's
  // cells in stack b, col_seg[j][b] column j's in band b. A (region, digit) makes a hint only if
  // the digit lies in one segment of the region, not in one cell only (State::single), and the
  // second region through that segment holds it elsewhere: the pairs test that per region with
  // a few masks and look at the positions of those few digits only, where testing the
  // positions of every region and digit cost 4 x 81 branches at each call.
  std::array<std::array<uint16_t, 3>, 9> row_seg, col_seg;
  for (int i = 0; i < 9; ++i)
    for (int b = 0; b < 3; ++b) {
      const auto* rc = &s.cand[static_cast<std::size_t>(i * 9 + b * 3)];
      row_seg[i][b] = static_cast<uint16_t>(rc[0] | rc[1] | rc[2]);
      const auto* cc = &s.cand[static_cast<std::size_t>(b * 27 + i)];
      col_seg[i][b] = static_cast<uint16_t>(cc[0] | cc[9] | cc[18]);
    }
  // The rest of the second region through a segment: row_out[i][b] row i outside stack b
  // (the segment's row), row_side[i][b] the band's other rows in stack b (its box); col_out and
  // col_side likewise.
  std::array<std::array<uint16_t, 3>, 9> row_out, col_out, row_side, col_side;
  for (int g = 0; g < 3; ++g)
    for (int k = 0; k < 3; ++k) {
      const int i = g * 3 + k, i1 = g * 3 + (k + 1) % 3, i2 = g * 3 + (k + 2) % 3;
      for (int b = 0; b < 3; ++b) {
        row_out[i][b] = static_cast<uint16_t>(row_seg[i][(b + 1) % 3] | row_seg[i][(b + 2) % 3]);
        col_out[i][b] = static_cast<uint16_t>(col_seg[i][(b + 1) % 3] | col_seg[i][(b + 2) % 3]);
        row_side[i][b] = static_cast<uint16_t>(row_seg[i1][b] | row_seg[i2][b]);
        col_side[i][b] = static_cast<uint16_t>(col_seg[i1][b] | col_seg[i2][b]);
      }
    }
  // hits[pair][i]: the digits of the pair's first region i that pass.
  std::array<std::array<uint16_t, 9>, 4> hits;
  for (int g = 0; g < 3; ++g)
    for (int k = 0; k < 3; ++k) {
      const int i = g * 3 + k;
      const auto j = static_cast<std::size_t>(k * 3), l = static_cast<std::size_t>(g * 3);
      // Box i: its columns, segments of band g; its rows, segments of stack k.
      const unsigned box_col = confined(col_seg[j][g], col_seg[j + 1][g], col_seg[j + 2][g], col_out[j][g],
                                        col_out[j + 1][g], col_out[j + 2][g]);
      const unsigned box_row = confined(row_seg[l][k], row_seg[l + 1][k], row_seg[l + 2][k], row_out[l][k],
                                        row_out[l + 1][k], row_out[l + 2][k]);
      // Column i and row i: their segments in the 3 bands (stacks).
      const auto &c = col_seg[i], &co = col_side[i], &r = row_seg[i], &ro = row_side[i];
      const unsigned col_box = confined(c[0], c[1], c[2], co[0], co[1], co[2]);
      const unsigned row_box = confined(r[0], r[1], r[2], ro[0], ro[1], ro[2]);
      const unsigned box_multi = ~s.single[static_cast<std::size_t>(region_id(kBox, i))];
      hits[0][i] = static_cast<uint16_t>(box_col & box_multi);
      hits[1][i] = static_cast<uint16_t>(box_row & box_multi);
      hits[2][i] = static_cast<uint16_t>(col_box & ~s.single[static_cast<std::size_t>(region_id(kCol, i))]);
      hits[3][i] = static_cast<uint16_t>(row_box & ~s.single[static_cast<std::size_t>(region_id(kRow, i))]);
    }
  for (int pi = 0; pi < 4; ++pi) {
    const int t1 = kPairs[pi][0], t2 = kPairs[pi][1];
    // A box's positions in a column are p % 3, in a row, and a line's in a box, p / 3.
    const int thirds = t1 == kBox && t2 == kCol ? 1 : 0;
    ctx.spend(81);
    // The first regions of each digit that passes.
    std::array<uint16_t, 9> by_digit{};
    unsigned any = 0;
    for (int i = 0; i < 9; ++i) {
      any |= hits[pi][i];
      for (unsigned h = hits[pi][i]; h != 0; h &= h - 1)
        by_digit[static_cast<std::size_t>(std::countr_zero(h))] |= static_cast<uint16_t>(1u << i);
    }
    for (; any != 0; any &= any - 1)
      for (unsigned rs = by_digit[static_cast<std::size_t>(std::countr_zero(any))]; rs != 0; rs &= rs - 1) {
        const int d = std::countr_zero(any) + 1, i = std::countr_zero(rs);
        const int r1 = region_id(t1, i);
        const uint16_t p = s.positions(r1, d);
        const int third = kThird[thirds][p];
        // The second region, the only one that holds all of them.
        const int r2 = kCrossing[r1][t2][third];
        const uint16_t gone = without(s.positions(r2, d), kCross[r2][r1]);
        int place_cell = -1;
        if (direct) {
          // The first other region of the first type, crossing the second, left with one
          // place for d where it had more (one that does not cross it keeps all its places).
          for (const int r : kCrossing[r2][t1]) {
            if (r == r1 || place_cell >= 0) continue;
            const uint16_t q = s.positions(r, d);
            const uint16_t left = without(q, kCross[r][r2]);
            if (pop9(q) > 1 && pop9(left) == 1) place_cell = G.cells[r][std::countr_zero(left)];
          }
          if (place_cell < 0) continue;
        }
        Hint h;
        h.digits = digit_bit(d);
        h.base.push_back(static_cast<uint8_t>(r1));
        h.cover.push_back(static_cast<uint8_t>(r2));
        for (uint16_t m = p; m != 0; m &= static_cast<uint16_t>(m - 1))
          h.cells.push_back(G.cells[r1][std::countr_zero(m)]);
        if (direct) {
          h.place_cell = place_cell;
          h.place_digit = d;
          h.tech = t1 == kBox ? Tech::direct_pointing : Tech::direct_claiming;
          h.rating = t1 == kBox ? 1.7 : 1.9;
          if (ctx.want_text)
            h.text = std::string(t1 == kBox ? "Direct Pointing" : "Direct Claiming") + ": Cells " +
                     cells_text(h.cells) + ": " + std::to_string(d) + " of " + std::string(kTypeName[t1]) +
                     " in " + std::string(kTypeName[t2]);
        } else {
          for (uint16_t m = gone; m != 0; m &= static_cast<uint16_t>(m - 1))
            h.removals.push_back(Cand{G.cells[r2][std::countr_zero(m)], static_cast<uint8_t>(d)});
          h.tech = t1 == kBox ? Tech::pointing : Tech::claiming;
          h.rating = t1 == kBox ? 2.6 : 2.8;
          if (ctx.want_text)
            h.text = std::string(t1 == kBox ? "Pointing" : "Claiming") + ": Cells " + cells_text(h.cells) +
                     ": " + std::to_string(d) + " in " + std::string(kTypeName[t1]) + " and " +
                     std::string(kTypeName[t2]);
        }
        if (!out.add(std::move(h))) return;
      }
  }
}

constexpr std::string_view kSetName[5] = {"", "", "Pair", "Triplet", "Quad"};

// A naked or hidden set's hint but its effect: the set's cells (positions `set` of region r) and
// digits.
void set_hint(Hint& h, Tech tech, double rating, int r, uint16_t set, uint16_t digits) {
  h.tech = tech;
  h.rating = rating;
  h.digits = digits;
  h.base.push_back(static_cast<uint8_t>(r));
  for (uint16_t m = set; m != 0; m &= static_cast<uint16_t>(m - 1))
    h.cells.push_back(geo().cells[r][std::countr_zero(m)]);
}

// 7, 10, 17. Naked sets of k cells: regions (box, column, row) with at least 2k empty cells,
// cell subsets in bitmask order, each cell with 2+ candidates, k digits in all.
template <int K>
void naked_set(const State& s, Ctx& ctx, Hints& out, Tech tech, double rating) {
  const Geometry& G = geo();
  for (int r : G.scan_bcr) {
    if (s.empty_in(r) < 2 * K) continue;
    std::array<uint16_t, 9> cm{};
    for (int p = 0; p < 9; ++p) cm[static_cast<std::size_t>(p)] = s.cand[G.cells[r][p]];
    const bool more = each_set<K>(cm, ctx, [&](uint16_t set, uint16_t digits) {
      Hint h;
      for (uint16_t m = without(s.open[r], set); m != 0; m &= static_cast<uint16_t>(m - 1)) {
        const int p = std::countr_zero(m);
        add_removals(h.removals, G.cells[r][p], static_cast<uint16_t>(cm[static_cast<std::size_t>(p)] & digits));
      }
      if (h.removals.empty()) return true;
      set_hint(h, tech, rating, r, set, digits);
      if (ctx.want_text)
        h.text = "Naked " + std::string(kSetName[K]) + ": Cells " + cells_text(h.cells) +
                 ": " + digits_text(digits) + " in " + std::string(kTypeName[region_type(r)]);
      return out.add(std::move(h));
    });
    if (!more) return;
  }
}

// 3, 5, 9, 12, 19. Hidden sets of k digits: regions (box, column, row) with more than 2k empty
// cells (direct: more than k), digit subsets in bitmask order, each digit with 2+ positions, k
// positions in all. Plain: remove the other digits from the set cells. Direct: only if that
// leaves another digit (1-9) with a single position where it had more; place it.
template <int K>
void hidden_set(const State& s, Ctx& ctx, Hints& out, bool direct, Tech tech, double rating) {
  const Geometry& G = geo();
  const int gate = direct ? K : 2 * K;
  for (int r : G.scan_bcr) {
    if (s.empty_in(r) <= gate) continue;
    const auto& where = s.where[static_cast<std::size_t>(r)];
    const bool more = each_set<K>(where, ctx, [&](uint16_t digits, uint16_t set) {
      Hint h;
      if (direct) {
        for (int e = 0; e < 9; ++e) {
          if ((digits >> e) & 1) continue;
          const uint16_t q = where[static_cast<std::size_t>(e)];
          const uint16_t left = without(q, set);
          if (pop9(q) > 1 && pop9(left) == 1) {
            h.place_cell = G.cells[r][std::countr_zero(left)];
            h.place_digit = e + 1;
            break;
          }
        }
        if (h.place_cell < 0) return true;
      } else {
        for (uint16_t m = set; m != 0; m &= static_cast<uint16_t>(m - 1)) {
          const int c = G.cells[r][std::countr_zero(m)];
          add_removals(h.removals, c, without(s.cand[c], digits));
        }
        if (h.removals.empty()) return true;
      }
      set_hint(h, tech, rating, r, set, digits);
      if (ctx.want_text)
        h.text = std::string(direct ? "Direct Hidden " : "Hidden ") + std::string(kSetName[K]) +
                 ": Cells " + cells_text(h.cells) + ": " + digits_text(digits) + " in " +
                 std::string(kTypeName[region_type(r)]);
      return out.add(std::move(h));
    });
    if (!more) return;
  }
}

// 8, 11, 18. Fish of k lines: base columns (cover rows), then base rows (cover columns);
// base-line subsets in bitmask order, then digits 1-9 placed at most 9 - 2k times; each base
// line with 2+ candidates, k cover lines in all.
template <int k>
void fish(const State& s, Ctx& ctx, Hints& out, Tech tech, double rating) {
  static constexpr std::string_view kName[5] = {"", "", "X-Wing", "Swordfish", "Jellyfish"};
  const Geometry& G = geo();
  constexpr auto K = static_cast<std::size_t>(k);
  std::array<int, 10> placed{};
  for (int c = 0; c < 81; ++c) ++placed[s.value[static_cast<std::size_t>(c)]];
  ctx.spend(81);
  for (int orient = 0; orient < 2; ++orient) {
    const int bt = orient == 0 ? kCol : kRow, ct = orient == 0 ? kRow : kCol;
    // eligible[d-1]: base lines where d has 2 to k positions (0 when d is placed too often).
    // `digits` those with some, `lines` all their base lines: the base subsets are those of
    // `lines` (a subset with another line has no digit), in the same increasing order.
    std::array<uint16_t, 9> eligible{};
    uint16_t digits = 0, lines = 0;
    for (int d = 1; d <= 9; ++d) {
      if (placed[static_cast<std::size_t>(d)] > 9 - 2 * k) continue;
      unsigned e = 0;
      for (int i = 0; i < 9; ++i) e |= unsigned{kEligible<k>[s.positions(region_id(bt, i), d)]} << i;
      if (pop9(e) >= k) {
        eligible[static_cast<std::size_t>(d - 1)] = static_cast<uint16_t>(e);
        digits |= digit_bit(d);
        lines |= static_cast<uint16_t>(e);
      }
    }
    ctx.spend(81);
    if (digits == 0) continue;
    // of_line[i]: the digits for which base line i is eligible; a base's digits are those of
    // all its lines.
    std::array<uint16_t, 9> of_line{};
    for (unsigned dm = digits; dm != 0; dm &= dm - 1) {
      const auto d = static_cast<std::size_t>(std::countr_zero(dm));
      for (unsigned m = eligible[d]; m != 0; m &= m - 1)
        of_line[static_cast<std::size_t>(std::countr_zero(m))] |= static_cast<uint16_t>(1u << d);
    }
    const Items items(lines);
    for (int i = 0; i < kCombos.prefix[K][static_cast<std::size_t>(items.n)]; ++i) {
      uint16_t base = 0;
      unsigned base_digits = digits;
      for (unsigned m = kCombos.list[K][static_cast<std::size_t>(i)]; m != 0; m &= m - 1) {
        const int line = items.at[static_cast<std::size_t>(std::countr_zero(m))];
        base |= static_cast<uint16_t>(1u << line);
        base_digits &= of_line[static_cast<std::size_t>(line)];
      }
      for (unsigned dm = base_digits; dm != 0; dm &= dm - 1) {
        const int d = std::countr_zero(dm) + 1;
        ctx.spend(1);
        uint16_t cover = 0;
        for (uint16_t m = base; m != 0; m &= static_cast<uint16_t>(m - 1))
          cover |= s.positions(region_id(bt, std::countr_zero(m)), d);
        if (pop9(cover) != k) continue;
        Hint h;
        for (uint16_t m = cover; m != 0; m &= static_cast<uint16_t>(m - 1)) {
          const int r = region_id(ct, std::countr_zero(m));
          for (uint16_t g = without(s.positions(r, d), base); g != 0; g &= static_cast<uint16_t>(g - 1))
            h.removals.push_back(Cand{G.cells[r][std::countr_zero(g)], static_cast<uint8_t>(d)});
        }
        if (h.removals.empty()) continue;
        h.tech = tech;
        h.rating = rating;
        h.digits = digit_bit(d);
        for (uint16_t m = base; m != 0; m &= static_cast<uint16_t>(m - 1))
          h.base.push_back(static_cast<uint8_t>(region_id(bt, std::countr_zero(m))));
        // Cells cover line by cover line.
        for (uint16_t m = cover; m != 0; m &= static_cast<uint16_t>(m - 1)) {
          const int r = region_id(ct, std::countr_zero(m));
          h.cover.push_back(static_cast<uint8_t>(r));
          for (auto g = static_cast<uint16_t>(s.positions(r, d) & base); g != 0; g &= static_cast<uint16_t>(g - 1))
            h.cells.push_back(G.cells[r][std::countr_zero(g)]);
        }
        if (ctx.want_text)
          h.text = std::string(kName[K]) + ": Cells " + cells_text(h.cells) + ": " + std::to_string(d) + " in " +
                   std::to_string(k) + ' ' + std::string(kTypeName[bt]) + "s and " + std::to_string(k) + ' ' +
                   std::string(kTypeName[ct]) + 's';
        if (!out.add(std::move(h))) return;
      }
    }
  }
}

// 14, 15. Pivot cells 0-80 with 2 (XY) or 3 (XYZ) candidates; first wing among its peers, a
// bivalue cell missing exactly one pivot digit; second wing among its peers, a bivalue cell.
// With bivalue wings the second one is determined by its digits (below): it is taken from the
// cells of those digits, not found by testing every bivalue peer (bug_plus_n's grids are full
// of bivalue cells). The work is 1 for each second wing that testing would have looked at.
void wing(const State& s, Ctx& ctx, Hints& out, bool xyz) {
  const int n = xyz ? 3 : 2;
  ctx.spend(81);
  std::array<CellBits, 9> holds;  // [digit-1] -> its cells
  for (int d = 1; d <= 9; ++d) holds[static_cast<std::size_t>(d - 1)] = cells_with(s, d);
  CellBits bivalue;
  for (int c = 0; c < 81; ++c)
    if (pop9(s.cand[static_cast<std::size_t>(c)]) == 2) bivalue.insert(c);
  auto of = [&](uint16_t digit) -> const CellBits& { return holds[static_cast<std::size_t>(std::countr_zero(digit))]; };
  for (int pivot = 0; pivot < 81; ++pivot) {
    const uint16_t pc = s.cand[static_cast<std::size_t>(pivot)];
    if (pop9(pc) != n) continue;
    const CellBits bi = CellBits::peers(pivot) & bivalue;  // its bivalue peers
    int nbi = -1;  // counted when needed
    ctx.spend(20);
    for (CellBits first = bi; !first.empty();) {
      const int w1 = first.pop();
      const uint16_t c1 = s.cand[static_cast<std::size_t>(w1)];
      if (pop9(without(pc, c1)) != 1) continue;
      // 3 digits in all, c1 and c2 sharing one (z), all three sharing one for XYZ and none for
      // XY: for XY (pivot xy, c1 xz) c2 is yz; for XYZ (pivot xyz, c1 two of them) c2 is
      // another two of them.
      CellBits second;
      if (xyz) {
        // The bivalue peers holding two of the pivot's digits x, y, z, but not c1's two.
        const uint16_t x = lowest(pc), y = lowest(without(pc, x)), z = without(pc, x | y);
        const CellBits &hx = of(x), &hy = of(y), &hz = of(z);
        const CellBits same = of(lowest(c1)) & of(without(c1, lowest(c1)));
        second = bi & ((hx & hy) | (hx & hz) | (hy & hz)) & CellBits{~same.lo, ~same.hi};
      } else {
        second = bi & of(without(pc, c1)) & of(without(c1, pc));
      }
      while (!second.empty()) {
        const int w2 = second.pop();
        const uint16_t c2 = s.cand[static_cast<std::size_t>(w2)];
        const auto z = static_cast<uint16_t>(c1 & c2);
        const int zd = std::countr_zero(z) + 1;
        CellBits see = CellBits::peers(w1) & CellBits::peers(w2) & of(z);
        if (xyz) see = see & CellBits::peers(pivot);
        see.erase(pivot);
        if (see.empty()) continue;
        Hint h;
        while (!see.empty()) h.removals.push_back(Cand{static_cast<uint8_t>(see.pop()), static_cast<uint8_t>(zd)});
        h.tech = xyz ? Tech::xyz_wing : Tech::xy_wing;
        h.rating = xyz ? 4.4 : 4.2;
        h.digits = z;
        h.cells = {static_cast<uint8_t>(pivot), static_cast<uint8_t>(w1), static_cast<uint8_t>(w2)};
        if (ctx.want_text)
          h.text = std::string(xyz ? "XYZ-Wing" : "XY-Wing") + ": Cells " + cells_text(h.cells) + " on value " +
                   std::to_string(zd);
        if (!out.add(std::move(h))) {
          int looked = 0;  // the bivalue peers up to w2
          for (CellBits m = bi; !m.empty() && m.pop() <= w2;) ++looked;
          ctx.spend_each(static_cast<uint64_t>(looked), 1);
          return;
        }
      }
      if (nbi < 0) {
        nbi = 0;
        for (CellBits m = bi; !m.empty(); m.pop()) ++nbi;
      }
      ctx.spend_each(static_cast<uint64_t>(nbi), 1);
    }
  }
}

}  // namespace

// 1. Full houses of every region first, then the other hidden singles; regions in box, column,
// row order, digits 1-9. State keeps the digits with one position of each region and the
// regions with one and with 2+ empty cells: this producer runs at every step, and scanning
// the cells of the 27 regions was 40% of the time of an easy puzzle.
void hidden_single(const State& s, Ctx& ctx, Hints& out) {
  const Geometry& G = geo();
  for (int pass = 0; pass < 2; ++pass) {
    const uint32_t regions = pass == 0 ? s.one_open : s.two_open;
    // The regions as bits in scan order (boxes, columns, rows), to visit only these.
    uint32_t scan = (regions & 0x1FF) | (regions >> 18 << 9) | ((regions >> 9 & 0x1FF) << 18);
    uint64_t looked = 0;  // regions looked at: 9 work each, as when the cells were scanned
    for (; scan != 0; scan &= scan - 1) {
      const int r = G.scan_bcr[static_cast<std::size_t>(std::countr_zero(scan))];
      ++looked;
      const unsigned single = s.single[static_cast<std::size_t>(r)];
      if (single == 0) continue;
      ctx.spend_each(looked, 9);
      looked = 0;
      for (unsigned m = single; m != 0; m &= m - 1) {
        const int d = std::countr_zero(m) + 1;
        const uint16_t p = s.positions(r, d);
        // Built in place, not moved in by add(): the hint of most steps.
        Hint& h = out.list.emplace_back();
        h.tech = Tech::hidden_single;
        h.rating = pass == 0 ? 1.0 : region_type(r) == kBox ? 1.2 : 1.5;
        h.place_cell = G.cells[r][std::countr_zero(p)];
        h.place_digit = d;
        if (ctx.want_text)
          h.text = "Hidden Single: " + cell_se(h.place_cell) + ": " + std::to_string(d) + " in " +
                   std::string(kTypeName[region_type(r)]);
        if (!out.all()) return;
      }
    }
    ctx.spend_each(looked, 9);
  }
}

// 4. The first empty cell with one candidate.
void naked_single(const State& s, Ctx& ctx, Hints& out) {
  ctx.spend(81);
  for (int c = 0; c < 81; ++c)
    if (s.value[c] == 0 && pop9(s.cand[c]) == 1) {
      Hint h;
      h.tech = Tech::naked_single;
      h.rating = 2.3;
      h.place_cell = c;
      h.place_digit = std::countr_zero(s.cand[c]) + 1;
      if (ctx.want_text) h.text = "Naked Single: " + cell_se(c) + ": " + std::to_string(h.place_digit);
      if (!out.add(std::move(h))) return;
    }
}

void direct_intersection(const State& s, Ctx& ctx, Hints& out) { intersections(s, ctx, out, true); }
void direct_hidden_pair(const State& s, Ctx& ctx, Hints& out) {
  hidden_set<2>(s, ctx, out, true, Tech::direct_hidden_pair, 2.0);
}
void direct_hidden_triple(const State& s, Ctx& ctx, Hints& out) {
  hidden_set<3>(s, ctx, out, true, Tech::direct_hidden_triplet, 2.5);
}
void intersection(const State& s, Ctx& ctx, Hints& out) { intersections(s, ctx, out, false); }
void naked_pair(const State& s, Ctx& ctx, Hints& out) { naked_set<2>(s, ctx, out, Tech::naked_pair, 3.0); }
void x_wing(const State& s, Ctx& ctx, Hints& out) { fish<2>(s, ctx, out, Tech::x_wing, 3.2); }
void hidden_pair(const State& s, Ctx& ctx, Hints& out) { hidden_set<2>(s, ctx, out, false, Tech::hidden_pair, 3.4); }
void naked_triple(const State& s, Ctx& ctx, Hints& out) { naked_set<3>(s, ctx, out, Tech::naked_triplet, 3.6); }
void swordfish(const State& s, Ctx& ctx, Hints& out) { fish<3>(s, ctx, out, Tech::swordfish, 3.8); }
void hidden_triple(const State& s, Ctx& ctx, Hints& out) {
  hidden_set<3>(s, ctx, out, false, Tech::hidden_triplet, 4.0);
}
void xy_wing(const State& s, Ctx& ctx, Hints& out) { wing(s, ctx, out, false); }
void xyz_wing(const State& s, Ctx& ctx, Hints& out) { wing(s, ctx, out, true); }
void naked_quad(const State& s, Ctx& ctx, Hints& out) { naked_set<4>(s, ctx, out, Tech::naked_quad, 5.0); }
void jellyfish(const State& s, Ctx& ctx, Hints& out) { fish<4>(s, ctx, out, Tech::jellyfish, 5.2); }
void hidden_quad(const State& s, Ctx& ctx, Hints& out) { hidden_set<4>(s, ctx, out, false, Tech::hidden_quad, 5.4); }

}  // namespace puzzle::sudoku::se
