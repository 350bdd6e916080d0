// Chains: X-chains of one digit, then forcing chains built from singles (what a person does
// with a pencil: "if this were 5, then ... and this cell has nothing left").
//
// X-chain, for one digit: a strong link joins the only two places of the digit in a unit (one of
// them holds it), a weak link joins two places that see each other (at most one holds it). A
// chain strong-weak-strong-...-strong from s to e means "s is false => e is true", so a cell that
// sees both ends cannot hold the digit. A breadth-first walk over (cell, parity) states finds the
// shortest such chain from every start; the digit's places are indexed 0..n-1 and the links
// kept as 64-bit sets, so a walk level is a few word operations per place (a digit with more
// than 64 places, possible only on a nearly empty board, is skipped).
//
// Forcing chain (contradiction): assume a candidate, run naked and hidden singles; when a cell
// or a unit runs out, the candidate is false. The length of the chain is the number of singles
// until the contradiction, and the shortest one is taken (the one a person would find first).
//
// Cell forcing chain: every candidate of a bivalue/trivalue cell (or every place of a digit
// with two or three places in a unit), each followed by its singles, places the same digit in
// some other cell: that digit goes there. Its length is the latest of the branches' singles
// that placed it.
#include <climits>

#include "sudoku/logic/technique.hpp"

namespace puzzle::sudoku::logic {

bool find_x_chain(const Board& b, Deduction& out) {
  int best_len = INT_MAX;
  for (int d = 1; d <= 9; ++d) {
    uint8_t cell[kCells];
    int8_t index[kCells];
    int n = 0;
    for (int c = 0; c < kCells; ++c) {
      index[c] = -1;
      if (b.cand[c] & bit(d)) index[c] = static_cast<int8_t>(n), cell[n++] = static_cast<uint8_t>(c);
    }
    if (n < 4 || n > 64) continue;
    uint64_t weak[64] = {}, strong[64] = {};
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (sees(cell[i], cell[j])) weak[i] |= uint64_t{1} << j;
    for (const auto& unit : geo().cells) {
      int a = -1, bb = -1, k = 0;
      for (uint8_t c : unit)
        if (index[c] >= 0) (k++ == 0 ? a : bb) = index[c];
      if (k == 2) strong[a] |= uint64_t{1} << bb, strong[bb] |= uint64_t{1} << a;
    }
    for (int s = 0; s < n; ++s) {
      if (!strong[s]) continue;
      // parent_on[i]: the off state a strong link came from; parent_off[i]: the on state.
      int8_t parent_on[64], parent_off[64];
      uint64_t seen_on = strong[s], seen_off = uint64_t{1} << s;
      for (uint64_t m = strong[s]; m; m &= m - 1) parent_on[std::countr_zero(m)] = static_cast<int8_t>(s);
      uint64_t front_on = strong[s];
      for (int len = 1; len + 2 < best_len && front_on; len += 2) {
        uint64_t front_off = 0;
        for (uint64_t m = front_on; m; m &= m - 1) {
          const int i = std::countr_zero(m);
          uint64_t next = weak[i] & ~seen_off;
          seen_off |= next;
          front_off |= next;
          for (; next; next &= next - 1) parent_off[std::countr_zero(next)] = static_cast<int8_t>(i);
        }
        front_on = 0;
        for (uint64_t m = front_off; m; m &= m - 1) {
          const int i = std::countr_zero(m);
          uint64_t next = strong[i] & ~seen_on;
          seen_on |= next;
          front_on |= next;
          for (; next; next &= next - 1) parent_on[std::countr_zero(next)] = static_cast<int8_t>(i);
        }
        // Chains of len + 2 links end in front_on.
        for (uint64_t m = front_on; m; m &= m - 1) {
          const int e = std::countr_zero(m);
          if (e == s) continue;
          const uint64_t victims = weak[s] & weak[e] & ~((uint64_t{1} << s) | (uint64_t{1} << e));
          if (!victims) continue;
          best_len = len + 2;
          out.clear();
          out.technique = Technique::x_chain;
          out.digits = bit(d);
          out.length = best_len;
          for (uint64_t v = victims; v; v &= v - 1)
            out.eliminations.push_back({cell[std::countr_zero(v)], static_cast<uint8_t>(d)});
          // The chain, end to start: on, off, on, ..., s.
          int at = e;
          bool on = true;
          for (int k = 0; k <= best_len; ++k) {
            out.cells.push_back(cell[at]);
            if (k == best_len) break;
            at = on ? parent_on[at] : parent_off[at];
            on = !on;
          }
          break;
        }
        if (best_len == len + 2) break;
      }
    }
  }
  return best_len != INT_MAX;
}

bool find_forcing_chain(const Board& b, Deduction& out) {
  int best = INT_MAX;
  for (int c = 0; c < kCells; ++c) {
    if (b.value[c]) continue;
    for (unsigned r = b.cand[c]; r; r &= r - 1) {
      const int d = first_digit(r);
      Board t = b;
      t.place(c, d);
      int placed = 0;
      // A chain that could not beat the best is cut short.
      if (propagate_singles(t, best == INT_MAX ? INT_MAX : best - 1, placed)) continue;
      if (placed + 1 >= best) continue;
      best = placed + 1;
      out.clear();
      out.technique = Technique::forcing_chain;
      out.digits = bit(d);
      out.length = best;
      out.cells.push_back(static_cast<uint8_t>(c));
      out.eliminations.push_back({static_cast<uint8_t>(c), static_cast<uint8_t>(d)});
      if (best <= 2) return true;
    }
  }
  return best != INT_MAX;
}

namespace {

/// Runs each branch (a placement) with its singles; fills `out` when all branches agree on a
/// cell that is empty in `b`, keeping the agreement with the shortest chain below `best`.
bool branches_agree(const Board& b, const Placement* branch, int n, int& best, Deduction& out) {
  Board t[3];
  uint8_t order[3][kCells];
  for (int i = 0; i < n; ++i) {
    t[i] = b;
    t[i].place(branch[i].cell, branch[i].digit);
    int placed = 0;
    for (auto& o : order[i]) o = 255;
    order[i][branch[i].cell] = 0;
    // A branch that fails is a plain forcing chain (found before this technique): skip.
    if (!propagate_singles(t[i], INT_MAX, placed, order[i])) return false;
  }
  bool found = false;
  for (int c = 0; c < kCells; ++c) {
    if (b.value[c] || t[0].value[c] == 0) continue;
    int len = 0;
    bool same = true;
    for (int i = 0; i < n && same; ++i) {
      same = t[i].value[c] == t[0].value[c];
      len = std::max(len, order[i][c] + 1);
    }
    bool is_branch_cell = false;
    for (int i = 0; i < n; ++i) is_branch_cell |= branch[i].cell == c;
    if (!same || is_branch_cell || len >= best) continue;
    best = len;
    out.clear();
    out.placements.push_back({static_cast<uint8_t>(c), t[0].value[c]});
    out.length = len;
    found = true;
  }
  return found;
}

}  // namespace

bool find_cell_forcing_chain(const Board& b, Deduction& out) {
  const auto& G = geo();
  int best = INT_MAX;
  Deduction cand;
  bool found = false;
  Placement br[3];
  for (int c = 0; c < kCells; ++c) {
    if (b.value[c] || popcount(b.cand[c]) > 3) continue;
    int n = 0;
    for (unsigned r = b.cand[c]; r; r &= r - 1)
      br[n++] = {static_cast<uint8_t>(c), static_cast<uint8_t>(first_digit(r))};
    if (branches_agree(b, br, n, best, cand)) {
      out = cand;
      out.technique = Technique::cell_forcing_chain;
      out.cells = {static_cast<uint8_t>(c)};
      out.digits = b.cand[c];
      found = true;
    }
  }
  for (const int u : kScanRCB)
    for (int d = 1; d <= 9; ++d) {
      int n = 0;
      for (uint8_t c : G.cells[u])
        if (b.cand[c] & bit(d)) {
          if (n == 3) {
            n = 4;
            break;
          }
          br[n++] = {c, static_cast<uint8_t>(d)};
        }
      if (n < 2 || n > 3) continue;
      if (branches_agree(b, br, n, best, cand)) {
        out = cand;
        out.technique = Technique::cell_forcing_chain;
        out.unit = u;
        out.digits = bit(d);
        for (int i = 0; i < n; ++i) out.cells.push_back(br[i].cell);
        found = true;
      }
    }
  return found;
}

}  // namespace puzzle::sudoku::logic
