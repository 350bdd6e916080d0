// Aligned pair and triple exclusion (docs/se_rules.md, Aligned exclusion; producers 24 and 26).
//
// Base cells: empty cells with 2+ candidates, no peer with exactly one candidate and at least one
// excluder, a peer with 2..degree candidates. Two (three) base cells are aligned when they have
// 2+ common excluders; a combination of digits for them is impossible when two cells that see
// each other get the same digit or when it covers every candidate of a common excluder. A
// candidate of a base cell that belongs to no possible combination is removed.
#include <array>
#include <bit>
#include <string>

#include "sudoku/se/state.hpp"

namespace puzzle::sudoku::se {

namespace {

// The base cells (docs/se_rules.md, Aligned exclusion; increasing index) and each one's excluders.
struct Bases {
  std::array<uint8_t, 81> list{};  ///< the base cells, increasing
  std::size_t size = 0;
  std::array<CellBits, 81> excluders{};
  std::array<uint8_t, 81> index{};  ///< cell -> its place in `list`
  CellBits is_base;

  Bases(const State& s, Ctx& ctx, int degree) {
    CellBits small, single;  // cells with 2..degree candidates; with one
    for (int c = 0; c < 81; ++c) {
      const int k = pop9(s.cand[c]);
      if (k == 1) single.insert(c);
      else if (k >= 2 && k <= degree) small.insert(c);
    }
    ctx.spend(81);
    for (int c = 0; c < 81; ++c) {
      if (pop9(s.cand[c]) < 2) continue;
      const CellBits peers = CellBits::peers(c);
      if (!(peers & single).empty()) continue;
      const CellBits ex = peers & small;
      if (ex.empty()) continue;
      excluders[c] = ex;
      index[c] = static_cast<uint8_t>(size);
      list[size++] = static_cast<uint8_t>(c);
      is_base.insert(c);
    }
  }

  /// The base cells before the base cell b (smaller index) that share 2+ excluders with it: a
  /// base cell has e among its excluders exactly when it is one of e's peers, so these are the
  /// base cells that see two or more of b's excluders. The pair scans visit only these instead
  /// of testing every earlier base cell.
  CellBits partners(int b) const { return seen_twice(excluders[b]) & is_base & CellBits::below(b); }

  /// The cells that see two or more of the cells of `set`.
  CellBits seen_twice(CellBits set) const {
    CellBits once, twice;
    while (!set.empty()) {
      const CellBits p = CellBits::peers(set.pop());
      twice = twice | (once & p);
      once = once | p;
    }
    return twice;
  }
};

void emit(const State& s, Ctx& ctx, Hints& out, bool& go_on, const int* cells, int n,
          const uint16_t* allowed) {
  Hint h;
  h.tech = n == 2 ? Tech::aligned_pair_exclusion : Tech::aligned_triplet_exclusion;
  h.rating = n == 2 ? 6.2 : 7.5;
  for (int i = 0; i < n; ++i) {
    h.cells.push_back(static_cast<uint8_t>(cells[i]));
    for (uint16_t m = static_cast<uint16_t>(s.cand[cells[i]] & ~allowed[i]); m != 0; m &= m - 1)
      h.removals.push_back(Cand{static_cast<uint8_t>(cells[i]), static_cast<uint8_t>(std::countr_zero(m) + 1)});
  }
  if (ctx.want_text) {
    h.text = n == 2 ? "Aligned Pair Exclusion: " : "Aligned Triplet Exclusion: ";
    for (int i = 0; i < n; ++i) h.text += (i ? "," : "") + cell_se(cells[i]);
  }
  go_on = out.add(std::move(h));
}

// The same three cells come again from another of their pairs; the test does not depend on
// their order, so in the rating loop (first hint only) a triple that was tested before, from an
// earlier pair of the scan, is skipped. Pairs (i, j) of base-list places come in the order
// (0,1), (0,2), (1,2), ...: with x < y < z, (x,y) comes first, then (x,z), then (y,z).
bool seen_before(const Bases& B, std::size_t i, std::size_t j, int c) {
  const std::size_t k = B.index[c];
  const int a = B.list[i], b = B.list[j];
  auto reaches = [&](int third, int u, int v) {  // third among u's or v's excluders
    return B.excluders[u].has(third) || B.excluders[v].has(third);
  };
  if (k > j) return false;                        // (i, j) is (x, y)
  if (k > i) return reaches(b, a, c);             // (i, j) is (x, z): was (x, y) = (i, k) there?
  return reaches(b, c, a) || reaches(a, c, b);    // (i, j) is (y, z): (x, y) or (x, z)
}

// Digit pairs (p, q) for two cells as an 81-bit set, CellBits reused: bit 9(p-1) + (q-1), the
// cell of row p-1, column q-1. The triple test works on these: a few masks per digit of the
// third cell instead of a loop over every (p, q).
constexpr std::array<CellBits, 9> kRowsOf = [] {  // [p-1] -> every (p, q)
  std::array<CellBits, 9> t{};
  for (int c = 0; c < 81; ++c) (c < 64 ? t[c / 9].lo : t[c / 9].hi) |= uint64_t{1} << (c & 63);
  return t;
}();

constexpr CellBits kDiagonal = [] {  // every (p, p)
  CellBits d;
  for (int p = 0; p < 9; ++p) (p * 10 < 64 ? d.lo : d.hi) |= uint64_t{1} << (p * 10 & 63);
  return d;
}();

constexpr std::array<CellBits, 81> kBoth = [] {  // [9(u-1) + v-1] -> (u, v) and (v, u)
  std::array<CellBits, 81> t{};
  for (int u = 0; u < 9; ++u)
    for (int v = 0; v < 9; ++v)
      for (int c : {u * 9 + v, v * 9 + u}) (c < 64 ? t[u * 9 + v].lo : t[u * 9 + v].hi) |= uint64_t{1} << (c & 63);
  return t;
}();

// Every (p, q) with p in m.
CellBits rows_of(uint16_t m) {
  CellBits r;
  for (; m != 0; m &= m - 1) r = r | kRowsOf[std::countr_zero(m)];
  return r;
}

// Every (p, q) with q in m: m repeated in each row of 9 bits (8 rows start in the low word).
CellBits cols_of(uint16_t m) {
  const uint64_t x = m;
  return {x * 0x8040201008040201u, x >> 1 | x << 8};
}

// The p (among `ps`) and the q that occur in the pairs.
uint16_t rows_in(CellBits u, uint16_t ps) {
  uint16_t r = 0;
  for (; ps != 0; ps &= ps - 1)
    if (!(u & kRowsOf[std::countr_zero(ps)]).empty()) r |= static_cast<uint16_t>(ps & -ps);
  return r;
}
uint16_t cols_in(CellBits u) {
  uint64_t x = u.lo | u.lo >> 9 | u.lo >> 18 | u.lo >> 27 | u.lo >> 36 | u.lo >> 45 | u.lo >> 54;
  x |= u.lo >> 63 | u.hi << 1 | u.hi >> 8;
  return static_cast<uint16_t>(x & kAllDigits);
}

}  // namespace

// 24. Base pairs (0,1), (0,2), (1,2), (0,3), ... of the base list; excluders are bivalue cells.
// Only the pairs with 2+ common excluders are visited (Bases::partners), in the same order.
void aligned_pair_exclusion(const State& s, Ctx& ctx, Hints& out) {
  const Bases B(s, ctx, 2);
  bool go_on = true;
  for (std::size_t j = 1; j < B.size && go_on; ++j) {
    const int b = B.list[j];
    ctx.spend(j);
    const CellBits b_peers = CellBits::peers(b);
    for (CellBits as = B.partners(b); !as.empty() && go_on;) {
      const int a = as.pop();
      CellBits common = B.excluders[a] & B.excluders[b];
      // The digit pairs that some common excluder forbids (its two candidates).
      uint16_t forbidden[9] = {};  // [p-1] -> q digits forbidden with p
      while (!common.empty()) {
        const uint16_t e = s.cand[common.pop()];
        const int d1 = std::countr_zero(e), d2 = 15 - std::countl_zero(e);
        forbidden[d1] |= static_cast<uint16_t>(1u << d2);
        forbidden[d2] |= static_cast<uint16_t>(1u << d1);
      }
      const bool same_ok = !b_peers.has(a);
      uint16_t allowed[2] = {0, 0};
      for (uint16_t mp = s.cand[a]; mp != 0; mp &= mp - 1) {
        const int p = std::countr_zero(mp);
        uint16_t qs = static_cast<uint16_t>(s.cand[b] & ~forbidden[p]);
        if (!same_ok) qs &= static_cast<uint16_t>(~(1u << p));
        if (qs != 0) {
          allowed[0] |= static_cast<uint16_t>(1u << p);
          allowed[1] |= qs;
        }
      }
      ctx.spend(4);
      if (allowed[0] == s.cand[a] && allowed[1] == s.cand[b]) continue;
      const int cells[2] = {a, b};
      emit(s, ctx, out, go_on, cells, 2, allowed);
    }
  }
}

// 26. For each base pair, a third base cell among the pair's excluders (the first cell's, then
// the second's); the three need 2+ common excluders (cells with 2 or 3 candidates). As in 24 only
// the pairs and the third cells with 2+ common excluders are visited; the work of the skipped
// pairs (one each) is still counted.
//
// A triple's test reads the candidates of its three cells and of their common excluders (cells
// with 2 or 3 candidates that see all three), and it is visited exactly when it has 2+ of them.
// So when the last call of the same rating found nothing on a grid that this one only took
// candidates from (the rating loop after a harder step), a triple can only give a hint now if
// one of its cells, or a cell that sees all three, lost a candidate (`changed`): the others are
// not tested again.
void aligned_triple_exclusion(const State& s, Ctx& ctx, Hints& out) {
  const Bases B(s, ctx, 3);
  const bool dedupe = !out.all();
  std::array<uint16_t, 81> gone;
  const bool again = dedupe && ctx.ws().triple_exclusion.gone_since(s, ctx, gone);
  CellBits changed;
  for (int c = 0; c < 81 && again; ++c)
    if (gone[static_cast<std::size_t>(c)] != 0) changed.insert(c);
  bool go_on = true;
  for (std::size_t j = 1; j < B.size && go_on; ++j) {
    const int b = B.list[j];
    const CellBits b_peers = CellBits::peers(b);
    std::size_t counted = 0;  // pairs (0..counted-1, j) whose work is spent
    for (CellBits as = B.partners(b); !as.empty() && go_on;) {
      const int a = as.pop();
      const std::size_t i = B.index[a];
      ctx.spend(i + 1 - counted);
      counted = i + 1;
      const CellBits a_peers = CellBits::peers(a);
      // Only thirds that changed, when nothing about the pair did (see above).
      const bool pair_same = again && !changed.has(a) && !changed.has(b) && (changed & a_peers & b_peers).empty();
      if (pair_same && (changed & B.is_base & (B.excluders[a] | B.excluders[b])).empty()) continue;
      const CellBits pair_common = B.excluders[a] & B.excluders[b];
      // Third cells in order: a's excluders, then b's that are not a's; base cells only, and
      // only those that see 2+ of the pair's common excluders (the triple's common excluders).
      CellBits near = B.seen_twice(pair_common) & B.is_base;
      near.erase(a);
      near.erase(b);
      const CellBits first = B.excluders[a] & near, second = (B.excluders[b] & near).minus(B.excluders[a]);
      // The (p, q) of a and b: not equal if a and b see each other.
      const uint16_t ca = s.cand[a], cb = s.cand[b];
      CellBits ab_pairs = rows_of(ca) & cols_of(cb);
      if (b_peers.has(a)) ab_pairs = ab_pairs.minus(kDiagonal);
      for (int round = 0; round < 2 && go_on; ++round) {
        CellBits thirds = round == 0 ? first : second;
        if (pair_same) thirds = thirds & changed;
        while (!thirds.empty() && go_on) {
          const int c = thirds.pop();
          if (dedupe && seen_before(B, i, j, c)) continue;
          if (again && !pair_same && !changed.has(a) && !changed.has(b) && !changed.has(c) &&
              (changed & a_peers & b_peers & CellBits::peers(c)).empty())
            continue;
          // The (p, q) possible whatever c holds: not the two digits of a bivalue common
          // excluder. Trivalue excluders kept for the r test.
          const uint16_t cc = s.cand[c];
          CellBits pairs = ab_pairs;
          CellBits common = pair_common & B.excluders[c];
          uint16_t pair_with[9] = {};  // [u-1] -> the v of the bivalue excluders {u, v}
          uint16_t tri[20];
          int ne = 0, nt = 0;
          while (!common.empty()) {
            const uint16_t e = s.cand[common.pop()];
            ++ne;
            if (pop9(e) == 3) {
              tri[nt++] = e;
              continue;
            }
            const int d1 = std::countr_zero(e), d2 = 15 - std::countl_zero(e);
            pair_with[d1] |= static_cast<uint16_t>(1u << d2);
            pair_with[d2] |= static_cast<uint16_t>(1u << d1);
            pairs = pairs.minus(kBoth[d1 * 9 + d2]);
          }
          ctx.spend(static_cast<uint64_t>(ne) * 4);
          // For each r of c, the (p, q) that go with it: not r in a cell that sees c; no bivalue
          // excluder {r, v} with v in a or b; no trivalue excluder {r, u, v} with u, v in a, b.
          const bool ac = a_peers.has(c), bc = b_peers.has(c);
          CellBits used;  // the (p, q) in some combination
          uint16_t ok_c = 0;
          for (uint16_t mr = cc; mr != 0; mr &= mr - 1) {
            const int rd = std::countr_zero(mr);
            const uint16_t r = static_cast<uint16_t>(1u << rd);
            CellBits with_r = pairs.minus(rows_of(static_cast<uint16_t>(pair_with[rd] | (ac ? r : 0))) |
                                          cols_of(static_cast<uint16_t>(pair_with[rd] | (bc ? r : 0))));
            for (int t = 0; t < nt; ++t) {
              if ((tri[t] & r) == 0) continue;
              const uint16_t uv = static_cast<uint16_t>(tri[t] & ~r);
              with_r = with_r.minus(kBoth[std::countr_zero(uv) * 9 + 15 - std::countl_zero(uv)]);
            }
            if (with_r.empty()) continue;
            ok_c |= r;
            used = used | with_r;
          }
          const uint16_t allowed[3] = {rows_in(used, ca), cols_in(used), ok_c};
          if (allowed[0] == ca && allowed[1] == cb && allowed[2] == cc) continue;
          const int cells[3] = {a, b, c};
          emit(s, ctx, out, go_on, cells, 3, allowed);
        }
      }
    }
    if (go_on) ctx.spend(j - counted);
  }
  ctx.ws().triple_exclusion.record(s, ctx, out.empty());
}

}  // namespace puzzle::sudoku::se
