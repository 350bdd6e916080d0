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
// Column data lives apart from the nodes, in Column {left, right, len, covered} (also `Index`
// wide: 8 bytes for 16-bit links): the circular list of active primary columns (the root is the
// extra entry at index `columns`), the number of rows left in the column, and a covered flag
// (used to refuse clashing selections and stale hints). Secondary columns are not in the list.
//
// Choosing a column
// -----------------
// Knuth's rule: the active column with the fewest rows, ties to the first in list order. A scan
// of the active list costs up to `primary` steps at every level, while for Sudoku most levels are
// forced (a column with one row left: a naked or hidden single). So cover() keeps hints: when a
// column's count drops to 1 or 0 it is pushed on a stack (branch-free: always stored, kept only
// then), and choose() pops hints first, taking the first that is still an uncovered primary column
// with at most one row (0 rows: a dead end at once). Hints are only hints, re-checked against the
// current state when popped, so a stale or lost hint costs time, never correctness; only when no
// hint is valid does choose() scan the list (stopping early at a count of 1). A guess is therefore
// always made at a true minimum column; a forced move may take a different single than the scan
// would have, which changes the order of the search, not what it finds. The stack is cut back to
// a level's height when the search returns to that level, so it never outgrows the node count.
//
// Search and reuse
// ----------------
// Iterative, with explicit per-level arrays (column, row node being tried, guess flag, hint
// height): no recursion, so the budget and the solution limit can stop it anywhere. select()
// covers the columns of fixed rows (Sudoku givens) as a chosen row's would be. reset() returns to
// the built matrix either by uncovering everything in reverse order (Knuth's dance back) or, when
// more links are removed than that is worth, by copying the built node and column arrays back
// (saved once by prepare()); both give the same state, and tests check both.
//
// Counters (CoverWork): nodes = rows tried (the budget counts these); guesses = rows tried in a
// column that had two or more rows when chosen; backtracks = chosen columns exhausted (every row
// tried, or none there); updates = a node unlinked from a column list or a column unlinked from
// the active list (Knuth's "updates", which the DLX papers report beside the time).
//
// Measurements that shaped this (9x9, the first 3000 puzzles of 17_clue.txt unless said; details
// and commands in results/dlx.md). Instruction counts are from cachegrind, deterministic; times
// on this shared 2-core machine moved by 2x from run to run, so only large effects are trusted.
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
//    377M -> 462M on the first 500 of magictour_top1465 (+24%), and more rows tried (92.7 -> 98.7).
//  - Column order cell, row-digit, column-digit, box-digit (the one used by solvers/dlx.cpp) tries
//    the fewest rows of the four rotations: 425 vs 472-519 per puzzle on magictour_top1465.
#include "sudoku/exact_cover.hpp"

#include <cstring>
#include <limits>
#include <stdexcept>

namespace sudoku {
namespace {
// reset() copies the built matrix back when the link removals to undo, times this, reach the
// bytes to copy: undoing one removal (a dependent load and two scattered stores) was measured at
// about the cost of copying 32 bytes (see the header comment).
constexpr uint64_t kBytesPerUndo = 32;
}  // namespace

template <class Index>
BasicExactCover<Index>::BasicExactCover(int primary, int secondary)
    : primary_(primary), columns_(primary + secondary), root_(primary + secondary) {
  if (primary < 0 || secondary < 0) throw std::invalid_argument("ExactCover: negative column count");
  if (static_cast<uint64_t>(columns_) >= std::numeric_limits<Index>::max())
    throw std::length_error("ExactCover: too many columns for the link type");
  node_.resize(static_cast<std::size_t>(columns_));
  for (int32_t c = 0; c < columns_; ++c) node_[c] = Node{Index(c), Index(c), Index(c), Index(c)};
  node_row_.assign(static_cast<std::size_t>(columns_), -1);
  col_.resize(static_cast<std::size_t>(columns_) + 1);
  // Primary columns in a circular list with the root; secondary ones point at themselves.
  for (int32_t c = 0; c <= columns_; ++c) {
    const int32_t left = c < primary_ ? (c == 0 ? root_ : c - 1) : c;
    const int32_t right = c < primary_ ? (c + 1 == primary_ ? root_ : c + 1) : c;
    col_[c] = Column{Index(left), Index(right), 0, 0};
  }
  col_[root_].left = Index(primary_ == 0 ? root_ : primary_ - 1);
  col_[root_].right = Index(primary_ == 0 ? root_ : 0);
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
    ++col_[c].len;
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
  // At most one hint per hidden node is alive (the stack is cut back on the way up).
  hints_.assign(node_.size() + 1, 0);
  first_.reserve(path_.size());
  built_node_ = node_;
  built_col_ = col_;
  prepared_ = true;
}

// Hides every row of column c from the other columns and takes c out of the active list.
template <class Index>
void BasicExactCover<Index>::cover(int32_t c) noexcept {
  Column* const col = col_.data();
  Node* const node = node_.data();
  int32_t* const hints = hints_.data();
  std::size_t top = hint_top_;
  const int32_t l = col[c].left, r = col[c].right;
  col[l].right = Index(r);
  col[r].left = Index(l);
  col[c].covered = 1;
  uint64_t updates = 1;
  for (int32_t i = node[c].down; i != c; i = node[i].down) {
    for (int32_t j = node[i].next; j != i; j = node[j].next) {
      const int32_t u = node[j].up, d = node[j].down;
      node[u].down = Index(d);
      node[d].up = Index(u);
      const int32_t cj = node[j].col;
      // A hint when the column drops to one row or none: always stored, kept only then (no branch).
      hints[top] = cj;
      top += --col[cj].len <= 1;  // (secondary columns too: choose() skips them)
      ++updates;
    }
  }
  hint_top_ = top;
  updates_ += updates;
  live_ += updates;
}

// The exact inverse of cover(c): rows come back bottom to top.
template <class Index>
void BasicExactCover<Index>::uncover(int32_t c) noexcept {
  Column* const col = col_.data();
  Node* const node = node_.data();
  uint64_t undone = 1;
  for (int32_t i = node[c].up; i != c; i = node[i].up) {
    for (int32_t j = node[i].next; j != i; j = node[j].next) {
      node[node[j].up].down = Index(j);
      node[node[j].down].up = Index(j);
      ++col[node[j].col].len;
      ++undone;
    }
  }
  col[c].covered = 0;
  col[col[c].left].right = Index(c);
  col[col[c].right].left = Index(c);
  live_ -= undone;
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
// else the first minimum of the active list. Requires a non-empty active list.
template <class Index>
int32_t BasicExactCover<Index>::choose() noexcept {
  const Column* const col = col_.data();
  while (hint_top_ > 0) {
    const int32_t c = hints_[--hint_top_];
    if (c < primary_ && !col[c].covered && col[c].len <= 1) return c;
  }
  int32_t best = col[root_].right;
  int32_t best_len = col[best].len;
  if (best_len <= 1) return best;
  for (int32_t c = col[best].right; c != root_; c = col[c].right) {
    const int32_t len = col[c].len;
    if (len < best_len) {
      best = c;
      best_len = len;
      if (len <= 1) break;
    }
  }
  return best;
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
    if (col_[node_[j].col].covered) return false;  // a selected row already covers this column
  // Each row is in at least one column; its first node plays the part of the chosen node.
  const uint64_t before = updates_;
  cover(node_[begin].col);
  cover_row_others(begin);
  path_[selected_count_++] = row;
  select_updates_ += updates_ - before;
  return true;
}

template <class Index>
void BasicExactCover<Index>::reset() {
  const std::size_t bytes = node_.size() * sizeof(Node) + col_.size() * sizeof(Column);
  last_reset_copied_ = prepared_ && live_ * kBytesPerUndo >= bytes;
  if (last_reset_copied_) {
    std::memcpy(node_.data(), built_node_.data(), node_.size() * sizeof(Node));
    std::memcpy(col_.data(), built_col_.data(), col_.size() * sizeof(Column));
    depth_ = 0;
    selected_count_ = 0;
    live_ = 0;
  } else {
    unwind_search();
    while (selected_count_ > 0) {
      const int32_t begin = row_begin_[path_[--selected_count_]];
      uncover_row_others(begin);
      uncover(node_[begin].col);
    }
  }
  hint_top_ = 0;
  select_updates_ = 0;
}

template <class Index>
CoverResult BasicExactCover<Index>::search(uint64_t limit, uint64_t budget,
                                           const OnSolution* on_solution) {
  prepare();
  unwind_search();
  CoverResult res;
  first_.clear();
  const uint64_t node_budget = budget == 0 ? UINT64_MAX : budget;
  const uint64_t solution_limit = limit == 0 ? UINT64_MAX : limit;
  const Column* const col = col_.data();
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
      if (col[root_].right == root_) {  // every primary column covered: a solution
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
      if (col[c].len == 0) {  // dead end: no row can cover c
        ++w.backtracks;
        if (k == 0) break;
        --k;
        entering = false;
        continue;
      }
      level_col_[k] = c;
      level_guess_[k] = col[c].len >= 2;
      cover(c);
      level_hint_[k] = static_cast<int32_t>(hint_top_);
      x = node[c].down;
    } else {
      // Back at level k: undo the row tried there and move to the next one.
      const int32_t prev = level_node_[k];
      uncover_row_others(prev);
      // Hints pushed below this level are stale or consumed; keep the stack bounded.
      if (hint_top_ > static_cast<std::size_t>(level_hint_[k])) hint_top_ = level_hint_[k];
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
    if (w.nodes >= node_budget) {
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
  w.updates = updates_ - updates_before;
  return res;
}

template class BasicExactCover<int32_t>;
template class BasicExactCover<uint16_t>;

}  // namespace sudoku
