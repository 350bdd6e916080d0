// The exact-cover engine: Algorithm X on dancing links, after Knuth ("Dancing links", 2000, and
// his DLX1 program), written for reuse: one matrix is built per worker and serves every problem.
//
// Data layout
// -----------
// Every 1 of the matrix is a Node {up, down, col, next} in one flat vector, and a link is an index
// into that vector, not a pointer. `Index` is uint16_t or int32_t: 8 or 16 bytes per node, so the
// 9x9 Sudoku matrix (324 headers + 2916 nodes) is 26 KB with 16-bit links and fits the 48 KB L1
// data cache, where 32-bit links (52 KB) do not. Nodes 0..columns-1 are the column headers (the
// heads of the circular vertical lists); then come the rows' nodes, row after row. `next` links
// a row's nodes in a cycle (the only horizontal link: hiding a row walks the cycle from the node
// at hand, with no test for "skip myself"), and because a row's nodes are contiguous, the columns
// of a chosen row are uncovered in exactly the reverse order of their covering by walking the
// index range backwards (row_begin_, node_row_: cold data, read once per chosen row).
//
// Column data is one array apart from the nodes, len_ (`Index` wide, padded to a multiple of 8):
// the rows left in each column, plus a flag for a covered column and one for a secondary column,
// both worth more than any count. So a single signed minimum over len_ finds the active primary
// column with the fewest rows, and "len_[c] <= 1" already means "active, primary and forced".
// There is no list of active columns (Knuth's left/right links): a counter of the uncovered
// primary columns says when a solution is complete. A covered column's count is never touched
// while it is covered (its rows are hidden from every other column), so the flag is safe to add.
//
// Choosing a column
// -----------------
// Knuth's rule: the active column with the fewest rows, ties to the first (here: in column order,
// which is the order Knuth's list keeps). For Sudoku most levels are forced (a column with one row
// left: a naked or hidden single), so cover() keeps hints: when a column's count drops to 1 or 0
// it is pushed on a stack (branch-free: always stored, kept only then). choose() then:
//  1. looks among the hints pushed since the last choice for a column with 0 rows (a dead end,
//     the true minimum: without this a forced move taken first could hide it for many levels);
//  2. pops hints, taking the first still at 0 or 1 rows;
//  3. else scans len_, eight columns per SSE2 instruction (a scalar loop without SSE2), for the
//     first minimum: every guess is made at a true minimum column.
// Hints are re-checked against the current state, so a stale or lost hint costs time, never
// correctness. A forced move may take a different single than a scan would, which changes the
// order of the search, not what it finds. The stack is cut back to a level's height when the
// search returns to that level, so it never outgrows the node count.
//
// Search and reuse
// ----------------
// Iterative, with explicit per-level arrays (column, row node being tried, guess flag, hint
// height): no recursion, so the budget and the solution limit can stop it anywhere. A problem's
// fixed rows (Sudoku givens) come in one of two ways:
//  - select() covers a row's columns as a chosen row's would be, and reset() undoes it either by
//    uncovering everything in reverse order (Knuth's dance back) or, when more links are removed
//    than that is worth, by copying the built node and count arrays back (saved by prepare());
//  - load() builds the reduced matrix directly: it marks the rows that clash with the fixed rows
//    (walking the built columns of the fixed rows, kept as plain arrays), then links the others
//    at the bottom of their columns in row order, which is the order covering would have left.
//    Nothing needs undoing afterwards: the next load() starts from scratch.
// Both give the same state, and tests check that they do.
//
// Counters (CoverWork): nodes = rows tried (the budget counts these); guesses = rows tried in a
// column that had two or more rows when chosen; backtracks = chosen columns exhausted (every row
// tried, or none there); updates = a node unlinked from a column list or a column covered
// (Knuth's "updates", which the DLX papers report beside the time).
//
// Measurements that shaped this (9x9; instruction counts from cachegrind, deterministic, on the
// first 3000 puzzles of 17_clue.txt and the first 500 of magictour_top1465.txt, each including
// about 15M for the process itself; details and commands in results/dlx.md). Times on this shared
// 2-core machine move by 2x from run to run, so they are only compared within one alternating run.
//  - The first version (32-bit links, rows as index ranges with a "skip myself" test, reset by
//    uncovering) ran 17,500 puzzles/s; a profile gave cover 45%, uncover 32%, choose 6%, the
//    driver (parse, verify) under 5%. A 17-clue puzzle costs 1,331 link removals to select its
//    givens and 1,738 in the search (94.6 rows tried; the median puzzle tries 64, one per cell):
//    selecting and un-selecting the givens was 40% of all link work.
//  - Reset by copying the built matrix (26 KB, about a microsecond) instead of dancing back:
//    445M -> 311M instructions (memcpy excluded), 1.37x puzzles/s in alternating runs.
//  - 16-bit links (matrix in L1) and next-in-row cycles instead of the skip test: cover's inner
//    loop 21 -> 20 instructions but fewer loads and mispredictions; 17,500 -> about 25,000
//    puzzles/s together with the copying reset.
//  - Hints: without them (a full scan at every level) 386M -> 477M instructions on 17_clue and
//    377M -> 462M on magictour (+24%), and more rows tried (92.7 -> 98.7).
//  - Column order cell, row-digit, column-digit, box-digit (the one used by solvers/dlx.cpp) tries
//    the fewest rows of the four rotations: 425 vs 472-519 per puzzle on magictour_top1465.
//  - From 427M (17_clue) and 399M (magictour), where a profile had cover 57%, choose 11%
//    (16% on magictour: the list scan is a chain of dependent loads at every guess).
//     - Counts in one array with flags, the SSE2 scan and load() instead of select(): 323M / 342M,
//       the same search (identical counters).
//     - Dead ends first (step 1 above): rows tried -5.4% on 17_clue and -17% on magictour,
//       321M / 305M. (A second stack for zeros, filled in cover(), found the same dead ends for
//       more instructions: 335M / 321M.)
//     - cover() and uncover() inlined into their callers: 314M / 289M, and 1.08x puzzles/s.
//     - load() against select() with the copying reset, on the engine as it is now: 314M against
//       388M on 17_clue and 289M against 305M on magictour, but only about 1.03x puzzles/s: both
//       are bound by stores (about four per node linked or unlinked) and store about as much.
//     - Tried and dropped: a `first` field instead of `next` (loop over the row's index range, so
//       the three other nodes' loads do not wait for each other): 357M / 350M and no faster;
//       load() with a separate tail array and rows unrolled for width 4: no faster; no hints at
//       all, the SSE2 scan at every level (Knuth's rule exactly): 369M / 351M, 2% more rows
//       tried, and 0.85x (17_clue) / 0.94x (magictour) puzzles/s; stopping a row's covers as soon
//       as a column outside the row has no rows (the same search tree): 325M / 300M, the checks
//       cost more than the covers they save; hint stack and row tables in 16 bits: 319M / 293M
//       and no faster; -O2 instead of -O3: 329M / 292M and no faster.
#include "puzzle/exact_cover.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <stdexcept>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace puzzle {
namespace {
// reset() copies the built matrix back when the link removals to undo, times this, reach the
// bytes to copy: undoing one removal (a dependent load and two scattered stores) was measured at
// about the cost of copying 32 bytes (see the header comment).
constexpr uint64_t kBytesPerUndo = 32;
// After load() the covered columns' own lists are not kept, so reset() must copy.
constexpr uint64_t kMustCopy = std::numeric_limits<uint64_t>::max() / (4 * kBytesPerUndo);

// The first index of the smallest of len[0..count), count a multiple of 8; values are below
// 2^(bits-1), so a signed minimum is the unsigned one.
template <class Index>
int32_t first_min(const Index* len, int32_t count) noexcept {
  Index best = std::numeric_limits<Index>::max();
  for (int32_t c = 0; c < count; ++c) best = std::min(best, len[c]);  // vectorised by the compiler
  int32_t c = 0;
  while (len[c] != best) ++c;
  return c;
}

#if defined(__SSE2__)
// 16-bit links: eight columns per SSE2 step (the portable x86-64 baseline), then the first lane
// holding the minimum.
template <>
int32_t first_min<uint16_t>(const uint16_t* len, int32_t count) noexcept {
  const auto* v = reinterpret_cast<const __m128i*>(len);
  __m128i m = _mm_loadu_si128(v);
  for (int32_t k = 1; k < count / 8; ++k) m = _mm_min_epi16(m, _mm_loadu_si128(v + k));
  m = _mm_min_epi16(m, _mm_shuffle_epi32(m, 0x4E));
  m = _mm_min_epi16(m, _mm_shuffle_epi32(m, 0xB1));
  m = _mm_min_epi16(m, _mm_shufflelo_epi16(_mm_shufflehi_epi16(m, 0xB1), 0xB1));
  for (int32_t k = 0;; ++k) {
    const int mask = _mm_movemask_epi8(_mm_cmpeq_epi16(_mm_loadu_si128(v + k), m));
    if (mask != 0) return k * 8 + std::countr_zero(static_cast<unsigned>(mask)) / 2;
  }
}
#endif

// Bit i set when dead[i] is 0, for 64 bytes.
inline uint64_t live_mask64(const uint8_t* dead) noexcept {
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  uint64_t mask = 0;
  for (int k = 0; k < 4; ++k) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(dead + 16 * k));
    mask |= static_cast<uint64_t>(static_cast<uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero))))
            << (16 * k);
  }
  return mask;
#else
  uint64_t mask = 0;
  for (int i = 0; i < 64; ++i) mask |= static_cast<uint64_t>(dead[i] == 0) << i;
  return mask;
#endif
}
}  // namespace

template <class Index>
BasicExactCover<Index>::BasicExactCover(int primary, int secondary)
    : primary_(primary), columns_(primary + secondary), active_(primary) {
  if (primary < 0 || secondary < 0) throw std::invalid_argument("ExactCover: negative column count");
  if (static_cast<uint64_t>(columns_) >= std::numeric_limits<Index>::max())
    throw std::length_error("ExactCover: too many columns for the link type");
  node_.resize(static_cast<std::size_t>(columns_));
  for (int32_t c = 0; c < columns_; ++c) node_[c] = Node{Index(c), Index(c), Index(c), Index(c)};
  node_row_.assign(static_cast<std::size_t>(columns_), -1);
  // Padded so that choose() reads whole groups of 8; secondary columns are never chosen.
  len_.assign((static_cast<std::size_t>(columns_) + 8) / 8 * 8, kPad);
  for (int32_t c = 0; c < columns_; ++c) len_[c] = c < primary_ ? Index(0) : kSecondary;
  row_begin_.push_back(static_cast<int32_t>(node_.size()));
}

template <class Index>
int BasicExactCover<Index>::add_row(std::span<const int> cols) {
  if (selected_count_ != 0 || depth_ != 0)
    throw std::logic_error("ExactCover::add_row while rows are selected");
  if (cols.empty()) throw std::invalid_argument("ExactCover::add_row: empty row");
  if (node_.size() + cols.size() > static_cast<std::size_t>(std::numeric_limits<Index>::max()))
    throw std::length_error("ExactCover::add_row: too many nodes for the link type");
  for (std::size_t k = 0; k < cols.size(); ++k) {
    if (cols[k] < 0 || cols[k] >= columns_) throw std::invalid_argument("ExactCover::add_row: bad column");
    for (std::size_t m = 0; m < k; ++m)
      if (cols[m] == cols[k]) throw std::invalid_argument("ExactCover::add_row: repeated column");
    if ((len_[cols[k]] & ~kSecondary) + 1 >= kSecondary)
      throw std::length_error("ExactCover::add_row: too many rows in a column for the link type");
  }
  const auto r = static_cast<int32_t>(row_begin_.size()) - 1;
  const auto first = static_cast<int32_t>(node_.size());
  for (const int c : cols) {
    const auto x = static_cast<int32_t>(node_.size());
    const Index last = node_[c].up;  // append at the bottom of column c
    node_.push_back(Node{last, Index(c), Index(c), Index(x + 1)});
    node_row_.push_back(r);
    node_[last].down = Index(x);
    node_[c].up = Index(x);
    ++len_[c];
  }
  node_.back().next = Index(first);  // close the row's cycle
  row_begin_.push_back(static_cast<int32_t>(node_.size()));
  prepared_ = false;
  return r;
}

template <class Index>
void BasicExactCover<Index>::prepare() {
  if (prepared_) return;
  // Depth: every level covers at least one primary column.
  const std::size_t depth = static_cast<std::size_t>(primary_) + 1;
  path_.assign(depth + static_cast<std::size_t>(rows()), 0);
  level_col_.assign(depth, 0);
  level_node_.assign(depth, 0);
  level_guess_.assign(depth, 0);
  level_hint_.assign(depth, 0);
  // At most one hint per hidden node is alive (the stack is cut back on the way up), plus one
  // per column after load().
  hints_.assign(node_.size() + static_cast<std::size_t>(columns_) + 1, 0);
  first_.reserve(path_.size());
  built_node_ = node_;
  built_len_ = len_;
  dead_.assign((static_cast<std::size_t>(rows()) + 63) / 64 * 64, 1);
  // Each column's rows as built, for load() to find the rows a loaded row clashes with.
  col_begin_.assign(static_cast<std::size_t>(columns_) + 1, 0);
  col_rows_.clear();
  for (int32_t c = 0; c < columns_; ++c) {
    col_begin_[c] = static_cast<int32_t>(col_rows_.size());
    for (int32_t i = node_[c].down; i != c; i = node_[i].down) col_rows_.push_back(node_row_[i]);
  }
  col_begin_[columns_] = static_cast<int32_t>(col_rows_.size());
  prepared_ = true;
}

// Hides every row of column c from the other columns and marks c covered.
template <class Index>
void BasicExactCover<Index>::cover(int32_t c) noexcept {
  Index* const len = len_.data();
  Node* const node = node_.data();
  int32_t* const hints = hints_.data();
  std::size_t top = hint_top_;
  len[c] = Index(len[c] + kCovered);
  active_ -= c < primary_;
  uint64_t updates = 1;  // c leaving the active columns
  for (int32_t i = node[c].down; i != c; i = node[i].down) {
    for (int32_t j = node[i].next; j != i; j = node[j].next) {
      const int32_t u = node[j].up, d = node[j].down;
      node[u].down = Index(d);
      node[d].up = Index(u);
      const int32_t cj = node[j].col;
      // A hint when the column drops to one row or none: always stored, kept only then (no
      // branch). Secondary columns carry a flag that keeps them above 1.
      hints[top] = cj;
      top += (len[cj] = Index(len[cj] - 1)) <= 1;
      ++updates;
    }
  }
  hint_top_ = top;
  updates_ += updates;
  live_links_ += updates;
}

// The exact inverse of cover(c): rows come back bottom to top.
template <class Index>
void BasicExactCover<Index>::uncover(int32_t c) noexcept {
  Index* const len = len_.data();
  Node* const node = node_.data();
  uint64_t undone = 1;
  for (int32_t i = node[c].up; i != c; i = node[i].up) {
    for (int32_t j = node[i].next; j != i; j = node[j].next) {
      node[node[j].up].down = Index(j);
      node[node[j].down].up = Index(j);
      ++len[node[j].col];
      ++undone;
    }
  }
  len[c] = Index(len[c] - kCovered);
  active_ += c < primary_;
  live_links_ -= undone;
}

// Covers the columns of x's row other than x's own (already covered), following the row's cycle.
template <class Index>
void BasicExactCover<Index>::cover_row_others(int32_t x) noexcept {
  for (int32_t j = node_[x].next; j != x; j = node_[j].next) cover(node_[j].col);
}

// The inverse, in reverse order: x-1 down to the row's first node, then its last down to x+1.
template <class Index>
void BasicExactCover<Index>::uncover_row_others(int32_t x) noexcept {
  const int32_t row = node_row_[x];
  const int32_t begin = row_begin_[row], end = row_begin_[row + 1];
  for (int32_t j = x - 1; j >= begin; --j) uncover(node_[j].col);
  for (int32_t j = end - 1; j > x; --j) uncover(node_[j].col);
}

// An active primary column with the fewest rows: a valid hint (0 or 1 rows) if there is one,
// else the first minimum in column order. Requires an active primary column.
template <class Index>
int32_t BasicExactCover<Index>::choose() noexcept {
  const Index* const len = len_.data();
  const int32_t* const hints = hints_.data();
  // A column with no rows is the fewest of all: look for one among the hints pushed since the
  // last choice (a column reaching 0 is pushed when it does).
  for (std::size_t i = hint_top_; i > zero_floor_;) {
    const int32_t c = hints[--i];
    if (len[c] == 0) return c;
  }
  while (hint_top_ > 0) {
    const int32_t c = hints[--hint_top_];
    if (len[c] <= 1) {  // covered and secondary columns carry flags above 1
      zero_floor_ = hint_top_;
      return c;
    }
  }
  zero_floor_ = 0;
  return first_min(len, (primary_ + 7) / 8 * 8);
}

template <class Index>
void BasicExactCover<Index>::unwind_search() noexcept {
  while (depth_ > 0) {
    --depth_;
    uncover_row_others(level_node_[depth_]);
    uncover(level_col_[depth_]);
  }
}

template <class Index>
bool BasicExactCover<Index>::select(int row) {
  prepare();
  unwind_search();
  if (row < 0 || row >= rows()) return false;
  const int32_t begin = row_begin_[row], end = row_begin_[row + 1];
  for (int32_t j = begin; j < end; ++j)
    if (len_[node_[j].col] & kCovered) return false;  // a selected row already covers this column
  // Each row is in at least one column; its first node plays the part of the chosen node.
  const uint64_t before = updates_;
  cover(node_[begin].col);
  cover_row_others(begin);
  path_[selected_count_++] = row;
  select_updates_ += updates_ - before;
  return true;
}

template <class Index>
bool BasicExactCover<Index>::load(std::span<const int32_t> rows) {
  prepare();
  depth_ = 0;
  selected_count_ = 0;
  hint_top_ = 0;
  zero_floor_ = 0;
  select_updates_ = 0;
  Index* const len = len_.data();
  Node* const node = node_.data();
  const Index* const built_len = built_len_.data();
  const int32_t* const row_begin = row_begin_.data();
  const int32_t* const col_begin = col_begin_.data();
  const int32_t* const col_rows = col_rows_.data();
  uint8_t* const dead = dead_.data();
  const int32_t nrows = this->rows(), ncols = columns_, nprimary = primary_;
  // Counts from zero (secondary columns keep their flag), each list empty so far.
  for (int32_t c = 0; c < ncols; ++c) {
    len[c] = Index(built_len[c] & kSecondary);
    node[c].up = node[c].down = Index(c);
  }
  // Cover the rows' columns: every row of a covered column (the row itself included) is dead.
  std::memset(dead, 0, static_cast<std::size_t>(nrows));  // the padding after them stays 1
  int32_t covered_primary = 0;
  std::size_t selected = 0;
  for (const int32_t r : rows) {
    if (r < 0 || r >= nrows) {
      copy_built();
      return false;
    }
    for (int32_t x = row_begin[r], end = row_begin[r + 1]; x < end; ++x) {
      const int32_t c = node[x].col;
      if (len[c] & kCovered) {  // two rows share column c
        copy_built();
        return false;
      }
      len[c] = Index(len[c] | kCovered);
      covered_primary += c < nprimary;
      for (int32_t k = col_begin[c], kend = col_begin[c + 1]; k < kend; ++k) dead[col_rows[k]] = 1;
    }
    path_[selected++] = r;
  }
  selected_count_ = selected;
  // Link the live rows at the bottom of their columns in row order, the order covering keeps, so
  // the state is the one select() would leave. Rows are found 64 at a time through a bit mask:
  // whether a row is dead is data, not a pattern the branch predictor can learn.
  const int32_t words = (nrows + 63) / 64;
  for (int32_t w = 0; w < words; ++w) {
    for (uint64_t live = live_mask64(dead + 64 * w); live != 0; live &= live - 1) {
      const int32_t r = 64 * w + std::countr_zero(live);
      for (int32_t x = row_begin[r], end = row_begin[r + 1]; x < end; ++x) {
        const Index c = node[x].col, last = node[c].up;  // the header's up: the column's tail
        node[x].up = last;
        node[x].down = c;
        node[last].down = Index(x);
        node[c].up = Index(x);
        ++len[c];
      }
    }
  }
  // Hint the forced columns, the last pushed first, so that they come out in column order. (A
  // covered column's list stays empty: it is never uncovered, and reset() copies.)
  int32_t* const hints = hints_.data();
  std::size_t top = 0;
  for (int32_t c = ncols - 1; c >= 0; --c) {
    hints[top] = c;
    top += len[c] <= 1;
  }
  hint_top_ = top;
  active_ = nprimary - covered_primary;
  live_links_ = kMustCopy;
  return true;
}

// Back to the matrix as built by copying the saved arrays (reset(), and load() on a bad row).
template <class Index>
void BasicExactCover<Index>::copy_built() noexcept {
  std::memcpy(node_.data(), built_node_.data(), node_.size() * sizeof(Node));
  std::memcpy(len_.data(), built_len_.data(), len_.size() * sizeof(Index));
  active_ = primary_;
  depth_ = 0;
  selected_count_ = 0;
  live_links_ = 0;
}

template <class Index>
void BasicExactCover<Index>::reset() {
  const std::size_t bytes = node_.size() * sizeof(Node) + len_.size() * sizeof(Index);
  last_reset_copied_ = prepared_ && live_links_ * kBytesPerUndo >= bytes;
  if (last_reset_copied_) {
    copy_built();
  } else {
    unwind_search();
    while (selected_count_ > 0) {
      const int32_t begin = row_begin_[path_[--selected_count_]];
      uncover_row_others(begin);
      uncover(node_[begin].col);
    }
  }
  hint_top_ = 0;
  zero_floor_ = 0;
  select_updates_ = 0;
}

template <class Index>
CoverResult BasicExactCover<Index>::search(uint64_t limit, uint64_t budget,
                                           const OnSolution* on_solution, const Stop& halt) {
  prepare();
  unwind_search();
  CoverResult res;
  first_.clear();
  NodeGate gate(budget, halt);
  const uint64_t solution_limit = limit == 0 ? UINT64_MAX : limit;
  const Index* const len = len_.data();
  const Node* const node = node_.data();
  int32_t* const path = path_.data() + selected_count_;
  const uint64_t updates_before = updates_;
  CoverWork& w = res.work;

  std::size_t k = 0;  // current level: the rows path[0..k) are chosen
  // Each pass either enters level k (choose a column, try its first row) or comes back to it
  // after its subtree (undo that row, try the next); `entering` says which.
  bool entering = true;
  while (true) {
    int32_t x;
    if (entering) {
      if (active_ == 0) {  // every primary column covered: a solution
        ++res.solutions;
        if (res.solutions == 1) first_.assign(path_.data(), path + k);
        bool stop = res.solutions >= solution_limit;
        if (on_solution != nullptr &&
            !(*on_solution)(std::span<const int32_t>(path_.data(), selected_count_ + k)))
          stop = true;
        if (stop || k == 0) break;
        --k;
        entering = false;
        continue;
      }
      const int32_t c = choose();
      if (len[c] == 0) {  // dead end: no row can cover c
        ++w.backtracks;
        if (k == 0) break;
        --k;
        entering = false;
        continue;
      }
      level_col_[k] = c;
      level_guess_[k] = len[c] >= 2;
      cover(c);
      level_hint_[k] = static_cast<int32_t>(hint_top_);
      x = node[c].down;
    } else {
      // Back at level k: undo the row tried there and move to the next one.
      const int32_t prev = level_node_[k];
      uncover_row_others(prev);
      // Hints pushed below this level are stale or consumed; keep the stack bounded.
      if (hint_top_ > static_cast<std::size_t>(level_hint_[k])) hint_top_ = level_hint_[k];
      zero_floor_ = hint_top_;
      x = node[prev].down;
    }
    const int32_t c = level_col_[k];
    if (x == c) {  // every row of c tried
      uncover(c);
      ++w.backtracks;
      if (k == 0) break;
      --k;
      entering = false;
      continue;
    }
    if (w.nodes >= gate.at && gate.over(w.nodes)) {
      res.budget_hit = true;
      uncover(c);
      break;
    }
    ++w.nodes;
    w.guesses += level_guess_[k];
    level_node_[k] = x;
    path[k] = node_row_[x];
    cover_row_others(x);
    ++k;
    entering = true;
  }
  depth_ = k;  // a stopped search leaves its rows covered: reset() undoes them
  hint_top_ = 0;
  zero_floor_ = 0;
  w.updates = updates_ - updates_before;
  return res;
}

template class BasicExactCover<int32_t>;
template class BasicExactCover<uint16_t>;

}  // namespace puzzle
