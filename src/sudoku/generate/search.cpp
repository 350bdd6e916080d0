#include "sudoku/generate/search.hpp"

#include <algorithm>
#include <array>
#include <cstring>

namespace puzzle::sudoku {
namespace {

// A small 9x9 solver of its own: it must list every solution up to a cap (the Solver interface
// counts them and returns one) and run the T&E(1) filter on its propagation state.
struct Tables {
  uint8_t peers[81][20];
  uint8_t units[27][9];
  Tables() {
    for (int i = 0; i < 9; ++i)
      for (int j = 0; j < 9; ++j) {
        units[i][j] = uint8_t(i * 9 + j);
        units[9 + i][j] = uint8_t(j * 9 + i);
        units[18 + i][j] = uint8_t((i / 3 * 3 + j / 3) * 9 + (i % 3) * 3 + j % 3);
      }
    for (int c = 0; c < 81; ++c) {
      const int r = c / 9, k = c % 9, b = r / 3 * 3 + k / 3;
      int n = 0;
      for (int o = 0; o < 81; ++o) {
        const int r2 = o / 9, k2 = o % 9, b2 = r2 / 3 * 3 + k2 / 3;
        if (o != c && (r2 == r || k2 == k || b2 == b)) peers[c][n++] = uint8_t(o);
      }
    }
  }
};
const Tables kT;

using Cells = std::array<uint8_t, 81>;

struct State {
  uint16_t cand[81];  // bit d-1
  uint8_t val[81];    // 0: unsolved
  int unsolved;
};

bool set_value(State& s, int c, int d) {
  const uint16_t bit = uint16_t(1u << (d - 1));
  if ((s.cand[c] & bit) == 0) return false;
  s.cand[c] = bit;
  s.val[c] = uint8_t(d);
  --s.unsolved;
  for (const uint8_t p : kT.peers[c])
    if ((s.cand[p] & bit) != 0) {
      if (s.val[p] != 0) return false;
      s.cand[p] = uint16_t(s.cand[p] & ~bit);
      if (s.cand[p] == 0) return false;
    }
  return true;
}

// Naked and hidden singles to a fixed point; false on a contradiction.
bool propagate(State& s) {
  for (;;) {
    bool changed = false;
    for (int c = 0; c < 81; ++c) {
      if (s.val[c] != 0) continue;
      const uint16_t m = s.cand[c];
      if (m == 0) return false;
      if ((m & (m - 1)) == 0) {
        if (!set_value(s, c, __builtin_ctz(m) + 1)) return false;
        changed = true;
      }
    }
    for (const auto& unit : kT.units) {
      uint16_t once = 0, twice = 0, placed = 0;
      for (const uint8_t c : unit) {
        if (s.val[c] != 0) {
          placed = uint16_t(placed | s.cand[c]);
          continue;
        }
        twice = uint16_t(twice | (once & s.cand[c]));
        once = uint16_t(once | s.cand[c]);
      }
      if (uint16_t(once | placed) != 0x1ff) return false;
      uint16_t hidden = uint16_t(once & ~twice & ~placed);
      while (hidden != 0) {
        const int d = __builtin_ctz(hidden) + 1;
        hidden = uint16_t(hidden & (hidden - 1));
        for (const uint8_t c : unit)
          if (s.val[c] == 0 && (s.cand[c] >> (d - 1) & 1) != 0) {
            if (!set_value(s, c, d)) return false;
            changed = true;
            break;
          }
      }
    }
    if (!changed) return true;
  }
}

bool load(const Cells& cells, State& s) {
  for (int c = 0; c < 81; ++c) s.cand[c] = 0x1ff, s.val[c] = 0;
  s.unsolved = 81;
  for (int c = 0; c < 81; ++c)
    if (cells[c] != 0 && !set_value(s, c, cells[c])) return false;
  return true;
}

// Solutions of `s` up to `cap` (found so far: `found`), each appended to `out` when not null.
int dfs(State& s, int cap, int found, std::vector<Cells>* out) {
  if (!propagate(s)) return found;
  if (s.unsolved == 0) {
    if (out != nullptr) {
      Cells a;
      std::memcpy(a.data(), s.val, 81);
      out->push_back(a);
    }
    return found + 1;
  }
  int best = -1, fewest = 10;
  for (int c = 0; c < 81 && fewest > 2; ++c) {
    if (s.val[c] != 0) continue;
    const int n = __builtin_popcount(s.cand[c]);
    if (n < fewest) fewest = n, best = c;
  }
  uint16_t m = s.cand[best];
  while (m != 0 && found < cap) {
    const int d = __builtin_ctz(m) + 1;
    m = uint16_t(m & (m - 1));
    State t = s;
    if (set_value(t, best, d)) found = dfs(t, cap, found, out);
  }
  return found;
}

int solutions(const Cells& cells, int cap, std::vector<Cells>* out) {
  State s;
  if (!load(cells, s)) return 0;
  return dfs(s, cap, 0, out);
}

Cells cells_of(const Grid& g) {
  Cells c;
  std::memcpy(c.data(), g.data(), 81);
  return c;
}

Grid grid_of(const Cells& c) {
  Grid g(3);
  std::memcpy(g.data(), c.data(), 81);
  return g;
}

// Minimal: no given of `x` but those in `skip` (cells added by the move, necessary by
// construction) can go without a second solution.
bool minimal_except(const Cells& x, const std::array<bool, 81>& skip) {
  for (int c = 0; c < 81; ++c) {
    if (x[c] == 0 || skip[c]) continue;
    Cells y = x;
    y[c] = 0;
    if (solutions(y, 2, nullptr) < 2) return false;
  }
  return true;
}

}  // namespace

void SearchCounts::add(const SearchCounts& o) noexcept {
  removal_sets += o.removal_sets, over_cap += o.over_cap, solutions += o.solutions;
  unique += o.unique, minimal += o.minimal, filtered += o.filtered, rated += o.rated;
}

bool te1_solves(const Grid& p) {
  State s;
  if (!load(cells_of(p), s) || !propagate(s)) return false;
  for (bool changed = true; changed && s.unsolved > 0;) {
    changed = false;
    for (int c = 0; c < 81 && s.unsolved > 0; ++c) {
      if (s.val[c] != 0) continue;
      uint16_t m = s.cand[c];
      while (m != 0) {
        const int d = __builtin_ctz(m) + 1;
        m = uint16_t(m & (m - 1));
        State t = s;
        if (!set_value(t, c, d) || !propagate(t)) {
          s.cand[c] = uint16_t(s.cand[c] & ~(1u << (d - 1)));
          changed = true;
          if (!propagate(s)) return false;  // no solution
          if (s.val[c] != 0) break;
        }
      }
    }
  }
  return s.unsolved == 0;
}

bool Neighbourhood::judge(Candidate& cand, const FingerprintSet* skip, SearchCounts& counts, const Stop& stop) {
  if (skip != nullptr && skip->contains(cand.form)) return cand.judged = true;
  if (spec_.filter && te1_solves(cand.puzzle)) {
    ++counts.filtered;
    return cand.judged = true;
  }
  const se::Rating r = rater_.rate(cand.puzzle, se::kDefaultSeBudget, nullptr, stop);
  if (r.status == se::RatingStatus::budget_exceeded && stop.now()) return false;
  cand.rated = r.status == se::RatingStatus::rated || r.status == se::RatingStatus::stuck;
  cand.er = r.er, cand.ep = r.ep, cand.ed = r.ed;
  ++counts.rated;
  return cand.judged = true;
}

bool Neighbourhood::expand(const Grid& parent, const FingerprintSet* skip, std::vector<Candidate>& out,
                           SearchCounts& counts, bool judge_them, const Stop& stop) {
  out.clear();
  const Cells p = cells_of(parent);
  std::vector<int> givens;
  for (int c = 0; c < 81; ++c)
    if (p[c] != 0) givens.push_back(c);
  std::vector<std::vector<int>> sets;
  if (spec_.remove == 1)
    for (const int g : givens) sets.push_back({g});
  else
    for (std::size_t a = 0; a < givens.size(); ++a)
      for (std::size_t b = a + 1; b < givens.size(); ++b) sets.push_back({givens[a], givens[b]});
  std::vector<Cells> sols, made;
  std::vector<std::array<uint16_t, 10>> count(81);
  for (const auto& removed : sets) {
    if (stop.now()) return false;
    ++counts.removal_sets;
    Cells q = p;
    for (const int c : removed) q[c] = 0;
    sols.clear();
    if (solutions(q, spec_.cap + 1, &sols) > spec_.cap) {
      ++counts.over_cap;
      continue;
    }
    counts.solutions += sols.size();
    for (auto& row : count) row.fill(0);
    for (const Cells& s : sols)
      for (int c = 0; c < 81; ++c)
        if (q[c] == 0) ++count[c][s[c]];
    const auto keep = [&](const Cells& x) {
      if (x != p) made.push_back(x);
    };
    if (spec_.add == 1) {
      for (int c = 0; c < 81; ++c)
        if (q[c] == 0)
          for (int d = 1; d <= 9; ++d)
            if (count[c][d] == 1) {
              Cells x = q;
              x[c] = uint8_t(d);
              keep(x);
            }
    } else {  // two clues (c1, c2), c1 < c2, held together by exactly one solution, each by 2+
      for (std::size_t i = 0; i < sols.size(); ++i) {
        const Cells& s = sols[i];
        for (int c1 = 0; c1 < 81; ++c1) {
          if (q[c1] != 0 || count[c1][s[c1]] < 2) continue;
          std::array<bool, 81> shared{};
          for (std::size_t o = 0; o < sols.size(); ++o) {
            if (o == i || sols[o][c1] != s[c1]) continue;
            for (int c = 0; c < 81; ++c) shared[c] = shared[c] || sols[o][c] == s[c];
          }
          for (int c2 = c1 + 1; c2 < 81; ++c2) {
            if (q[c2] != 0 || shared[c2] || count[c2][s[c2]] < 2) continue;
            Cells x = q;
            x[c1] = s[c1], x[c2] = s[c2];
            keep(x);
          }
        }
      }
    }
  }
  // A candidate reached by two removal sets (-2+2) counts once, at its first place.
  std::vector<Cells> order = made;
  std::sort(order.begin(), order.end());
  order.erase(std::unique(order.begin(), order.end()), order.end());
  std::vector<bool> done(order.size(), false);
  for (const Cells& x : made) {
    const std::size_t at = static_cast<std::size_t>(std::lower_bound(order.begin(), order.end(), x) - order.begin());
    if (done[at]) continue;
    done[at] = true;
    ++counts.unique;
    std::array<bool, 81> added{};
    for (int c = 0; c < 81; ++c) added[c] = x[c] != 0 && p[c] == 0;
    if (!minimal_except(x, added)) continue;
    ++counts.minimal;
    Candidate cand;
    cand.puzzle = grid_of(x);
    cand.form = fingerprint(minlex(cand.puzzle));
    if (judge_them && !judge(cand, skip, counts, stop)) return false;
    out.push_back(std::move(cand));
  }
  return true;
}

}  // namespace puzzle::sudoku
