// The chaining engine (docs/se_rules.md, Chains): Nishio, multiple and dynamic chains and the
// nested levels (producers 27-36).
//
// A node is a candidate (cell*9 + digit-1, 729 of them) with an on/off flag: node = cand*2 + on.
// A propagation (docs/se_rules.md, Propagation) keeps its on and off sets as bitsets with their
// insertion order (which is also the queue order), and per node what its parents are (the first
// parent, then the hidden ones, or an advanced node's rule parents; see Propagation), so that the
// complexity of a hint (distinct ancestors) can be counted afterwards. Dynamic propagations work
// on a copy of the grid's candidates made at their start (Cands).
//
// Speed: in the rating loop (only the first sorted hint is wanted) a conclusion is counted only
// if a lower bound of its complexity (each branch's first-parent depth) could still beat the
// best hint so far, and counting stops as soon as the hint cannot come first; the nested levels
// want every hint but, of those with equal removals, only the first: the same, per removal. At
// level 0 the propagations are kept (ChainEngine::Cache) from one run to the next of the same rating
// while the grid only loses candidates that cannot change them (Counted): the hard puzzles take
// many chaining steps in a row, each removing a candidate or two, and about half the
// propagations come out the same. Above it, what the producers nested in a propagation yield on
// its grid is kept for the step (ChainEngine::stage): the same grids come back again and again.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <memory>
#include <unordered_map>
#include <vector>

#include "sudoku/se/state.hpp"

namespace puzzle::sudoku::se {

namespace {

constexpr int kCands = 729;
constexpr int kNodes = 2 * kCands;
constexpr int kExtra = kNodes;  // the node of a contradiction that never entered the sets

constexpr int cand_of(int cell, int digit) noexcept { return cell * 9 + digit - 1; }
constexpr int node_of(int cand, bool on) noexcept { return cand * 2 + (on ? 1 : 0); }
constexpr int cell_of_cand(int cand) noexcept { return cand / 9; }
constexpr int digit_of_cand(int cand) noexcept { return cand % 9 + 1; }


struct Bits {
  std::array<uint64_t, 12> w;
  void clear() noexcept { w.fill(0); }
  bool has(int i) const noexcept { return (w[i >> 6] >> (i & 63)) & 1; }
  void set(int i) noexcept { w[i >> 6] |= uint64_t{1} << (i & 63); }
  void and_with(const Bits& o) noexcept {
    for (int k = 0; k < 12; ++k) w[k] &= o.w[k];
  }
  bool any() const noexcept {
    uint64_t a = 0;
    for (uint64_t x : w) a |= x;
    return a != 0;
  }
};

// The grid a dynamic propagation works on (an off node's candidate goes when the node is
// processed): the part of State the propagation reads, without what State::remove also keeps.
struct Cands {
  std::array<uint16_t, 81> cand;
  std::array<std::array<uint16_t, 9>, 27> where;
  void remove(int x, int d) noexcept {
    const Geometry& G = geo();
    cand[x] &= static_cast<uint16_t>(~digit_bit(d));
    for (int t = 0; t < 3; ++t) where[G.region[x][t]][d - 1] &= static_cast<uint16_t>(~(1u << G.pos[x][t]));
  }
};

// Why an on node is on (what the nested levels need to find a chain's rule parents).
enum Cause : uint8_t { kNoCause, kCellRule, kBoxRule, kRowRule, kColRule, kAdvanced };

// The least count each rule of a propagation read: the candidates of a cell (cell rule), the
// positions of a digit in a region (region rules); 255 where none was read. With L candidates of
// a cell or region gone (none of them a node), a count k read there becomes k - L, and the rule's
// answer (k == 2) can only change if k <= L + 2. A kept propagation's counts are brought down
// to the grid's at each step.
struct Counted {
  std::array<uint8_t, 81> cell;
  std::array<std::array<uint8_t, 9>, 27> region;
  void clear() noexcept {
    cell.fill(255);
    for (auto& r : region) r.fill(255);
  }
};

constexpr uint16_t kNoParent = 0xFFFF;

// What a propagation knows of each of its nodes (entries of other nodes are stale), a node's
// fields side by side: a propagation touches few of the 1459 entries.
struct NodeInfo {
  struct Node {
    uint8_t depth;   // length of the first-parent path (saturated): <= ancestors
    uint8_t cause;   // Cause
    uint16_t first;  // first parent, kNoParent for the start
  };
  std::array<Node, kNodes + 1> node;
  std::array<uint16_t, kCands> off_at;  // an off node's place in the off list
};

// One propagation's outcome: the on and off sets (with their order) and every node's parents.
// At level 0 a node's parents are its first parent (`first`) and, for an on node made by a rule
// in a dynamic propagation, the hidden ones: the off nodes of the rule's cell or of its digit in
// the rule's region that were processed before the first parent (`off_at`: place in the off
// list), found again when needed. Above level 0 (advanced nodes) they are listed in `pool`.
struct Propagation {
  Bits on, off;
  std::array<uint16_t, kCands> on_list, off_list;
  int n_on = 0, n_off = 0;
  bool pooled = false;  // parents in pool (pbeg, pcnt), else first and off_at
  NodeInfo mine;                  // written by the propagation
  const NodeInfo* info = &mine;   // read: mine, or a kept propagation's (ChainEngine::restore)
  std::array<uint32_t, kNodes + 1> pbeg;
  std::array<uint16_t, kNodes + 1> pcnt;
  std::array<int32_t, kNodes + 1> nested;  // index into nested_info (advanced nodes), or -1
  std::vector<uint16_t> pool;
  std::vector<std::pair<uint64_t, int>> nested_info;  // signature and complexity of nested hints
  bool contradiction = false;
  int c_on = 0, c_off = 0;  // the two nodes of a contradiction (one of them kExtra)
  int c_cand = 0;
  Counted counted;
};

// Calls f(cand, on) for each node in `on_set` (on nodes) or `off_set` (off nodes), in the order of
// `first`'s result, on nodes first: forced nodes are listed in the first branch's order
// (docs/se_rules.md, Nishio, multiple and dynamic chains). n is read before the first call: f may
// make `first` again with parents (the same lists).
template <class F>
void each_forced(const Propagation& first, const Bits& on_set, const Bits& off_set, F&& f) {
  for (int pass = 0; pass < 2; ++pass) {
    const bool is_on = pass == 0;
    const Bits& set = is_on ? on_set : off_set;
    if (!set.any()) continue;
    const auto& list = is_on ? first.on_list : first.off_list;
    const int n = is_on ? first.n_on : first.n_off;
    for (int i = 0; i < n; ++i)
      if (set.has(list[i])) f(list[i], is_on);
  }
}

struct Mode {
  bool dynamic = false;
  bool nishio = false;
  bool multiple = false;
  int level = 0;
  int nesting = 0;  // level 4: the inner dynamic producer's level
};

// Everything a chaining hint needs until it is sorted and handed out.
struct Found {
  double rating = 0;
  int complexity = 0;
  int kind = 0;  // sort key: double 1, cell 5, region 6, contradiction 7
  int seq = 0;
  uint8_t cell = 0;       // the cell whose candidates are removed
  uint16_t mask = 0;      // the removed digits
  uint8_t place = 0;      // the digit placed, or 0
  // text
  uint8_t form = 0;       // 0 contradiction / Nishio, 1 double, 2 cell, 3 region
  uint8_t src_cell = 0, src_digit = 0, region = 0;
  bool src_on = false;
  uint16_t dst_cand = 0;
  bool dst_on = false;
  // nested use: the candidates (off nodes, as cands) the hint relies on that the outer chain removed
  std::vector<uint16_t> rule_parents;
  uint64_t signature = 0;  // tells nested chains apart (the reference's FullChain)
};

double base_rating(const Mode& m) noexcept {
  if (m.level >= 2) return 9.5 + 0.5 * (m.level - 2);
  if (m.level > 0) return 8.5 + 0.5 * m.level;
  if (m.nishio) return 7.5;
  if (m.dynamic) return 8.5;
  return 8.0;
}

constexpr std::string_view kRegionName[3] = {"block", "row", "column"};

std::string cand_text(int cand) {
  return cell_se(cell_of_cand(cand)) + "." + std::to_string(digit_of_cand(cand));
}

Propagation& slot(std::unique_ptr<Propagation>& p) {
  if (!p) p = std::make_unique<Propagation>();
  return *p;
}

/// The chaining engine of one nesting depth (chain_engine_at): its producers' stages, the kept
/// propagations and the scratch of one search for chains. (logic::Engine is the `logic` solver.)
class ChainEngine {
 public:
  void set_mode(const Mode& m) { mode_ = m; }

  /// `source`: the grid at the start of the outer propagation when this engine runs nested
  /// (its hints then carry their rule parents), else null.
  void run(const State& s, Ctx& ctx, std::vector<Found>& found, const State* source = nullptr,
           bool first_only = false);

 private:
  template <bool kPool>
  bool propagate(Propagation& R, int start_node);
  template <class F>
  void each_parent(const Propagation& R, int n, F&& f) const;
  int advanced(Propagation& R);
  // A producer stage of advanced() on one working grid: each usable hint's removals (in the
  // reference's order), its rule parents (off nodes) and, for a chain, its signature and
  // complexity. Stages: the basic four, forcing chains (levels 2-3), the inner chains.
  struct Stage {
    struct Batch {
      uint32_t c0, c1, p0, p1;  // cands[c0, c1), parents[p0, p1)
      int32_t info;             // infos index, or -1
    };
    std::vector<uint16_t> cands, parents;
    std::vector<Batch> batches;
    std::vector<std::pair<uint64_t, int>> infos;
  };
  // the inner chains: level 3's multiple chains kStageInner, level 4's dynamic ones + 1 + nesting
  static constexpr int kStageBasic = 0, kStageForcing = 1, kStageInner = 2;
  struct MemoKey {
    std::array<uint16_t, 81> cand;
    int which;
    bool operator==(const MemoKey&) const = default;
  };
  struct MemoHash {
    std::size_t operator()(const MemoKey& k) const noexcept {
      uint64_t h = 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(k.which + 1);
      for (std::size_t i = 0; i < 81; i += 4) {
        uint64_t w = 0;
        std::memcpy(&w, k.cand.data() + i, (i + 4 <= 81 ? 4 : 81 - i) * sizeof(uint16_t));
        h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
      }
      return static_cast<std::size_t>(h);
    }
  };
  static constexpr std::size_t kMemoLimit = 1 << 15;
  std::unordered_map<MemoKey, Stage, MemoHash> memo_;
  // What memo_ was made for: the rating (Ctx serial) and the run's source grid.
  uint64_t memo_serial_ = 0;
  std::array<uint16_t, 81> memo_cand_{};
  std::array<uint8_t, 81> memo_value_{};
  const Stage& stage(int which);
  template <class Visit>
  void each_ancestor(const Propagation& R, int node, Visit&& visit);
  int ancestors(const Propagation& R, int node, int limit = kNodes + 1);
  void begin_hint() { hint_nested_.clear(); }
  int end_hint() const {
    int n = 0;
    for (const auto& p : hint_nested_) n += p.second;
    return n;
  }
  void collect_rule_parents(const Propagation& R, int node, int start_cause);
  void finish(Found&& f, const Propagation* const* branches, int nb, int node, int start_cause);
  void set_rule_parents(Found& f, const Propagation* const* branches, int nb, int node, int start_cause);
  // The best hint so far that a new one must beat (sorting by rating, complexity, kind is
  // sorting by complexity, kind within a run: the rating grows with the complexity; an equal key
  // loses, found later). In the rating loop (first_only_) only the first hint after the sort is
  // wanted: one best for all. Otherwise (the nested levels) every hint is, but of hints with the
  // same removals only the first after the sort survives (they are equal hints): one best per
  // removal, a cell and its removed digits (key_of).
  struct Best {
    uint32_t run = 0;  // the run it belongs to (runs_): older is none
    int cx = 0, kind = 0;
  };
  const Best* best_for(int key) const {
    const Best& b = first_only_ ? best_ : key_best_[static_cast<std::size_t>(key)];
    return b.run == runs_ ? &b : nullptr;
  }
  bool may_win(int lb, int kind, int key) const {
    const Best* b = best_for(key);
    return b == nullptr || lb < b->cx || (lb == b->cx && kind < b->kind);
  }
  /// A removal as a key: the cell, and the digits it removes.
  static constexpr int removal_key(int cell, unsigned digits) { return cell * 512 + static_cast<int>(digits); }
  /// The removal of the conclusion (cand, on) (ChainEngine::conclusion).
  int key_of(int cand, bool on) const {
    const int x = cell_of_cand(cand), d = digit_of_cand(cand);
    return removal_key(x, on ? start_->cand[x] & ~digit_bit(d) : digit_bit(d));
  }
  bool first_only_ = false;  // the rating loop: only the first hint after sorting is wanted
  uint32_t runs_ = 0;        // run() calls so far
  Best best_;
  std::vector<Best> key_best_ = std::vector<Best>(81 * 512);
  void add_found(Found&& f) {
    f.seq = static_cast<int>(found_->size());
    found_->push_back(std::move(f));
  }
  Found conclusion(int cand, bool on, int kind, int form) const;
  void do_cell(int x);
  void do_regions(int x, int d, Propagation& own);
  /// The propagation from `node` with its parents: kept (level 0) or made with a pool.
  bool with_parents(Propagation& R, int node) {
    if (mode_.level == 0) return made_or_kept(R, node);
    const bool contradiction = propagate<true>(R, node);
    if ((node & 1) != 0 && !cache_->by_node[node]) remember(node, R);  // kept() asks for on nodes
    return contradiction;
  }

  Mode mode_;
  const State* start_ = nullptr;
  Cands work_cands_;
  // Per candidate of the start grid, the nodes an on node makes off (docs/se_rules.md, Nodes and
  // links; in its order): the cell's other candidates (not in Nishio), the digit's other positions
  // in the box, in the row outside the box, in the column outside the box. Made once a run.
  std::vector<uint16_t> targets_;
  std::array<uint32_t, kCands + 1> target_begin_{};
  void make_targets(const State& s);
  State work_;  // the working grid as a State, for advanced() (levels above 0)
  Ctx* ctx_ = nullptr;
  std::vector<Found>* found_ = nullptr;
  const State* source_ = nullptr;
  std::vector<std::pair<uint64_t, int>> hint_nested_;
  Bits rp_;  // rule parents being collected
  uint64_t sig_ = 0;  // hash of the targets and their ancestors (the reference's FullChain)
  Hints basic_hints_{true};
  // A propagation kept while it stays true (Speed, above). From one step to the next the grid
  // loses candidates; a propagation made again on the new grid does the same unless one of its
  // nodes went, or a count one of its rules read can change its answer (Counted). Above level 0
  // (advanced nodes, parents in a pool) only its sets and depths are used, within one run.
  struct Kept {
    Bits on, off;
    NodeInfo info;
    std::vector<uint16_t> lists;  // its on list, then its off list
    uint16_t n_on = 0, n_off = 0;
    bool contradiction = false;
    int c_on = 0, c_off = 0, c_cand = 0;
    Counted counted;
  };
  // One per kind of level-0 propagation (Nishio, static, dynamic) and one for the nested levels
  // (whose advanced() reads the whole grid: kept for one run only).
  struct Cache {
    std::array<std::unique_ptr<Kept>, kNodes> by_node;  // null: none kept
    std::vector<uint16_t> live;  // the nodes with one
    SeenGrid seen;               // the grid they were made on
  };
  std::array<Cache, 4> caches_;
  std::vector<uint16_t> lost_;  // begin_cache()'s scratch
  std::vector<std::unique_ptr<Kept>> spare_;  // dropped entries, for reuse (memory stays at the most kept at once)
  Cache* cache_ = nullptr;  // this run's
  void begin_cache(const State& s);
  const Kept& kept(int node);
  void remember(int node, const Propagation& R);
  /// The propagation from `node` (level 0): the kept one, else made and kept.
  bool made_or_kept(Propagation& R, int node) {
    if (!cache_->by_node[node]) {
      propagate<false>(R, node);
      remember(node, R);
      return R.contradiction;
    }
    restore(node, R);
    return R.contradiction;
  }
  void restore(int node, Propagation& R) const {
    const Kept& L = *cache_->by_node[node];
    R.on = L.on;
    R.off = L.off;
    R.n_on = L.n_on;
    R.n_off = L.n_off;
    std::memcpy(R.on_list.data(), L.lists.data(), L.n_on * sizeof(uint16_t));
    std::memcpy(R.off_list.data(), L.lists.data() + L.n_on, L.n_off * sizeof(uint16_t));
    R.contradiction = L.contradiction;
    R.c_on = L.c_on;
    R.c_off = L.c_off;
    R.c_cand = L.c_cand;
    R.pooled = false;
    R.info = &L.info;
  }
  std::unique_ptr<Propagation> kept_res_;
  std::vector<Found> inner_found_;
  // scratch
  std::array<std::unique_ptr<Propagation>, 9> cell_res_;    // the on result of each candidate
  std::unique_ptr<Propagation> off_res_;
  std::array<std::unique_ptr<Propagation>, 9> region_res_;  // the other positions of a region
  std::array<uint64_t, (kNodes + 1 + 63) / 64> seen_{};
  std::array<uint16_t, kNodes + 1> stack_{};
};

}  // namespace

// The Workspace's share: the engines of each nesting depth (a nested level runs inner producers
// on its working grid, each at the next depth), and the depth running now.
struct ChainPool {
  std::vector<std::unique_ptr<ChainEngine>> engines;
  std::vector<std::unique_ptr<std::vector<Found>>> founds;
  int depth = 0;
};
void release(ChainPool* p) noexcept { delete p; }
ChainPool& Workspace::chains() {
  if (!chains_) chains_.reset(new ChainPool);
  return *chains_;
}

namespace {

// A chain producer's run at the pool's current depth: its engine and hint list, the depth one
// deeper while it lives.
class Depth {
 public:
  explicit Depth(ChainPool& pool) : pool_(pool), at_(pool.depth) {
    while (static_cast<int>(pool_.engines.size()) <= at_) {
      pool_.engines.push_back(std::make_unique<ChainEngine>());
      pool_.founds.push_back(std::make_unique<std::vector<Found>>());
    }
    ++pool_.depth;
  }
  ~Depth() { --pool_.depth; }
  Depth(const Depth&) = delete;
  Depth& operator=(const Depth&) = delete;
  ChainEngine& engine() const { return *pool_.engines[static_cast<std::size_t>(at_)]; }
  std::vector<Found>& found() const { return *pool_.founds[static_cast<std::size_t>(at_)]; }

 private:
  ChainPool& pool_;
  int at_;
};

// The candidates a basic hint relies on that the outer propagation removed (docs/se_rules.md,
// Nested levels), as candidate indices into `out`.
void basic_parents(const Hint& h, const State& src, const State& cur, Bits& out) {
  const Geometry& G = geo();
  auto lost = [&](int cell, int d) { return src.has(cell, d) && !cur.has(cell, d); };
  auto in_cells = [&](int cell) {
    return std::find(h.cells.begin(), h.cells.end(), cell) != h.cells.end();
  };
  switch (h.tech) {
    case Tech::pointing:
    case Tech::claiming:
    case Tech::x_wing: {
      const int d = std::countr_zero(h.digits) + 1;
      for (int b : h.base)
        for (int c : G.cells[b]) {
          bool covered = false;
          for (int r : h.cover) covered |= G.region[c][region_type(r)] == r;
          if (!covered && lost(c, d)) out.set(cand_of(c, d));
        }
      break;
    }
    case Tech::hidden_pair:
      for (int b : h.base)
        for (int c : G.cells[b])
          if (!in_cells(c))
            for (uint16_t m = h.digits; m != 0; m &= m - 1)
              if (lost(c, std::countr_zero(m) + 1)) out.set(cand_of(c, std::countr_zero(m) + 1));
      break;
    case Tech::naked_pair:
      for (int c : h.cells)
        for (uint16_t m = static_cast<uint16_t>(kAllDigits & ~h.digits); m != 0; m &= m - 1)
          if (lost(c, std::countr_zero(m) + 1)) out.set(cand_of(c, std::countr_zero(m) + 1));
      break;
    default:
      break;
  }
}

// The candidates a forcing chain or cycle (producer 25, run nested at levels 2 and 3) relies on
// that the outer propagation removed: the reference's ChainingHint rule parents over its chain
// targets. Each "on" node made by a rule (not the assumption) adds the candidates lost from its
// cell (cell rule) or of its digit in its region (region rules). A cycle has two targets, the
// closing node's chain and its reversed twin, whose nodes are the chain's with every state
// flipped and each keeping its own cause: between them every node of a cycle with a cause counts,
// on or off. Also its FullChain signature (targets and chains) into `sig`.
void chain_parents(const Hint& h, const State& src, const State& cur, Bits& out, uint64_t& sig) {
  const Geometry& G = geo();
  const bool cycle = h.tech == Tech::x_cycle || h.tech == Tech::y_cycle || h.tech == Tech::xy_cycle;
  sig = 1469598103934665603ull ^ (cycle ? 0x5A5Aull : 0xA5A5ull);
  for (const Hint::ChainNode& n : h.chain) {
    sig = (sig ^ static_cast<uint64_t>(node_of(cand_of(n.cell, n.digit), n.on) + 1)) * 1099511628211ull;
    if (n.cause < 0 || !(n.on || cycle)) continue;
    const int x = n.cell, d = n.digit;
    if (n.cause == 3) {
      for (uint16_t m = static_cast<uint16_t>(src.cand[x] & ~cur.cand[x]); m != 0; m &= m - 1)
        out.set(cand_of(x, std::countr_zero(m) + 1));
    } else {
      const int r = G.region[x][n.cause];
      for (uint16_t m = static_cast<uint16_t>(src.where[r][d - 1] & ~cur.where[r][d - 1]); m != 0; m &= m - 1)
        out.set(cand_of(G.cells[r][std::countr_zero(m)], d));
    }
  }
}

// The order in which the reference's hash map on the cell index lists a hint's removals: cells
// by (index mod T), T growing with the number of cells, ties in order of first appearance.
void hash_order(const std::vector<Cand>& removals, std::vector<uint16_t>& out) {
  std::array<uint16_t, 81> mask{};
  std::array<uint8_t, 81> cells{};
  int n = 0;
  for (Cand c : removals) {
    if (mask[c.cell] == 0) cells[n++] = c.cell;
    mask[c.cell] |= digit_bit(c.digit);
  }
  const int T = n <= 12 ? 16 : n <= 24 ? 32 : n <= 48 ? 64 : 128;
  std::stable_sort(cells.begin(), cells.begin() + n, [T](uint8_t a, uint8_t b) { return a % T < b % T; });
  out.clear();
  for (int i = 0; i < n; ++i)
    for (uint16_t m = mask[cells[i]]; m != 0; m &= m - 1)
      out.push_back(static_cast<uint16_t>(cand_of(cells[i], std::countr_zero(m) + 1)));
}

// Level > 0, both queues empty: the advanced implications (docs/se_rules.md, Nested levels). Runs
// the producers of the level on the working grid; the first that yields a usable hint supplies all
// of them, each removal an off node whose parents are the hint's rule parents. Returns the new off
// nodes.
//
// What a producer yields there depends only on the working grid and the grid the outer
// propagation started from (the rule parents), and the same working grid comes back often: two
// starts whose propagations reach the same grid (a bivalue cell's "off" and its other digit's
// "on"), the same start at the next level of the same step (levels 1-3 take the same path until
// a producer of the higher level is needed). So each producer stage's outcome on a grid is
// kept while the source grid stays (stage(), memo_).
int ChainEngine::advanced(Propagation& R) {
  // The stages of the level, in order (docs/se_rules.md, Nested levels).
  std::array<int, 3> stages{kStageBasic};
  int n = 1;
  if (mode_.level == 2 || mode_.level == 3) stages[n++] = kStageForcing;
  if (mode_.level >= 3) stages[n++] = mode_.level == 3 ? kStageInner : kStageInner + 1 + mode_.nesting;
  const Stage* use = nullptr;
  for (int k = 0; k < n && use == nullptr; ++k)
    if (const Stage& st = stage(stages[k]); !st.batches.empty()) use = &st;
  if (use == nullptr) return 0;
  int added = 0;
  for (const Stage::Batch& b : use->batches) {
    const uint16_t* parents = use->parents.data() + b.p0;
    const int np = static_cast<int>(b.p1 - b.p0);
    int nested = -1;
    if (b.info >= 0) {
      nested = static_cast<int>(R.nested_info.size());
      R.nested_info.push_back(use->infos[static_cast<std::size_t>(b.info)]);
    }
    for (uint32_t i = b.c0; i < b.c1; ++i) {
      const uint16_t c = use->cands[i];
      if (R.off.has(c)) continue;
      R.off.set(c);
      R.mine.off_at[c] = static_cast<uint16_t>(R.n_off);
      R.off_list[R.n_off++] = c;
      const int node = node_of(c, false);
      R.mine.node[node].first = parents[0];
      R.pbeg[node] = static_cast<uint32_t>(R.pool.size());
      R.pcnt[node] = static_cast<uint16_t>(np);
      R.mine.node[node].cause = kAdvanced;
      int dep = 1;
      for (int q = 0; q < np; ++q) dep = std::max(dep, R.mine.node[parents[q]].depth + 1);
      R.mine.node[node].depth = static_cast<uint8_t>(std::min(dep, 255));
      R.nested[node] = nested;
      R.pool.insert(R.pool.end(), parents, parents + np);
      ++added;
    }
  }
  return added;
}

// The outcome of one producer stage of advanced() on the working grid: kept, or made now.
const ChainEngine::Stage& ChainEngine::stage(int which) {
  if (memo_.size() >= kMemoLimit) memo_.clear();  // a bound on memory; the outcome is the same
  MemoKey key{work_.cand, which};
  auto [it, fresh] = memo_.try_emplace(key);
  Stage& st = it->second;
  if (!fresh) return st;
  Ctx& ctx = *ctx_;
  const bool text = ctx.want_text;
  ctx.want_text = false;
  std::vector<uint16_t> order;
  // One hint's batch: its removals in `order`, its rule parents in rp_ (none: not usable).
  auto add = [&](int info) {
    bool any = false;
    for (int k = 0; k < 12 && !any; ++k) any = rp_.w[k] != 0;
    if (!any) return false;
    Stage::Batch b;
    b.c0 = static_cast<uint32_t>(st.cands.size());
    st.cands.insert(st.cands.end(), order.begin(), order.end());
    b.c1 = static_cast<uint32_t>(st.cands.size());
    b.p0 = static_cast<uint32_t>(st.parents.size());
    for (int k = 0; k < 12; ++k)
      for (uint64_t w = rp_.w[k]; w != 0; w &= w - 1)
        st.parents.push_back(static_cast<uint16_t>(node_of(k * 64 + std::countr_zero(w), false)));
    b.p1 = static_cast<uint32_t>(st.parents.size());
    b.info = info;
    st.batches.push_back(b);
    return true;
  };
  try {
    if (which == kStageBasic) {
      constexpr Producer kBasic[4] = {intersection, hidden_pair, naked_pair, x_wing};
      for (Producer p : kBasic) {
        basic_hints_.list.clear();
        p(work_, ctx, basic_hints_);
        for (const Hint& h : basic_hints_.list) {
          rp_.clear();
          basic_parents(h, *start_, work_, rp_);
          hash_order(h.removals, order);
          add(-1);
        }
        if (!st.batches.empty()) break;
      }
    } else if (which == kStageForcing) {
      // Levels 2 and 3: forcing chains and cycles (producer 25), every hint sorted, each
      // carrying its chain to find rule parents in.
      basic_hints_.list.clear();
      forcing_chains_cycles(work_, ctx, basic_hints_);
      for (const Hint& h : basic_hints_.list) {
        rp_.clear();
        uint64_t sig = 0;
        chain_parents(h, *start_, work_, rp_, sig);
        hash_order(h.removals, order);
        if (add(static_cast<int>(st.infos.size()))) st.infos.emplace_back(sig, h.complexity);
      }
    } else {
      // Level 3: multiple forcing chains; level 4: dynamic ones of the inner nesting.
      Mode inner;
      inner.multiple = true;
      if (mode_.level >= 4) {
        inner.dynamic = true;
        inner.level = mode_.nesting;
      }
      Depth depth(ctx.ws().chains());
      ChainEngine& e = depth.engine();
      std::vector<Found>& found = depth.found();
      found.clear();
      e.set_mode(inner);
      e.run(work_, ctx, found, start_);
      for (std::size_t i = 0; i < found.size(); ++i) {
        const Found& f = found[i];
        bool dup = false;
        for (std::size_t j = 0; j < i && !dup; ++j) dup = found[j].cell == f.cell && found[j].mask == f.mask;
        if (dup) continue;
        rp_.clear();
        for (uint16_t c : f.rule_parents) rp_.set(c);
        order.clear();
        for (uint16_t m = f.mask; m != 0; m &= m - 1)
          order.push_back(static_cast<uint16_t>(cand_of(f.cell, std::countr_zero(m) + 1)));
        if (add(static_cast<int>(st.infos.size()))) st.infos.emplace_back(f.signature, f.complexity);
      }
    }
  } catch (...) {
    ctx.want_text = text;
    memo_.erase(it);  // not made: the budget ran out
    throw;
  }
  ctx.want_text = text;
  return st;
}

// The propagation (docs/se_rules.md, Propagation) from one start node. True on a contradiction
// (R.c_on, R.c_off).
template <bool kPool>
bool ChainEngine::propagate(Propagation& R, int start_node) {
  const Geometry& G = geo();
  const State& S = *start_;
  if (mode_.dynamic) {
    work_cands_.cand = S.cand;
    work_cands_.where = S.where;
    if (mode_.level > 0) work_ = S;  // what advanced() runs its producers on
  }
  const auto& cand = mode_.dynamic ? work_cands_.cand : S.cand;
  const auto& where = mode_.dynamic ? work_cands_.where : S.where;
  const bool y_rules = !mode_.nishio;
  R.on.clear();
  R.off.clear();
  R.n_on = R.n_off = 0;
  R.pool.clear();
  R.nested_info.clear();
  R.contradiction = false;
  R.pooled = kPool;
  R.info = &R.mine;
  R.counted.clear();
  R.mine.node[start_node].depth = 1;
  {
    const int c = start_node >> 1;
    R.mine.node[start_node].first = kNoParent;
    R.pbeg[start_node] = 0;
    R.pcnt[start_node] = 0;
    R.mine.node[start_node].cause = kNoCause;
    R.nested[start_node] = -1;
    if (start_node & 1) {
      R.on.set(c);
      R.on_list[R.n_on++] = static_cast<uint16_t>(c);
    } else {
      R.off.set(c);
      R.mine.off_at[c] = 0;
      R.off_list[R.n_off++] = static_cast<uint16_t>(c);
    }
  }
  int hon = 0, hoff = 0;
  uint64_t work = 0;
  auto add_node = [&](int node, const uint16_t* parents, int np, uint8_t cause) {
    R.mine.node[node].first = parents[0];
    R.mine.node[node].cause = cause;
    if constexpr (!kPool) return;
    R.pbeg[node] = static_cast<uint32_t>(R.pool.size());
    R.pcnt[node] = static_cast<uint16_t>(np);
    R.nested[node] = -1;
    R.pool.insert(R.pool.end(), parents, parents + np);
  };

  for (;;) {
    if (hon < R.n_on) {
      const int pc = R.on_list[hon++];
      const int pn = node_of(pc, true);
      // what it makes off, in order (the targets in the start grid: those the working grid lost
      // are off already)
      const uint16_t* offs = targets_.data() + target_begin_[pc];
      const int n = target_begin_[pc + 1] - target_begin_[pc];
      work += static_cast<uint64_t>(n) + 1;
      const uint16_t par = static_cast<uint16_t>(pn);
      const uint8_t dep = static_cast<uint8_t>(R.mine.node[pn].depth + (R.mine.node[pn].depth < 255));
      for (int i = 0; i < n; ++i) {
        const int oc = offs[i];
        if (R.on.has(oc)) {
          R.contradiction = true;
          R.c_cand = oc;
          R.c_on = node_of(oc, true);
          R.c_off = kExtra;
          R.mine.node[kExtra].depth = dep;
          add_node(kExtra, &par, 1, kNoCause);
          ctx_->spend(work);
          return true;
        }
        if (!R.off.has(oc)) {
          R.off.set(oc);
          R.mine.off_at[oc] = static_cast<uint16_t>(R.n_off);
          R.off_list[R.n_off++] = static_cast<uint16_t>(oc);
          R.mine.node[node_of(oc, false)].depth = dep;
          add_node(node_of(oc, false), &par, 1, kNoCause);
        }
      }
    } else if (hoff < R.n_off) {
      const int pc = R.off_list[hoff++];
      const int pn = node_of(pc, false);
      const int x = cell_of_cand(pc), d = digit_of_cand(pc);
      // the on nodes it makes, with their parents
      int ons[4];
      uint8_t causes[4];
      uint16_t pars[4][10];
      int npar[4];
      int n = 0;
      const int in_cell = pop9(cand[x]);
      if (y_rules) R.counted.cell[x] = std::min(R.counted.cell[x], static_cast<uint8_t>(in_cell));
      if (y_rules && in_cell == 2) {
        const int e = std::countr_zero(static_cast<uint16_t>(cand[x] & ~digit_bit(d))) + 1;
        ons[n] = cand_of(x, e);
        causes[n] = kCellRule;
        int k = 0;
        pars[n][k++] = static_cast<uint16_t>(pn);
        if (kPool)
          for (uint16_t m = static_cast<uint16_t>(S.cand[x] & ~cand[x]); m != 0; m &= m - 1)
            pars[n][k++] = static_cast<uint16_t>(node_of(cand_of(x, std::countr_zero(m) + 1), false));
        npar[n++] = k;
      }
      for (int t = 0; t < 3; ++t) {
        const int r = G.region[x][t];
        const uint16_t m = where[r][d - 1];
        const int in_region = pop9(m);
        uint8_t& least = R.counted.region[r][d - 1];
        least = std::min(least, static_cast<uint8_t>(in_region));
        if (in_region != 2) continue;
        const int y = G.cells[r][std::countr_zero(static_cast<uint16_t>(m & ~(1u << G.pos[x][t])))];
        const int yc = cand_of(y, d);
        bool dup = false;
        for (int i = 0; i < n; ++i) dup |= ons[i] == yc;
        if (dup) continue;
        ons[n] = yc;
        causes[n] = static_cast<uint8_t>(kBoxRule + t);
        int k = 0;
        pars[n][k++] = static_cast<uint16_t>(pn);
        if (kPool)
          for (uint16_t h = static_cast<uint16_t>(S.where[r][d - 1] & ~m); h != 0; h &= h - 1)
            pars[n][k++] = static_cast<uint16_t>(node_of(cand_of(G.cells[r][std::countr_zero(h)], d), false));
        npar[n++] = k;
      }
      if (mode_.dynamic) {
        work_cands_.remove(x, d);
        if (mode_.level > 0) work_.remove(x, d);
      }
      work += static_cast<uint64_t>(n) + 1;
      for (int i = 0; i < n; ++i) {
        const int oc = ons[i];
        if (R.off.has(oc)) {
          R.contradiction = true;
          R.c_cand = oc;
          R.c_on = kExtra;
          R.c_off = node_of(oc, false);
          R.mine.node[kExtra].depth = static_cast<uint8_t>(R.mine.node[pn].depth + (R.mine.node[pn].depth < 255));
          add_node(kExtra, pars[i], npar[i], causes[i]);
          ctx_->spend(work);
          return true;
        }
        if (!R.on.has(oc)) {
          R.on.set(oc);
          R.on_list[R.n_on++] = static_cast<uint16_t>(oc);
          R.mine.node[node_of(oc, true)].depth = static_cast<uint8_t>(R.mine.node[pn].depth + (R.mine.node[pn].depth < 255));
          add_node(node_of(oc, true), pars[i], npar[i], causes[i]);
        }
      }
    } else if (mode_.level > 0 && advanced(R) > 0) {
      continue;
    } else {
      break;
    }
  }
  ctx_->spend(work);
  return false;
}

void ChainEngine::make_targets(const State& s) {
  const Geometry& G = geo();
  targets_.clear();
  for (int x = 0; x < 81; ++x) {
    const int b = G.region[x][kBox], r = G.region[x][kRow], c = G.region[x][kCol];
    const uint16_t rowseg = static_cast<uint16_t>(7u << (col_of(x) / 3 * 3));
    const uint16_t colseg = static_cast<uint16_t>(7u << (row_of(x) / 3 * 3));
    for (int d = 1; d <= 9; ++d) {
      const int pc = cand_of(x, d);
      target_begin_[pc] = static_cast<uint32_t>(targets_.size());
      if (!s.has(x, d)) continue;
      auto add = [&](int region, uint16_t m) {
        for (; m != 0; m &= m - 1) targets_.push_back(static_cast<uint16_t>(cand_of(G.cells[region][std::countr_zero(m)], d)));
      };
      if (!mode_.nishio)
        for (uint16_t m = static_cast<uint16_t>(s.cand[x] & ~digit_bit(d)); m != 0; m &= m - 1)
          targets_.push_back(static_cast<uint16_t>(cand_of(x, std::countr_zero(m) + 1)));
      add(b, static_cast<uint16_t>(s.where[b][d - 1] & ~(1u << G.pos[x][kBox])));
      add(r, static_cast<uint16_t>(s.where[r][d - 1] & ~rowseg));
      add(c, static_cast<uint16_t>(s.where[c][d - 1] & ~colseg));
    }
  }
  target_begin_[kCands] = static_cast<uint32_t>(targets_.size());
}

// Calls f(p) for each parent of node n in R, in the order of the reference's lists (the first
// parent, then the hidden ones by digit or by position).
template <class F>
void ChainEngine::each_parent(const Propagation& R, int n, F&& f) const {
  if (R.pooled) {
    for (uint32_t i = 0; i < R.pcnt[n]; ++i) f(static_cast<int>(R.pool[R.pbeg[n] + i]));
    return;
  }
  const int p = R.info->node[n].first;
  if (p == kNoParent) return;
  f(p);
  if (!mode_.dynamic || R.info->node[n].cause == kNoCause) return;
  // an on node made by a rule when p was processed: the rule's other candidates gone by then
  const Geometry& G = geo();
  const State& S = *start_;
  const int pc = p >> 1, x = cell_of_cand(pc), d = digit_of_cand(pc);
  const int at = R.info->off_at[pc];
  auto gone = [&](int c) { return R.off.has(c) && R.info->off_at[c] < at; };
  if (R.info->node[n].cause == kCellRule) {
    for (uint16_t m = static_cast<uint16_t>(S.cand[x] & ~digit_bit(d)); m != 0; m &= m - 1) {
      const int c = cand_of(x, std::countr_zero(m) + 1);
      if (gone(c)) f(node_of(c, false));
    }
    return;
  }
  const int t = R.info->node[n].cause - kBoxRule, r = G.region[x][t];
  for (uint16_t m = static_cast<uint16_t>(S.where[r][d - 1] & ~(1u << G.pos[x][t])); m != 0; m &= m - 1) {
    const int c = cand_of(G.cells[r][std::countr_zero(m)], d);
    if (gone(c)) f(node_of(c, false));
  }
}

// Calls visit(n) for `node` and each of its ancestors in R (all parents, each once, depth first)
// until it returns false.
template <class Visit>
void ChainEngine::each_ancestor(const Propagation& R, int node, Visit&& visit) {
  std::memset(seen_.data(), 0, sizeof(seen_));
  int sp = 0;
  stack_[sp++] = static_cast<uint16_t>(node);
  seen_[node >> 6] |= uint64_t{1} << (node & 63);
  while (sp > 0) {
    const int n = stack_[--sp];
    if (!visit(n)) break;
    each_parent(R, n, [&](int p) {
      const uint64_t bit = uint64_t{1} << (p & 63);
      if (seen_[p >> 6] & bit) return;
      seen_[p >> 6] |= bit;
      stack_[sp++] = static_cast<uint16_t>(p);
    });
  }
}

// Distinct nodes among `node` and all its ancestors; the nested chains met on the way are noted
// in hint_nested_ (each counts once per hint).
int ChainEngine::ancestors(const Propagation& R, int node, int limit) {
  int count = 0;
  each_ancestor(R, node, [&](int n) {
    if (++count > limit) return false;
    if (R.info->node[n].cause == kAdvanced && R.nested[n] >= 0) {
      const auto& info = R.nested_info[R.nested[n]];
      bool known = false;
      for (const auto& k : hint_nested_) known |= k.first == info.first;
      if (!known) hint_nested_.push_back(info);
    }
    return true;
  });
  ctx_->spend(static_cast<uint64_t>(count));
  return count;
}

// The rule parents of a chain (docs/se_rules.md, Nested levels): for each on node among the
// ancestors, by the rule that made it (the start node: `start_cause`), the candidates of its cell
// or of its digit in the region that the outer propagation removed.
void ChainEngine::collect_rule_parents(const Propagation& R, int node, int start_cause) {
  const Geometry& G = geo();
  each_ancestor(R, node, [&](int n) {
    const bool on = n == kExtra ? R.c_on == kExtra : (n & 1) != 0;
    const int cand = n == kExtra ? R.c_cand : n >> 1;
    sig_ = (sig_ ^ static_cast<uint64_t>(node_of(cand, on) + 1)) * 1099511628211ull;
    int cause = R.info->node[n].cause;
    const bool start = R.pooled ? R.pcnt[n] == 0 : R.info->node[n].first == kNoParent;
    if (cause == kNoCause && start) cause = start_cause;
    if (on && cause != kNoCause && cause != kAdvanced) {
      const int x = cell_of_cand(cand), d = digit_of_cand(cand);
      if (cause == kCellRule) {
        for (uint16_t m = static_cast<uint16_t>(source_->cand[x] & ~start_->cand[x]); m != 0; m &= m - 1)
          rp_.set(cand_of(x, std::countr_zero(m) + 1));
      } else {
        const int r = G.region[x][cause - kBoxRule];
        for (uint16_t m = static_cast<uint16_t>(source_->where[r][d - 1] & ~start_->where[r][d - 1]); m != 0; m &= m - 1)
          rp_.set(cand_of(G.cells[r][std::countr_zero(m)], d));
      }
    }
    return true;
  });
}

// Complexity (and, nested, rule parents) of a hint whose branches end at `node` in each result
// (binary contradictions: the two nodes of the contradiction, in one result).
// The hint is kept (found_) unless only the first hint is wanted and this one cannot come
// before the best so far (sorting by rating, complexity, kind is sorting by complexity, kind:
// the rating grows with it).
void ChainEngine::finish(Found&& f, const Propagation* const* branches, int nb, int node, int start_cause) {
  begin_hint();
  const int key = removal_key(f.cell, f.mask);
  int limit = kNodes * 18;
  if (const Best* b = best_for(key)) limit = f.kind < b->kind ? b->cx : b->cx - 1;
  int cx = 0;
  for (int i = 0; i < nb; ++i) {
    const Propagation& R = *branches[i];
    if (node < 0) {
      cx += ancestors(R, R.c_on, limit - cx);
      if (cx > limit) return;
      cx += ancestors(R, R.c_off, limit - cx);
    } else {
      cx += ancestors(R, node, limit - cx);
    }
    if (cx > limit) return;
  }
  f.complexity = cx + end_hint();
  if (const Best* b = best_for(key); b != nullptr && (f.complexity > b->cx || (f.complexity == b->cx && f.kind >= b->kind)))
    return;
  (first_only_ ? best_ : key_best_[static_cast<std::size_t>(key)]) = Best{runs_, f.complexity, f.kind};
  if (source_ != nullptr) set_rule_parents(f, branches, nb, node, start_cause);
  add_found(std::move(f));
}

// A nested hint's rule parents and signature (the reference's FullChain).
void ChainEngine::set_rule_parents(Found& f, const Propagation* const* branches, int nb, int node,
                                   int start_cause) {
  rp_.clear();
  sig_ = 1469598103934665603ull;
  for (int i = 0; i < nb; ++i) {
    const Propagation& R = *branches[i];
    sig_ = (sig_ ^ 0xFFFFull) * 1099511628211ull;
    if (node < 0) {
      collect_rule_parents(R, R.c_on, start_cause);
      collect_rule_parents(R, R.c_off, start_cause);
    } else {
      collect_rule_parents(R, node, start_cause);
    }
  }
  f.rule_parents.clear();
  for (int k = 0; k < 12; ++k)
    for (uint64_t w = rp_.w[k]; w != 0; w &= w - 1)
      f.rule_parents.push_back(static_cast<uint16_t>(k * 64 + std::countr_zero(w)));
  f.signature = sig_;
}

// The effect of a forced node: on → the cell's other candidates go and the digit is placed;
// off → the candidate goes. mask == 0: nothing to remove (not worth it). kind: the sort key
// (double 1, cell 5, region 6, contradiction 7); form: the text's (Found::form).
Found ChainEngine::conclusion(int cand, bool on, int kind, int form) const {
  Found f;
  f.kind = kind;
  f.form = static_cast<uint8_t>(form);
  const int x = cell_of_cand(cand), d = digit_of_cand(cand);
  f.cell = static_cast<uint8_t>(x);
  if (on) {
    f.mask = static_cast<uint16_t>(start_->cand[x] & ~digit_bit(d));
    f.place = static_cast<uint8_t>(d);
  } else {
    f.mask = digit_bit(d);
  }
  f.dst_cand = static_cast<uint16_t>(cand);
  f.dst_on = on;
  return f;
}

void ChainEngine::begin_cache(const State& s) {
  const int kind = mode_.level > 0 ? 3 : mode_.nishio ? 0 : mode_.dynamic ? 2 : 1;
  Cache& C = caches_[kind];
  cache_ = &C;
  // What the grid lost since the cache's grid, counted per cell and per region and digit. A
  // candidate back (another rating, a nested grid) drops everything.
  const Geometry& G = geo();
  std::array<uint16_t, 81> gone;
  const bool keep = kind != 3 && C.seen.lost_since(s, *ctx_, gone);
  std::vector<uint16_t>& lost = lost_;
  lost.clear();
  std::array<uint8_t, 81> lost_cell{};
  std::array<std::array<uint8_t, 9>, 27> lost_region{};
  for (int x = 0; x < 81 && keep; ++x) {
    for (uint16_t m = gone[static_cast<std::size_t>(x)]; m != 0; m &= m - 1) {
      const int d = std::countr_zero(m) + 1;
      lost.push_back(static_cast<uint16_t>(cand_of(x, d)));
      ++lost_cell[x];
      for (int t = 0; t < 3; ++t) ++lost_region[G.region[x][t]][d - 1];
    }
  }
  std::size_t n = 0;
  for (uint16_t node : C.live) {
    bool still = keep;
    Kept& L = *C.by_node[node];
    for (std::size_t i = 0; i < lost.size() && still; ++i) {
      const int c = lost[i], x = cell_of_cand(c), d = digit_of_cand(c);
      still = !L.on.has(c) && !L.off.has(c) && L.counted.cell[x] > lost_cell[x] + 2;
      for (int t = 0; t < 3 && still; ++t) {
        const int r = G.region[x][t];
        still = L.counted.region[r][d - 1] > lost_region[r][d - 1] + 2;
      }
    }
    if (!still) {
      spare_.push_back(std::move(C.by_node[node]));
      continue;
    }
    // the counts as it would read them now
    for (const int c : lost) {
      const int x = cell_of_cand(c), d = digit_of_cand(c);
      if (L.counted.cell[x] != 255) --L.counted.cell[x];
      for (int t = 0; t < 3; ++t) {
        uint8_t& k = L.counted.region[G.region[x][t]][d - 1];
        if (k != 255) --k;
      }
    }
    C.live[n++] = node;
  }
  C.live.resize(n);
  C.seen.see(s, *ctx_);
}

const ChainEngine::Kept& ChainEngine::kept(int node) {
  if (!cache_->by_node[node]) {
    Propagation& R = slot(kept_res_);
    propagate<false>(R, node);
    remember(node, R);
  }
  return *cache_->by_node[node];
}

void ChainEngine::remember(int node, const Propagation& R) {
  Cache& C = *cache_;
  auto& p = C.by_node[node];
  if (!p) {
    if (spare_.empty()) {
      p.reset(new Kept);  // default-initialized: only its nodes' entries are ever read
    } else {
      p = std::move(spare_.back());
      spare_.pop_back();
    }
    C.live.push_back(static_cast<uint16_t>(node));
  }
  Kept& L = *p;
  L.on = R.on;
  L.off = R.off;
  L.n_on = static_cast<uint16_t>(R.n_on);
  L.n_off = static_cast<uint16_t>(R.n_off);
  L.lists.assign(R.on_list.begin(), R.on_list.begin() + R.n_on);
  L.lists.insert(L.lists.end(), R.off_list.begin(), R.off_list.begin() + R.n_off);
  L.contradiction = R.contradiction;
  L.c_on = R.c_on;
  L.c_off = R.c_off;
  L.c_cand = R.c_cand;
  L.counted = R.counted;
  // the per-node entries of its nodes
  const NodeInfo& from = *R.info;
  NodeInfo& to = L.info;
  auto copy = [&](int n) {
    to.node[n] = from.node[n];
  };
  for (int i = 0; i < R.n_on; ++i) copy(node_of(R.on_list[i], true));
  for (int i = 0; i < R.n_off; ++i) {
    copy(node_of(R.off_list[i], false));
    to.off_at[R.off_list[i]] = from.off_at[R.off_list[i]];
  }
  copy(kExtra);
}

void ChainEngine::do_regions(int x, int d, Propagation& own) {
  const Geometry& G = geo();
  const State& S = *start_;
  for (int t = 0; t < 3; ++t) {
    const int r = G.region[x][t];
    const uint16_t pos = S.where[r][d - 1];
    if (pop9(pos) < 2) continue;
    const int first = std::countr_zero(pos);
    if (G.cells[r][first] != x) continue;
    Bits on = own.on, off = own.off;
    for (uint16_t m = static_cast<uint16_t>(pos & (pos - 1)); m != 0; m &= m - 1) {
      const Kept& L = kept(node_of(cand_of(G.cells[r][std::countr_zero(m)], d), true));
      on.and_with(L.on);
      off.and_with(L.off);
    }
    // Conclusions worth a hint that could still come first (each branch needs at least the
    // first-parent path of the target): only then are the branches made again with parents.
    bool worth = false;
    for (int pass = 0; pass < 2 && !worth; ++pass) {
      const Bits& set = pass == 0 ? on : off;
      for (int k = 0; k < 12 && !worth; ++k)
        for (uint64_t w = set.w[k]; w != 0 && !worth; w &= w - 1) {
          const int c = k * 64 + std::countr_zero(w);
          if (pass == 0 && (S.cand[cell_of_cand(c)] & ~digit_bit(digit_of_cand(c))) == 0) continue;
          const int node = node_of(c, pass == 0);
          int lb = own.info->node[node].depth;
          for (uint16_t m = static_cast<uint16_t>(pos & (pos - 1)); m != 0; m &= m - 1)
            lb += kept(node_of(cand_of(G.cells[r][std::countr_zero(m)], d), true)).info.node[node].depth;
          worth = may_win(lb, 6, key_of(c, pass == 0));
        }
    }
    if (!worth) continue;
    int nb = 1;
    std::array<const Propagation*, 9> branch{};
    branch[0] = &own;
    for (uint16_t m = static_cast<uint16_t>(pos & (pos - 1)); m != 0; m &= m - 1) {
      const int y = G.cells[r][std::countr_zero(m)];
      Propagation& R = slot(region_res_[nb - 1]);
      branch[nb++] = &R;
      with_parents(R, node_of(cand_of(y, d), true));
    }
    each_forced(own, on, off, [&](int c, bool is_on) {
      Found f = conclusion(c, is_on, 6, 3);
      if (f.mask == 0) return;
      f.src_digit = static_cast<uint8_t>(d);
      f.region = static_cast<uint8_t>(r);
      finish(std::move(f), branch.data(), nb, node_of(c, is_on), kBoxRule + t);
    });
  }
}

void ChainEngine::do_cell(int x) {
  const State& S = *start_;
  const int card = pop9(S.cand[x]);
  const bool do_double = card >= 3 && !mode_.nishio && mode_.dynamic;
  const bool do_contra = mode_.dynamic || mode_.nishio;
  int k = 0;
  for (uint16_t m = S.cand[x]; m != 0; m &= m - 1, ++k) {
    const int d = std::countr_zero(m) + 1;
    const int c = cand_of(x, d);
    const int on_node = node_of(c, true), off_node = node_of(c, false);
    Propagation& on = slot(cell_res_[k]);
    // A contradiction from (c, on) or (c, off) (docs/se_rules.md, Nishio, multiple and dynamic
    // chains: binary chaining): c is false, or true.
    auto contradiction = [&](const Propagation& R, bool from_on) {
      if (!may_win(R.info->node[R.c_on].depth + R.info->node[R.c_off].depth, 7, key_of(c, !from_on))) return;
      Found f = conclusion(c, !from_on, 7, 0);
      if (f.mask == 0) return;
      f.src_cell = static_cast<uint8_t>(x);
      f.src_digit = static_cast<uint8_t>(d);
      f.src_on = from_on;
      f.dst_cand = static_cast<uint16_t>(R.c_cand);
      const Propagation* branch = &R;
      finish(std::move(f), &branch, 1, -1, kNoCause);
    };
    if (with_parents(on, on_node) && do_contra) contradiction(on, true);
    if (do_contra || do_double) {
      Propagation& off = slot(off_res_);
      if (with_parents(off, off_node) && do_contra) contradiction(off, false);
      if (do_double) {
        const Propagation* both_p[2] = {&on, &off};
        Bits both_on = on.on, both_off = on.off;
        both_on.and_with(off.on);
        both_off.and_with(off.off);
        each_forced(on, both_on, both_off, [&](int t, bool is_on) {
          const int node = node_of(t, is_on);
          if (!may_win(on.info->node[node].depth + off.info->node[node].depth, 1, key_of(t, is_on))) return;
          Found f = conclusion(t, is_on, 1, 1);
          if (f.mask == 0) return;
          f.src_cell = static_cast<uint8_t>(x);
          f.src_digit = static_cast<uint8_t>(d);
          finish(std::move(f), both_p, 2, node, kNoCause);
        });
      }
    }
    if (!mode_.nishio) do_regions(x, d, on);
  }
  if (mode_.nishio) return;
  if (!(card == 2 || (mode_.multiple && card > 2))) return;
  Bits con = cell_res_[0]->on, coff = cell_res_[0]->off;
  std::array<const Propagation*, 9> branch{};
  for (int i = 0; i < k; ++i) {
    branch[i] = cell_res_[i].get();
    con.and_with(cell_res_[i]->on);
    coff.and_with(cell_res_[i]->off);
  }
  each_forced(*cell_res_[0], con, coff, [&](int c, bool is_on) {
    const int node = node_of(c, is_on);
    int lb = 0;
    for (int j = 0; j < k; ++j) lb += cell_res_[j]->info->node[node].depth;
    if (!may_win(lb, 5, key_of(c, is_on))) return;
    Found f = conclusion(c, is_on, 5, 2);
    if (f.mask == 0) return;
    f.src_cell = static_cast<uint8_t>(x);
    finish(std::move(f), branch.data(), k, node, kCellRule);
  });
}

void ChainEngine::run(const State& s, Ctx& ctx, std::vector<Found>& found, const State* source,
                 bool first_only) {
  start_ = &s;
  first_only_ = first_only;
  ++runs_;  // no best yet, for any removal
  ctx_ = &ctx;
  if (memo_serial_ != ctx.serial || memo_cand_ != s.cand || memo_value_ != s.value) {
    memo_.clear();
    memo_serial_ = ctx.serial;
    memo_cand_ = s.cand;
    memo_value_ = s.value;
  }
  make_targets(s);
  begin_cache(s);
  found_ = &found;
  source_ = source;
  const int min_card = mode_.dynamic ? 2 : 3;
  for (int x = 0; x < 81; ++x) {
    if (s.value[x] != 0 || pop9(s.cand[x]) < min_card) continue;
    do_cell(x);
  }
  const double base = base_rating(mode_);
  for (Found& f : found) f.rating = base + length_bonus(f.complexity);
  std::stable_sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    if (a.rating != b.rating) return a.rating < b.rating;
    if (a.complexity != b.complexity) return a.complexity < b.complexity;
    return a.kind < b.kind;
  });
}

Tech tech_of(const Mode& m, const Found& f) {
  if (m.level == 1) return Tech::dynamic_plus;
  if (m.level >= 2) return Tech::nested;
  if (m.nishio) return Tech::nishio;
  if (!m.dynamic) return f.form == 3 ? Tech::region_forcing_chains : Tech::cell_forcing_chains;
  switch (f.form) {
    case 0: return Tech::dynamic_contradiction;
    case 1: return Tech::dynamic_double;
    case 2: return Tech::dynamic_cell;
    default: return Tech::dynamic_region;
  }
}

std::string text_of(const Found& f) {
  const std::string dst = cand_text(f.dst_cand) + (f.dst_on ? " on" : " off");
  const std::string src = cell_se(f.src_cell) + "." + std::to_string(f.src_digit);
  switch (f.form) {
    case 0: return src + (f.src_on ? " on" : " off") + " ==> " + cand_text(f.dst_cand) + " both on & off";
    case 1: return "Double Forcing Chain: " + src + " on & off ==> " + dst;
    case 2: return "Cell Forcing Chains: " + cell_se(f.src_cell) + " ==> " + dst;
    default:
      return "Region Forcing Chains: " + std::to_string(f.src_digit) + " in " +
             std::string(kRegionName[region_type(f.region)]) + " ==> " + dst;
  }
}

Hint make_hint(const Mode& m, const Found& f, const Ctx& ctx) {
  Hint h;
  h.tech = tech_of(m, f);
  h.rating = f.rating;
  for (uint16_t mm = f.mask; mm != 0; mm &= mm - 1)
    h.removals.push_back(Cand{f.cell, static_cast<uint8_t>(std::countr_zero(mm) + 1)});
  if (f.place != 0) {
    h.place_cell = f.cell;
    h.place_digit = f.place;
  }
  if (ctx.want_text) {
    std::string t = text_of(f);
    if (f.form == 0) t = (m.nishio ? "Nishio Forcing Chain: " : "Contradiction Forcing Chain: ") + t;
    h.text = std::move(t);
  }
  h.cells.push_back(f.cell);
  h.digits = f.mask;
  return h;
}

void run_producer(const Mode& m, const State& s, Ctx& ctx, Hints& out) {
  Depth depth(ctx.ws().chains());
  ChainEngine& engine = depth.engine();
  engine.set_mode(m);
  std::vector<Found>& found = depth.found();
  found.clear();
  engine.run(s, ctx, found, nullptr, !out.all());
  if (!out.all()) {
    if (!found.empty()) out.add(make_hint(m, found.front(), ctx));
    return;
  }
  // 'all' mode: drop hints whose removals equal an earlier one's
  for (std::size_t i = 0; i < found.size(); ++i) {
    bool dup = false;
    for (std::size_t j = 0; j < i && !dup; ++j)
      dup = found[j].cell == found[i].cell && found[j].mask == found[i].mask;
    if (dup) continue;
    out.add(make_hint(m, found[i], ctx));
  }
}

}  // namespace

void nishio_chains(const State& s, Ctx& ctx, Hints& out) {
  Mode m;
  m.dynamic = true;
  m.nishio = true;
  run_producer(m, s, ctx, out);
}

void multiple_chains(const State& s, Ctx& ctx, Hints& out) {
  Mode m;
  m.multiple = true;
  run_producer(m, s, ctx, out);
}

void dynamic_chains(const State& s, Ctx& ctx, Hints& out) {
  Mode m;
  m.multiple = true;
  m.dynamic = true;
  run_producer(m, s, ctx, out);
}

namespace {
void nested(const State& s, Ctx& ctx, Hints& out, int level, int nesting) {
  Mode m;
  m.multiple = true;
  m.dynamic = true;
  m.level = level;
  m.nesting = nesting;
  run_producer(m, s, ctx, out);
}
}  // namespace

void dynamic_plus_chains(const State& s, Ctx& ctx, Hints& out) { nested(s, ctx, out, 1, 0); }
void nested_chains_2(const State& s, Ctx& ctx, Hints& out) { nested(s, ctx, out, 2, 0); }
void nested_chains_3(const State& s, Ctx& ctx, Hints& out) { nested(s, ctx, out, 3, 0); }
void nested_chains_4_0(const State& s, Ctx& ctx, Hints& out) { nested(s, ctx, out, 4, 0); }
void nested_chains_4_1(const State& s, Ctx& ctx, Hints& out) { nested(s, ctx, out, 4, 1); }
void nested_chains_4_2(const State& s, Ctx& ctx, Hints& out) { nested(s, ctx, out, 4, 2); }
void nested_chains_4_3(const State& s, Ctx& ctx, Hints& out) { nested(s, ctx, out, 4, 3); }

}  // namespace puzzle::sudoku::se
