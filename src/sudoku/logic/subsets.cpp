// Naked and hidden subsets (pairs, triples, quads) in a unit, and basic fish (X-Wing, Swordfish,
// Jellyfish). All three are "k things confined to k places"; they share one combination walk.
#include "sudoku/logic/technique.hpp"

namespace puzzle::sudoku::logic {
namespace {

/// Calls fn(idx) for every k-subset (indices into 0..n-1, increasing) until fn returns true.
template <class Fn>
bool combinations(int n, int k, Fn&& fn) {
  int idx[4];
  if (k > n || k > 4) return false;
  for (int i = 0; i < k; ++i) idx[i] = i;
  for (;;) {
    if (fn(static_cast<const int*>(idx))) return true;
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i) --i;
    if (i < 0) return false;
    ++idx[i];
    for (int j = i + 1; j < k; ++j) idx[j] = idx[j - 1] + 1;
  }
}

constexpr Technique naked_tech(int size) {
  return size == 2 ? Technique::naked_pair : size == 3 ? Technique::naked_triple : Technique::naked_quad;
}
constexpr Technique hidden_tech(int size) {
  return size == 2 ? Technique::hidden_pair : size == 3 ? Technique::hidden_triple : Technique::hidden_quad;
}
constexpr Technique fish_tech(int size) {
  return size == 2 ? Technique::x_wing : size == 3 ? Technique::swordfish : Technique::jellyfish;
}

}  // namespace

bool find_naked_subset(const Board& b, Deduction& out, int size) {
  const auto& G = geo();
  // Boxes first, then rows and columns: people look at boxes first.
  for (int u = 0; u < kRegions; ++u) {
    uint8_t cells[9];
    int n = 0;
    for (uint8_t c : G.cells[u])
      if (!b.value[c] && popcount(b.cand[c]) >= 2 && popcount(b.cand[c]) <= size) cells[n++] = c;
    const bool found = combinations(n, size, [&](const int* idx) {
      unsigned m = 0;
      for (int i = 0; i < size; ++i) m |= b.cand[cells[idx[i]]];
      if (popcount(m) != size) return false;
      out.clear();
      for (uint8_t c : G.cells[u]) {
        bool in = false;
        for (int i = 0; i < size; ++i) in |= cells[idx[i]] == c;
        if (in || b.value[c]) continue;
        for (unsigned r = b.cand[c] & m; r; r &= r - 1)
          out.eliminations.push_back({c, static_cast<uint8_t>(first_digit(r))});
      }
      if (out.eliminations.empty()) return false;
      out.technique = naked_tech(size);
      out.unit = u;
      out.digits = static_cast<uint16_t>(m);
      for (int i = 0; i < size; ++i) out.cells.push_back(cells[idx[i]]);
      return true;
    });
    if (found) return true;
  }
  return false;
}

bool find_hidden_subset(const Board& b, Deduction& out, int size) {
  const auto& G = geo();
  for (int u = 0; u < kRegions; ++u) {  // boxes, rows, columns
    unsigned pos[10] = {};  // pos[d]: positions (0-8 in the unit) holding candidate d
    for (int i = 0; i < 9; ++i)
      for (unsigned r = b.cand[G.cells[u][i]]; r; r &= r - 1) pos[first_digit(r)] |= 1u << i;
    int digits[9];
    int n = 0;
    for (int d = 1; d <= 9; ++d)
      if (popcount(pos[d]) >= 2 && popcount(pos[d]) <= size) digits[n++] = d;
    const bool found = combinations(n, size, [&](const int* idx) {
      unsigned where = 0, dm = 0;
      for (int i = 0; i < size; ++i) where |= pos[digits[idx[i]]], dm |= bit(digits[idx[i]]);
      if (popcount(where) != size) return false;
      out.clear();
      for (unsigned w = where; w; w &= w - 1) {
        const uint8_t c = G.cells[u][std::countr_zero(w)];
        out.cells.push_back(c);
        for (unsigned r = b.cand[c] & ~dm; r; r &= r - 1)
          out.eliminations.push_back({c, static_cast<uint8_t>(first_digit(r))});
      }
      if (out.eliminations.empty()) return false;
      out.technique = hidden_tech(size);
      out.unit = u;
      out.digits = static_cast<uint16_t>(dm);
      return true;
    });
    if (found) return true;
  }
  return false;
}

bool find_fish(const Board& b, Deduction& out, int size) {
  const auto& G = geo();
  for (int d = 1; d <= 9; ++d) {
    for (int orient = 0; orient < 2; ++orient) {  // 0: base rows, cover columns; 1: the reverse
      const int base_type = orient == 0 ? kRow : kCol, cover_type = orient == 0 ? kCol : kRow;
      unsigned cover[9];
      int lines[9];
      int n = 0;
      for (int l = 0; l < 9; ++l) {
        const int u = region_id(base_type, l);
        unsigned m = 0;
        for (int i = 0; i < 9; ++i)
          if (b.cand[G.cells[u][i]] & bit(d)) m |= 1u << i;
        if (popcount(m) >= 2 && popcount(m) <= size) cover[n] = m, lines[n++] = l;
      }
      const bool found = combinations(n, size, [&](const int* idx) {
        unsigned m = 0;
        for (int i = 0; i < size; ++i) m |= cover[idx[i]];
        if (popcount(m) != size) return false;
        out.clear();
        for (unsigned w = m; w; w &= w - 1) {
          const int cu = region_id(cover_type, std::countr_zero(w));  // a cover line
          for (int i = 0; i < 9; ++i) {
            bool base = false;
            for (int j = 0; j < size; ++j) base |= lines[idx[j]] == i;
            const uint8_t c = G.cells[cu][i];
            if (!base && (b.cand[c] & bit(d))) out.eliminations.push_back({c, static_cast<uint8_t>(d)});
          }
        }
        if (out.eliminations.empty()) return false;
        out.technique = fish_tech(size);
        out.digits = bit(d);
        for (int j = 0; j < size; ++j) {
          const int bu = region_id(base_type, lines[idx[j]]);
          out.lines.push_back(static_cast<uint8_t>(bu));
          for (uint8_t c : G.cells[bu])
            if (b.cand[c] & bit(d)) out.cells.push_back(c);
        }
        return true;
      });
      if (found) return true;
    }
  }
  return false;
}

bool find_xy_wing(const Board& b, Deduction& out) {
  const auto& G = geo();
  for (int p = 0; p < kCells; ++p) {
    const unsigned pm = b.cand[p];
    if (b.value[p] || popcount(pm) != 2) continue;
    uint8_t wings[20];
    int n = 0;
    for (uint8_t q : G.peers[p]) {
      const unsigned qm = b.cand[q];
      if (!b.value[q] && popcount(qm) == 2 && popcount(qm & pm) == 1) wings[n++] = q;
    }
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const unsigned a = b.cand[wings[i]], c = b.cand[wings[j]];
        const unsigned z = a & ~pm;
        if (z != (c & ~pm) || (a & pm) == (c & pm)) continue;
        out.clear();
        const int zd = first_digit(z);
        for (int x = 0; x < kCells; ++x)
          if ((b.cand[x] & z) && sees(x, wings[i]) && sees(x, wings[j]))
            out.eliminations.push_back({static_cast<uint8_t>(x), static_cast<uint8_t>(zd)});
        if (out.eliminations.empty()) continue;
        out.technique = Technique::xy_wing;
        out.digits = static_cast<uint16_t>(pm | z);
        out.cells = {static_cast<uint8_t>(p), wings[i], wings[j]};
        return true;
      }
  }
  return false;
}

bool find_xyz_wing(const Board& b, Deduction& out) {
  const auto& G = geo();
  for (int p = 0; p < kCells; ++p) {
    const unsigned pm = b.cand[p];
    if (b.value[p] || popcount(pm) != 3) continue;
    uint8_t wings[20];
    int n = 0;
    for (uint8_t q : G.peers[p]) {
      const unsigned qm = b.cand[q];
      if (!b.value[q] && popcount(qm) == 2 && (qm & ~pm) == 0) wings[n++] = q;
    }
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const unsigned a = b.cand[wings[i]], c = b.cand[wings[j]];
        const unsigned z = a & c;
        if (a == c || popcount(z) != 1) continue;
        out.clear();
        const int zd = first_digit(z);
        for (int x = 0; x < kCells; ++x)
          if ((b.cand[x] & z) && sees(x, p) && sees(x, wings[i]) && sees(x, wings[j]))
            out.eliminations.push_back({static_cast<uint8_t>(x), static_cast<uint8_t>(zd)});
        if (out.eliminations.empty()) continue;
        out.technique = Technique::xyz_wing;
        out.digits = static_cast<uint16_t>(pm);
        out.cells = {static_cast<uint8_t>(p), wings[i], wings[j]};
        return true;
      }
  }
  return false;
}

}  // namespace puzzle::sudoku::logic
