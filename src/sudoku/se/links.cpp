// Strong-link patterns of one digit: the Turbot family (producer 13) and three strong links
// (producer 20); docs/se_rules.md, sections Turbot family and Three strong links.
//
// Both producers look at the same objects: a link region of the digit (a region whose candidates
// form a strong link, plain or grouped) in one or more versions, each version a pair of ends (a
// cell or a group of cells). The two producers build their links differently (docs/se_rules.md,
// Three strong links, lists where): LinkTable::build() takes the family as a parameter.
//
// Layout. Cells are kept as 81-bit sets (two words, the layout of Geometry::peer_mask). The
// versions of one digit live in slots: version v (0 or 1) of region r is slot 2r + v, so one
// 64-bit word holds any set of versions in the order of the reference's loops (region, then
// version). The candidates for the next link of a pattern (a type, a later region, no candidate
// cell shared with the links taken, a reach that meets theirs) are then a few ANDs of such words,
// and the work the budget counts for them is a popcount. Each end keeps the cells a pattern that
// ends there could remove the digit from (its candidates that see every cell of the end, outside
// the link region): a pattern's victims are the AND of its two outer ends' sets, minus the
// regions it passes through.
//
// Both producers run at nearly every step where the simpler techniques fail and almost never find
// anything (on the diabolical sample, three links looks at ~175 triples of links a call and
// records a pattern every other call): the cost is the proof that there is none. So the loops
// skip early what cannot remove anything (three links: a table of the joins and the victims of
// the three orders before any orientation is tried), and count the work of the full enumeration
// in bulk (same totals, and the same work recorded when the budget runs out).
// A combination that removes something is recorded in a small POD record; the records are sorted
// (stable) and turned into hints in that order.
#include <algorithm>
#include <array>
#include <bit>
#include <string>
#include <vector>

#include "sudoku/se/state.hpp"

namespace puzzle::sudoku::se {

namespace {

/// Bits set in a 64-bit word (the portable build has no popcount instruction: see pop9).
constexpr int pop64(uint64_t x) noexcept {
  x -= (x >> 1) & 0x5555555555555555u;
  x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
  return static_cast<int>((x * 0x0101010101010101u) >> 56);
}

/// A set of cells: bit c of lo for c < 64, bit c-64 of hi.
struct Cells {
  uint64_t lo, hi;  // uninitialised by default (tables of links are not cleared); Cells{} is empty
  constexpr void set(int c) noexcept {
    if (c < 64)
      lo |= uint64_t{1} << c;
    else
      hi |= uint64_t{1} << (c - 64);
  }
  bool any() const noexcept { return (lo | hi) != 0; }
  bool meets(Cells b) const noexcept { return ((lo & b.lo) | (hi & b.hi)) != 0; }
  int count() const noexcept { return pop64(lo) + pop64(hi); }
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
};

/// The slots of the regions of a type.
constexpr uint64_t type_slots(int type) noexcept { return uint64_t{0x3FFFF} << (18 * type); }
/// The slots of the regions after region r.
constexpr uint64_t slots_after(int r) noexcept { return ~uint64_t{0} << (2 * r + 2); }

/// The geometry as these producers use it (constant; the same numbering as Geometry).
struct Tables {
  std::array<std::array<uint8_t, 9>, 27> cell;  ///< region -> its cells in region order
  std::array<Cells, 27> region;                 ///< the 9 cells of each region
  std::array<Cells, 81> peers;
  std::array<uint32_t, 81> in;     ///< cell -> its column, row and box as bits of End::in
  std::array<uint64_t, 81> slots;  ///< cell -> both slots of its box, row and column
  std::array<uint8_t, 27> region_of_bit;  ///< bit of End::in -> the region
};

constexpr Tables kT = [] {
  Tables t{};
  t.cell = kGeometry.cells;
  for (int g = 0; g < 27; ++g)
    for (int c : t.cell[g]) t.region[g].set(c);
  for (int c = 0; c < 81; ++c) {
    for (int o = 0; o < 81; ++o)
      if (o != c && (row_of(o) == row_of(c) || col_of(o) == col_of(c) || box_of(o) == box_of(c)))
        t.peers[c].set(o);
    t.in[c] = (1u << col_of(c)) | (1u << (9 + row_of(c))) | (1u << (18 + box_of(c)));
    for (int r : {region_id(kBox, box_of(c)), region_id(kRow, row_of(c)), region_id(kCol, col_of(c))})
      t.slots[c] |= uint64_t{3} << (2 * r);
  }
  for (int i = 0; i < 9; ++i) {
    t.region_of_bit[i] = static_cast<uint8_t>(region_id(kCol, i));
    t.region_of_bit[9 + i] = static_cast<uint8_t>(region_id(kRow, i));
    t.region_of_bit[18 + i] = static_cast<uint8_t>(region_id(kBox, i));
  }
  return t;
}();

/// The region of the lowest bit of a nonzero End::in set.
inline int region_of(uint32_t in) noexcept { return kT.region_of_bit[std::countr_zero(in)]; }

/// One end of a link: a cell or a group.
struct End {
  /// While the link is built, the cells that see every cell of the end; then (LinkTable::build)
  /// only the digit's candidates among them outside the link region: the cells a pattern with
  /// this outer end may remove the digit from.
  Cells hits;
  /// The regions holding every cell of the end: bit c for column c, 9 + r for row r, 18 + b
  /// for box b, so that the lowest common bit of two ends is their joining region in the
  /// reference's order (column, row, box).
  uint32_t in;
  uint8_t n;     ///< its cells
  uint8_t cell;  ///< its first cell in the reference's order (the one the text names)
  void add(int c) noexcept {
    if (n == 0) {
      hits = kT.peers[c];
      in = kT.in[c];
      cell = static_cast<uint8_t>(c);
    } else {
      hits = hits & kT.peers[c];
      in &= kT.in[c];
    }
    ++n;
  }
};

/// One version of a link region: its two ends, in order.
struct Link {
  std::array<End, 2> end;
  uint32_t reach;  ///< end[0].in | end[1].in: two links join only if their reaches meet
  uint8_t region;
  bool grouped;
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
  for (; mask != 0 && e.n < cap; mask &= mask - 1) e.add(kT.cell[region][std::countr_zero(mask)]);
}

/// The versions of `region` as a grouped link for the family (docs/se_rules.md, Turbot family
/// and Three strong links), given the digit's positions `p` there
/// (3-6 of them; LinkTable::build makes the plain links). Returns how many (0-2) were put in
/// `out`.
int grouped_versions(unsigned p, int region, Family fam, Link* out) {
  const int k = pop9(p);
  const int type = region_type(region);
  const int cap = fam == Family::three ? 2 : 3;  // three links: an end keeps at most 2 cells
  auto fresh = [&](bool grouped) -> Link& { return out[0].start(region, grouped); };
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
    const int heart = kT.cell[region][h];
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
    // heart), also when both blades are single cells: as one plain link between them (heart
    // ignored) puzzle 162 step 15, 169 step 22 and 170 step 16 of the sample would find a pattern
    // (invalid when the heart holds the digit) that the reference does not, and all 75 steps of
    // the sample match this way (docs/se_rules.md, Where the code departs from the first
    // write-up).
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

/// The candidates of each digit as cell sets.
std::array<Cells, 9> digit_cells(const State& s) {
  std::array<Cells, 9> m;
  for (int d = 1; d <= 9; ++d) {
    const CellBits c = cells_with(s, d);
    m[static_cast<std::size_t>(d - 1)] = Cells{c.lo, c.hi};
  }
  return m;
}

/// Calls f(i) for each set bit i of m, increasing.
template <class F>
inline void each_bit(uint64_t m, F&& f) {
  for (; m != 0; m &= m - 1) f(std::countr_zero(m));
}

/// The link versions of one digit for one family, by slot.
struct DigitLinks {
  uint64_t present;  ///< the slots holding a version
  /// [region]: the slots of the regions that share a candidate cell with it, itself included;
  /// set for link regions only.
  std::array<uint64_t, 27> clash;
  std::array<uint64_t, 54> meets;  ///< [slot]: the slots whose reach meets its reach (present slots)
  std::array<Link, 54> link;       ///< only the present slots are set
};

/// The link versions of the digits in `digits` (bit d-1) for one family; the others have none.
struct LinkTable {
  std::array<DigitLinks, 9> digit;
  void build(const State& s, Family fam, Ctx& ctx, uint16_t digits) {
    ctx.spend(243);
    const std::array<Cells, 9> dc = digit_cells(s);
    for (int d = 1; d <= 9; ++d) {
      DigitLinks& D = digit[d - 1];
      D.present = 0;
      if ((digits & digit_bit(d)) == 0) continue;
      std::array<uint64_t, 27> meet{};  // [bit of Link::reach] -> the slots whose reach holds it
      for (int r = 0; r < 27; ++r) {
        const unsigned p = s.positions(r, d);
        const int k = pop9(p);
        if (k < 2 || k > 6) continue;
        Link* const out = &D.link[2 * r];
        int n = 1;
        uint64_t clash = 0;
        if (k == 2) {
          // A plain link (the common case): its two cells in region order.
          const int a = std::countr_zero(p), b = 31 - std::countl_zero(p);
          // Three links skip a plain box link whose two cells share a line.
          if (fam == Family::three && r < 9 && (a / 3 == b / 3 || a % 3 == b % 3)) continue;
          const int ca = kT.cell[r][a], cb = kT.cell[r][b];
          out->start(r, false);
          out->end[0].add(ca);
          out->end[1].add(cb);
          clash = kT.slots[ca] | kT.slots[cb];
        } else {
          n = grouped_versions(p, r, fam, out);
          if (n == 0) continue;
          each_bit(p, [&](int i) { clash |= kT.slots[kT.cell[r][i]]; });
        }
        D.clash[r] = clash;
        const Cells outside = dc[d - 1] - kT.region[r];
        for (int i = 0; i < n; ++i) {
          Link& l = out[i];
          for (End& e : l.end) e.hits = e.hits & outside;
          l.reach = l.end[0].in | l.end[1].in;
          const uint64_t slot = uint64_t{1} << (2 * r + i);
          D.present |= slot;
          each_bit(l.reach, [&](int b) { meet[b] |= slot; });
        }
      }
      each_bit(D.present, [&](int slot) {
        uint64_t m = 0;
        each_bit(D.link[slot].reach, [&](int b) { m |= meet[b]; });
        D.meets[slot] = m;
      });
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

/// Counts the work of the cover regions whose versions are `covers`: 4 per version, as the
/// reference's loop adds it region by region (the same work at the throw when the budget runs
/// out).
void spend_covers(Ctx& ctx, uint64_t covers) {
  const uint64_t all = 4 * static_cast<uint64_t>(pop64(covers));
  if (ctx.budget != 0 && ctx.work + all > ctx.budget)
    for (; covers != 0;) {  // throws on the way
      const uint64_t region = uint64_t{3} << (std::countr_zero(covers) & ~1);
      ctx.spend(4 * static_cast<uint64_t>(pop64(covers & region)));
      covers &= ~region;
    }
  ctx.spend(all);
}

/// The digits to look at: after a call of the same rating that found nothing (NothingMemo),
/// only those that lost a candidate since; a pattern of one digit reads that digit's candidates
/// only.
uint16_t digits_to_search(const NothingMemo& memo, const State& s, const Ctx& ctx) {
  std::array<uint16_t, 81> gone;
  if (!memo.gone_since(s, ctx, gone)) return kAllDigits;
  uint16_t digits = 0;
  for (const uint16_t g : gone) digits |= g;
  return digits;
}

}  // namespace

void turbot(const State& s, Ctx& ctx, Hints& out) {
  static constexpr int kPairs[5][2] = {
      {kRow, kRow}, {kCol, kCol}, {kCol, kRow}, {kRow, kBox}, {kCol, kBox}};
  LinkTable links;
  links.build(s, Family::turbot, ctx, out.all() ? kAllDigits : digits_to_search(ctx.ws().turbot, s, ctx));
  std::vector<TurbotFound> found;
  for (const auto& pair : kPairs) {
    const int bt = pair[0], ct = pair[1];
    for (int d = 1; d <= 9; ++d) {
      const DigitLinks& D = links.digit[d - 1];
      each_bit(D.present & type_slots(bt), [&](int sb) {
        const int rb = sb / 2;
        const Link& B = D.link[sb];
        // Cover versions: regions that share no candidate cell with the base region (after it
        // when both have the same type). All are counted; only those whose reach meets B's can
        // join it.
        const uint64_t covers = D.present & type_slots(ct) & (bt == ct ? slots_after(rb) : ~uint64_t{0}) &
                                ~D.clash[rb];
        spend_covers(ctx, covers);
        each_bit(covers & D.meets[sb], [&](int sc) {
          const int rc = sc / 2;
          const Link& C = D.link[sc];
          for (int ob : {1, 0})
            for (int oc : {0, 1}) {
              const End &bb = B.end[ob], &bo = B.end[1 - ob];
              const End &cb = C.end[oc], &co = C.end[1 - oc];
              const uint32_t share = bb.in & cb.in;
              if (share == 0) continue;
              const Cells victims = bo.hits & co.hits;
              if (!victims.any() || region_of(share) == rb || region_of(share) == rc) continue;
              const int grouped = B.grouped + C.grouped;
              double rating = 4.3;
              if (grouped == 0) rating = ct == kBox ? 4.2 : bt == ct ? 4.0 : 4.1;
              found.push_back({rating, victims.count(), grouped, d, victims,
                               {bo.cell, bb.cell, cb.cell, co.cell},
                               static_cast<uint8_t>(bt), static_cast<uint8_t>(ct)});
            }
        });
      });
    }
  }
  ctx.ws().turbot.record(s, ctx, found.empty());
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
  int types;                   ///< the index of the link types in the reference's loop (kTypes)
  int d;
  Cells victims;
  std::array<uint8_t, 6> text_cells;  ///< each link of the chain: entering, leaving end
};

/// The suffix (docs/se_rules.md, Three strong links): number of grouped links, then the link types
/// along the chain, normalised.
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

/// The record of a chain of links ch (in chain order) on digit d.
ThreeFound three_found(const std::array<const Link*, 3>& ch, int pattern_types, int d, Cells victims,
                       const std::array<uint8_t, 6>& text_cells) {
  int grouped = 0, types[3];
  bool box = false, row = false, col = false;
  for (int k = 0; k < 3; ++k) {
    grouped += ch[k]->grouped;
    types[k] = region_type(ch[k]->region);
    box |= types[k] == kBox;
    row |= types[k] == kRow;
    col |= types[k] == kCol;
  }
  double rating = 5.4;
  if (grouped > 0)
    rating = 5.7;
  else if (box)
    rating += 0.1;
  else if (row && col)
    rating += 0.2;
  return {rating, victims.count(), three_suffix(grouped, types), pattern_types, d, victims, text_cells};
}

/// A 2x2 matrix over the ends of two links x and y: bit 2e + f for end e of x and end f of y.
template <class F>
unsigned end_matrix(const Link& x, const Link& y, F&& f) {
  return static_cast<unsigned>(f(x.end[0], y.end[0])) | static_cast<unsigned>(f(x.end[0], y.end[1])) << 1 |
         static_cast<unsigned>(f(x.end[1], y.end[0])) << 2 | static_cast<unsigned>(f(x.end[1], y.end[1])) << 3;
}
/// The same matrix for y and x.
constexpr unsigned transpose(unsigned m) noexcept { return (m & 9) | (m & 2) << 1 | (m & 4) >> 1; }

/// Bit P | Q << 4 | R << 8: a chain A-M-C has an orientation (entering ends oa, ob, oc) whose
/// joins hold, A's leaving end with M's entering end (P = the join matrix of A and M) and M's
/// leaving end with C's entering end (Q, of M and C), and whose outer ends, A's entering end and
/// C's leaving end, have victims in common (R, of A and C). Without it the chain removes nothing.
constexpr std::array<uint64_t, 64> kChains = [] {
  std::array<uint64_t, 64> t{};
  for (unsigned i = 0; i < 4096; ++i) {
    const unsigned P = i & 15, Q = (i >> 4) & 15, R = i >> 8;
    for (unsigned o = 0; o < 8; ++o) {
      const unsigned oa = o >> 2, ob = (o >> 1) & 1, oc = o & 1;
      if ((P >> (2 * (1 - oa) + ob) & 1) && (Q >> (2 * (1 - ob) + oc) & 1) && (R >> (2 * oa + 1 - oc) & 1))
        t[i >> 6] |= uint64_t{1} << (i & 63);
    }
  }
  return t;
}();

}  // namespace

void three_strong_links(const State& s, Ctx& ctx, Hints& out) {
  // The reference loops over the link types (kTypes, in this order), then the digit, then the
  // regions in type order: every three link regions in increasing order, grouped by their types.
  // Here the loops go over the digit, then the regions in increasing order (the same work, each
  // pair of regions once instead of once per third type); the records keep the index of their
  // types, a sort key before the discovery order.
  static constexpr int kTypes[3][3][3] = {
      {{0, 1, 2}, {-1, 3, 4}, {-1, -1, 5}}, {{-1, -1, -1}, {-1, 6, 7}, {-1, -1, 8}}, {{-1, -1, -1}, {-1, -1, -1}, {-1, -1, 9}}};
  static constexpr int kOrders[3][3] = {{0, 1, 2}, {1, 0, 2}, {0, 2, 1}};
  LinkTable links;
  links.build(s, Family::three, ctx, out.all() ? kAllDigits : digits_to_search(ctx.ws().three_links, s, ctx));
  std::vector<ThreeFound> found;

  auto joins = [](const End& a, const End& b) { return (a.in & b.in) != 0; };
  auto hit = [](const End& a, const End& b) { return a.hits.meets(b.hits); };
  for (int d = 1; d <= 9; ++d) {
    const DigitLinks& D = links.digit[d - 1];
    // Three link regions in increasing order, sharing no candidate cell; the third only among the
    // versions whose reach meets both others, or one of them when those two meet (some order
    // needs two of the three pairs joined): the triples the reference counts.
    for (uint64_t f0 = D.present; f0 != 0; f0 &= f0 - 1) {
      const int s0 = std::countr_zero(f0), r0 = s0 / 2;
      const Link& L0 = D.link[s0];
      for (uint64_t f1 = D.present & slots_after(r0) & ~D.clash[r0]; f1 != 0; f1 &= f1 - 1) {
        const int s1 = std::countr_zero(f1), r1 = s1 / 2;
        const Link& L1 = D.link[s1];
        const uint64_t m0 = D.meets[s0], m1 = D.meets[s1];
        const bool j01 = (m0 >> s1) & 1;
        const uint64_t thirds =
            D.present & slots_after(r1) & ~(D.clash[r0] | D.clash[r1]) & (j01 ? m0 | m1 : m0 & m1);
        if (thirds == 0) continue;
        ctx.spend_each(static_cast<uint64_t>(pop64(thirds)), 24);
        const unsigned join01 = j01 ? end_matrix(L0, L1, joins) : 0;
        unsigned hit01 = 16;  // not yet known
        for (uint64_t f2 = thirds; f2 != 0; f2 &= f2 - 1) {
          const int s2 = std::countr_zero(f2);
          const Link& L2 = D.link[s2];
          const unsigned join02 = (m0 >> s2) & 1 ? end_matrix(L0, L2, joins) : 0;
          const unsigned join12 = (m1 >> s2) & 1 ? end_matrix(L1, L2, joins) : 0;
          // The orders 012, 102, 021 as chains A-M-C, with the join matrices of A-M and M-C.
          const Link* L[3] = {&L0, &L1, &L2};
          const unsigned P[3] = {join01, transpose(join01), join02};
          const unsigned Q[3] = {join12, join02, transpose(join12)};
          for (int k = 0; k < 3; ++k) {
            if (P[k] == 0 || Q[k] == 0) continue;
            const Link &A = *L[kOrders[k][0]], &M = *L[kOrders[k][1]], &C = *L[kOrders[k][2]];
            // Some orientation whose joins hold and whose outer ends have victims in common? The
            // victims are rare: most triples stop here.
            unsigned R;
            if (k < 2) {
              R = end_matrix(A, C, hit);
            } else {
              if (hit01 == 16) hit01 = end_matrix(L0, L1, hit);
              R = hit01;
            }
            const unsigned i = P[k] | Q[k] << 4 | R << 8;
            if (!((kChains[i >> 6] >> (i & 63)) & 1)) continue;
            // Entering ends oa, ob, oc in the order of the reference's 3-bit counter (C least
            // significant).
            for (int o = 0; o < 8; ++o) {
              const int oa = o >> 2, ob = (o >> 1) & 1, oc = o & 1;
              const uint32_t j1 = A.end[1 - oa].in & M.end[ob].in;
              const uint32_t j2 = M.end[1 - ob].in & C.end[oc].in;
              if (j1 == 0 || j2 == 0) continue;
              const End &start = A.end[oa], &finish = C.end[1 - oc];
              const Cells victims = (start.hits & finish.hits) -
                                    (kT.region[M.region] | kT.region[region_of(j1)] | kT.region[region_of(j2)]);
              if (!victims.any()) continue;
              const int types = kTypes[region_type(r0)][region_type(r1)][region_type(s2 / 2)];
              found.push_back(three_found({&A, &M, &C}, types, d, victims,
                                          {start.cell, A.end[1 - oa].cell, M.end[ob].cell, M.end[1 - ob].cell,
                                           C.end[oc].cell, finish.cell}));
            }
          }
        }
      }
    }
  }
  ctx.ws().three_links.record(s, ctx, found.empty());
  std::stable_sort(found.begin(), found.end(), [](const ThreeFound& a, const ThreeFound& b) {
    if (a.rating != b.rating) return a.rating < b.rating;
    if (a.removed != b.removed) return a.removed > b.removed;
    if (a.suffix != b.suffix) return a.suffix < b.suffix;
    return a.types < b.types;
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

}  // namespace puzzle::sudoku::se
