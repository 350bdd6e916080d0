#pragma once
// A generic exact-cover engine: Knuth's Algorithm X on dancing links (DLX). It knows nothing of
// Sudoku; solvers/dlx.cpp builds the Sudoku matrix on top of it. See exact_cover.cpp for the
// data layout and the measurements that shaped it.
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "puzzle/stop.hpp"

namespace puzzle {

/// Work counters of one search, in the spirit of Knuth's DLX reports. Deterministic: the same
/// matrix, selections and limits give the same counts on every machine.
struct CoverWork {
  uint64_t nodes = 0;       ///< rows tried by the search (search-tree nodes below the root)
  uint64_t guesses = 0;     ///< rows tried in a column that had two or more rows when chosen
  uint64_t backtracks = 0;  ///< chosen columns whose rows were all tried, or had none: dead ends
  uint64_t updates = 0;     ///< link removals: a node leaving a column, a column leaving the list
};

/// What a search found.
struct CoverResult {
  uint64_t solutions = 0;   ///< solutions found, up to the limit
  bool budget_hit = false;  ///< stopped by the node budget before the search finished
  CoverWork work;
};

/// An exact-cover matrix and its search, with links of type `Index`, an index into the node
/// array (see ExactCover and ExactCover16 below).
///
/// Build the matrix once with add_row(), then use it for any number of problems: load() the rows
/// fixed in advance (Sudoku givens) and search(); or select() them one by one, search() and
/// reset(). Nothing is allocated after the first load(), select() or search(). Columns 0..primary-1 are primary (covered exactly once by a
/// solution); the next `secondary` are secondary (covered at most once), as in Knuth's DLX1.
///
/// Not thread-safe: one object per thread. Distinct objects share nothing.
template <class Index>
class BasicExactCover {
 public:
  /// Called for each solution with its rows: the selected rows first, then the search's, in the
  /// order chosen. Return false to stop the search.
  using OnSolution = std::function<bool(std::span<const int32_t> rows)>;

  /// Throws std::invalid_argument for negative counts, std::length_error when the columns do not
  /// fit the link type.
  explicit BasicExactCover(int primary, int secondary = 0);

  int primary() const noexcept { return primary_; }
  int columns() const noexcept { return columns_; }
  int rows() const noexcept { return static_cast<int>(row_begin_.size()) - 1; }
  /// Nodes of the rows (the 1s of the matrix), headers not included.
  int ones() const noexcept { return static_cast<int>(node_.size()) - columns_; }

  /// Appends a row covering `cols` (distinct column numbers, at least one) and returns its number
  /// (0, 1, ...). Only while nothing is selected or searched (after construction or reset()).
  /// A column holds at most 2^(bits of Index - 3) - 1 rows (8,191 with 16-bit links).
  /// Throws std::invalid_argument for a bad row, std::length_error when it does not fit `Index`.
  int add_row(std::span<const int> cols);

  /// Fixes `row` in every following search, covering its columns. Returns false, changing
  /// nothing, when the row shares a column with a row selected before (or is one).
  bool select(int row);

  /// Starts a new problem with `rows` fixed: the same state as reset() followed by select() of
  /// each row, but built in one pass from the matrix as built (the column lists are relinked
  /// with the rows that clash with none of `rows`), which costs a fraction of covering them one
  /// by one when they cover many columns (a Sudoku's givens). Returns false, leaving the matrix
  /// as after reset(), when a row is out of range or two of them share a column. Link removals
  /// are not counted (select_updates() is 0 after it).
  bool load(std::span<const int32_t> rows);

  /// The rows selected since the last reset(), in order.
  std::span<const int32_t> selected() const noexcept { return {path_.data(), selected_count_}; }

  /// Searches for the solutions that extend the selected rows. Stops after `limit` solutions
  /// (0: count them all) or before trying a row when `budget` rows have been tried (0: no
  /// budget), or when `halt` fires (polled every Stop::kEvery rows; reported as budget_hit).
  /// A search that stops early leaves its chosen rows covered until the next reset(),
  /// select() or search(), so that reset() can undo everything in the cheapest way.
  CoverResult search(uint64_t limit, uint64_t budget, const OnSolution* on_solution = nullptr,
                     const Stop& halt = {});

  /// The rows of the first solution of the last search (selected rows first); empty if none.
  std::span<const int32_t> first_solution() const noexcept { return first_; }

  /// Back to the matrix as built: every selection and pending search row undone. Uncovers in
  /// reverse order (dancing back) when little is covered, or copies the built links back when
  /// that is cheaper (many covered columns: a Sudoku's givens); the result is the same.
  void reset();

  /// Link removals done by select() since the last reset() (the search's are in CoverResult).
  uint64_t select_updates() const noexcept { return select_updates_; }

  /// Which way the last reset() went (for tests and measurements).
  bool last_reset_copied() const noexcept { return last_reset_copied_; }

 private:
  struct Node {
    Index up, down;  // neighbours in the column's circular list (headers are nodes 0..columns-1)
    Index col;       // the column (a header node's own index)
    Index next;      // the next node of the row, cyclically (a header: itself)
  };
  // A column's entry in len_: its rows, plus these flags (len_ stays a plain signed minimum for
  // choose(): a covered or secondary column can never be the fewest).
  static constexpr Index kCovered = Index(Index(1) << (8 * sizeof(Index) - 2));
  static constexpr Index kSecondary = Index(kCovered >> 1);
  static constexpr Index kPad = Index(kCovered | kSecondary);  // after the last column

  void prepare();
  int32_t choose() noexcept;
  [[gnu::always_inline]] inline void cover(int32_t c) noexcept;
  [[gnu::always_inline]] inline void uncover(int32_t c) noexcept;
  void cover_row_others(int32_t x) noexcept;
  void uncover_row_others(int32_t x) noexcept;
  void unwind_search() noexcept;
  void copy_built() noexcept;

  int primary_, columns_;
  std::vector<Node> node_;          // headers 0..columns-1, then the rows' nodes, row by row
  std::vector<Index> len_;          // rows in each column (+ flags), padded to a multiple of 8
  int32_t active_;                  // primary columns not covered
  std::vector<int32_t> row_begin_;  // row r's nodes are node_[row_begin_[r] .. row_begin_[r+1])
  std::vector<int32_t> node_row_;   // the row of each node (headers: -1)

  // Sized by prepare() once the matrix is built; reused for every problem.
  bool prepared_ = false;
  std::vector<Node> built_node_;      // node_ and len_ as built, for the copying reset() and load()
  std::vector<Index> built_len_;
  std::vector<int32_t> col_begin_;    // column c's rows as built: col_rows_[col_begin_[c]..[c+1])
  std::vector<int32_t> col_rows_;
  std::vector<uint8_t> dead_;         // load(): 1 for a row that clashes with a loaded row (and
                                      // for the padding to a multiple of 64)
  std::vector<int32_t> path_;         // selected rows, then the search's rows (one per level)
  std::vector<int32_t> level_col_;    // column chosen at each search level
  std::vector<int32_t> level_node_;   // node of the row being tried at each level
  std::vector<uint8_t> level_guess_;  // did that column have two or more rows?
  std::vector<int32_t> level_hint_;   // hint-stack height after the level's column was covered
  std::vector<int32_t> hints_;        // columns that dropped to 0 or 1 rows: tried first
  std::size_t hint_top_ = 0;
  std::size_t zero_floor_ = 0;        // hints below this were pushed before the last choice
  std::size_t selected_count_ = 0;
  std::size_t depth_ = 0;             // search levels still covered (a stopped search)
  std::vector<int32_t> first_;
  uint64_t updates_ = 0;              // link removals so far (all time)
  uint64_t live_links_ = 0;           // link removals not undone yet
  uint64_t select_updates_ = 0;
  bool last_reset_copied_ = false;
};

/// The general engine: 32-bit links (up to 2^31 - 1 nodes).
using ExactCover = BasicExactCover<int32_t>;
/// 16-bit links, half the memory per node, for matrices of up to 65,535 nodes including the
/// headers and 8,191 rows per column: every Sudoku up to 25x25 (65,000 nodes, 25 rows per
/// column). add_row() throws when a row would not fit.
using ExactCover16 = BasicExactCover<uint16_t>;

extern template class BasicExactCover<int32_t>;
extern template class BasicExactCover<uint16_t>;

}  // namespace puzzle
