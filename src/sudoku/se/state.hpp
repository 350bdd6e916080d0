#pragma once
// What the producers of the SE rater share: the grid model (docs/se_rules.md, Grid model), the
// hint a producer yields, where it yields it, and the work budget. Internal to src/sudoku/se/.
//
// The geometry is grid9.hpp's (shared with logic/): regions numbered in the reference's type order,
// 0-8 boxes, 9-17 rows, 18-26 columns. Two scan orders occur (docs/se_rules.md, Grid model):
// `Geometry::scan_bcr` (boxes, columns, rows: singles, naked and hidden sets) and plain 0-26
// (boxes, rows, columns: loops, BUG, chains).
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/grid9.hpp"
#include "sudoku/se/se.hpp"

namespace puzzle::sudoku::se {

using grid9::box_of;
using grid9::cell_rc;
using grid9::col_of;
using grid9::digit_bit;
using grid9::geo;
using grid9::Geometry;
using grid9::kAllDigits;
using grid9::kBox;
using grid9::kCol;
using grid9::kGeometry;
using grid9::kRow;
using grid9::pop9;
using grid9::region_id;
using grid9::region_type;
using grid9::row_of;
using grid9::sees;

/// An 81-bit set of cells (aligned exclusion, wings): two words, bit c%64 of word c/64.
struct CellBits {
  uint64_t lo = 0, hi = 0;
  static constexpr CellBits peers(int c) noexcept { return {kGeometry.peer_mask[c][0], kGeometry.peer_mask[c][1]}; }
  static constexpr CellBits above(int c) noexcept {  // cells with an index larger than c
    if (c < 63) return {~uint64_t{0} << (c + 1), ~uint64_t{0}};
    return {0, ~uint64_t{0} << (c - 63)};
  }
  static constexpr CellBits below(int c) noexcept {  // cells with an index smaller than c
    if (c < 64) return {(uint64_t{1} << c) - 1, 0};
    return {~uint64_t{0}, (uint64_t{1} << (c - 64)) - 1};
  }
  CellBits operator&(CellBits o) const noexcept { return {lo & o.lo, hi & o.hi}; }
  CellBits operator|(CellBits o) const noexcept { return {lo | o.lo, hi | o.hi}; }
  CellBits minus(CellBits o) const noexcept { return {lo & ~o.lo, hi & ~o.hi}; }
  void insert(int c) noexcept { (c < 64 ? lo : hi) |= uint64_t{1} << (c & 63); }
  void erase(int c) noexcept { (c < 64 ? lo : hi) &= ~(uint64_t{1} << (c & 63)); }
  bool empty() const noexcept { return (lo | hi) == 0; }
  bool has(int c) const noexcept { return ((c < 64 ? lo : hi) >> (c & 63)) & 1; }
  /// At least two cells (without a 64-bit popcount: the portable build has none).
  bool two_or_more() const noexcept {
    return (lo & (lo - 1)) != 0 || (hi & (hi - 1)) != 0 || (lo != 0 && hi != 0);
  }
  /// Removes and returns the smallest cell.
  int pop() noexcept {
    if (lo != 0) {
      const int c = std::countr_zero(lo);
      lo &= lo - 1;
      return c;
    }
    const int c = 64 + std::countr_zero(hi);
    hi &= hi - 1;
    return c;
  }
};

/// The grid (docs/se_rules.md, Grid model): values and candidates, and per region and digit the
/// positions (bit p for position p) where the digit is a candidate, kept up to date by remove() and
/// place(). `single`, `one_open` and `two_open` are what the hidden singles (producer 1, at every
/// step) read, kept up to date with the rest instead of derived from `where` and `open` at each
/// step.
struct State {
  std::array<uint8_t, 81> value{};
  std::array<uint16_t, 81> cand{};                 ///< 0 on a filled cell
  std::array<std::array<uint16_t, 9>, 27> where{};  ///< [region][digit-1] -> positions
  std::array<uint16_t, 27> open{};                 ///< [region] -> positions of empty cells
  std::array<uint16_t, 27> single{};  ///< [region] -> digits with exactly one position
  uint32_t one_open = 0;  ///< regions (bit r) with exactly one empty cell
  uint32_t two_open = 0;  ///< regions (bit r) with two or more empty cells
  int empty = 81;

  /// The puzzle's candidates (docs/se_rules.md, Grid model). False when two givens repeat a digit
  /// in a region.
  bool load(const Grid& g);
  bool has(int cell, int digit) const noexcept { return (cand[cell] >> (digit - 1)) & 1; }
  uint16_t positions(int region, int digit) const noexcept { return where[region][digit - 1]; }
  int empty_in(int region) const noexcept { return pop9(open[region]); }
  /// Removes a candidate (no effect if absent).
  void remove(int cell, int digit) noexcept;
  /// Sets the value, clears the cell's candidates, removes the digit from its 20 peers.
  void place(int cell, int digit) noexcept;
};

/// The cells where `digit` is a candidate, from its positions in the 9 rows (row i is the cells
/// 9i..9i+8): the wings and the loops take cells of given digits from these.
inline CellBits cells_with(const State& s, int digit) noexcept {
  const auto d = static_cast<std::size_t>(digit - 1);
  uint64_t lo = 0;
  for (int i = 0; i < 8; ++i) lo |= uint64_t{s.where[static_cast<std::size_t>(region_id(kRow, i))][d]} << (9 * i);
  const uint64_t r7 = s.where[static_cast<std::size_t>(region_id(kRow, 7))][d];
  const uint64_t r8 = s.where[static_cast<std::size_t>(region_id(kRow, 8))][d];
  return {lo, r7 >> 1 | r8 << 8};
}

/// A producer's hint: what it removes and places, its rating and, for `explain`, its text.
/// Fields under "pattern" are filled by the producers whose hints the nested chains use
/// (intersections, naked and hidden pairs, X-wing: docs/se_rules.md, Nested levels).
struct Hint {
  Tech tech = Tech::hidden_single;
  double rating = 0;
  /// The removals, in the order the reference adds them (docs/se_rules.md, Nested levels).
  std::vector<Cand> removals;
  int place_cell = -1;         ///< the cell the hint names, or -1
  int place_digit = 0;
  std::string text;            ///< filled only when Ctx::want_text

  // pattern
  uint16_t digits = 0;               ///< the pattern's digits
  std::vector<uint8_t> base, cover;  ///< regions: base and cover (fish, intersections, sets)
  std::vector<uint8_t> cells;        ///< the pattern's cells

  // chain (forcing chains and cycles, producer 25; read by the nested levels): the nodes of the
  // chain in the reference's getChain order, from the conclusion back along the parents to the
  // assumption. A cycle's list starts with its closing "on" node and stops before the
  // assumption, which is that same node; its reversed twin (docs/se_rules.md, Nested levels) is
  // this list backwards with every state flipped, each node keeping its own cause. `complexity`
  // is that of docs/se_rules.md, Complexity, length bonus and order.
  struct ChainNode {
    uint8_t cell, digit;
    bool on;
    int8_t cause;  ///< -1 the assumption; 0, 1, 2 the cell's box, row, column rule; 3 the cell rule
  };
  std::vector<ChainNode> chain;
  int complexity = 0;
};

/// The work budget ran out (thrown by Ctx::spend, caught by Rater::rate).
struct BudgetExceeded {};

class Workspace;

/// What every producer receives beside the grid: the rating it works for (its Workspace, its
/// serial), its budget and whether hints need their text. One rating, one Ctx.
struct Ctx {
  /// A rating on a Workspace of its own (the tests, which call producers directly).
  Ctx();
  /// A rating on `ws` (a Rater's): what the producers keep there from earlier ratings is not
  /// used, since this Ctx has a new serial.
  explicit Ctx(Workspace& ws);
  Ctx(const Ctx&) = delete;
  Ctx& operator=(const Ctx&) = delete;
  ~Ctx();

 private:
  std::unique_ptr<Workspace> own_;  // set by Ctx() only
  Workspace* ws_;

 public:
  /// Tells the ratings of one Workspace apart: what a producer keeps there from one step to the
  /// next (the memos, the chain producers' propagations) is used only by the Ctx it was made
  /// with.
  const uint64_t serial;
  bool want_text = false;  ///< build Hint::text
  uint64_t work = 0;       ///< work spent so far
  uint64_t budget = 0;     ///< 0: unlimited

  /// The memos and scratch memory of this rating's producers.
  Workspace& ws() const noexcept { return *ws_; }
  /// Counts `n` units of work (about one candidate looked at or one node made).
  void spend(uint64_t n) {
    work += n;
    if (budget != 0 && work > budget) throw BudgetExceeded{};
    if (work >= poll_at_) [[unlikely]] poll();
  }
  /// The same as `n` calls of spend(unit), at once: on running out, `work` is where the first
  /// call over the budget would have left it (the producers that count a batch at once).
  void spend_each(uint64_t n, uint64_t unit) {
    if (budget != 0 && work + n * unit > budget) [[unlikely]] over_budget(unit);
    work += n * unit;
    if (work >= poll_at_) [[unlikely]] poll();
  }
  /// A stop (SIGINT, SIGTERM, a deadline) polled every kPollWork units of work: when it fires
  /// the rating ends as if its budget ran out (BudgetExceeded). None by default.
  void watch(const Stop& stop) {
    stop_ = stop;
    poll_at_ = stop.armed() ? work + kPollWork : UINT64_MAX;
  }
  /// About 0.1 ms of rating (kSeWorkPerSecond).
  static constexpr uint64_t kPollWork = 10'000;
  /// spend_each() running out, out of line (the common path stays inline): `work` where the
  /// first spend(unit) over the budget leaves it, then BudgetExceeded.
  [[noreturn]] void over_budget(uint64_t unit);

 private:
  /// At poll_at_: throws BudgetExceeded when the stop fired, else moves poll_at_ on.
  void poll();
  Stop stop_;
  uint64_t poll_at_ = UINT64_MAX;
};

/// A grid a producer saw in a rating, to tell what a later grid of the same rating lost since.
class SeenGrid {
 public:
  /// True when `s` belongs to the same rating (Ctx) and only lost candidates since; `gone` then
  /// holds the candidates lost, per cell.
  bool lost_since(const State& s, const Ctx& ctx, std::array<uint16_t, 81>& gone) const noexcept {
    if (serial_ != ctx.serial) return false;
    for (std::size_t c = 0; c < 81; ++c) {
      if ((s.cand[c] & ~cand_[c]) != 0) return false;
      gone[c] = static_cast<uint16_t>(cand_[c] & ~s.cand[c]);
    }
    return true;
  }
  void see(const State& s, const Ctx& ctx) noexcept {
    serial_ = ctx.serial;
    cand_ = s.cand;
  }

 private:
  uint64_t serial_ = 0;  // Ctx serials start at 1 (Workspace::new_rating)
  std::array<uint16_t, 81> cand_{};
};

/// What a producer found nothing on, for its next call in the same rating. In the rating loop a
/// producer that found nothing is asked again after a harder step, on a grid that only lost
/// candidates since: what did not change needs no second look (each producer says why).
class NothingMemo {
 public:
  /// True when the last call recorded for this rating found nothing, `s` only lost candidates
  /// since and no cell of `s` holds a single candidate (naked singles come first); `gone` then
  /// holds the candidates lost, per cell.
  bool gone_since(const State& s, const Ctx& ctx, std::array<uint16_t, 81>& gone) const noexcept {
    if (!nothing_ || !seen_.lost_since(s, ctx, gone)) return false;
    for (const uint16_t m : s.cand)
      if (pop9(m) == 1) return false;
    return true;
  }
  void record(const State& s, const Ctx& ctx, bool nothing) noexcept {
    seen_.see(s, ctx);
    nothing_ = nothing;
  }

 private:
  SeenGrid seen_;
  bool nothing_ = false;
};

// The scratch memory of the chaining engine (chains.cpp) and of forcing chains and cycles
// (forcing.cpp), each defined in its file; release() frees one.
struct ChainPool;
struct ForcingScratch;
void release(ChainPool* p) noexcept;
void release(ForcingScratch* p) noexcept;

/// What the producers keep between their calls: the memos that carry from one step of a rating
/// to the next (NothingMemo, the chain engines' kept propagations) and the scratch memory their
/// searches reuse. A Rater owns one, so two Raters share nothing; the producers reach it through
/// Ctx::ws(). Not thread-safe.
class Workspace {
 public:
  Workspace() = default;
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;

  /// A serial for a new rating (Ctx::serial); the first is 1.
  uint64_t new_rating() noexcept { return ++ratings_; }

  // What the producers that found nothing may skip at their next call (links.cpp, exclusion.cpp,
  // forcing.cpp): the Turbot family, three strong links, aligned triple exclusion, forcing
  // chains and cycles.
  NothingMemo turbot, three_links, triple_exclusion, forcing;

  /// The chain engines of each nesting depth (chains.cpp), made at the first call.
  ChainPool& chains();
  /// The forcing chains' search scratch (forcing.cpp), made at the first call.
  ForcingScratch& forcing_scratch();

 private:
  struct Release {
    template <class T>
    void operator()(T* p) const noexcept {
      release(p);
    }
  };
  std::unique_ptr<ChainPool, Release> chains_;
  std::unique_ptr<ForcingScratch, Release> forcing_;
  uint64_t ratings_ = 0;
};

inline Ctx::Ctx() : own_(std::make_unique<Workspace>()), ws_(own_.get()), serial(ws_->new_rating()) {}
inline Ctx::Ctx(Workspace& ws) : ws_(&ws), serial(ws.new_rating()) {}
inline Ctx::~Ctx() = default;

/// Where a producer puts its hints. In `first` mode (the rating loop) the producer may stop as
/// soon as add() returns false; in `all` mode (the nested chains) it lists every hint.
class Hints {
 public:
  explicit Hints(bool all = false) : all_(all) {}
  /// Takes the hint; false when the producer should stop looking.
  bool add(Hint&& h) {
    list.push_back(std::move(h));
    return all_;
  }
  bool all() const noexcept { return all_; }
  bool empty() const noexcept { return list.empty(); }
  std::vector<Hint> list;

 private:
  bool all_;
};

/// A producer: looks at the grid, adds its hints (sorted, if the reference sorts them).
using Producer = void (*)(const State&, Ctx&, Hints&);

// The producers (docs/se_rules.md, Producers), in the reference's order (1-36).
void hidden_single(const State&, Ctx&, Hints&);          // 1       basic.cpp
void direct_intersection(const State&, Ctx&, Hints&);    // 2
void direct_hidden_pair(const State&, Ctx&, Hints&);     // 3
void naked_single(const State&, Ctx&, Hints&);           // 4
void direct_hidden_triple(const State&, Ctx&, Hints&);   // 5
void intersection(const State&, Ctx&, Hints&);           // 6
void naked_pair(const State&, Ctx&, Hints&);             // 7
void x_wing(const State&, Ctx&, Hints&);                 // 8
void hidden_pair(const State&, Ctx&, Hints&);            // 9
void naked_triple(const State&, Ctx&, Hints&);           // 10
void swordfish(const State&, Ctx&, Hints&);              // 11
void hidden_triple(const State&, Ctx&, Hints&);          // 12
void turbot(const State&, Ctx&, Hints&);                 // 13      links.cpp
void xy_wing(const State&, Ctx&, Hints&);                // 14      basic.cpp
void xyz_wing(const State&, Ctx&, Hints&);               // 15
void unique_loops(const State&, Ctx&, Hints&);           // 16      unique.cpp
void naked_quad(const State&, Ctx&, Hints&);             // 17      basic.cpp
void jellyfish(const State&, Ctx&, Hints&);              // 18
void hidden_quad(const State&, Ctx&, Hints&);            // 19
void three_strong_links(const State&, Ctx&, Hints&);     // 20      links.cpp
void wxyz_wing(const State&, Ctx&, Hints&);              // 21      wings.cpp
void bug(const State&, Ctx&, Hints&);                    // 22      unique.cpp
void vwxyz_wing(const State&, Ctx&, Hints&);             // 23      wings.cpp
void aligned_pair_exclusion(const State&, Ctx&, Hints&);    // 24  exclusion.cpp
void forcing_chains_cycles(const State&, Ctx&, Hints&);     // 25  forcing.cpp
void aligned_triple_exclusion(const State&, Ctx&, Hints&);  // 26  exclusion.cpp
void nishio_chains(const State&, Ctx&, Hints&);             // 27  chains.cpp
void multiple_chains(const State&, Ctx&, Hints&);           // 28
void dynamic_chains(const State&, Ctx&, Hints&);            // 29
void dynamic_plus_chains(const State&, Ctx&, Hints&);       // 30 (level 1)
void nested_chains_2(const State&, Ctx&, Hints&);           // 31
void nested_chains_3(const State&, Ctx&, Hints&);           // 32
void nested_chains_4_0(const State&, Ctx&, Hints&);         // 33-36 (level 4, inner 0-3)
void nested_chains_4_1(const State&, Ctx&, Hints&);
void nested_chains_4_2(const State&, Ctx&, Hints&);
void nested_chains_4_3(const State&, Ctx&, Hints&);

/// Runs the producers (docs/se_rules.md, Producers) in order until one yields: its hints are in
/// `hints` (the first is the step). False when none applies.
bool next_hint(const State& s, Ctx& ctx, Hints& hints);

/// "r4c2" (rows and columns 1-9) and the reference's "B4" (column letter, row digit).
std::string cell_se(int cell);

}  // namespace puzzle::sudoku::se
