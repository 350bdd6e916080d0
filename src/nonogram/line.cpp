#include "nonogram/line.hpp"

#include <algorithm>
#include <bit>

namespace puzzle::nonogram {
namespace {

/// Cells reachable from the cells of x moving towards higher bits through the cells of n
/// (x's cells outside n are dropped). Within a block of n's ones, adding x's lowest bit carries
/// through to the block's top: the xor shows the cells it passed.
inline Mask smear_up(Mask x, Mask n) noexcept {
  x &= n;
  return (((n + x) ^ n) & n) | x;
}

/// Bits set (SWAR: the default portable build has no POPCNT, and std::popcount is then a
/// libgcc call; see generate/rng.hpp).
inline int popcount64(Mask m) noexcept {
  m = m - ((m >> 1) & 0x5555555555555555ull);
  m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
  return static_cast<int>((((m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Full) * 0x0101010101010101ull) >> 56);
}

inline constexpr int kMaxRuns = (kMaxSide + 1) / 2;

/// floor(log2(len)) for a run length 1..63 (0 for 0).
inline constexpr auto kLog2 = [] {
  std::array<uint8_t, 64> t{};
  for (int i = 2; i < 64; ++i) t[i] = static_cast<uint8_t>(t[i / 2] + 1);
  return t;
}();

/// The line solver for lines of n <= 2^S cells: every doubling loop below has S (or S + 1)
/// steps, unrolled, whatever the runs' lengths, so the only branches left are the loops over
/// the runs and the contradiction exits (a loop whose trip count follows each run's length was
/// a branch mispredicted about every other run).
/// Where solve() puts each run's possible starts: nowhere (line logic), or an array.
struct NoStarts {
  void put(int, Mask) const noexcept {}
};
struct Starts {
  Mask* at;
  void put(int j, Mask s) const noexcept { at[j] = s; }
};

template <int S, class Out = NoStarts>
bool solve(int n, const uint8_t* runs, int k, Mask filled, Mask blank, Mask& can_fill,
           Mask& can_blank, Out starts = {}) noexcept {
  const Mask all = full(n);
  const Mask may_blank = ~filled & all;
  const Mask may_fill = ~blank & all;
  // win[b]: starts p with cells [p, p + 2^b) all may be shaded (cells past n never may): a run
  // of len cells, 2^b <= len < 2^(b+1), fits at p when the windows at p and at p + len - 2^b
  // both hold. Shared by every run of the line.
  Mask win[S + 1];
  win[0] = may_fill;
  for (int b = 0; b < S; ++b) win[b + 1] = win[b] & (win[b] >> (1 << b));
  // gd[i]: cells whose 2^i cells below may all be blank; the occluded fill downwards (through
  // may_blank, within distance n - 1 <= 2^S - 1) is then S steps of x |= (x >> 2^i) & gd[i].
  Mask gd[S];
  gd[0] = may_blank;
  for (int i = 1; i < S; ++i) gd[i] = gd[i - 1] & (gd[i - 1] >> (1 << (i - 1)));
  auto smear_down = [&gd](Mask x) noexcept {
    for (int i = 0; i < S; ++i) x |= (x >> (1 << i)) & gd[i];
    return x;
  };

  // The forward pass: fs[j] = starts of run j that some placement of runs 0..j agrees with
  // (cells up to the run's end); fg[j] = cells before run j that can be blank in such a
  // placement of runs 0..j-1 (fg[k]: after the last run).
  Mask fs[kMaxRuns], fg[kMaxRuns + 1];
  Mask gap = smear_up(1, may_blank);
  Mask first = 1;  // run 0 may start at cell 0
  Mask after = 0;
  for (int j = 0; j < k; ++j) {
    fg[j] = gap;
    const int len = runs[j];
    if (len > n) return false;
    const int b = kLog2[len];
    // Every run may start right after a reachable blank cell.
    const Mask s = ((gap << 1) | first) & win[b] & (win[b] >> (len - (1 << b)));
    if (s == 0) return false;
    fs[j] = s;
    first = 0;
    after = s << len;  // the cell after the run (bit n: the line's end)
    gap = smear_up(after, may_blank);
  }
  // The last run ends on the line's last cell, or blank cells follow it to the end.
  if (!((after >> n) & 1u) && !((gap >> (n - 1)) & 1u)) return false;
  fg[k] = gap;

  // The backward pass, the mirror image, over the forward starts: s = those starts of run j
  // that some placement of runs j..k-1 agrees with too (cells from the one before the run to
  // the end): the starts of run j in some full placement, whose cells can be shaded; gap =
  // cells before run j that can be blank in such a placement of runs j..k-1.
  const Mask last = Mask{1} << (n - 1);
  gap = smear_down(last & may_blank);
  // The gap before run j (j = k: after the last run) can be blank where it is reachable from
  // the left after runs 0..j-1 and from the right before runs j..k-1.
  Mask blank_ok = fg[k] & gap;
  Mask fill = 0;
  Mask end_ok = last;  // the last run may end on the line's last cell
  for (int j = k - 1; j >= 0; --j) {
    const int len = runs[j];
    // The run's last cell: a cell just before a reachable blank one (or end_ok).
    const Mask ends = ((gap >> 1) | end_ok) & (fs[j] << (len - 1));
    if (ends == 0) return false;
    end_ok = 0;
    const Mask s = ends >> (len - 1);
    starts.put(j, s);
    // The cells covered from the starts s: doubling (c[b] = s's cells up to 2^b - 1 above),
    // then the two overlapping windows, as for the starts above.
    Mask c[S + 1];
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

}  // namespace

bool solve_line(int n, std::span<const uint8_t> runs, Mask filled, Mask blank, Mask& can_fill,
                Mask& can_blank) noexcept {
  const int k = static_cast<int>(runs.size());
  const Mask all = full(n);
  if ((filled & blank) != 0) return false;
  if (k == 0) {
    can_fill = 0, can_blank = all;
    return filled == 0;
  }
  const uint8_t* r = runs.data();
  if ((filled | blank) == 0) {
    // Nothing known (every line's first solve): the runs packed to the left and to the right
    // overlap by len - slack cells each, and those are all it forces; with no slack the line
    // is settled, otherwise every cell can be shaded.
    int slack = n + 1;
    for (int j = 0; j < k; ++j) slack -= r[j] + 1;
    if (slack < 0) return false;
    Mask fill = 0;
    for (int j = 0, at = 0; j < k; at += r[j] + 1, ++j)
      if (r[j] > slack) fill |= full(r[j] - slack) << (at + slack);
    can_fill = slack > 0 ? all : fill;
    can_blank = ~fill & all;
    return true;
  }
  if (n <= 2) return solve<1>(n, r, k, filled, blank, can_fill, can_blank);
  if (n <= 4) return solve<2>(n, r, k, filled, blank, can_fill, can_blank);
  if (n <= 8) return solve<3>(n, r, k, filled, blank, can_fill, can_blank);
  if (n <= 16) return solve<4>(n, r, k, filled, blank, can_fill, can_blank);
  if (n <= 32) return solve<5>(n, r, k, filled, blank, can_fill, can_blank);
  return solve<6>(n, r, k, filled, blank, can_fill, can_blank);
}

Board::Board(const Puzzle& p) noexcept : p_(&p) {
  dirty_rows_ = full(p.height);
  dirty_cols_ = full(p.width);
}

void Board::set(int r, int c, bool shade) noexcept {
  if (shade) row_f_[r] |= Mask{1} << c, col_f_[c] |= Mask{1} << r;
  else row_b_[r] |= Mask{1} << c, col_b_[c] |= Mask{1} << r;
  dirty_rows_ |= Mask{1} << r;
  dirty_cols_ |= Mask{1} << c;
}

bool run_starts(int n, std::span<const uint8_t> runs, Mask filled, Mask blank, Mask* starts) noexcept {
  const int k = static_cast<int>(runs.size());
  if ((filled & blank) != 0) return false;
  if (k == 0) return filled == 0;
  Mask cf, cb;
  const uint8_t* r = runs.data();
  if (n <= 2) return solve<1>(n, r, k, filled, blank, cf, cb, Starts{starts});
  if (n <= 4) return solve<2>(n, r, k, filled, blank, cf, cb, Starts{starts});
  if (n <= 8) return solve<3>(n, r, k, filled, blank, cf, cb, Starts{starts});
  if (n <= 16) return solve<4>(n, r, k, filled, blank, cf, cb, Starts{starts});
  if (n <= 32) return solve<5>(n, r, k, filled, blank, cf, cb, Starts{starts});
  return solve<6>(n, r, k, filled, blank, cf, cb, Starts{starts});
}

bool Board::propagate(uint64_t& line_solves, bool consistent) noexcept {
  const int w = p_->width, h = p_->height;
  while (dirty_rows_ | dirty_cols_) {
    while (dirty_rows_) {
      const int r = std::countr_zero(dirty_rows_);
      dirty_rows_ &= dirty_rows_ - 1;
      if (consistent && (row_f_[r] | row_b_[r]) == full(w)) continue;
      Mask cf, cb;
      ++line_solves;
      if (!solve_line(w, p_->row(r), row_f_[r], row_b_[r], cf, cb)) return false;
      const Mask new_f = ~cb & full(w) & ~row_f_[r];
      const Mask new_b = ~cf & full(w) & ~row_b_[r];
      row_f_[r] |= new_f, row_b_[r] |= new_b;
      dirty_cols_ |= new_f | new_b;
      // One loop over the new cells, shaded or blank (one mispredicted loop exit, not two).
      for (Mask m = new_f | new_b; m; m &= m - 1) {
        const int i = std::countr_zero(m);
        col_f_[i] |= ((new_f >> i) & 1u) << r;
        col_b_[i] |= ((new_b >> i) & 1u) << r;
      }
    }
    while (dirty_cols_) {
      const int c = std::countr_zero(dirty_cols_);
      dirty_cols_ &= dirty_cols_ - 1;
      if (consistent && (col_f_[c] | col_b_[c]) == full(h)) continue;
      Mask cf, cb;
      ++line_solves;
      if (!solve_line(h, p_->column(c), col_f_[c], col_b_[c], cf, cb)) return false;
      const Mask new_f = ~cb & full(h) & ~col_f_[c];
      const Mask new_b = ~cf & full(h) & ~col_b_[c];
      col_f_[c] |= new_f, col_b_[c] |= new_b;
      dirty_rows_ |= new_f | new_b;
      // One loop over the new cells, shaded or blank (one mispredicted loop exit, not two).
      for (Mask m = new_f | new_b; m; m &= m - 1) {
        const int i = std::countr_zero(m);
        row_f_[i] |= ((new_f >> i) & 1u) << c;
        row_b_[i] |= ((new_b >> i) & 1u) << c;
      }
    }
  }
  return true;
}

int Board::unknown() const noexcept {
  int n = 0;
  for (int r = 0; r < p_->height; ++r) n += popcount64(row_unknown(r));
  return n;
}

int Board::tightest_row() const noexcept {
  int best = -1, best_n = 64;
  for (int r = 0; r < p_->height; ++r) {
    const int n = popcount64(row_unknown(r));
    if (n > 0 && n < best_n) best = r, best_n = n;
  }
  return best;
}

Picture Board::picture() const {
  Picture pic(p_->width, p_->height);
  for (int r = 0; r < p_->height; ++r) pic.rows[r] = row_f_[r];
  return pic;
}

void Board::save(Mask* out) const noexcept {
  const int w = p_->width, h = p_->height;
  std::copy_n(row_f_.data(), h, out);
  std::copy_n(row_b_.data(), h, out + h);
  std::copy_n(col_f_.data(), w, out + 2 * h);
  std::copy_n(col_b_.data(), w, out + 2 * h + w);
}

void Board::load(const Mask* in) noexcept {
  const int w = p_->width, h = p_->height;
  std::copy_n(in, h, row_f_.data());
  std::copy_n(in + h, h, row_b_.data());
  std::copy_n(in + 2 * h, w, col_f_.data());
  std::copy_n(in + 2 * h + w, w, col_b_.data());
  dirty_rows_ = dirty_cols_ = 0;
}

void Board::add(const Board& o) noexcept {
  for (int r = 0; r < p_->height; ++r) {
    const Mask nf = o.row_f_[r] & ~row_f_[r], nb = o.row_b_[r] & ~row_b_[r];
    row_f_[r] |= nf, row_b_[r] |= nb;
    dirty_rows_ |= static_cast<Mask>((nf | nb) != 0) << r;
  }
  for (int c = 0; c < p_->width; ++c) {
    const Mask nf = o.col_f_[c] & ~col_f_[c], nb = o.col_b_[c] & ~col_b_[c];
    col_f_[c] |= nf, col_b_[c] |= nb;
    dirty_cols_ |= static_cast<Mask>((nf | nb) != 0) << c;
  }
}

bool line_solve(const Puzzle& p, Picture& out, uint64_t& line_solves, bool consistent) {
  Board b(p);
  if (!b.propagate(line_solves, consistent) || b.unknown() != 0) return false;
  out = b.picture();
  return true;
}

}  // namespace puzzle::nonogram
