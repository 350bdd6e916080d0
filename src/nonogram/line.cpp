#include "nonogram/line.hpp"

#include <algorithm>
#include <bit>

namespace puzzle::nonogram {
namespace {

/// Cells reachable from the cells of x moving towards higher bits through the cells of n
/// (x's cells outside n are dropped). Within a block of n's ones, adding x's lowest bit carries
/// through to the block's top: the xor shows the cells it passed.
template <class M>
inline M smear_up(M x, const M& n) noexcept {
  x &= n;
  return (((n + x) ^ n) & n) | x;
}

/// floor(log2(len)) for a run length 1..255 (0 for 0).
inline constexpr auto kLog2 = [] {
  std::array<uint8_t, 256> t{};
  for (int i = 2; i < 256; ++i) t[i] = static_cast<uint8_t>(t[i / 2] + 1);
  return t;
}();

/// The line solver for lines of n <= 2^S cells: every doubling loop below has S (or S + 1)
/// steps, unrolled, whatever the runs' lengths, so the only branches left are the loops over
/// the runs and the contradiction exits (a loop whose trip count follows each run's length was
/// a branch mispredicted about every other run).
/// Where solve() puts each run's possible starts: nowhere (line logic), or an array.
struct NoStarts {
  template <class M>
  void put(int, const M&) const noexcept {}
};
template <class M>
struct Starts {
  M* at;
  void put(int j, const M& s) const noexcept { at[j] = s; }
};

template <int S, class M, class Out = NoStarts>
bool solve(int n, const uint8_t* runs, int k, M filled, M blank, M& can_fill, M& can_blank,
           Out starts = {}) noexcept {
  constexpr int kMaxRuns = (kSideOf<M> + 1) / 2;
  const M all = full<M>(n);
  const M may_blank = ~filled & all;
  const M may_fill = ~blank & all;
  // win[b]: starts p with cells [p, p + 2^b) all may be shaded (cells past n never may): a run
  // of len cells, 2^b <= len < 2^(b+1), fits at p when the windows at p and at p + len - 2^b
  // both hold. Shared by every run of the line.
  M win[S + 1];
  win[0] = may_fill;
  for (int b = 0; b < S; ++b) win[b + 1] = win[b] & (win[b] >> (1 << b));
  // gd[i]: cells whose 2^i cells below may all be blank; the occluded fill downwards (through
  // may_blank, within distance n - 1 <= 2^S - 1) is then S steps of x |= (x >> 2^i) & gd[i].
  M gd[S];
  gd[0] = may_blank;
  for (int i = 1; i < S; ++i) gd[i] = gd[i - 1] & (gd[i - 1] >> (1 << (i - 1)));
  auto smear_down = [&gd](M x) noexcept {
    for (int i = 0; i < S; ++i) x |= (x >> (1 << i)) & gd[i];
    return x;
  };

  // The forward pass: fs[j] = starts of run j that some placement of runs 0..j agrees with
  // (cells up to the run's end); fg[j] = cells before run j that can be blank in such a
  // placement of runs 0..j-1 (fg[k]: after the last run).
  M fs[kMaxRuns], fg[kMaxRuns + 1];
  M gap = smear_up(M{1}, may_blank);
  M first = 1;  // run 0 may start at cell 0
  M after = 0;
  for (int j = 0; j < k; ++j) {
    fg[j] = gap;
    const int len = runs[j];
    if (len > n) return false;
    const int b = kLog2[len];
    // Every run may start right after a reachable blank cell.
    const M s = ((gap << 1) | first) & win[b] & (win[b] >> (len - (1 << b)));
    if (s == 0) return false;
    fs[j] = s;
    first = 0;
    after = s << len;  // the cell after the run (bit n: the line's end)
    gap = smear_up(after, may_blank);
  }
  // The last run ends on the line's last cell, or blank cells follow it to the end.
  if (!test(after, n) && !test(gap, n - 1)) return false;
  fg[k] = gap;

  // The backward pass, the mirror image, over the forward starts: s = those starts of run j
  // that some placement of runs j..k-1 agrees with too (cells from the one before the run to
  // the end): the starts of run j in some full placement, whose cells can be shaded; gap =
  // cells before run j that can be blank in such a placement of runs j..k-1.
  const M last = bit<M>(n - 1);
  gap = smear_down(last & may_blank);
  // The gap before run j (j = k: after the last run) can be blank where it is reachable from
  // the left after runs 0..j-1 and from the right before runs j..k-1.
  M blank_ok = fg[k] & gap;
  M fill = 0;
  M end_ok = last;  // the last run may end on the line's last cell
  for (int j = k - 1; j >= 0; --j) {
    const int len = runs[j];
    // The run's last cell: a cell just before a reachable blank one (or end_ok).
    const M ends = ((gap >> 1) | end_ok) & (fs[j] << (len - 1));
    if (ends == 0) return false;
    end_ok = 0;
    const M s = ends >> (len - 1);
    starts.put(j, s);
    // The cells covered from the starts s: doubling (c[b] = s's cells up to 2^b - 1 above),
    // then the two overlapping windows, as for the starts above.
    M c[S + 1];
    c[0] = s;
    for (int i = 0; i < S; ++i) c[i + 1] = c[i] | (c[i] << (1 << i));
    const int b = kLog2[len];
    fill |= c[b] | (c[b] << (len - (1 << b)));
    gap = smear_down((s >> 1) & may_blank);  // from the cell before each start
    blank_ok |= fg[j] & gap;
  }
  // (Run 0's starts came from the forward pass, whose cells before them may all be blank:
  // nothing more to check at the line's start.)
  can_fill = fill;
  can_blank = blank_ok;
  return true;
}

/// Calls solve<S> for the smallest S with 2^S >= n (only the sizes M holds are made).
template <class M, class Out>
bool solve_sized(int n, const uint8_t* r, int k, const M& filled, const M& blank, M& cf, M& cb, Out out) noexcept {
  if (n <= 2) return solve<1>(n, r, k, filled, blank, cf, cb, out);
  if (n <= 4) return solve<2>(n, r, k, filled, blank, cf, cb, out);
  if (n <= 8) return solve<3>(n, r, k, filled, blank, cf, cb, out);
  if (n <= 16) return solve<4>(n, r, k, filled, blank, cf, cb, out);
  if (n <= 32) return solve<5>(n, r, k, filled, blank, cf, cb, out);
  if constexpr (kBitsOf<M> <= 64) {
    return solve<6>(n, r, k, filled, blank, cf, cb, out);
  } else {
    if (n <= 64) return solve<6>(n, r, k, filled, blank, cf, cb, out);
    if constexpr (kBitsOf<M> <= 128) {
      return solve<7>(n, r, k, filled, blank, cf, cb, out);
    } else {
      if (n <= 128) return solve<7>(n, r, k, filled, blank, cf, cb, out);
      return solve<8>(n, r, k, filled, blank, cf, cb, out);
    }
  }
}

}  // namespace

template <class M>
bool solve_line(int n, std::span<const uint8_t> runs, M filled, M blank, M& can_fill, M& can_blank) noexcept {
  const int k = static_cast<int>(runs.size());
  const M all = full<M>(n);
  if (filled & blank) return false;
  if (k == 0) {
    can_fill = 0, can_blank = all;
    return !filled;
  }
  const uint8_t* r = runs.data();
  if (!(filled | blank)) {
    // Nothing known (every line's first solve): the runs packed to the left and to the right
    // overlap by len - slack cells each, and those are all it forces; with no slack the line
    // is settled, otherwise every cell can be shaded.
    int slack = n + 1;
    for (int j = 0; j < k; ++j) slack -= r[j] + 1;
    if (slack < 0) return false;
    M fill = 0;
    for (int j = 0, at = 0; j < k; at += r[j] + 1, ++j)
      if (r[j] > slack) fill |= full<M>(r[j] - slack) << (at + slack);
    can_fill = slack > 0 ? all : fill;
    can_blank = ~fill & all;
    return true;
  }
  return solve_sized(n, r, k, filled, blank, can_fill, can_blank, NoStarts{});
}

template <class M>
BasicBoard<M>::BasicBoard(const Puzzle& p) noexcept : p_(&p) {
  dirty_rows_ = full<M>(p.height);
  dirty_cols_ = full<M>(p.width);
}

template <class M>
void BasicBoard<M>::set(int r, int c, bool shade) noexcept {
  if (shade) row_f_[r] |= bit<M>(c), col_f_[c] |= bit<M>(r);
  else row_b_[r] |= bit<M>(c), col_b_[c] |= bit<M>(r);
  dirty_rows_ |= bit<M>(r);
  dirty_cols_ |= bit<M>(c);
}

template <class M>
bool run_starts(int n, std::span<const uint8_t> runs, M filled, M blank, M* starts) noexcept {
  const int k = static_cast<int>(runs.size());
  if (filled & blank) return false;
  if (k == 0) return !filled;
  M cf, cb;
  return solve_sized(n, runs.data(), k, filled, blank, cf, cb, Starts<M>{starts});
}

template <class M>
bool BasicBoard<M>::propagate(uint64_t& line_solves, bool consistent) noexcept {
  const int w = p_->width, h = p_->height;
  while (dirty_rows_ | dirty_cols_) {
    while (dirty_rows_) {
      const int r = lowest(dirty_rows_);
      dirty_rows_ &= dirty_rows_ - 1;
      if (consistent && (row_f_[r] | row_b_[r]) == full<M>(w)) continue;
      M cf, cb;
      ++line_solves;
      if (!solve_line(w, p_->row(r), row_f_[r], row_b_[r], cf, cb)) return false;
      const M new_f = ~cb & full<M>(w) & ~row_f_[r];
      const M new_b = ~cf & full<M>(w) & ~row_b_[r];
      row_f_[r] |= new_f, row_b_[r] |= new_b;
      dirty_cols_ |= new_f | new_b;
      // One loop over the new cells, shaded or blank (one mispredicted loop exit, not two).
      for (M m = new_f | new_b; m; m &= m - 1) {
        const int i = lowest(m);
        col_f_[i] |= M{test(new_f, i)} << r;
        col_b_[i] |= M{test(new_b, i)} << r;
      }
    }
    while (dirty_cols_) {
      const int c = lowest(dirty_cols_);
      dirty_cols_ &= dirty_cols_ - 1;
      if (consistent && (col_f_[c] | col_b_[c]) == full<M>(h)) continue;
      M cf, cb;
      ++line_solves;
      if (!solve_line(h, p_->column(c), col_f_[c], col_b_[c], cf, cb)) return false;
      const M new_f = ~cb & full<M>(h) & ~col_f_[c];
      const M new_b = ~cf & full<M>(h) & ~col_b_[c];
      col_f_[c] |= new_f, col_b_[c] |= new_b;
      dirty_rows_ |= new_f | new_b;
      // One loop over the new cells, shaded or blank (one mispredicted loop exit, not two).
      for (M m = new_f | new_b; m; m &= m - 1) {
        const int i = lowest(m);
        row_f_[i] |= M{test(new_f, i)} << c;
        row_b_[i] |= M{test(new_b, i)} << c;
      }
    }
  }
  return true;
}

template <class M>
int BasicBoard<M>::unknown() const noexcept {
  int n = 0;
  for (int r = 0; r < p_->height; ++r) n += popcount(row_unknown(r));
  return n;
}

template <class M>
int BasicBoard<M>::tightest_row() const noexcept {
  int best = -1, best_n = kBitsOf<M>;
  for (int r = 0; r < p_->height; ++r) {
    const int n = popcount(row_unknown(r));
    if (n > 0 && n < best_n) best = r, best_n = n;
  }
  return best;
}

template <class M>
Picture BasicBoard<M>::picture() const {
  Picture pic(p_->width, p_->height);
  for (int r = 0; r < p_->height; ++r) pic.set_row(r, row_f_[r]);
  return pic;
}

template <class M>
void BasicBoard<M>::save(M* out) const noexcept {
  const int w = p_->width, h = p_->height;
  std::copy_n(row_f_.data(), h, out);
  std::copy_n(row_b_.data(), h, out + h);
  std::copy_n(col_f_.data(), w, out + 2 * h);
  std::copy_n(col_b_.data(), w, out + 2 * h + w);
}

template <class M>
void BasicBoard<M>::load(const M* in) noexcept {
  const int w = p_->width, h = p_->height;
  std::copy_n(in, h, row_f_.data());
  std::copy_n(in + h, h, row_b_.data());
  std::copy_n(in + 2 * h, w, col_f_.data());
  std::copy_n(in + 2 * h + w, w, col_b_.data());
  dirty_rows_ = dirty_cols_ = 0;
}

template <class M>
void BasicBoard<M>::add(const BasicBoard& o) noexcept {
  for (int r = 0; r < p_->height; ++r) {
    const M nf = o.row_f_[r] & ~row_f_[r], nb = o.row_b_[r] & ~row_b_[r];
    row_f_[r] |= nf, row_b_[r] |= nb;
    dirty_rows_ |= M{static_cast<bool>(nf | nb)} << r;
  }
  for (int c = 0; c < p_->width; ++c) {
    const M nf = o.col_f_[c] & ~col_f_[c], nb = o.col_b_[c] & ~col_b_[c];
    col_f_[c] |= nf, col_b_[c] |= nb;
    dirty_cols_ |= M{static_cast<bool>(nf | nb)} << c;
  }
}

bool line_solve(const Puzzle& p, Picture& out, uint64_t& line_solves, bool consistent) {
  return with_mask_for(std::max(p.width, p.height), [&](auto zero) {
    BasicBoard<decltype(zero)> b(p);
    if (!b.propagate(line_solves, consistent) || b.unknown() != 0) return false;
    out = b.picture();
    return true;
  });
}

#define PUZZLE_NONOGRAM_LINE(M)                                                                          \
  template bool solve_line(int, std::span<const uint8_t>, M, M, M&, M&) noexcept;                      \
  template bool run_starts(int, std::span<const uint8_t>, M, M, M*) noexcept;                          \
  template class BasicBoard<M>;
PUZZLE_NONOGRAM_MASKS(PUZZLE_NONOGRAM_LINE)
#undef PUZZLE_NONOGRAM_LINE

}  // namespace puzzle::nonogram
