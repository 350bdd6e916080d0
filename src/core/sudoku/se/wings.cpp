// WXYZ- and VWXYZ-wings (SE_RATING.md section 5, producers 21 and 23): one routine for both
// sizes (a set of 3 or 4 mutually visible cells holding 4 or 5 digits, plus a bivalue cell).
#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <string>

#include "sudoku/se/state.hpp"

namespace sudoku::se {

namespace {

struct Found {
  Hint hint;
  int removed = 0;   // number of removed candidates
  std::string key;   // the suffix ("126"), part of the sort key
};

// One search for both sizes: n = 3 set cells (WXYZ) or 4 (VWXYZ).
class WingSearch {
 public:
  WingSearch(const State& s, Ctx& ctx, int n) : s_(s), ctx_(ctx), n_(n) {
    for (int c = 0; c < 81; ++c) {
      const int k = pop9(s.cand[c]);
      if (k >= 2 && k <= n + 1) usable_.insert(c);
      if (k == 2) bivalue_.insert(c);
      for (uint16_t m = s.cand[c]; m != 0; m &= m - 1) holders_[std::countr_zero(m)].insert(c);
    }
  }

  void run(std::vector<Found>& found) {
    found_ = &found;
    CellBits firsts = usable_;
    while (!firsts.empty()) {
      const int c = firsts.pop();
      cells_[0] = c;
      extend(1, s_.cand[c], CellBits::peers(geo(), c) & usable_ & CellBits::above(c));
    }
  }

 private:
  // cells_[0..depth) chosen, `digits` their union, `next` the cells that may follow.
  void extend(int depth, uint16_t digits, CellBits next) {
    if (depth == n_) {
      if (pop9(digits) == n_ + 1) pivot(digits);
      return;
    }
    ctx_.spend(1);
    while (!next.empty()) {
      const int c = next.pop();
      const uint16_t u = digits | s_.cand[c];
      if (pop9(u) > n_ + 1) continue;
      cells_[depth] = c;
      extend(depth + 1, u, next & CellBits::peers(geo(), c));
    }
  }

  // The set is complete: try every bivalue cell seen by some set cell.
  void pivot(uint16_t digits) {
    CellBits seen;
    for (int i = 0; i < n_; ++i) seen = seen | CellBits::peers(geo(), cells_[i]);
    seen = seen & bivalue_;
    for (int i = 0; i < n_; ++i) seen.erase(cells_[i]);
    ctx_.spend(4);
    while (!seen.empty()) {
      const int w = seen.pop();
      if ((s_.cand[w] & ~digits) != 0) continue;
      try_wing(digits, w);
    }
  }

  // Cells that see every set cell holding digit d (and `extra` when >= 0), holding d.
  CellBits victims(int d, int extra) const {
    CellBits v{~uint64_t{0}, (uint64_t{1} << 17) - 1};
    if (extra >= 0) v = v & CellBits::peers(geo(), extra);
    for (int i = 0; i < n_; ++i)
      if (s_.has(cells_[i], d)) v = v & CellBits::peers(geo(), cells_[i]);
    return v & holders_[d - 1];
  }

  // Every set cell holding d sees w. Most pivots fail this for both digits, so it is a peer
  // mask test rather than sees() (divisions).
  bool restricted(int d, const CellBits& wpeers) const {
    for (int i = 0; i < n_; ++i)
      if (s_.has(cells_[i], d) && !wpeers.has(cells_[i])) return false;
    return true;
  }

  void try_wing(uint16_t digits, int w) {
    const int x = std::countr_zero(s_.cand[w]) + 1;
    const int z = 16 - std::countl_zero(s_.cand[w]);
    const CellBits wpeers = CellBits::peers(geo(), w);
    const bool rx = restricted(x, wpeers), rz = restricted(z, wpeers);
    if (!rx && !rz) return;
    std::array<uint16_t, 81> rm{};
    bool any = false, other = false, got_x = false, got_z = false;
    auto take = [&](int d, CellBits v, bool& flag) {
      while (!v.empty()) {
        rm[v.pop()] |= digit_bit(d);
        any = flag = true;
      }
    };
    if (rx && rz) {
      for (uint16_t m = static_cast<uint16_t>(digits & ~s_.cand[w]); m != 0; m &= m - 1) {
        const int d = std::countr_zero(m) + 1;
        take(d, victims(d, -1), other);
      }
    }
    if (rz) take(x, victims(x, w), got_x);
    if (rx) take(z, victims(z, w), got_z);
    if (!any) return;
    ctx_.spend(16);

    int b = 0, total = 0;
    for (int i = 0; i < n_; ++i) {
      const int k = pop9(s_.cand[cells_[i]]);
      b = std::max(b, k);
      total += k;
    }
    const bool doubly = rx && rz && (other || (got_x && got_z));
    Found f;
    Hint& h = f.hint;
    h.tech = n_ == 3 ? Tech::wxyz_wing : Tech::vwxyz_wing;
    h.rating = n_ == 3 ? 5.5 + 0.1 * (1 - std::abs(3 - b)) : 6.2 + 0.1 * (2 - std::abs(3 - b));
    for (int c = 0; c < 81; ++c)
      for (uint16_t m = rm[c]; m != 0; m &= m - 1)
        h.removals.push_back(Cand{static_cast<uint8_t>(c), static_cast<uint8_t>(std::countr_zero(m) + 1)});
    h.digits = digits;
    for (int i = 0; i < n_; ++i) h.cells.push_back(static_cast<uint8_t>(cells_[i]));
    h.cells.push_back(static_cast<uint8_t>(w));
    f.removed = static_cast<int>(h.removals.size());
    f.key = std::string(1, doubly ? '2' : '1') + std::to_string(b) + std::to_string(total);
    if (ctx_.want_text) {
      h.text = std::string(n_ == 3 ? "WXYZ-Wing " : "VWXYZ-Wing ") + f.key + ": Cells ";
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
  const int n_;
  CellBits usable_, bivalue_;           // cells with 2..n+1 candidates; with 2
  std::array<CellBits, 9> holders_{};  // [digit-1] -> cells holding it
  std::array<int, 4> cells_{};
  std::vector<Found>* found_ = nullptr;
};

void wings(const State& s, Ctx& ctx, Hints& out, int n) {
  std::vector<Found> found;
  WingSearch(s, ctx, n).run(found);
  // Rating ascending, removals descending, then the suffix descending (as text); stable.
  std::stable_sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    if (a.hint.rating != b.hint.rating) return a.hint.rating < b.hint.rating;
    if (a.removed != b.removed) return a.removed > b.removed;
    return a.key > b.key;
  });
  for (Found& f : found)
    if (!out.add(std::move(f.hint))) return;
}

}  // namespace

void wxyz_wing(const State& s, Ctx& ctx, Hints& out) { wings(s, ctx, out, 3); }
void vwxyz_wing(const State& s, Ctx& ctx, Hints& out) { wings(s, ctx, out, 4); }

}  // namespace sudoku::se
