// Strong-link patterns of one digit (SE_RATING.md section 5): the Turbot family (producer 13)
// and three strong links (producer 20).
//
// Both producers look at the same objects: a link region of the digit (a region whose candidates
// form a strong link, plain or grouped) in one or more versions, each version a pair of ends (a
// cell or a group of cells). Cells are kept as 81-bit sets (two words, the layout of
// Geometry::peer_mask), so the tests of the pattern (bridges, victims) are a few ANDs. The two
// producers build their links differently (section 5 lists where): link_versions() takes the
// family as a parameter. A combination that removes something is recorded in a small POD record;
// the records are sorted (stable) and turned into hints in that order.
#include <algorithm>
#include <array>
#include <bit>
#include <string>
#include <vector>

#include "sudoku/se/state.hpp"

namespace sudoku::se {

namespace {

/// A set of cells: bit c of lo for c < 64, bit c-64 of hi.
struct Cells {
  uint64_t lo = 0, hi = 0;
  void set(int c) noexcept {
    if (c < 64)
      lo |= uint64_t{1} << c;
    else
      hi |= uint64_t{1} << (c - 64);
  }
  bool any() const noexcept { return (lo | hi) != 0; }
  int count() const noexcept { return std::popcount(lo) + std::popcount(hi); }
  /// Cells in increasing index.
  template <class F>
  void each(F&& f) const {
    for (uint64_t w = lo; w != 0; w &= w - 1) f(std::countr_zero(w));
    for (uint64_t w = hi; w != 0; w &= w - 1) f(64 + std::countr_zero(w));
  }
  friend Cells operator&(Cells a, Cells b) noexcept { return {a.lo & b.lo, a.hi & b.hi}; }
  friend Cells operator|(Cells a, Cells b) noexcept { return {a.lo | b.lo, a.hi | b.hi}; }
  /// a without b.
  friend Cells operator-(Cells a, Cells b) noexcept { return {a.lo & ~b.lo, a.hi & ~b.hi}; }
  bool subset_of(Cells b) const noexcept { return ((lo & ~b.lo) | (hi & ~b.hi)) == 0; }
};

struct Tables {
  std::array<Cells, 27> region;  ///< the 9 cells of each region
  std::array<Cells, 81> peers;
};

const Tables& tables() noexcept {
  static const Tables t = [] {
    Tables r{};
    const Geometry& G = geo();
    for (int g = 0; g < 27; ++g)
      for (int c : G.cells[g]) r.region[g].set(c);
    for (int c = 0; c < 81; ++c) r.peers[c] = {G.peer_mask[c][0], G.peer_mask[c][1]};
    return r;
  }();
  return t;
}

/// One end of a link: a cell or a group. `cell` lists the cells in the reference's order (the
/// first is the one the text names); `seen` = the cells that see every cell of the end.
struct End {
  Cells cells, seen;
  uint8_t n = 0;
  std::array<uint8_t, 3> cell{};
  void add(int c) {
    const Tables& T = tables();
    cell[n] = static_cast<uint8_t>(c);
    seen = n == 0 ? T.peers[c] : seen & T.peers[c];
    ++n;
    cells.set(c);
  }
};

/// One version of a link region: its two ends, in order.
struct Link {
  std::array<End, 2> end;
  uint8_t region = 0;
  bool grouped = false;
};

enum class Family { turbot, three };

/// The region's cells at the positions in `mask` (region order), at most `cap` of them.
void add_positions(End& e, int region, unsigned mask, int cap) {
  const Geometry& G = geo();
  for (; mask != 0 && e.n < cap; mask &= mask - 1) e.add(G.cells[region][std::countr_zero(mask)]);
}

/// The versions of `region` as a link of digit `d` for the family (section 5: Turbot family
/// "A region is a link", three strong links "Links differ"). Returns how many (0-2) were put in
/// `out`.
int link_versions(const State& s, int region, int d, Family fam, Link* out) {
  const Geometry& G = geo();
  const unsigned p = s.positions(region, d);
  const int k = std::popcount(p);
  const int type = region_type(region);
  const int cap = fam == Family::three ? 2 : 3;  // three links: an end keeps at most 2 cells
  auto fresh = [&](bool grouped) -> Link& {
    Link& l = out[0];
    l = Link{};
    l.region = static_cast<uint8_t>(region);
    l.grouped = grouped;
    return l;
  };
  if (k == 2) {
    const int a = std::countr_zero(p), b = 31 - std::countl_zero(p);
    // Three links skip a plain box link whose two cells share a line.
    if (fam == Family::three && type == kBox && (a / 3 == b / 3 || a % 3 == b % 3)) return 0;
    Link& l = fresh(false);
    l.end[0].add(G.cells[region][a]);
    l.end[1].add(G.cells[region][b]);
    return 1;
  }
  if (k < 3 || k > 6) return 0;
  if (type != kBox) {
    // Grouped line: candidates in exactly two of the three box segments.
    unsigned seg[3];
    int used = 0;
    for (int i = 0; i < 3; ++i) {
      seg[i] = p & (7u << (3 * i));
      used += seg[i] != 0;
    }
    if (used != 2) return 0;
    unsigned a = 0, b = 0;  // the two occupied segments, lower first
    for (int i = 0; i < 3; ++i)
      if (seg[i] != 0) (a == 0 ? a : b) = seg[i];
    if (std::popcount(b) == 1 && std::popcount(a) != 1) std::swap(a, b);
    Link& l = fresh(true);
    add_positions(l.end[0], region, a, cap);
    add_positions(l.end[1], region, b, cap);
    return 1;
  }
  if (fam == Family::turbot && k > 5) return 0;
  // Box with a heart: the 4 cells outside the heart's row and column are empty and both blades
  // (the heart's row and column inside the box, heart excluded) hold a candidate.
  for (int h = 0; h < 9; ++h) {
    const unsigned row = 7u << (h / 3 * 3), col = 0x49u << (h % 3), hb = 1u << h;
    if (p & ~(row | col) & 0x1FF) continue;
    const unsigned rb = p & row & ~hb, cb = p & col & ~hb;
    if (rb == 0 || cb == 0) continue;
    const int heart = G.cells[region][h];
    const bool rs = std::popcount(rb) == 1, cs = std::popcount(cb) == 1;
    int n = 0;
    if (fam == Family::turbot) {
      // Turbot: heart + the other blade as a group, one version per single blade.
      if (cs) {
        Link& l = out[n++];
        l = Link{};
        l.region = static_cast<uint8_t>(region);
        l.grouped = true;
        add_positions(l.end[0], region, cb, cap);
        l.end[1].add(heart);
        add_positions(l.end[1], region, rb, cap);
      }
      if (rs) {
        Link& l = out[n++];
        l = Link{};
        l.region = static_cast<uint8_t>(region);
        l.grouped = true;
        add_positions(l.end[0], region, rb, cap);
        l.end[1].add(heart);
        add_positions(l.end[1], region, cb, cap);
      }
      if (!cs && !rs) {
        Link& l = fresh(true);
        add_positions(l.end[0], region, cb, cap);
        add_positions(l.end[1], region, rb, cap);
        n = 1;
      }
      return n;
    }
    if (cs || rs) {
      int n3 = 0;
      for (int pass = 0; pass < 2; ++pass) {
        const bool col_single = pass == 0;
        if (!(col_single ? cs : rs)) continue;
        Link& l = out[n3++];
        l = Link{};
        l.region = static_cast<uint8_t>(region);
        l.grouped = true;
        add_positions(l.end[0], region, col_single ? cb : rb, cap);
        add_positions(l.end[1], region, col_single ? rb : cb, 1);
        l.end[1].add(heart);
      }
      return n3;
    }
    Link& l = fresh(true);
    add_positions(l.end[0], region, cb, cap);
    add_positions(l.end[1], region, rb, cap);
    return 1;
  }
  if (fam == Family::turbot || k < 4) return 0;
  // Three links, two-line shapes: rows 2, 1, 0 empty, then columns 2, 1, 0 empty.
  for (int shape = 0; shape < 6; ++shape) {
    const int line = 2 - shape % 3;
    const bool rows = shape < 3;
    const unsigned empty = rows ? 7u << (3 * line) : 0x49u << line;
    if (p & empty) continue;
    const int l1 = line == 0 ? 1 : 0, l2 = line == 2 ? 1 : 2;
    auto line_mask = [&](bool r, int i) { return r ? 7u << (3 * i) : 0x49u << i; };
    int n = 0;
    {
      Link& l = out[n++];
      l = Link{};
      l.region = static_cast<uint8_t>(region);
      l.grouped = true;
      add_positions(l.end[0], region, p & line_mask(rows, l1), cap);
      add_positions(l.end[1], region, p & line_mask(rows, l2), cap);
    }
    // Four corners of a rectangle: also split the other way.
    if (k == 4) {
      unsigned other = 0;  // the lines of the other direction that hold candidates
      for (int i = 0; i < 3; ++i)
        if (p & line_mask(!rows, i)) other |= 1u << i;
      if (std::popcount(other) == 2 && std::popcount(p & line_mask(rows, l1)) == 2) {
        const int o1 = std::countr_zero(other), o2 = 31 - std::countl_zero(other);
        Link& l = out[n++];
        l = Link{};
        l.region = static_cast<uint8_t>(region);
        l.grouped = true;
        add_positions(l.end[0], region, p & line_mask(!rows, o1), cap);
        add_positions(l.end[1], region, p & line_mask(!rows, o2), cap);
      }
    }
    return n;
  }
  return 0;
}

/// The region (column, row, then box) holding every cell of `c`, or -1.
int common_region(Cells c) {
  const Tables& T = tables();
  const int first = c.lo != 0 ? std::countr_zero(c.lo) : 64 + std::countr_zero(c.hi);
  const int regs[3] = {region_id(kCol, col_of(first)), region_id(kRow, row_of(first)),
                       region_id(kBox, box_of(first))};
  for (int r : regs)
    if (c.subset_of(T.region[r])) return r;
  return -1;
}

/// The candidates of each digit as cell sets.
std::array<Cells, 9> digit_cells(const State& s) {
  std::array<Cells, 9> m{};
  for (int d = 0; d < 9; ++d)
    for (int r = 0; r < 9; ++r) {
      const uint64_t row = s.where[region_id(kRow, r)][d];
      const int at = r * 9;
      if (at < 64) {
        m[d].lo |= row << at;
        if (at + 9 > 64) m[d].hi |= row >> (64 - at);
      } else {
        m[d].hi |= row << (at - 64);
      }
    }
  return m;
}

/// The link versions of every (digit, region) for one family.
struct LinkTable {
  std::array<std::array<uint8_t, 27>, 9> n{};
  std::array<std::array<std::array<Link, 2>, 27>, 9> v;
  void build(const State& s, Family fam, Ctx& ctx) {
    ctx.spend(243);
    for (int d = 1; d <= 9; ++d)
      for (int r = 0; r < 27; ++r)
        n[d - 1][r] = static_cast<uint8_t>(link_versions(s, r, d, fam, v[d - 1][r].data()));
  }
};

void removal_list(Hint& h, Cells victims, int d) {
  victims.each([&](int c) { h.removals.push_back({static_cast<uint8_t>(c), static_cast<uint8_t>(d)}); });
}

// ---------------------------------------------------------------------------------------------
// 13. Turbot family

struct TurbotFound {
  double rating;
  int removed;
  int grouped;  ///< the suffix "00", "01", "11" as 0, 1, 2
  int d;
  Cells victims;
  std::array<uint8_t, 4> text_cells;  ///< start, base bridge, cover bridge, end
  uint8_t base_type, cover_type;
};

}  // namespace

void turbot(const State& s, Ctx& ctx, Hints& out) {
  static constexpr int kPairs[5][2] = {
      {kRow, kRow}, {kCol, kCol}, {kCol, kRow}, {kRow, kBox}, {kCol, kBox}};
  const Tables& T = tables();
  const std::array<Cells, 9> dc = digit_cells(s);
  LinkTable links;
  links.build(s, Family::turbot, ctx);
  std::vector<TurbotFound> found;
  for (const auto& pair : kPairs) {
    const int bt = pair[0], ct = pair[1];
    for (int d = 1; d <= 9; ++d) {
      const Cells dcells = dc[d - 1];
      for (int bi = 0; bi < 9; ++bi) {
        const int rb = region_id(bt, bi);
        const int nb = links.n[d - 1][rb];
        if (nb == 0) continue;
        for (int vb = 0; vb < nb; ++vb) {
          const Link& B = links.v[d - 1][rb][vb];
          for (int ci = bt == ct ? bi + 1 : 0; ci < 9; ++ci) {
            const int rc = region_id(ct, ci);
            const int nc = links.n[d - 1][rc];
            if (nc == 0) continue;
            if ((dcells & T.region[rb] & T.region[rc]).any()) continue;
            const Cells outside = dcells - (T.region[rb] | T.region[rc]);
            ctx.spend(4 * static_cast<uint64_t>(nc));
            for (int vc = 0; vc < nc; ++vc) {
              const Link& C = links.v[d - 1][rc][vc];
              for (int ob : {1, 0})
                for (int oc : {0, 1}) {
                  const End &bb = B.end[ob], &bo = B.end[1 - ob];
                  const End &cb = C.end[oc], &co = C.end[1 - oc];
                  const int share = common_region(bb.cells | cb.cells);
                  if (share < 0 || share == rb || share == rc) continue;
                  const Cells victims = outside & bo.seen & co.seen;
                  if (!victims.any()) continue;
                  const int grouped = B.grouped + C.grouped;
                  double rating = 4.3;
                  if (grouped == 0) rating = ct == kBox ? 4.2 : bt == ct ? 4.0 : 4.1;
                  found.push_back({rating, victims.count(), grouped, d, victims,
                                   {bo.cell[0], bb.cell[0], cb.cell[0], co.cell[0]},
                                   static_cast<uint8_t>(bt), static_cast<uint8_t>(ct)});
                }
            }
          }
        }
      }
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const TurbotFound& a, const TurbotFound& b) {
    if (a.rating != b.rating) return a.rating < b.rating;
    if (a.removed != b.removed) return a.removed > b.removed;
    return a.grouped < b.grouped;
  });
  for (const TurbotFound& f : found) {
    Hint h;
    const bool kite = f.base_type != f.cover_type && f.cover_type != kBox;
    h.tech = f.grouped != 0        ? Tech::grouped_turbot
             : f.cover_type == kBox ? Tech::turbot_crane
             : kite                 ? Tech::two_string_kite
                                    : Tech::skyscraper;
    h.rating = f.rating;
    h.digits = digit_bit(f.d);
    removal_list(h, f.victims, f.d);
    if (ctx.want_text) {
      std::string name = f.cover_type == kBox ? "Turbot Crane" : kite ? "Two-string Kite" : "Skyscraper";
      if (f.grouped != 0) {
        if (kite) name = "2-String Kite";
        name = "Grouped " + name + (f.grouped == 1 ? " 01" : " 11");
      }
      h.text = name + ": Cells ";
      for (int i = 0; i < 4; ++i) h.text += (i ? "," : "") + cell_se(f.text_cells[i]);
      h.text += " on value " + std::to_string(f.d);
    }
    if (!out.add(std::move(h))) return;
  }
}

// ---------------------------------------------------------------------------------------------
// 20. Three strong links

namespace {

struct ThreeFound {
  double rating;
  int removed;
  std::array<char, 4> suffix;  ///< grouped count, then the normalised link types
  int d;
  Cells victims;
  std::array<uint8_t, 6> text_cells;  ///< each link of the chain: entering, leaving end
};

/// The suffix of section 5: number of grouped links, then the link types along the chain,
/// normalised.
std::array<char, 4> three_suffix(int grouped, const int (&types)[3]) {
  using S = std::array<char, 3>;
  auto rev = [](S x) { return S{x[2], x[1], x[0]}; };
  S t{static_cast<char>('0' + types[0]), static_cast<char>('0' + types[1]),
      static_cast<char>('0' + types[2])};
  t = std::min(t, rev(t));
  if (std::find(t.begin(), t.end(), '1') == t.end()) {
    for (char& c : t)
      if (c == '2') c = '1';
  } else {
    S sw = t;
    for (char& c : sw) c = c == '1' ? '2' : c == '2' ? '1' : c;
    t = std::min({t, sw, rev(sw)});
  }
  return {static_cast<char>('0' + grouped), t[0], t[1], t[2]};
}

}  // namespace

void three_strong_links(const State& s, Ctx& ctx, Hints& out) {
  static constexpr int kTypes[10][3] = {{0, 0, 0}, {0, 0, 1}, {0, 0, 2}, {0, 1, 1}, {0, 1, 2},
                                        {0, 2, 2}, {1, 1, 1}, {1, 1, 2}, {1, 2, 2}, {2, 2, 2}};
  static constexpr int kOrders[3][3] = {{0, 1, 2}, {1, 0, 2}, {0, 2, 1}};
  const Tables& T = tables();
  const std::array<Cells, 9> dc = digit_cells(s);
  LinkTable links;
  links.build(s, Family::three, ctx);
  std::vector<ThreeFound> found;

  for (const auto& types : kTypes) {
    for (int d = 1; d <= 9; ++d) {
      const Cells dcells = dc[d - 1];
      const auto& n = links.n[d - 1];
      const auto& v = links.v[d - 1];
      auto evaluate = [&](const Link* L[3]) {
        ctx.spend(24);
        const Cells link_regions =
            T.region[L[0]->region] | T.region[L[1]->region] | T.region[L[2]->region];
        const Cells outside = dcells - link_regions;
        if (!outside.any()) return;
        for (const auto& ord : kOrders) {
          const Link* ch[3] = {L[ord[0]], L[ord[1]], L[ord[2]]};
          for (int o = 0; o < 8; ++o) {
            const End* enter[3];
            const End* leave[3];
            for (int k = 0; k < 3; ++k) {
              const int bit = (o >> (2 - k)) & 1;
              enter[k] = &ch[k]->end[bit];
              leave[k] = &ch[k]->end[1 - bit];
            }
            const int j1 = common_region(leave[0]->cells | enter[1]->cells);
            if (j1 < 0) continue;
            const int j2 = common_region(leave[1]->cells | enter[2]->cells);
            if (j2 < 0) continue;
            const Cells victims =
                (outside & enter[0]->seen & leave[2]->seen) - (T.region[j1] | T.region[j2]);
            if (!victims.any()) continue;
            int grouped = 0, ctypes[3];
            bool box = false, row = false, col = false;
            for (int k = 0; k < 3; ++k) {
              grouped += ch[k]->grouped;
              ctypes[k] = region_type(ch[k]->region);
              box |= ctypes[k] == kBox;
              row |= ctypes[k] == kRow;
              col |= ctypes[k] == kCol;
            }
            double rating = 5.4;
            if (grouped > 0)
              rating = 5.7;
            else if (box)
              rating += 0.1;
            else if (row && col)
              rating += 0.2;
            found.push_back({rating, victims.count(), three_suffix(grouped, ctypes), d, victims,
                             {enter[0]->cell[0], leave[0]->cell[0], enter[1]->cell[0],
                              leave[1]->cell[0], enter[2]->cell[0], leave[2]->cell[0]}});
          }
        }
      };
      for (int i1 = 0; i1 < 9; ++i1) {
        const int r1 = region_id(types[0], i1);
        if (n[r1] == 0) continue;
        const Cells c1 = dcells & T.region[r1];
        for (int v1 = 0; v1 < n[r1]; ++v1)
          for (int i2 = types[1] == types[0] ? i1 + 1 : 0; i2 < 9; ++i2) {
            const int r2 = region_id(types[1], i2);
            if (n[r2] == 0) continue;
            const Cells c2 = dcells & T.region[r2];
            if ((c1 & c2).any()) continue;
            for (int v2 = 0; v2 < n[r2]; ++v2)
              for (int i3 = types[2] == types[1] ? i2 + 1 : 0; i3 < 9; ++i3) {
                const int r3 = region_id(types[2], i3);
                if (n[r3] == 0) continue;
                const Cells c3 = dcells & T.region[r3];
                if (((c1 | c2) & c3).any()) continue;
                for (int v3 = 0; v3 < n[r3]; ++v3) {
                  const Link* L[3] = {&v[r1][v1], &v[r2][v2], &v[r3][v3]};
                  evaluate(L);
                }
              }
          }
      }
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const ThreeFound& a, const ThreeFound& b) {
    if (a.rating != b.rating) return a.rating < b.rating;
    if (a.removed != b.removed) return a.removed > b.removed;
    return a.suffix < b.suffix;
  });
  for (const ThreeFound& f : found) {
    Hint h;
    h.tech = Tech::three_strong_links;
    h.rating = f.rating;
    h.digits = digit_bit(f.d);
    removal_list(h, f.victims, f.d);
    if (ctx.want_text) {
      const std::string_view types(f.suffix.data() + 1, 3);
      std::string name = types.find('0') != std::string_view::npos ? "3 Strong links (including blocks)"
                         : types.find('2') != std::string_view::npos ? "3-String Kite"
                                                                     : "3 Skyscrapers";
      h.text = name + " " + std::string(f.suffix.data(), 4);
      const int g = f.suffix[0] - '0';
      if (g > 0)
        h.text += " (Using " + std::to_string(g) + " grouped strong link" + (g > 1 ? "s)" : ")");
      h.text += ": Cell ";
      for (int i = 0; i < 6; ++i) h.text += (i ? "," : "") + cell_se(f.text_cells[i]);
      h.text += " on value " + std::to_string(f.d);
    }
    if (!out.add(std::move(h))) return;
  }
}

}  // namespace sudoku::se
