#include "sudoku/nonogram/line.hpp"

#include <bit>

namespace sudoku::nonogram {
namespace {

/// Cells reachable from the cells of x moving towards higher bits through the cells of n
/// (x's cells outside n are dropped). Within a block of n's ones, adding x's lowest bit carries
/// through to the block's top: the xor shows the cells it passed.
inline Mask smear_up(Mask x, Mask n) noexcept {
  x &= n;
  return (((n + x) ^ n) & n) | x;
}

/// Cells reachable from the cells of x moving towards lower bits through the cells of n: an
/// occluded fill in six doubling steps (g: cells whose next 2^i cells below are all in n).
inline Mask smear_down(Mask x, Mask n) noexcept {
  x &= n;
  Mask g = n;
  x |= (x >> 1) & g, g &= g >> 1;
  x |= (x >> 2) & g, g &= g >> 2;
  x |= (x >> 4) & g, g &= g >> 4;
  x |= (x >> 8) & g, g &= g >> 8;
  x |= (x >> 16) & g, g &= g >> 16;
  x |= (x >> 32) & g;
  return x;
}

/// Starts where a run of `len` cells fits over cells that may be shaded (`can`), within n.
inline Mask fits(Mask can, int len, int n) noexcept {
  if (len > n) return 0;
  // Doubling: after each step bit i says cells [i, i + have) may all be shaded.
  Mask ok = can;
  int have = 1;
  for (; have * 2 <= len; have *= 2) ok &= ok >> have;
  if (have < len) ok &= ok >> (len - have);
  return ok & full(n - len + 1);
}

/// The cells covered by a run of `len` starting at any bit of `starts` (doubling, as fits()).
inline Mask cover(Mask starts, int len) noexcept {
  Mask c = starts;
  int have = 1;
  for (; have * 2 <= len; have *= 2) c |= c << have;
  if (have < len) c |= c << (len - have);
  return c;
}

/// Bits set (SWAR: the default portable build has no POPCNT, and std::popcount is then a
/// libgcc call; see generate/rng.hpp).
inline int popcount64(Mask m) noexcept {
  m = m - ((m >> 1) & 0x5555555555555555ull);
  m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
  return static_cast<int>((((m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Full) * 0x0101010101010101ull) >> 56);
}

inline constexpr int kMaxRuns = (kMaxSide + 1) / 2;

/// The forward pass: starts[j] = starts of run j that some placement of runs 0..j agrees with
/// (cells up to the run's end); gaps[j] = cells before run j that can be blank in such a
/// placement of runs 0..j-1 (gaps[k]: after the last run). False when no placement reaches the
/// line's end.
bool forward(int n, const uint8_t* runs, int k, Mask filled, Mask blank, Mask* starts,
             Mask* gaps) noexcept {
  const Mask all = full(n);
  const Mask may_blank = ~filled & all;
  const Mask may_fill = ~blank & all;
  Mask gap = smear_up(1, may_blank);
  for (int j = 0; j < k; ++j) {
    gaps[j] = gap;
    const int len = runs[j];
    // Run 0 may start at 0; every run may start right after a reachable blank cell.
    const Mask s = ((gap << 1) | (j == 0 ? Mask{1} : Mask{0})) & fits(may_fill, len, n);
    if (s == 0) return false;
    starts[j] = s;
    const Mask ends = s << len;  // the cell after the run (bit n: the line's end)
    gap = smear_up(ends, may_blank);
    if (j == k - 1) {
      gaps[k] = gap;
      return ((ends >> n) & 1u) || ((gap >> (n - 1)) & 1u);
    }
  }
  gaps[0] = gap;
  return filled == 0;  // no runs: nothing may be shaded
}

/// The backward pass, the mirror image of forward() (k >= 1), over forward()'s starts `fwd`:
/// starts[j] = those starts of run j that some placement of runs j..k-1 agrees with too (cells
/// from the one before the run to the end): the starts of run j in some full placement. gaps[j]
/// = cells before run j that can be blank in such a placement (gaps[k]: after the last run).
/// False when no placement reaches the line's start.
bool backward(int n, const uint8_t* runs, int k, Mask filled, const Mask* fwd, Mask* starts,
              Mask* gaps) noexcept {
  const Mask may_blank = ~filled & full(n);
  const Mask last = Mask{1} << (n - 1);
  Mask gap = smear_down(last, may_blank);
  gaps[k] = gap;
  for (int j = k - 1; j >= 0; --j) {
    const int len = runs[j];
    // The run's last cell: the line's last cell (last run only), or a cell just before a
    // reachable blank one.
    // (Starting from forward()'s starts, which fit, saves a fits() per run.)
    const Mask ends = ((gap >> 1) | (j == k - 1 ? last : Mask{0})) & (fwd[j] << (len - 1));
    if (ends == 0) return false;
    const Mask s = ends >> (len - 1);
    starts[j] = s;
    gap = smear_down(s >> 1, may_blank);  // from the cell before each start
    gaps[j] = gap;
  }
  return (starts[0] & 1u) || (gap & 1u);
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
  Mask fs[kMaxRuns], fg[kMaxRuns + 1], bs[kMaxRuns], bg[kMaxRuns + 1];
  if (!forward(n, runs.data(), k, filled, blank, fs, fg)) return false;
  if (!backward(n, runs.data(), k, filled, fs, bs, bg)) return false;
  can_fill = 0;
  can_blank = 0;
  for (int j = 0; j < k; ++j) can_fill |= cover(bs[j], runs[j]);  // bs: starts in full placements
  // The gap before run j (j = k: after the last run): reachable from the left after runs
  // 0..j-1 and from the right before runs j..k-1.
  for (int j = 0; j <= k; ++j) can_blank |= fg[j] & bg[j];
  return true;
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
      Mask new_f = ~cb & full(w) & ~row_f_[r];
      Mask new_b = ~cf & full(w) & ~row_b_[r];
      row_f_[r] |= new_f, row_b_[r] |= new_b;
      dirty_cols_ |= new_f | new_b;
      for (; new_f; new_f &= new_f - 1) col_f_[std::countr_zero(new_f)] |= Mask{1} << r;
      for (; new_b; new_b &= new_b - 1) col_b_[std::countr_zero(new_b)] |= Mask{1} << r;
    }
    while (dirty_cols_) {
      const int c = std::countr_zero(dirty_cols_);
      dirty_cols_ &= dirty_cols_ - 1;
      if (consistent && (col_f_[c] | col_b_[c]) == full(h)) continue;
      Mask cf, cb;
      ++line_solves;
      if (!solve_line(h, p_->column(c), col_f_[c], col_b_[c], cf, cb)) return false;
      Mask new_f = ~cb & full(h) & ~col_f_[c];
      Mask new_b = ~cf & full(h) & ~col_b_[c];
      col_f_[c] |= new_f, col_b_[c] |= new_b;
      dirty_rows_ |= new_f | new_b;
      for (; new_f; new_f &= new_f - 1) row_f_[std::countr_zero(new_f)] |= Mask{1} << c;
      for (; new_b; new_b &= new_b - 1) row_b_[std::countr_zero(new_b)] |= Mask{1} << c;
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

bool line_solve(const Puzzle& p, Picture& out, uint64_t& line_solves, bool consistent) {
  Board b(p);
  if (!b.propagate(line_solves, consistent) || b.unknown() != 0) return false;
  out = b.picture();
  return true;
}

}  // namespace sudoku::nonogram
