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
  uint64_t lo, hi;  // uninitialised by default (tables of links are not cleared); Cells{} is empty
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
  uint8_t n;
  std::array<uint8_t, 3> cell;
  /// The regions holding every cell of the end: bit c for column c, 9 + r for row r, 18 + b
  /// for box b, so that the lowest common bit of two ends is their joining region in the
  /// reference's order (column, row, box).
  uint32_t in;
  void add(int c) {
    if (n == 0) cells = Cells{};
    const Tables& T = tables();
    cell[n] = static_cast<uint8_t>(c);
    const uint32_t r = (1u << col_of(c)) | (1u << (9 + row_of(c))) | (1u << (18 + box_of(c)));
    in = n == 0 ? r : in & r;
    seen = n == 0 ? T.peers[c] : seen & T.peers[c];
    ++n;
    cells.set(c);
  }
};

/// The region of a bit of End::in.
inline int region_of_bit(uint32_t in) noexcept {
  const int i = std::countr_zero(in);
  return i < 9 ? region_id(kCol, i) : i < 18 ? region_id(kRow, i - 9) : region_id(kBox, i - 18);
}

/// One version of a link region: its two ends, in order.
struct Link {
  std::array<End, 2> end;
  uint8_t region;
  bool grouped;
  uint32_t reach;  ///< end[0].in | end[1].in: two links join only if their reaches meet
  uint32_t joinable;  ///< the link regions (bit = region id) with a version whose reach meets this
  Link& start(int r, bool g) noexcept {
    end[0].n = end[1].n = 0;
    region = static_cast<uint8_t>(r);
    grouped = g;
    return *this;
  }
};


enum class Family { turbot, three };

/// The region's cells at the positions in `mask` (region order), at most `cap` of them.
void add_positions(End& e, int region, unsigned mask, int cap) {
  static const Geometry& G = geo();  // geo() is an out-of-line call: once, not per link
  for (; mask != 0 && e.n < cap; mask &= mask - 1) e.add(G.cells[region][std::countr_zero(mask)]);
}

/// The versions of `region` as a link of digit `d` for the family (section 5: Turbot family
/// "A region is a link", three strong links "Links differ"). Returns how many (0-2) were put in
/// `out`.
int link_versions(const State& s, int region, int d, Family fam, Link* out) {
  static const Geometry& G = geo();
  const unsigned p = s.positions(region, d);
  const int k = pop9(p);
  const int type = region_type(region);
  const int cap = fam == Family::three ? 2 : 3;  // three links: an end keeps at most 2 cells
  auto fresh = [&](bool grouped) -> Link& { return out[0].start(region, grouped); };
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
    if (pop9(b) == 1 && pop9(a) != 1) std::swap(a, b);
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
    const bool rs = pop9(rb) == 1, cs = pop9(cb) == 1;
    int n = 0;
    if (fam == Family::turbot) {
      // Turbot: heart + the other blade as a group, one version per single blade.
      if (cs) {
        Link& l = out[n++].start(region, true);
        add_positions(l.end[0], region, cb, cap);
        l.end[1].add(heart);
        add_positions(l.end[1], region, rb, cap);
      }
      if (rs) {
        Link& l = out[n++].start(region, true);
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
    // Three links: one version per single blade, (blade cell; first cell of the other blade +
    // heart). SE_RATING.md makes two single blades one plain link between them (heart ignored),
    // but the sample needs a version per blade here too: with the plain link, puzzle 162 step 15,
    // 169 step 22 and 170 step 16 would find a pattern (invalid when the heart holds the digit)
    // that the reference does not, and all 75 steps of the sample match this way.
    if (cs || rs) {
      int n3 = 0;
      for (int pass = 0; pass < 2; ++pass) {
        const bool col_single = pass == 0;
        if (!(col_single ? cs : rs)) continue;
        Link& l = out[n3++].start(region, true);
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
      Link& l = out[n++].start(region, true);
      add_positions(l.end[0], region, p & line_mask(rows, l1), cap);
      add_positions(l.end[1], region, p & line_mask(rows, l2), cap);
    }
    // Four corners of a rectangle: also split the other way.
    if (k == 4) {
      unsigned other = 0;  // the lines of the other direction that hold candidates
      for (int i = 0; i < 3; ++i)
        if (p & line_mask(!rows, i)) other |= 1u << i;
      if (pop9(other) == 2 && pop9(p & line_mask(rows, l1)) == 2) {
        const int o1 = std::countr_zero(other), o2 = 31 - std::countl_zero(other);
        Link& l = out[n++].start(region, true);
        add_positions(l.end[0], region, p & line_mask(!rows, o1), cap);
        add_positions(l.end[1], region, p & line_mask(!rows, o2), cap);
      }
    }
    return n;
  }
  return 0;
}

/// The region (column, row, then box) holding every cell of both ends, or -1.
inline int common_region(const End& a, const End& b) noexcept {
  const uint32_t m = a.in & b.in;
  return m == 0 ? -1 : region_of_bit(m);
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

/// Calls f(i) for each set bit i of m, increasing.
template <class F>
inline void each_bit(unsigned m, F&& f) {
  for (; m != 0; m &= m - 1) f(std::countr_zero(m));
}

/// The link versions of every (digit, region) for one family.
struct LinkTable {
  std::array<std::array<uint8_t, 27>, 9> n{};
  std::array<std::array<uint16_t, 3>, 9> has{};  ///< [digit-1][type]: bit i if region i is a link
  /// [digit-1][region]: bit g when region g shares a candidate cell with the region (itself
  /// included); set for link regions only.
  std::array<std::array<uint32_t, 27>, 9> clash{};
  std::array<std::array<std::array<Link, 2>, 27>, 9> v;  // only the first n[d][r] are set
  void build(const State& s, Family fam, Ctx& ctx) {
    const Geometry& G = geo();
    ctx.spend(243);
    for (int d = 1; d <= 9; ++d) {
      // [bit of Link::reach] -> the link regions with a version whose reach holds that bit;
      // a version's Link::joinable is the union over the bits of its reach.
      std::array<uint32_t, 27> meet{};
      for (int r = 0; r < 27; ++r) {
        const int k = link_versions(s, r, d, fam, v[d - 1][r].data());
        n[d - 1][r] = static_cast<uint8_t>(k);
        if (k == 0) continue;
        has[d - 1][region_type(r)] |= static_cast<uint16_t>(1u << (r % 9));
        each_bit(s.positions(r, d), [&](int p) {
          for (int g : G.region[G.cells[r][p]]) clash[d - 1][r] |= 1u << g;
        });
        for (int i = 0; i < k; ++i) {
          Link& l = v[d - 1][r][i];
          l.reach = l.end[0].in | l.end[1].in;
          each_bit(l.reach, [&](int b) { meet[b] |= 1u << r; });
        }
      }
      for (int r = 0; r < 27; ++r)
        for (int i = 0; i < n[d - 1][r]; ++i) {
          Link& l = v[d - 1][r][i];
          l.joinable = 0;
          each_bit(l.reach, [&](int b) { l.joinable |= meet[b]; });
        }
    }
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
      each_bit(links.has[d - 1][bt], [&](int bi) {
        const int rb = region_id(bt, bi);
        const int nb = links.n[d - 1][rb];
        for (int vb = 0; vb < nb; ++vb) {
          const Link& B = links.v[d - 1][rb][vb];
          // Cover regions that share no candidate cell with the base region.
          const unsigned covers = links.has[d - 1][ct] & (bt == ct ? ~0u << (bi + 1) : ~0u) &
                                  ~(links.clash[d - 1][rb] >> (9 * ct));
          // Covers none of whose versions can join B are only counted (the same work as
          // before): their versions would all fail the reach test below.
          const uint32_t joinable = B.joinable >> (9 * ct);
          each_bit(covers, [&](int ci) {
            const int rc = region_id(ct, ci);
            const int nc = links.n[d - 1][rc];
            ctx.spend(4 * static_cast<uint64_t>(nc));
            if (!((joinable >> ci) & 1)) return;
            const Cells outside = dcells - (T.region[rb] | T.region[rc]);
            for (int vc = 0; vc < nc; ++vc) {
              const Link& C = links.v[d - 1][rc][vc];
              if ((B.reach & C.reach) == 0) continue;
              for (int ob : {1, 0})
                for (int oc : {0, 1}) {
                  const End &bb = B.end[ob], &bo = B.end[1 - ob];
                  const End &cb = C.end[oc], &co = C.end[1 - oc];
                  const int share = common_region(bb, cb);
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
          });
        }
      });
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
      // joins[x][y][ex][ey]: the regions (End::in) joining end ex of link x and end ey of link
      // y; 0 when none.
      uint32_t joins[3][3][2][2];
      auto join_pair = [&](const Link* L[3], int x, int y) {
        uint32_t any = 0;
        for (int ex = 0; ex < 2; ++ex)
          for (int ey = 0; ey < 2; ++ey) {
            const uint32_t j = L[x]->end[ex].in & L[y]->end[ey].in;
            joins[x][y][ex][ey] = joins[y][x][ey][ex] = j;
            any |= j;
          }
        return any != 0;
      };
      auto evaluate = [&](const Link* L[3], bool j01, bool j02, bool j12) {
        ctx.spend(24);
        const Cells outside =
            dcells - (T.region[L[0]->region] | T.region[L[1]->region] | T.region[L[2]->region]);
        for (const auto& ord : kOrders) {
          const int a = ord[0], b = ord[1], c = ord[2];
          // Orders 012 and 102 need links 0 and 1 joined, 021 needs 0-2 and 2-1.
          if (a == 0 && b == 2 ? !(j02 && j12) : !(j01 && (c == 2 ? (b == 1 ? j12 : j02) : j12)))
            continue;
          for (int o = 0; o < 8; ++o) {
            const int oa = o >> 2, ob = (o >> 1) & 1, oc = o & 1;  // entering end of each link
            const uint32_t j1 = joins[a][b][1 - oa][ob];
            if (j1 == 0) continue;
            const uint32_t j2 = joins[b][c][1 - ob][oc];
            if (j2 == 0) continue;
            const End& start = L[a]->end[oa];
            const End& finish = L[c]->end[1 - oc];
            Cells victims = outside & start.seen & finish.seen;
            if (!victims.any()) continue;
            victims = victims - (T.region[region_of_bit(j1)] | T.region[region_of_bit(j2)]);
            if (!victims.any()) continue;
            const Link* ch[3] = {L[a], L[b], L[c]};
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
                             {start.cell[0], L[a]->end[1 - oa].cell[0], L[b]->end[ob].cell[0],
                              L[b]->end[1 - ob].cell[0], L[c]->end[oc].cell[0], finish.cell[0]}});
          }
        }
      };
      const auto& has = links.has[d - 1];
      const auto& clash = links.clash[d - 1];
      // The link regions of type t after region `from` (same type) that share no candidate
      // cell with the regions of `taken`.
      auto next_regions = [&](int t, int prev_type, int prev_index, uint32_t taken) {
        return has[t] & (t == prev_type ? ~0u << (prev_index + 1) : ~0u) & ~(taken >> (9 * t));
      };
      each_bit(has[types[0]], [&](int i1) {
        const int r1 = region_id(types[0], i1);
        for (int v1 = 0; v1 < n[r1]; ++v1)
          each_bit(next_regions(types[1], types[0], i1, clash[r1]), [&](int i2) {
            const int r2 = region_id(types[1], i2);
            for (int v2 = 0; v2 < n[r2]; ++v2) {
              const Link* L[3] = {&v[r1][v1], &v[r2][v2], nullptr};
              const bool j01 = (L[0]->reach & L[1]->reach) != 0;
              if (j01) join_pair(L, 0, 1);
              // The test below needs two of the three pairs joined: with 0-1 joined, link 2 must
              // join link 0 or 1; else both. Regions none of whose versions can do that are
              // skipped whole (Link::joinable); the others go through the same test, so
              // evaluate() sees the same triples in the same order.
              const uint32_t m0 = L[0]->joinable, m1 = L[1]->joinable;
              const uint32_t third = (j01 ? m0 | m1 : m0 & m1) >> (9 * types[2]);
              each_bit(next_regions(types[2], types[1], i2, clash[r1] | clash[r2]) & third, [&](int i3) {
                const int r3 = region_id(types[2], i3);
                for (int v3 = 0; v3 < n[r3]; ++v3) {
                  L[2] = &v[r3][v3];
                  const bool j02 = (L[0]->reach & L[2]->reach) != 0;
                  const bool j12 = (L[1]->reach & L[2]->reach) != 0;
                  // Some order needs two of the three pairs joined.
                  if (j01 + j02 + j12 < 2) continue;
                  if (j02) join_pair(L, 0, 2);
                  if (j12) join_pair(L, 1, 2);
                  evaluate(L, j01, j02, j12);
                }
              });
            }
          });
      });
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
