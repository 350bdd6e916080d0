// The minlex canonical form (canon.hpp). Search: row by row. Row 0 of the form has at most one
// given per digit, so with first-appearance labels it is fixed by its pattern of givens alone.
// Each candidate (orientation, the source rows placed so far, a partial column order, the labels
// so far) is extended by every source row it may take next (another row of its current band, or
// at a band start any row of an unused band); only the extensions whose relabelled row is the
// smallest seen for that row are kept: a candidate whose prefix is not minimal cannot give the
// minimal string.
//
// Columns that are empty in every row placed so far are interchangeable (any order of them gives
// the same prefix), and so are stacks all of whose columns are such: they stay unordered sets
// until a row tells them apart. Because the form's rows put empties first, the free positions of
// a stack are always a prefix of it (0..fp-1) and the free stacks always the first slots
// (0..nfs-1). A row refines the order greedily (empties first, then digits already labelled by
// label, then new digits); only orders of new digits, and of stacks whose profiles tie, branch.
// In a puzzle's row the digits are distinct, so two non-empty columns never tie on content: the
// sets are exact. A full grid's row 0 is 123456789 whatever the order, so its rows 0 and 1 are
// searched together over (orientation, row 0, row 1, the 1,296 column orders) first.
#include "sudoku/generate/canon.hpp"

#include <cstring>
#include <vector>

namespace puzzle::sudoku {
namespace {

struct Cand {
  uint8_t t;           // 0: as given, 1: transposed
  uint8_t band;        // the source band of the current target band
  uint8_t bands_used;  // bit b: source band b placed
  uint8_t rows_used;   // bit k: row k of the current band placed
  uint8_t next;        // next label
  uint8_t nfs;         // slots 0..nfs-1 are free (hold the free stacks in some order)
  uint8_t fs;          // mask of free stacks (popcount nfs)
  uint8_t ss[3];       // stack at slot k >= nfs
  uint8_t fp[3];       // per source stack: positions 0..fp-1 free
  uint8_t fc[3];       // per source stack: mask of its free local columns (popcount fp)
  uint8_t pc[3][3];    // per source stack: local column at position x >= fp
  uint8_t lab[10];     // label of each source digit; 0 unseen
};

constexpr uint8_t kPerm3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
constexpr uint8_t kNew = 15;  // sorts above every label

struct Scratch {
  std::vector<Cand> a, b;
  uint8_t g[2][9][9];
};

// The 1296 column orders that keep stacks (order[j] = source column at target j) and inverses.
struct Orders {
  uint8_t col[1296][9];
  uint8_t inv[1296][9];
  Orders() {
    int n = 0;
    for (int sp = 0; sp < 6; ++sp)
      for (int p0 = 0; p0 < 6; ++p0)
        for (int p1 = 0; p1 < 6; ++p1)
          for (int p2 = 0; p2 < 6; ++p2, ++n) {
            const int p[3] = {p0, p1, p2};
            for (int k = 0; k < 3; ++k)
              for (int x = 0; x < 3; ++x) {
                const int j = 3 * k + x;
                const int c = 3 * kPerm3[sp][k] + kPerm3[p[k]][x];
                col[n][j] = uint8_t(c);
                inv[n][c] = uint8_t(j);
              }
          }
  }
};
const Orders kOrders;
thread_local Scratch tls;  // no allocation once grown

inline int popc(unsigned m) { return __builtin_popcount(m); }

// What a set of free columns of stack s (mask m) shows in row R: e empties (mask em), the labelled
// ones sorted by label (cols lc, labels lv, n nl), the new ones (mask wm, n nw).
struct Group {
  uint8_t em = 0, wm = 0, e = 0, nl = 0, nw = 0;
  uint8_t lc[3], lv[3];
};
inline Group group(const uint8_t* R, int s, unsigned m, const uint8_t* lab) {
  Group g;
  for (int x = 0; x < 3; ++x) {
    if (!(m >> x & 1)) continue;
    const uint8_t d = R[3 * s + x];
    if (!d) {
      g.em |= uint8_t(1u << x), ++g.e;
    } else if (lab[d]) {
      // insertion sort by label
      int k = g.nl++;
      while (k > 0 && g.lv[k - 1] > lab[d]) g.lv[k] = g.lv[k - 1], g.lc[k] = g.lc[k - 1], --k;
      g.lv[k] = lab[d], g.lc[k] = uint8_t(x);
    } else {
      g.wm |= uint8_t(1u << x), ++g.nw;
    }
  }
  return g;
}
// The 3 values a whole free stack shows, new digits as kNew: its profile for ordering stacks.
inline uint32_t profile(const Group& g) {
  uint8_t v[3];
  int k = 0;
  for (int i = 0; i < g.e; ++i) v[k++] = 0;
  for (int i = 0; i < g.nl; ++i) v[k++] = g.lv[i];
  for (int i = 0; i < g.nw; ++i) v[k++] = kNew;
  return uint32_t(v[0]) << 16 | uint32_t(v[1]) << 8 | v[2];
}

// Row evaluation for candidate c on source row R: fills buf (the relabelled row under the best
// refinement) and the per-stack groups; the N stacks (free, non-empty in R) sorted by profile.
struct Eval {
  Group gs[3];      // per source stack: the group of its free columns
  uint8_t E = 0;    // free stacks empty in R
  uint8_t n_n = 0;  // free stacks non-empty in R, sorted by profile
  uint8_t nst[3];
  uint32_t prof[3];
};

inline void evaluate(const Cand& c, const uint8_t* R, uint8_t* buf, Eval& ev) {
  int j = 0;
  uint8_t next = c.next;
  ev.E = 0, ev.n_n = 0;
  for (int s = 0; s < 3; ++s) ev.gs[s] = group(R, s, c.fc[s], c.lab);
  // free slots: empty stacks first (stay free), then the others by profile
  for (int s = 0; s < 3; ++s) {
    if (!(c.fs >> s & 1)) continue;
    if (ev.gs[s].e == 3) {
      ev.E |= uint8_t(1u << s);
    } else {
      const uint32_t p = profile(ev.gs[s]);
      int k = ev.n_n++;
      while (k > 0 && ev.prof[k - 1] > p) ev.prof[k] = ev.prof[k - 1], ev.nst[k] = ev.nst[k - 1], --k;
      ev.prof[k] = p, ev.nst[k] = uint8_t(s);
    }
  }
  for (int i = 0; i < popc(ev.E) * 3; ++i) buf[j++] = 0;
  auto emit_group = [&](const Group& g) {
    // (j < 9 always holds: a stack has 3 columns; said so for the compiler's warning)
    for (int i = 0; i < g.e && j < 9; ++i) buf[j++] = 0;
    for (int i = 0; i < g.nl && j < 9; ++i) buf[j++] = g.lv[i];
    for (int i = 0; i < g.nw && j < 9; ++i) buf[j++] = next++;
  };
  for (int i = 0; i < ev.n_n; ++i) emit_group(ev.gs[ev.nst[i]]);
  for (int k = c.nfs; k < 3; ++k) {
    const int s = c.ss[k];
    emit_group(ev.gs[s]);
    for (int x = c.fp[s]; x < 3; ++x) {
      const uint8_t d = R[3 * s + c.pc[s][x]];
      buf[j++] = d ? (c.lab[d] ? c.lab[d] : next++) : 0;
    }
  }
}

// Refines stack s's free part: empties stay free, then labelled by label, then new columns in
// the order `w` (local columns). Positions g.e..fp-1 get them.
inline void refine(Cand& e, int s, const Group& g, const uint8_t* w) {
  int x = g.e;
  for (int i = 0; i < g.nl; ++i) e.pc[s][x++] = g.lc[i];
  for (int i = 0; i < g.nw; ++i) e.pc[s][x++] = w[i];
  e.fp[s] = g.e;
  e.fc[s] = g.em;
}

// The orders of a group's new columns (mask wm): n! lists.
inline int new_orders(uint8_t wm, uint8_t out[6][3]) {
  uint8_t cols[3];
  int n = 0;
  for (int x = 0; x < 3; ++x)
    if (wm >> x & 1) cols[n++] = uint8_t(x);
  if (n <= 1) {
    out[0][0] = cols[0];
    return 1;
  }
  if (n == 2) {
    out[0][0] = cols[0], out[0][1] = cols[1];
    out[1][0] = cols[1], out[1][1] = cols[0];
    return 2;
  }
  for (int p = 0; p < 6; ++p)
    for (int i = 0; i < 3; ++i) out[p][i] = cols[kPerm3[p][i]];
  return 6;
}

// Every refinement of c by R that shows the evaluated row: pushed to out.
void expand(const Cand& c, const uint8_t* R, const Eval& ev, int r, bool band_start,
            std::vector<Cand>& out) {
  Cand base = c;
  if (band_start) {
    base.band = uint8_t(r / 3);
    base.bands_used = uint8_t(c.bands_used | 1u << (r / 3));
    base.rows_used = uint8_t(1u << (r % 3));
  } else {
    base.rows_used = uint8_t(c.rows_used | 1u << (r % 3));
  }
  const int nE = popc(ev.E);
  base.fs = ev.E;
  base.nfs = uint8_t(nE);
  // Orders of the N stacks: permutations within runs of equal profile.
  uint8_t sorders[6][3];
  int n_sorders = 0;
  {
    const int n = ev.n_n;
    if (n == 0) {
      n_sorders = 1;
    } else {
      for (int p = 0; p < 6; ++p) {
        // permutations of n elements: use kPerm3 restricted (n<=3); skip duplicates for n<3
        bool ok = true;
        uint8_t idx[3];
        int m = 0;
        for (int i = 0; i < 3; ++i)
          if (kPerm3[p][i] < n) idx[m++] = kPerm3[p][i];
        // unique perms of n elements: for n=1 only p=0, n=2 only p in {0,2}? filter by canonical
        if (n == 1 && p != 0) continue;
        if (n == 2 && !(p == 0 || p == 2)) continue;  // {0,1,2}->(0,1), {1,0,2}->(1,0)
        for (int i = 0; i < n; ++i)
          if (ev.prof[idx[i]] != ev.prof[i]) ok = false;  // keeps profiles sorted
        if (!ok) continue;
        for (int i = 0; i < n; ++i) sorders[n_sorders][i] = ev.nst[idx[i]];
        ++n_sorders;
      }
    }
  }
  // Per source stack, the orders of its new columns.
  uint8_t worders[3][6][3];
  int n_w[3];
  for (int s = 0; s < 3; ++s) n_w[s] = ev.gs[s].nw ? new_orders(ev.gs[s].wm, worders[s]) : 1;
  // stacks whose free part changes: N stacks and assigned ones
  for (int so = 0; so < n_sorders; ++so) {
    Cand e0 = base;
    for (int i = 0; i < ev.n_n; ++i) e0.ss[nE + i] = sorders[so][i];
    for (int w0 = 0; w0 < n_w[0]; ++w0)
      for (int w1 = 0; w1 < n_w[1]; ++w1)
        for (int w2 = 0; w2 < n_w[2]; ++w2) {
          Cand e = e0;
          const int wi[3] = {w0, w1, w2};
          for (int s = 0; s < 3; ++s) {
            if (ev.E >> s & 1) continue;  // still a free stack
            refine(e, s, ev.gs[s], worders[s][wi[s]]);
          }
          // labels in position order
          for (int k = e.nfs; k < 3; ++k) {
            const int s = e.ss[k];
            for (int x = e.fp[s]; x < 3; ++x) {
              const uint8_t d = R[3 * s + e.pc[s][x]];
              if (d && !e.lab[d]) e.lab[d] = e.next++;
            }
          }
          out.push_back(e);
        }
  }
}

}  // namespace

Grid minlex(const Grid& g) {
  const uint8_t* in = g.data();
  Scratch& S = tls;
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      S.g[0][r][c] = in[r * 9 + c];
      S.g[1][c][r] = in[r * 9 + c];
    }
  Grid out(3);
  uint8_t* ov = out.data();
  std::vector<Cand>& cur = S.a;
  std::vector<Cand>& nxt = S.b;
  cur.clear();
  for (int t = 0; t < 2; ++t) {
    Cand c{};
    c.t = uint8_t(t);
    c.next = 1;
    c.nfs = 3;
    c.fs = 7;
    for (int s = 0; s < 3; ++s) c.fp[s] = 3, c.fc[s] = 7;
    cur.push_back(c);
  }
  int first_row = 0;
  // A full grid (every row holds each digit once: the shortcut below relies on it).
  bool full = true;
  for (int r = 0; r < 9 && full; ++r) {
    unsigned seen = 0;
    for (int c = 0; c < 9; ++c) seen |= 1u << in[r * 9 + c];
    full = seen == 0x3feu;
  }
  if (full) {
    // A full grid: row 0 is 123456789 whatever the order, so rows 0 and 1 are searched together
    // over (orientation, row 0, row 1 of its band, column order) without building candidates.
    cur.clear();
    uint8_t best[9];
    std::memset(best, 0xff, sizeof best);
    for (int t = 0; t < 2; ++t)
      for (int r0 = 0; r0 < 9; ++r0) {
        uint8_t p0[10];  // source column of digit d in row r0
        for (int c = 0; c < 9; ++c) p0[S.g[t][r0][c]] = uint8_t(c);
        for (int r1 = 3 * (r0 / 3); r1 < 3 * (r0 / 3) + 3; ++r1) {
          if (r1 == r0) continue;
          const uint8_t* R1 = S.g[t][r1];
          uint8_t f[9];  // row 1's source column c holds the digit of row 0's source column f[c]
          for (int c = 0; c < 9; ++c) f[c] = p0[R1[c]];
          for (int o = 0; o < 1296; ++o) {
            const uint8_t* col = kOrders.col[o];
            const uint8_t* inv = kOrders.inv[o];
            uint8_t buf[9];
            int j = 0, cmp = 0;
            for (; j < 9; ++j) {
              const uint8_t v = uint8_t(inv[f[col[j]]] + 1);
              buf[j] = v;
              if (cmp == 0) {
                if (v > best[j]) break;
                if (v < best[j]) cmp = -1;
              }
            }
            if (j < 9) continue;
            if (cmp < 0) {
              std::memcpy(best, buf, 9);
              cur.clear();
            }
            Cand c{};
            c.t = uint8_t(t);
            c.band = uint8_t(r0 / 3);
            c.bands_used = uint8_t(1u << (r0 / 3));
            c.rows_used = uint8_t(1u << (r0 % 3) | 1u << (r1 % 3));
            c.next = 10;
            c.nfs = 0;
            c.fs = 0;
            for (int k = 0; k < 3; ++k) {
              const int s = col[3 * k] / 3;
              c.ss[k] = uint8_t(s);
              c.fp[s] = 0;
              c.fc[s] = 0;
              for (int x = 0; x < 3; ++x) c.pc[s][x] = uint8_t(col[3 * k + x] % 3);
            }
            for (int jj = 0; jj < 9; ++jj) c.lab[S.g[t][r0][col[jj]]] = uint8_t(jj + 1);
            cur.push_back(c);
          }
        }
      }
    for (int j = 0; j < 9; ++j) ov[j] = uint8_t(j + 1);
    std::memcpy(ov + 9, best, 9);
    first_row = 2;
  }
  for (int i = first_row; i < 9; ++i) {
    uint8_t best[9];
    std::memset(best, 0xff, sizeof best);
    nxt.clear();
    const bool band_start = i % 3 == 0;
    uint8_t buf[9];
    Eval ev;
    for (const Cand& c : cur) {
      for (int r = 0; r < 9; ++r) {
        if (band_start) {
          if (c.bands_used >> (r / 3) & 1) continue;
        } else {
          if (r / 3 != c.band || (c.rows_used >> (r % 3) & 1)) continue;
        }
        const uint8_t* R = S.g[c.t][r];
        evaluate(c, R, buf, ev);
        const int cmp = std::memcmp(buf, best, 9);
        if (cmp > 0) continue;
        if (cmp < 0) {
          std::memcpy(best, buf, 9);
          nxt.clear();
        }
        expand(c, R, ev, r, band_start, nxt);
      }
    }
    std::memcpy(ov + 9 * i, best, 9);
    std::swap(cur, nxt);
  }
  return out;
}

namespace {
uint64_t mix(uint64_t x) noexcept {  // splitmix64's finaliser
  x ^= x >> 30, x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27, x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
}  // namespace

Fingerprint fingerprint(const Grid& g) noexcept {
  uint64_t w[6] = {0, 0, 0, 0, 0, 0};
  const uint8_t* v = g.data();
  for (int i = 0; i < 81; ++i) w[i / 16] |= uint64_t(v[i]) << (4 * (i % 16));
  uint64_t a = 0x243f6a8885a308d3ull, b = 0x13198a2e03707344ull;
  for (const uint64_t x : w) a = mix(a ^ x) + 0x9e3779b97f4a7c15ull, b = mix(b + x * 0xff51afd7ed558ccdull);
  return {a | 1, b};  // a != 0 marks a used slot
}

bool FingerprintSet::insert(Fingerprint f) {
  if (2 * (n_ + 1) > t_.size()) grow();
  const std::size_t m = t_.size() - 1;
  std::size_t i = f.b & m;
  while (t_[i].a != 0) {
    if (t_[i] == f) return false;
    i = (i + 1) & m;
  }
  t_[i] = f, ++n_;
  return true;
}

bool FingerprintSet::contains(Fingerprint f) const noexcept {
  const std::size_t m = t_.size() - 1;
  for (std::size_t i = f.b & m; t_[i].a != 0; i = (i + 1) & m)
    if (t_[i] == f) return true;
  return false;
}

void FingerprintSet::grow() {
  std::vector<Fingerprint> old = std::move(t_);
  t_.assign(old.size() * 2, Fingerprint{});
  n_ = 0;
  for (const Fingerprint& f : old)
    if (f.a != 0) insert(f);
}

}  // namespace puzzle::sudoku
