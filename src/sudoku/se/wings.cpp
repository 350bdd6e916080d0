// WXYZ- and VWXYZ-wings (docs/se_rules.md, WXYZ- and VWXYZ-wings; producers 21 and 23): one routine
// for both sizes (a set of 3 or 4 mutually visible cells holding 4 or 5 digits, plus a bivalue
// cell).
#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <string>

#include "sudoku/se/state.hpp"

namespace puzzle::sudoku::se {

namespace {

struct WingFound {
  Hint hint;
  int removed = 0;   // number of removed candidates
  std::string key;   // the suffix ("126"), part of the sort key
};

// One search for both sizes: N = 3 set cells (WXYZ) or 4 (VWXYZ). Nearly every call finds
// nothing, so the search is built for proving that cheaply. The set cells are chosen by nested
// loops (a template level each). For the first N-1 cells (the prefix) `sees_all_` holds per digit
// the cells that see every prefix cell holding it; a complete set adds its last cell, and the
// bivalue cells with both digits in the set (a table per digit set) that see every set cell
// holding one of their digits are the pivots with a restricted digit: the only ones that can
// make a hint. The others are never looked at.
template <int N>
class WingSearch {
 public:
  WingSearch(const State& s, Ctx& ctx) : s_(s), ctx_(ctx) {
    for (int c = 0; c < 81; ++c) {
      const int k = pop9(s.cand[c]);
      if (k >= 2 && k <= N + 1) usable_.insert(c);
      if (k == 2) bivalue_.insert(c);
    }
    for (int di = 0; di < 9; ++di) holders_[di] = cells_with(s, di + 1);
  }

  // The work counted is the reference search's: one per set being extended (a chosen first
  // cell, and for VWXYZ a chosen pair), four per complete set, 16 per hint.
  void run(std::vector<WingFound>& found) {
    found_ = &found;
    CellBits firsts = usable_;
    while (!firsts.empty()) {
      const int c = firsts.pop();
      cells_[0] = c;
      work_ = 0;
      extend<1>(s_.cand[c], peers(c) & usable_ & CellBits::above(c));
      ctx_.spend(work_);
    }
  }

 private:
  static constexpr CellBits kAll{~uint64_t{0}, (uint64_t{1} << 17) - 1};  // the 81 cells

  CellBits peers(int c) const { return CellBits::peers(c); }

  // cells_[0..D) chosen, `digits` their union, `next` the cells that may follow.
  template <int D>
  void extend(uint16_t digits, CellBits next) {
    ++work_;
    bool prefix_done = false;  // sees_all_ is for this prefix (last level)
    while (!next.empty()) {
      const int c = next.pop();
      const uint16_t u = digits | s_.cand[c];
      if constexpr (D + 1 < N) {
        if (pop9(u) > N + 1) continue;
        cells_[D] = c;
        extend<D + 1>(u, next & peers(c));
      } else {
        if (pop9(u) != N + 1) continue;
        cells_[D] = c;
        work_ += 4;
        if (!prefix_done) {
          sees_all_.fill(kAll);
          for (int i = 0; i < D; ++i) {
            const CellBits p = peers(cells_[i]);
            for (uint16_t m = s_.cand[cells_[i]]; m != 0; m &= m - 1) {
              CellBits& t = sees_all_[std::countr_zero(m)];
              t = t & p;
            }
          }
          prefix_done = true;
        }
        pivots(u);
      }
    }
  }

  // The bivalue cells whose two digits are among `digits` (memo per digit set).
  CellBits fitting(uint16_t digits) {
    uint64_t& known = fits_known_[digits >> 6];
    const uint64_t bit = uint64_t{1} << (digits & 63);
    auto& memo = fits_[digits];
    if ((known & bit) == 0) {
      CellBits f = bivalue_;
      for (uint16_t m = static_cast<uint16_t>(kAllDigits & ~digits); m != 0; m &= m - 1)
        f = f.minus(holders_[std::countr_zero(m)]);
      memo = {f.lo, f.hi};
      known |= bit;
    }
    return {memo[0], memo[1]};
  }

  // The cells seeing every set cell holding digit index di.
  CellBits sees(int di) const {
    const int last = cells_[N - 1];
    return (s_.cand[last] >> di) & 1 ? sees_all_[di] & peers(last) : sees_all_[di];
  }

  // The set is complete (its digits are `digits`). A pivot is a bivalue cell outside the set,
  // seen by some set cell, whose two digits are in the set; a digit of it is restricted when
  // every set cell holding it sees the pivot. The pivots are tried in increasing order.
  void pivots(uint16_t digits) {
    CellBits tries;
    for (uint16_t m = digits; m != 0; m &= m - 1) {
      const int di = std::countr_zero(m);
      tries = tries | (sees(di) & holders_[di]);
    }
    // Set cells are not in `tries`: one holding d does not see itself, the others lack d.
    tries = tries & fitting(digits);
    while (!tries.empty()) {
      const int w = tries.pop();
      const int xi = std::countr_zero(s_.cand[w]), zi = 15 - std::countl_zero(s_.cand[w]);
      try_wing(digits, w, sees(xi).has(w), sees(zi).has(w));
    }
  }

  // rx, rz: whether the pivot's smaller digit x, its larger z, is restricted (one at least).
  // The victims of digit d are the cells holding d that see every set cell holding it (and the
  // pivot, for x and z).
  void try_wing(uint16_t digits, int w, bool rx, bool rz) {
    const int x = std::countr_zero(s_.cand[w]) + 1;
    const int z = 16 - std::countl_zero(s_.cand[w]);
    auto victims = [&](int d) { return sees(d - 1) & holders_[d - 1]; };
    const CellBits wpeers = peers(w);
    uint16_t others = 0;  // the other set digits with victims (both restricted)
    if (rx && rz) {
      for (uint16_t m = static_cast<uint16_t>(digits & ~s_.cand[w]); m != 0; m &= m - 1)
        if (!victims(std::countr_zero(m) + 1).empty()) others |= static_cast<uint16_t>(m & -m);
    }
    const bool got_x = rz && !(victims(x) & wpeers).empty();
    const bool got_z = rx && !(victims(z) & wpeers).empty();
    if (others == 0 && !got_x && !got_z) return;
    work_ += 16;

    int b = 0, total = 0;
    for (int i = 0; i < N; ++i) {
      const int k = pop9(s_.cand[cells_[i]]);
      b = std::max(b, k);
      total += k;
    }
    const bool doubly = rx && rz && (others != 0 || (got_x && got_z));
    WingFound f;
    Hint& h = f.hint;
    h.tech = N == 3 ? Tech::wxyz_wing : Tech::vwxyz_wing;
    h.rating = N == 3 ? 5.5 + 0.1 * (1 - std::abs(3 - b)) : 6.2 + 0.1 * (2 - std::abs(3 - b));
    std::array<CellBits, 9> gone{};  // [digit-1] -> its victims
    for (uint16_t m = others; m != 0; m &= m - 1) gone[std::countr_zero(m)] = victims(std::countr_zero(m) + 1);
    if (got_x) gone[x - 1] = victims(x) & wpeers;
    if (got_z) gone[z - 1] = victims(z) & wpeers;
    CellBits all;  // removals by cell, then digit
    for (const CellBits& g : gone) all = all | g;
    while (!all.empty()) {
      const int c = all.pop();
      for (int d = 1; d <= 9; ++d)
        if (gone[d - 1].has(c)) h.removals.push_back(Cand{static_cast<uint8_t>(c), static_cast<uint8_t>(d)});
    }
    h.digits = digits;
    for (int i = 0; i < N; ++i) h.cells.push_back(static_cast<uint8_t>(cells_[i]));
    h.cells.push_back(static_cast<uint8_t>(w));
    f.removed = static_cast<int>(h.removals.size());
    f.key = std::string(1, doubly ? '2' : '1') + std::to_string(b) + std::to_string(total);
    if (ctx_.want_text) {
      h.text = std::string(N == 3 ? "WXYZ-Wing " : "VWXYZ-Wing ") + f.key + ": Cells ";
      for (std::size_t i = 0; i < h.cells.size(); ++i) h.text += (i ? "," : "") + cell_se(h.cells[i]);
      if (doubly)
        h.text += " on values " + std::to_string(x) + "," + std::to_string(z);
      else
        h.text += " on value " + std::to_string(got_z ? z : x);
    }
    found_->push_back(std::move(f));
  }

  const State& s_;
  Ctx& ctx_;
  CellBits usable_, bivalue_;           // cells with 2..N+1 candidates; with 2
  std::array<CellBits, 9> holders_{};  // [digit-1] -> cells holding it
  std::array<CellBits, 9> sees_all_;   // [digit-1] -> cells seeing every prefix cell holding it
  std::array<std::array<uint64_t, 2>, 512> fits_;  // [digits] -> fitting(digits), where known
  std::array<uint64_t, 8> fits_known_{};
  std::array<int, N> cells_{};
  uint64_t work_ = 0;  // work of the current first cell, spent when it is done
  std::vector<WingFound>* found_ = nullptr;
};

template <int N>
void wings(const State& s, Ctx& ctx, Hints& out) {
  std::vector<WingFound> found;
  WingSearch<N>(s, ctx).run(found);
  // Rating ascending, removals descending, then the suffix descending (as text); stable.
  std::stable_sort(found.begin(), found.end(), [](const WingFound& a, const WingFound& b) {
    if (a.hint.rating != b.hint.rating) return a.hint.rating < b.hint.rating;
    if (a.removed != b.removed) return a.removed > b.removed;
    return a.key > b.key;
  });
  for (WingFound& f : found)
    if (!out.add(std::move(f.hint))) return;
}

}  // namespace

void wxyz_wing(const State& s, Ctx& ctx, Hints& out) { wings<3>(s, ctx, out); }
void vwxyz_wing(const State& s, Ctx& ctx, Hints& out) { wings<4>(s, ctx, out); }

}  // namespace puzzle::sudoku::se
