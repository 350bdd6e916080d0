// Forcing chains and cycles (docs/se_rules.md, Forcing chains and cycles; producer 25): X, Y and
// XY passes on the grid as it is (not dynamic), searched layer by layer.
//
// A node is a candidate (cell * 9 + digit - 1) with a state. The reference's searches keep their
// nodes in one append-only pool; since they run in layers (every queued "on" node, then every
// queued "off" node), each layer's products are appended together, so the pool is its own queue
// and a node's first parent is an index into it. Nothing is allocated in a search once the pool
// has grown to its bound (each on node is processed once and yields at most 28 off nodes).
//
// Those ordered searches run only where a hint may come: first the plain layered searches of
// every candidate of a pass at once (every node queued once; a bit per candidate, whole layers
// node by node: plain_batch) give the length of its forcing chains, which does not depend on the
// order within a layer, and a lower bound under the length of its cycles (none if no on node can
// reach back to the start). Off nodes that make no on node are left out of every search: they
// would end there. A cycle search is also left out where no cycle with a removal can be: a
// candidate must see an on and an off node of its digit among the nodes that a short enough
// cycle can pass through (cycle_filter, by the distances out and back) or among the start's
// strongly connected component (cycle_components). Few cycles have removals: the earlier
// techniques took most.
//
// In the rating loop only the first hint after the sort counts: a hint is built only when its key
// (rating, complexity, kind) is below the best so far, and a search stops as soon as its next
// layer cannot give such a key (complexity grows with the depth of the layer). In `all` mode
// every hint is kept, sorted and freed of equal removals, as the nested levels want them: there
// no bound stops a search, and the plain searches give way to the transitive closure of the XY
// graph over its strongly connected components, which tells at once which starts have a
// forcing chain (and the X pass's are among them) and whose components may hold a cycle with a
// removal (run_all); most calls of the nested levels have neither.
#include <algorithm>
#include <bit>
#include <memory>
#include <tuple>

#include "sudoku/se/state.hpp"

namespace puzzle::sudoku::se {

namespace {

constexpr int kCauseAssumption = -1, kCauseCell = 3;
constexpr uint16_t kNoNode = 0xFFFF, kOpen = 0xFFFF;

struct PNode {
  uint16_t cand;  // cell * 9 + digit - 1
  uint16_t node;  // in the pass's graph (cycles only)
  uint8_t on;
  int8_t cause;
  int32_t parent;  // index in the pool, -1 for the assumption
};

using CandSet = std::array<uint64_t, 12>;  // 729 candidates
inline bool test(const CandSet& s, int i) { return (s[static_cast<std::size_t>(i >> 6)] >> (i & 63)) & 1; }
inline void set(CandSet& s, int i) { s[static_cast<std::size_t>(i >> 6)] |= uint64_t{1} << (i & 63); }

using CellSet = std::array<uint64_t, 2>;  // 81 cells
inline bool test(const CellSet& s, int c) { return (s[static_cast<std::size_t>(c >> 6)] >> (c & 63)) & 1; }
inline void set(CellSet& s, int c) { s[static_cast<std::size_t>(c >> 6)] |= uint64_t{1} << (c & 63); }

// A bit per start of a batch (128 * N of them), for the searches that run every start at once:
// two words per vector register (GCC and Clang vector extensions: SSE2 on x86-64).
using Pair = uint64_t __attribute__((vector_size(16)));
template <std::size_t N>
struct Lanes {
  Pair v[N];
  void set(std::size_t j) { v[j >> 7][(j >> 6) & 1] |= uint64_t{1} << (j & 63); }
  void reset(std::size_t j) { v[j >> 7][(j >> 6) & 1] &= ~(uint64_t{1} << (j & 63)); }
  bool has(std::size_t j) const { return ((v[j >> 7][(j >> 6) & 1] >> (j & 63)) & 1) != 0; }
  bool any() const {
    Pair x = v[0];
    for (std::size_t i = 1; i < N; ++i) x |= v[i];
    return (x[0] | x[1]) != 0;
  }
  Lanes& operator|=(const Lanes& o) {
    for (std::size_t i = 0; i < N; ++i) v[i] |= o.v[i];
    return *this;
  }
  Lanes& operator&=(const Lanes& o) {
    for (std::size_t i = 0; i < N; ++i) v[i] &= o.v[i];
    return *this;
  }
  friend Lanes operator&(Lanes a, const Lanes& b) { return a &= b; }
  friend Lanes operator|(Lanes a, const Lanes& b) { return a |= b; }
  friend Lanes but(Lanes a, const Lanes& b) {  // a & ~b
    for (std::size_t i = 0; i < N; ++i) a.v[i] &= ~b.v[i];
    return a;
  }
  template <class F>
  void each(F&& f) const {  // f(j) for each start j in the set, increasing
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t k = 0; k < 2; ++k)
        for (uint64_t m = v[i][k]; m != 0; m &= m - 1) f(i * 128 + k * 64 + static_cast<std::size_t>(std::countr_zero(m)));
  }
};

// popcount(m) == 2 without the popcount instruction (the build targets plain x86-64).
inline bool two_bits(uint16_t m) {
  const uint16_t r = static_cast<uint16_t>(m & (m - 1));
  return r != 0 && (r & (r - 1)) == 0;
}

enum Pass { kX, kY, kXY };

struct Key {
  double rating;
  int complexity, kind;
  bool operator<(const Key& o) const {
    if (rating != o.rating) return rating < o.rating;
    if (complexity != o.complexity) return complexity < o.complexity;
    return kind < o.kind;
  }
};

// What the plain searches of a start found: the complexity of its chains to "off" and to "on"
// and a lower bound of its cycles' (-1: none that may come first).
struct Bounds {
  int chain_on = -1, cycle = -1, chain_off = -1;
};

// The graph of a pass: its nodes are the candidates present (numbered in candidate order), its
// links lists: on -> off (to_off from off_first[x]) in the order of on_to_off, and off -> on
// (to_on from on_first[x]) in the order of off_to_on, with their causes.
struct Graph {
  std::size_t n = 0;
  std::array<uint16_t, 729> node_of, cand;
  std::array<uint8_t, 729> live;  // makes some on node
  std::array<uint16_t, 730> off_first, on_first;
  std::array<uint16_t, 729 * 28> to_off;  // at most 8 + 8 + 6 + 6 a node
  std::array<int8_t, 729 * 28> off_cause;
  std::array<uint16_t, 729 * 4> to_on;  // at most 1 + 3
  std::array<int8_t, 729 * 4> on_cause;
};

struct Scratch {
  std::vector<PNode> pool, cycle_pool;  // the chain and cycle searches' nodes
  CandSet in_on{}, in_off{};
  std::vector<uint64_t> anc;               // cycles: the off ancestors of each on node, as nodes
  std::array<CellSet, 9> digit_cells{};    // cells holding each digit as a candidate
  // The pass's graph (make_graph) and its starts' plain searches (plain_batch).
  Graph xy, g;  // the XY pass's graph, the current pass's
  std::vector<uint16_t> starts;  // nodes, in discovery order
  std::vector<uint16_t> batch_starts, batch_nodes;  // a batch: indices in `starts`, its nodes
  std::vector<Bounds> bounds;
  // cycle_components: Tarjan's indices (+ 1) and low links, the component (its root) of each
  // vertex (2 * node + on), and whether a candidate sees an on and an off node of its digit in it.
  std::array<uint16_t, 2 * 729> tarjan_index, tarjan_low, comp;
  std::array<uint8_t, 2 * 729> comp_ok;
  std::vector<uint16_t> tarjan_stack;
  struct Call {
    uint16_t u, e, end;  // a vertex and its next link
  };
  std::vector<Call> tarjan_calls;
  template <std::size_t N>
  using Columns = std::vector<Lanes<N>>;  // node by node
  std::tuple<Columns<1>, Columns<2>> columns, snapshots, seen_by;
  std::vector<Hint> found, found_xy;       // `all` mode (found_xy: the XY pass's, made first)
  std::vector<uint8_t> flags;              // `all` mode: by node of the XY graph, closure_components
  std::vector<uint64_t> reach;             // closure_components: by component, the vertices it reaches,
  std::array<uint16_t, 2 * 729> merged;    // the last component that took its reach in,
  std::array<uint8_t, 2 * 729> leaf;       // whether it is one vertex linking nowhere
  std::vector<Hint::ChainNode> path;
  Scratch() { pool.reserve(32768); }
};

}  // namespace

// The Workspace's share: the search scratch (Scratch, above).
struct ForcingScratch : Scratch {};
void release(ForcingScratch* p) noexcept { delete p; }
ForcingScratch& Workspace::forcing_scratch() {
  if (!forcing_) forcing_.reset(new ForcingScratch);
  return *forcing_;
}

namespace {

class Search {
 public:
  Search(const State& s, Ctx& ctx, Hints& out) : s_(s), ctx_(ctx), out_(out), S_(ctx.ws().forcing_scratch()), G_(geo()) {
    for (auto& m : S_.digit_cells) m = {};
    for (int c = 0; c < 81; ++c)
      for (uint16_t m = s.cand[c]; m != 0; m &= static_cast<uint16_t>(m - 1))
        set(S_.digit_cells[static_cast<std::size_t>(std::countr_zero(m))], c);
    ctx.spend(81 + 27 * 9);
    S_.found.clear();
  }

  void run() {
    // After a call of the same rating that found nothing, on a grid that only lost candidates
    // since (the rating loop after a harder step), a pass whose graph did not change has nothing
    // to find either: the X pass of a digit depends on that digit's candidates only, the Y pass
    // on the bivalue cells only (its removals can only be fewer).
    uint16_t x_digits = kAllDigits;  // the digits whose X pass runs
    bool y_pass = true;
    std::array<uint16_t, 81> gone;
    if (!out_.all() && ctx_.ws().forcing.gone_since(s_, ctx_, gone)) {
      x_digits = 0;
      y_pass = false;
      for (std::size_t c = 0; c < 81; ++c) {
        x_digits |= gone[c];
        y_pass |= gone[c] != 0 && two_bits(s_.cand[c]);
      }
    }
    make_graph();
    if (out_.all()) {
      run_all();
      return;
    }
    for (Pass pass : {kX, kY, kXY}) {
      if (pass == kY && !y_pass) continue;
      set_pass(pass);
      // Every start's plain searches at once, then the reference's searches in discovery order
      // (the cycles of a candidate, its chain to "off", its chain to "on") where a hint may come.
      if (pass_ != kX) plain_searches(0);
      for (int d = 0; d < 9 && pass_ == kX; ++d)
        if (((x_digits >> d) & 1) != 0) plain_searches(d);
      if (pass_ == kY || components_) cycle_components();
      searches();
    }
    finish();
  }

 private:
  // 'all' mode (the nested levels: every hint, sorted), where no bound keeps a search short:
  // whether a start has a forcing chain is one question for every start at once, answered by
  // the transitive closure of the pass's graph over its strongly connected components
  // (closure_components: a chain from (s, on) is a path to (s, off), one from (s, off) a path
  // to (s, on)); the chain itself is then searched as the reference does. A forcing chain of the
  // X pass (whose links are some of the XY pass's) is one of the XY pass from the same start
  // and state too, so the X pass looks only where the XY pass has one, and most calls have none.
  // Cycles are left to the components filter in every pass. The hints are listed in the
  // reference's order of discovery, X, Y, XY.
  void run_all() {
    pass_ = kXY;
    x_ = y_ = true;
    closure_components(S_.xy);
    const std::vector<uint8_t>& flags = S_.flags;
    bool chains = false, cycles = false;
    for (std::size_t v = 0; v < S_.xy.n; ++v) {
      const uint16_t cm = s_.cand[S_.xy.cand[v] / 9u];
      if ((cm & (cm - 1)) == 0) continue;  // not a start
      chains |= (flags[v] & kChainOn) != 0 || (flags[v] & kChainOff) != 0;
      cycles |= (flags[v] & kCycleOk) != 0;
    }
    // The Y pass has no chains, and the pass graphs of X and Y are parts of the XY pass's: a
    // cycle of theirs lies in a component of the XY pass's graph, judged there.
    for (Pass pass : {kXY, kX, kY}) {
      if (!chains && !cycles) break;
      if (pass == kY && !cycles) continue;
      set_pass(pass);
      for (std::size_t j = 0; j < S_.starts.size(); ++j) {
        const uint8_t f = flags[S_.starts[j]];
        Bounds& b = S_.bounds[j];
        b.cycle = (f & kCycleOk) != 0 ? 4 : -1;  // complexity unknown (no bound: 'all' mode)
        if (pass != kY) {
          b.chain_on = (f & kChainOn) != 0 ? 1 : -1;
          b.chain_off = (f & kChainOff) != 0 ? 1 : -1;
        }
      }
      if (pass != kXY && cycles) cycle_components();
      searches();
      if (pass == kXY) std::swap(S_.found, S_.found_xy);
    }
    S_.found.insert(S_.found.end(), std::make_move_iterator(S_.found_xy.begin()),
                    std::make_move_iterator(S_.found_xy.end()));
    S_.found_xy.clear();
    finish();
  }

  // The strongly connected components of a graph over every vertex (2v + 1: node v on, 2v: off;
  // Tarjan, without recursion) and, component by component in the order Tarjan completes them
  // (the components a component reaches come before it), the vertices each reaches. Sets each
  // node's flags: a chain from on (a path to its off vertex), from off, and whether its on
  // vertex's component may hold a cycle with a removal (judged as in cycle_components).
  static constexpr uint8_t kChainOn = 1, kChainOff = 2, kCycleOk = 4;
  void closure_components(const Graph& g) {
    const std::size_t nv = 2 * g.n, words = (nv + 63) / 64;
    auto& comp = S_.comp;
    auto& ok = S_.comp_ok;
    auto& reach = S_.reach;  // component number -> the vertices it reaches, `words` words each
    reach.clear();
    uint16_t comps = 0;
    tarjan(g, nv, [](std::size_t i) { return static_cast<uint16_t>(i); },
           [&](const uint16_t* vertices, std::size_t count) {
             const uint16_t id = comps++;
             for (std::size_t k = 0; k < count; ++k) comp[vertices[k]] = id;
             ok[id] = judge(g, vertices, count);
             // What it reaches: its vertices, and what each component it links to reaches (a
             // vertex that links nowhere, most off nodes, only itself: its bit alone).
             reach.resize(reach.size() + words, 0);
             uint64_t* r = reach.data() + id * words;
             bool leaf = true;
             for (std::size_t k = 0; k < count; ++k) {
               const uint16_t u = vertices[k];
               r[u >> 6] |= uint64_t{1} << (u & 63);
               const std::size_t v = u / 2u;
               const bool on = u % 2 == 1;
               const uint16_t* to = on ? g.to_off.data() : g.to_on.data();
               const std::size_t e0 = on ? g.off_first[v] : g.on_first[v], e1 = on ? g.off_first[v + 1] : g.on_first[v + 1];
               for (std::size_t e = e0; e < e1; ++e) {
                 const uint16_t w = on ? static_cast<uint16_t>(2 * to[e]) : static_cast<uint16_t>(2 * to[e] + 1);
                 const uint16_t cw = comp[w];
                 leaf = false;
                 if (cw == id || S_.merged[cw] == id) continue;  // itself, or merged already
                 S_.merged[cw] = id;
                 if (S_.leaf[cw]) {
                   r[w >> 6] |= uint64_t{1} << (w & 63);
                   continue;
                 }
                 const uint64_t* rw = reach.data() + cw * words;
                 for (std::size_t k2 = 0; k2 < words; ++k2) r[k2] |= rw[k2];
               }
             }
             S_.leaf[id] = leaf && count == 1;
             S_.merged[id] = kOpen;
           });
    auto reaches = [&](uint16_t from, uint16_t to) {
      return ((reach[comp[from] * words + (to >> 6)] >> (to & 63)) & 1) != 0;
    };
    S_.flags.resize(g.n);
    for (std::size_t v = 0; v < g.n; ++v) {
      const uint16_t on = static_cast<uint16_t>(2 * v + 1), off = static_cast<uint16_t>(2 * v);
      S_.flags[v] = static_cast<uint8_t>((reaches(on, off) ? kChainOn : 0) | (reaches(off, on) ? kChainOff : 0) |
                                         (ok[comp[on]] ? kCycleOk : 0));
    }
  }

  // Tarjan's strongly connected components of `g` (vertex 2v + 1: node v on, 2v: off), without
  // recursion, from the vertices root(0..roots-1) in turn: complete(vertices, count) receives
  // each component, in the order Tarjan completes them (the components a component links to
  // before it), and labels its vertices in S_.comp (kOpen until then).
  template <class Root, class Complete>
  void tarjan(const Graph& g, std::size_t roots, Root&& root, Complete&& complete) {
    auto& index = S_.tarjan_index;  // 0: not visited; Tarjan's index + 1
    auto& low = S_.tarjan_low;
    auto& comp = S_.comp;
    std::fill_n(index.begin(), 2 * g.n, 0);
    auto& stack = S_.tarjan_stack;
    auto& calls = S_.tarjan_calls;
    stack.clear();
    uint16_t next = 0;
    auto enter = [&](uint16_t u) {
      index[u] = low[u] = ++next;
      stack.push_back(u);
      comp[u] = kOpen;
      const std::size_t v = u / 2u;
      if (u % 2 == 1) calls.push_back({u, g.off_first[v], g.off_first[v + 1]});
      else calls.push_back({u, g.on_first[v], g.on_first[v + 1]});
    };
    for (std::size_t i = 0; i < roots; ++i) {
      const uint16_t r = root(i);
      if (index[r] != 0) continue;
      enter(r);
      while (!calls.empty()) {
        Scratch::Call& c = calls.back();
        if (c.e < c.end) {
          const uint16_t w = c.u % 2 == 1 ? static_cast<uint16_t>(2 * g.to_off[c.e++])
                                          : static_cast<uint16_t>(2 * g.to_on[c.e++] + 1);
          if (index[w] == 0) enter(w);
          else if (comp[w] == kOpen) low[c.u] = std::min(low[c.u], index[w]);
          continue;
        }
        const uint16_t done = c.u;
        calls.pop_back();
        if (!calls.empty()) low[calls.back().u] = std::min(low[calls.back().u], low[done]);
        if (low[done] != index[done]) continue;
        std::size_t first = stack.size();
        while (stack[--first] != done) {
        }
        complete(stack.data() + first, stack.size() - first);
        stack.resize(first);
      }
    }
    ctx_.spend(next + 1u);
  }

  // Could a component (its vertices) hold a cycle with a removal: 4 vertices or more, and a
  // candidate that sees an on node and an off node of its digit among them?
  bool judge(const Graph& g, const uint16_t* vertices, std::size_t count) const {
    if (count < 4) return false;
    std::array<CellSet, 9> seen_on, seen_off;
    uint16_t digits = 0;
    for (std::size_t k = 0; k < count; ++k) {
      const std::size_t x = vertices[k];
      const std::size_t v = x / 2, d = g.cand[v] % 9u;
      if ((digits >> d & 1) == 0) {
        seen_on[d] = {};
        seen_off[d] = {};
        digits |= static_cast<uint16_t>(1u << d);
      }
      const auto& pm = G_.peer_mask[g.cand[v] / 9u];
      CellSet& t = x % 2 == 1 ? seen_on[d] : seen_off[d];
      t[0] |= pm[0] & S_.digit_cells[d][0];
      t[1] |= pm[1] & S_.digit_cells[d][1];
    }
    for (uint16_t m = digits; m != 0; m &= static_cast<uint16_t>(m - 1)) {
      const std::size_t d = static_cast<std::size_t>(std::countr_zero(m));
      if (((seen_on[d][0] & seen_off[d][0]) | (seen_on[d][1] & seen_off[d][1])) != 0) return true;
    }
    return false;
  }

  void set_pass(Pass pass) {
    pass_ = pass;
    y_ = pass != kX;
    x_ = pass != kY;
    pass_graph();
    components_ = false;
    S_.bounds.assign(S_.starts.size(), Bounds{});
    bound_ = best_;
    have_bound_ = have_best_;
  }

  // The plain searches of the pass's starts (in the X pass those of digit `d`: each start
  // reaches only its digit's candidates).
  void plain_searches(int d) {
    const std::size_t n = S_.starts.size();
    S_.batch_starts.clear();
    S_.batch_nodes.clear();
    for (std::size_t j = 0; j < n; ++j)
      if (pass_ != kX || S_.g.cand[S_.starts[j]] % 9 == d) S_.batch_starts.push_back(static_cast<uint16_t>(j));
    if (S_.batch_starts.empty()) return;
    for (std::size_t x = 0; x < S_.g.n; ++x)
      if ((pass_ != kX || S_.g.cand[x] % 9 == d) && (pass_ != kY || two_bits(s_.cand[S_.g.cand[x] / 9u])))
        S_.batch_nodes.push_back(static_cast<uint16_t>(x));
    for (std::size_t first = 0; first < S_.batch_starts.size(); first += 256) {
      const std::size_t count = std::min<std::size_t>(256, S_.batch_starts.size() - first);
      const uint16_t* starts = S_.batch_starts.data() + first;
      if (count <= 128) plain_batch<1>(starts, count);
      else plain_batch<2>(starts, count);
    }
  }

  // The reference's searches of the pass, start by start, where a hint may come.
  void searches() {
    for (std::size_t j = 0; j < S_.starts.size(); ++j) {
      const int cand = S_.g.cand[S_.starts[j]];
      const Bounds& b = S_.bounds[j];
      if (b.cycle > 0 && wanted(cycle_base(), b.cycle, kind())) cycles(S_.starts[j]);
      if (b.chain_on > 0 && wanted(chain_base(), b.chain_on, kind())) chain(cand, true, b.chain_on);
      if (b.chain_off > 0 && wanted(chain_base(), b.chain_off, kind())) chain(cand, false, b.chain_off);
    }
  }

  const State& s_;
  Ctx& ctx_;
  Hints& out_;
  Scratch& S_;
  const Geometry& G_;
  Pass pass_ = kX;
  bool x_ = true, y_ = false;
  bool have_best_ = false;
  Key best_{};
  bool components_ = false;  // cycle_components for this pass (see cycle_filter)
  bool have_bound_ = false;  // the plain searches' bound: best_ or a chain they found
  Key bound_{};
  Hint best_hint_;

  double cycle_base() const { return pass_ == kXY ? 7.0 : 6.5; }
  double chain_base() const { return pass_ == kXY ? 7.0 : 6.6; }
  int kind() const { return pass_ == kX ? 2 : pass_ == kY ? 3 : 4; }

  // The graph of the XY pass (every link), from which each pass takes its own.
  void make_graph() {
    Graph& g = S_.xy;
    g.n = 0;
    g.node_of.fill(kNoNode);
    for (int c = 0; c < 81; ++c) {
      if (s_.value[c] != 0) continue;
      for (uint16_t m = s_.cand[c]; m != 0; m &= static_cast<uint16_t>(m - 1)) {
        const int x = c * 9 + std::countr_zero(m);
        g.node_of[static_cast<std::size_t>(x)] = static_cast<uint16_t>(g.n);
        g.cand[g.n++] = static_cast<uint16_t>(x);
      }
    }
    x_ = y_ = true;
    std::size_t n_off = 0, n_on = 0;
    for (std::size_t v = 0; v < g.n; ++v) {
      const int x = g.cand[v];
      g.off_first[v] = static_cast<uint16_t>(n_off);
      on_to_off(x, [&](int o, int cause) {
        g.to_off[n_off] = g.node_of[static_cast<std::size_t>(o)];
        g.off_cause[n_off++] = static_cast<int8_t>(cause);
      });
      g.on_first[v] = static_cast<uint16_t>(n_on);
      off_to_on(x, [&](int q, int cause) {
        g.to_on[n_on] = g.node_of[static_cast<std::size_t>(q)];
        g.on_cause[n_on++] = static_cast<int8_t>(cause);
      });
      g.live[v] = n_on > g.on_first[v];
    }
    g.off_first[g.n] = static_cast<uint16_t>(n_off);
    g.on_first[g.n] = static_cast<uint16_t>(n_on);
    ctx_.spend(g.n + n_off);
  }

  // The graph of the pass, the XY graph's nodes with the pass's links (the X pass has no cell
  // links; the Y pass no region links from off to on, and it makes on nodes in bivalue cells
  // only, where its links stay), and its starts in discovery order. A node is live when it makes
  // an on node from off.
  void pass_graph() {
    const Graph& f = S_.xy;
    Graph& g = S_.g;
    g.n = f.n;
    std::copy_n(f.cand.begin(), f.n, g.cand.begin());
    g.node_of = f.node_of;
    S_.starts.clear();
    auto in_pass = [&](std::size_t v) { return pass_ != kY || two_bits(s_.cand[f.cand[v] / 9u]); };
    std::size_t n_off = 0, n_on = 0;
    if (pass_ != kY) {
      // Every node is in the pass, and a node's cell links come first in its XY lists (the
      // cell's other candidates; the other candidate of a bivalue cell): the X pass takes the
      // rest of each list, the XY pass all of it.
      for (std::size_t v = 0; v < f.n; ++v) {
        const uint16_t cm = s_.cand[f.cand[v] / 9u];
        if ((cm & (cm - 1)) != 0) S_.starts.push_back(static_cast<uint16_t>(v));
        const std::size_t skip_off = pass_ == kX ? static_cast<std::size_t>(pop9(cm) - 1) : 0;
        const std::size_t skip_on = pass_ == kX && two_bits(cm) ? 1 : 0;
        const std::size_t o0 = f.off_first[v] + skip_off, o1 = f.off_first[v + 1];
        const std::size_t i0 = f.on_first[v] + skip_on, i1 = f.on_first[v + 1];
        g.off_first[v] = static_cast<uint16_t>(n_off);
        g.on_first[v] = static_cast<uint16_t>(n_on);
        std::copy(f.to_off.begin() + o0, f.to_off.begin() + o1, g.to_off.begin() + n_off);
        std::copy(f.off_cause.begin() + o0, f.off_cause.begin() + o1, g.off_cause.begin() + n_off);
        std::copy(f.to_on.begin() + i0, f.to_on.begin() + i1, g.to_on.begin() + n_on);
        std::copy(f.on_cause.begin() + i0, f.on_cause.begin() + i1, g.on_cause.begin() + n_on);
        n_off += o1 - o0;
        n_on += i1 - i0;
        g.live[v] = i1 > i0;
      }
      g.off_first[g.n] = static_cast<uint16_t>(n_off);
      g.on_first[g.n] = static_cast<uint16_t>(n_on);
      ctx_.spend(g.n);
      return;
    }
    for (std::size_t v = 0; v < f.n; ++v) {
      g.off_first[v] = static_cast<uint16_t>(n_off);
      g.on_first[v] = static_cast<uint16_t>(n_on);
      g.live[v] = 0;
      if (!in_pass(v)) continue;
      const uint16_t cm = s_.cand[f.cand[v] / 9u];
      if ((cm & (cm - 1)) != 0) S_.starts.push_back(static_cast<uint16_t>(v));
      for (std::size_t e = f.off_first[v]; e < f.off_first[v + 1]; ++e) {
        if ((pass_ == kX && f.off_cause[e] == kCauseCell) || !in_pass(f.to_off[e])) continue;
        g.to_off[n_off] = f.to_off[e];
        g.off_cause[n_off++] = f.off_cause[e];
      }
      for (std::size_t e = f.on_first[v]; e < f.on_first[v + 1]; ++e) {
        if ((pass_ == kX && f.on_cause[e] == kCauseCell) || (pass_ == kY && f.on_cause[e] != kCauseCell)) continue;
        g.to_on[n_on] = f.to_on[e];
        g.on_cause[n_on++] = f.on_cause[e];
      }
      g.live[v] = n_on > g.on_first[v];
    }
    g.off_first[g.n] = static_cast<uint16_t>(n_off);
    g.on_first[g.n] = static_cast<uint16_t>(n_on);
    ctx_.spend(g.n);
  }



  // The plain layered searches (every node queued once) of a batch of at most 128 * N starts, one
  // bit each, all at once: whole layers of every start, node by node. Nodes are queued once, so
  // the depth at which a node is first made does not depend on the order within a layer, and
  // these depths are those of each start's own search:
  // - from (start, on): the chain to "off" ends when an on node makes (start, off); its nodes are
  //   distinct, its complexity is that depth + 1. A cycle of the reference's search ends with an
  //   on node q (not the start) making an off node p that makes the start on; the reference's q
  //   lies no higher than here, so the cycle has at least depth(q) + 2 nodes, and at least 4;
  //   without such a q there is no cycle.
  // - from (start, off) (X and XY passes): the first chain that makes (start, on).
  // Off nodes that make no on node are left out: they would end there. A start stops when what
  // it may still find could not come first (under the best key so far, or a chain this batch
  // found, equal keys kept: the order of discovery decides those).
  template <std::size_t N>
  void plain_batch(const uint16_t* index, std::size_t count) {
    using L = Lanes<N>;
    const std::size_t n = S_.g.n;
    auto& buf = std::get<N - 1>(S_.columns);
    if (buf.size() < n * 6) buf.resize(n * 6);
    L* vis_on = buf.data();
    L* vis_off = vis_on + n;
    L* lay_on = vis_off + n;
    L* lay_off = lay_on + n;
    L* made = lay_off + n;
    L* killers = made + n;  // [q]: the starts whose cycles q (on) may close
    const std::vector<uint16_t>& nodes = S_.batch_nodes;  // the only nodes the batch reaches
    const Graph& g = S_.g;
    for (const uint16_t x : nodes) killers[x] = L{};
    for (int from_on = 1; from_on >= 0; --from_on) {
      for (const uint16_t x : nodes) vis_on[x] = vis_off[x] = lay_on[x] = lay_off[x] = made[x] = L{};
      L need_chain{}, need_cycle{};
      for (std::size_t j = 0; j < count; ++j) {
        const uint16_t s = S_.starts[index[j]];
        // Can an off node make (s, on)? Both a cycle and a chain from "off" end so: the links
        // are symmetric, so exactly when (s, off) makes an on node.
        const bool made_on = g.live[s] != 0;
        const bool chain = pass_ != kY && (from_on || made_on), cycle = from_on && made_on;
        if (!chain && !cycle) continue;
        if (chain) need_chain.set(j);
        if (cycle) {
          need_cycle.set(j);
          for (std::size_t e = g.on_first[s]; e < g.on_first[s + 1u]; ++e) {
            const uint16_t p = g.to_on[e];
            for (std::size_t f = g.off_first[p]; f < g.off_first[p + 1u]; ++f) killers[g.to_off[f]].set(j);
          }
        }
        (from_on ? vis_on[s] : vis_off[s]).set(j);
        (from_on ? lay_on[s] : lay_off[s]).set(j);
      }
      const double base_chain = chain_base(), base_cycle = cycle_base();
      const int kind = this->kind();
      for (int depth = 0;; ++depth) {
        const bool layer_on = (depth % 2 == 0) == (from_on != 0);
        // The least complexity still to come: a chain ends after a layer of the start's state.
        const int next = depth + (layer_on == (from_on != 0) ? 0 : 1);
        if (!wanted_bound(base_chain, next + 2, kind)) need_chain = L{};
        if (!wanted_bound(base_cycle, std::max(4, next + 2), kind)) need_cycle = L{};
        if (layer_on && depth >= 2 && need_cycle.any()) {
          L hit{};
          for (const uint16_t q : nodes) hit |= lay_on[q] & killers[q];
          (hit & need_cycle).each([&](std::size_t j) { S_.bounds[index[j]].cycle = std::max(4, depth + 2); });
          need_cycle = but(need_cycle, hit);
        }
        L alive = need_chain | need_cycle;
        if (!alive.any()) break;
        // Expand the layer.
        const L* lay = layer_on ? lay_on : lay_off;
        const uint16_t* first_of = layer_on ? g.off_first.data() : g.on_first.data();
        const uint16_t* to = layer_on ? g.to_off.data() : g.to_on.data();
        uint64_t work = 1;
        for (const uint16_t q : nodes) {
          const L x = lay[q] & alive;
          if (!x.any()) continue;
          ++work;
          for (std::size_t e = first_of[q]; e < first_of[q + 1u]; ++e) made[to[e]] |= x;
        }
        ctx_.spend(work);
        if (layer_on == (from_on != 0)) {  // did a start make its own conjugate?
          L done{};
          need_chain.each([&](std::size_t j) {
            if (made[S_.starts[index[j]]].has(j)) done.set(j);
          });
          done.each([&](std::size_t j) {
            Bounds& b = S_.bounds[index[j]];
            (from_on ? b.chain_on : b.chain_off) = depth + 2;
            const Key key{base_chain + length_bonus(depth + 2), depth + 2, kind};
            if (!have_bound_ || key < bound_) bound_ = key;
            have_bound_ = true;
          });
          need_chain = but(need_chain, done);
          alive = need_chain | need_cycle;
          if (!alive.any()) break;
        }
        // The next layer: what was made and not yet seen.
        L* vis = layer_on ? vis_off : vis_on;
        L* next_lay = layer_on ? lay_off : lay_on;
        L any{};
        for (const uint16_t p : nodes) {
          const L x = layer_on && !g.live[p] ? L{} : but(made[p], vis[p]) & alive;
          next_lay[p] = x;
          vis[p] |= x;
          any |= x;
          made[p] = L{};
        }
        if (!any.any()) break;
      }
    }
    cycle_filter<N>(index, count);
  }

  // Leaves out the cycle searches of the XY pass that can find no cycle with a removal (few
  // can: an earlier technique has used most), under a bound. A cycle of length L through the start has each
  // node v at a distance from the start, plus one from v back to it, of at most L: distances of
  // plain searches, forwards and backwards (the links are symmetric: q on makes p off when p on
  // makes q off, and p off makes q on when q off makes p on). A removal is a candidate that sees
  // an on node and an off node of its digit on the cycle: a start whose nodes within the bound
  // give none has no cycle that is a hint. Every start of the batch at once, as above. (In the X
  // and Y passes, on smaller graphs, this costs more than the searches it saves.) With no bound,
  // the nodes within any distance are the start's component: cycle_components does that.
  template <std::size_t N>
  void cycle_filter(const uint16_t* index, std::size_t count) {
    using L = Lanes<N>;
    if (pass_ != kXY) return;
    L want{};
    for (std::size_t j = 0; j < count; ++j)
      if (S_.bounds[index[j]].cycle > 0) want.set(j);
    if (!want.any()) return;
    const Graph& g = S_.g;
    const std::size_t n = g.n;  // every candidate is a node in the XY pass
    // The longest cycle that may still come first (a path has distinct nodes: at most 2n). With
    // no bound the distances do not matter: the components do the same for less.
    int longest = 4;
    while (longest < static_cast<int>(2 * n + 2) && wanted_bound(cycle_base(), longest + 1, kind())) ++longest;
    if (longest == static_cast<int>(2 * n + 2)) {
      components_ = true;
      return;
    }
    auto& cols = std::get<N - 1>(S_.columns);
    L* lay = cols.data();  // a layer: on nodes at even distances from the start, off at odd
    L* made = lay + n;
    L* reach_on = made + n;  // on nodes on a short enough cycle, start by start
    L* reach_off = reach_on + n;
    L* vis_on = reach_off + n;
    L* vis_off = vis_on + n;
    auto starts_at = [&]() {
      for (std::size_t v = 0; v < n; ++v) vis_on[v] = vis_off[v] = lay[v] = made[v] = L{};
      want.each([&](std::size_t j) {
        const uint16_t s = S_.starts[index[j]];
        vis_on[s].set(j);
        lay[s].set(j);
      });
    };
    // One step: the next layer, from the lists `first_of`/`to`; false when it is empty.
    auto step = [&](const uint16_t* first_of, const uint16_t* to, L* vis, bool live_only) {
      for (std::size_t v = 0; v < n; ++v) {
        if (!lay[v].any()) continue;
        for (std::size_t e = first_of[v]; e < first_of[v + 1]; ++e) made[to[e]] |= lay[v];
      }
      L any{};
      for (std::size_t v = 0; v < n; ++v) {
        const L x = live_only && !g.live[v] ? L{} : but(made[v], vis[v]);
        lay[v] = x;
        vis[v] |= x;
        any |= x;
        made[v] = L{};
      }
      ctx_.spend(n);
      return any.any();
    };
    // Backwards: back(m) holds, node by node, the starts it reaches within m links, for on nodes
    // at even m, off nodes at odd m. What makes an on node of the layer is an off node it makes
    // (to_on), what makes an off node is an on node it makes (to_off).
    auto& snaps = std::get<N - 1>(S_.snapshots);
    const std::size_t most = static_cast<std::size_t>(longest) + 1;
    if (snaps.size() < most * n) snaps.resize(most * n);
    auto back = [&](std::size_t m) { return snaps.data() + m * n; };
    starts_at();
    std::copy_n(vis_on, n, back(0));
    std::size_t last = 0;
    while (last + 1 < most) {
      const bool to_off = last % 2 == 0;
      const bool more = to_off ? step(g.on_first.data(), g.to_on.data(), vis_off, false)
                               : step(g.off_first.data(), g.to_off.data(), vis_on, false);
      std::copy_n(to_off ? vis_off : vis_on, n, back(++last));
      if (!more) break;
    }
    // Within m links back, for a state: the last snapshot of its parity (none for an off node
    // within 0 links).
    auto within = [&](bool on, std::size_t m) -> const L* {
      m = std::min(m, last);
      if ((m % 2 == 0) != on) {
        if (m == 0) return nullptr;
        --m;
      }
      return back(m);
    };
    // Forwards, as in plain_batch: a node is on a short enough cycle for the starts that reach it
    // at depth k and come back from it within `longest` - k links.
    starts_at();
    for (std::size_t v = 0; v < n; ++v) reach_on[v] = reach_off[v] = L{};
    for (std::size_t depth = 0; depth < most; ++depth) {
      const bool on = depth % 2 == 0;
      if (const L* b = within(on, static_cast<std::size_t>(longest) - depth)) {
        L* reach = on ? reach_on : reach_off;
        for (std::size_t v = 0; v < n; ++v) reach[v] |= lay[v] & b[v];
      }
      if (depth + 1 == most) break;
      const bool more = on ? step(g.off_first.data(), g.to_off.data(), vis_off, true)
                           : step(g.on_first.data(), g.to_on.data(), vis_on, false);
      if (!more) break;
    }
    // The candidates that see such an on node, and such an off node, of their digit.
    auto& seen = std::get<N - 1>(S_.seen_by);
    seen.assign(2 * n, L{});
    for (std::size_t v = 0; v < n; ++v) {
      const std::size_t d = g.cand[v] % 9u;
      const auto& pm = G_.peer_mask[g.cand[v] / 9u];
      for (std::size_t state = 0; state < 2; ++state) {
        const L& r = state == 0 ? reach_on[v] : reach_off[v];
        if (!r.any()) continue;
        for (std::size_t w = 0; w < 2; ++w)
          for (uint64_t m = pm[w] & S_.digit_cells[d][w]; m != 0; m &= m - 1)
            seen[state * n + g.node_of[(w * 64 + static_cast<std::size_t>(std::countr_zero(m))) * 9 + d]] |= r;
      }
    }
    L removes{};
    for (std::size_t x = 0; x < n; ++x) removes |= seen[x] & seen[n + x];
    but(want, removes).each([&](std::size_t j) { S_.bounds[index[j]].cycle = -1; });
  }

  // Leaves out the cycle searches of the Y pass, and of the XY pass with no bound, that can find
  // no cycle with a removal: every node of a cycle through the start lies in the start's strongly
  // connected component of the pass's graph (nodes on and off), so a component in which no
  // candidate sees an on node and an off node of its digit has no cycle that is a hint. Tarjan's
  // algorithm; a component is judged when it is complete. (In the rating loop, under a bound,
  // cycle_filter does better in the XY pass, whose components are large, and in the X pass the
  // searches cost less than the components; 'all' mode has no bound and judges every pass.)
  void cycle_components() {
    const Graph& g = S_.g;
    auto& comp = S_.comp;   // the component's root (its first vertex)
    auto& ok = S_.comp_ok;  // by the component's root: a candidate sees an on and an off node
    tarjan(g, S_.starts.size(), [&](std::size_t j) { return static_cast<uint16_t>(2 * S_.starts[j] + 1); },
           [&](const uint16_t* vertices, std::size_t count) {
             ok[vertices[0]] = judge(g, vertices, count);
             for (std::size_t k = 0; k < count; ++k) comp[vertices[k]] = vertices[0];
           });
    for (std::size_t j = 0; j < S_.starts.size(); ++j) {
      Bounds& b = S_.bounds[j];
      if (b.cycle > 0 && !ok[comp[2 * std::size_t{S_.starts[j]} + 1]]) b.cycle = -1;
    }
  }

  // Could a hint of this kind and complexity still come first, or equal the pass's bound?
  bool wanted_bound(double base, int complexity, int kind) const {
    if (out_.all() || !have_bound_) return true;
    return !(bound_ < Key{base + length_bonus(complexity), complexity, kind});
  }

  // Could a hint of this kind and complexity still come first?
  // (A hint above the pass's bound cannot: the plain searches found a chain below it.)
  bool wanted(double base, int complexity, int kind) const {
    if (out_.all()) return true;
    const Key key{base + length_bonus(complexity), complexity, kind};
    return (!have_best_ || key < best_) && (!have_bound_ || !(bound_ < key));
  }

  // On -> off, in the reference's order: the cell's other candidates (Y passes), then the digit's
  // other positions in the box, in the row outside the box, in the column outside the box.
  template <class F>
  void on_to_off(int cand, F&& f) const {
    const int cell = cand / 9, di = cand % 9;
    const uint16_t dbit = static_cast<uint16_t>(1u << di);
    if (y_)
      for (uint16_t m = s_.cand[cell] & static_cast<uint16_t>(~dbit); m != 0; m &= static_cast<uint16_t>(m - 1))
        f(cell * 9 + std::countr_zero(m), kCauseCell);
    const auto& reg = G_.region[cell];
    const auto& pos = G_.pos[cell];
    const int box = reg[kBox], row = reg[kRow], col = reg[kCol];
    for (uint16_t m = s_.where[box][di] & static_cast<uint16_t>(~(1u << pos[kBox])); m != 0;
         m &= static_cast<uint16_t>(m - 1))
      f(G_.cells[box][std::countr_zero(m)] * 9 + di, kBox);
    // In a row (column) the box's cells are the 3 positions of the cell's column (row) band.
    for (uint16_t m = s_.where[row][di] & static_cast<uint16_t>(~(7u << (pos[kRow] / 3 * 3))); m != 0;
         m &= static_cast<uint16_t>(m - 1))
      f(G_.cells[row][std::countr_zero(m)] * 9 + di, kRow);
    for (uint16_t m = s_.where[col][di] & static_cast<uint16_t>(~(7u << (pos[kCol] / 3 * 3))); m != 0;
         m &= static_cast<uint16_t>(m - 1))
      f(G_.cells[col][std::countr_zero(m)] * 9 + di, kCol);
  }

  // Off -> on: the other candidate of a bivalue cell (Y passes), then the other position of the
  // digit in the box, row, column when it has two (X passes); a node made twice is made once.
  template <class F>
  void off_to_on(int cand, F&& f) const {
    const int cell = cand / 9, di = cand % 9;
    if (y_ && two_bits(s_.cand[cell]))
      f(cell * 9 + std::countr_zero(static_cast<uint16_t>(s_.cand[cell] & ~(1u << di))), kCauseCell);
    if (!x_) return;
    int made[3], n = 0;
    for (int t = 0; t < 3; ++t) {
      const int r = G_.region[cell][t];
      const uint16_t w = s_.where[r][di];
      const uint16_t own = static_cast<uint16_t>(1u << G_.pos[cell][t]);
      if (!two_bits(w) || (w & own) == 0) continue;
      const int other = G_.cells[r][std::countr_zero(static_cast<uint16_t>(w & ~own))];
      if (std::find(made, made + n, other) != made + n) continue;
      made[n++] = other;
      f(other * 9 + di, t);
    }
  }

  void push(int cand, bool on, int cause, int parent) {
    S_.pool.push_back(PNode{static_cast<uint16_t>(cand), 0, static_cast<uint8_t>(on), static_cast<int8_t>(cause),
                            static_cast<int32_t>(parent)});
  }

  // Cycles from (start, on), a node of the pass's graph: off nodes are queued unless they are an
  // ancestor of the on node that makes them, on nodes only once; the start made again by an off
  // layer at round 4 or later closes a cycle. (Off nodes that make nothing are not queued: they
  // would end there.) The pool holds at most every on node once and 28 off nodes for each.
  void cycles(uint16_t start) {
    const double base = cycle_base();
    const int kind = this->kind();
    const std::size_t n = S_.g.n, words = (n + 63) / 64;
    if (S_.cycle_pool.size() < n * 29 + 1) S_.cycle_pool.resize(n * 29 + 1);
    if (S_.anc.size() < n * words) S_.anc.resize(n * words);
    PNode* pool = S_.cycle_pool.data();
    uint64_t* anc = S_.anc.data();
    std::fill_n(S_.in_on.begin(), words, 0);
    const int start_cand = S_.g.cand[start];
    std::size_t top = 0;
    pool[top++] = PNode{static_cast<uint16_t>(start_cand), start, 1, kCauseAssumption, -1};
    set(S_.in_on, start);
    std::fill_n(anc + start * words, words, 0);
    int length = 0;
    std::size_t on_begin = 0, on_end = 1;
    while (on_begin < on_end) {
      if (!wanted(base, std::max(4, length + 2), kind)) return;
      ++length;
      const std::size_t off_begin = top;
      for (std::size_t i = on_begin; i < on_end; ++i) {
        const std::size_t r = pool[i].node;
        const uint64_t* a = anc + r * words;
        for (std::size_t e = S_.g.off_first[r]; e < S_.g.off_first[r + 1]; ++e) {
          const uint16_t o = S_.g.to_off[e];
          if (!S_.g.live[o] || ((a[o >> 6] >> (o & 63)) & 1) != 0) continue;
          pool[top++] = PNode{S_.g.cand[o], o, 0, S_.g.off_cause[e], static_cast<int32_t>(i)};
        }
      }
      const std::size_t off_end = top;
      ctx_.spend(off_end - on_begin);
      ++length;
      for (std::size_t j = off_begin; j < off_end; ++j) {
        const uint16_t o = pool[j].node;
        for (std::size_t e = S_.g.on_first[o]; e < S_.g.on_first[o + 1u]; ++e) {
          const uint16_t q = S_.g.to_on[e];
          if (length >= 4 && q == start)
            cycle_found(start_cand, static_cast<int>(j), S_.g.on_cause[e], length, base, kind);
          if (test(S_.in_on, q)) continue;
          set(S_.in_on, q);
          pool[top++] = PNode{S_.g.cand[q], q, 1, S_.g.on_cause[e], static_cast<int32_t>(j)};
          // Its off ancestors: those of the on node that made its parent, and that parent.
          uint64_t* aq = anc + q * words;
          std::copy_n(anc + pool[pool[j].parent].node * words, words, aq);
          aq[o >> 6] |= uint64_t{1} << (o & 63);
        }
      }
      on_begin = off_end;
      on_end = top;
      ctx_.spend(on_end - off_end + 1);
    }
  }

  // The path from node `from` of `pool` back to the assumption, after `first` (the conclusion).
  void collect_path(const PNode* pool, Hint::ChainNode first, int from, bool with_assumption) {
    auto& path = S_.path;
    path.clear();
    path.push_back(first);
    for (int i = from; i >= 0; i = pool[i].parent) {
      const PNode& n = pool[i];
      if (n.parent < 0 && !with_assumption) break;
      path.push_back(Hint::ChainNode{static_cast<uint8_t>(n.cand / 9), static_cast<uint8_t>(n.cand % 9 + 1), n.on != 0,
                                     n.cause});
    }
  }

  void cycle_found(int start, int off_index, int cause, int length, double base, int kind) {
    // The closing node and its ancestors are distinct but for the assumption, which is the
    // closing node again: the complexity is the round counter.
    if (!wanted(base, length, kind)) return;
    collect_path(S_.cycle_pool.data(), Hint::ChainNode{static_cast<uint8_t>(start / 9), static_cast<uint8_t>(start % 9 + 1), true,
                                 static_cast<int8_t>(cause)},
                 off_index, false);
    const auto& path = S_.path;
    CellSet in_cycle{};
    for (const auto& n : path) set(in_cycle, n.cell);
    // Removable: a candidate outside the cycle seen by an on node and by an off node of its digit.
    std::array<CellSet, 9> forw{}, back{};
    for (const auto& n : path) {
      const auto& peers = G_.peer_mask[n.cell];
      const CellSet& dc = S_.digit_cells[n.digit - 1u];
      CellSet& t = n.on ? forw[n.digit - 1u] : back[n.digit - 1u];
      for (int w = 0; w < 2; ++w) t[static_cast<std::size_t>(w)] |= peers[static_cast<std::size_t>(w)] & dc[static_cast<std::size_t>(w)] & ~in_cycle[static_cast<std::size_t>(w)];
    }
    bool any = false;
    for (int d = 0; d < 9; ++d)
      for (int w = 0; w < 2; ++w) {
        forw[static_cast<std::size_t>(d)][static_cast<std::size_t>(w)] &= back[static_cast<std::size_t>(d)][static_cast<std::size_t>(w)];
        any |= forw[static_cast<std::size_t>(d)][static_cast<std::size_t>(w)] != 0;
      }
    if (!any) return;
    Hint h;
    h.tech = pass_ == kX ? Tech::x_cycle : pass_ == kY ? Tech::y_cycle : Tech::xy_cycle;
    h.rating = base + length_bonus(length);
    h.complexity = length;
    // The reference's order: cells as the walk from the closing node meets them (on nodes, peers
    // in increasing index), digits increasing within a cell.
    CellSet listed{};
    for (const auto& n : path) {
      if (!n.on) continue;
      const CellSet& r = forw[n.digit - 1u];
      for (int c : G_.peers[n.cell]) {
        if (!test(r, c) || test(listed, c)) continue;
        set(listed, c);
        for (int d = 1; d <= 9; ++d)
          if (test(forw[static_cast<std::size_t>(d - 1)], c))
            h.removals.push_back(Cand{static_cast<uint8_t>(c), static_cast<uint8_t>(d)});
      }
    }
    h.chain = path;
    if (ctx_.want_text) {
      // The cells from the assumption's first consequence to the closing node, each once.
      std::string cells;
      CellSet seen{};
      int count = 0;
      for (auto it = path.rbegin(); it != path.rend(); ++it) {
        if (test(seen, it->cell)) continue;
        set(seen, it->cell);
        if (count++ > 0) cells += ',';
        cells += cell_se(it->cell);
      }
      const char* name = pass_ == kXY ? "Bidirectional Cycle"
                         : pass_ == kY ? "Bidirectional Y-Cycle"
                         : count == 4  ? "Generalized X-Wing"
                                       : "Bidirectional X-Cycle";
      h.text = std::string(name) + ": " + cells;
    }
    const Key key{h.rating, length, kind};
    take(std::move(h), key);
  }

  // Forcing chain from (start, on) or (start, off) whose length the plain search found wanted:
  // the chain itself, searched as the reference does: layer by layer in order, nodes queued only
  // if new, the first time the start's conjugate is made.
  void chain(int start, bool on, int length) {
    const double base = chain_base();
    const int kind = this->kind();
    auto& pool = S_.pool;
    pool.clear();
    S_.in_on = {};
    S_.in_off = {};
    push(start, on, kCauseAssumption, -1);
    set(on ? S_.in_on : S_.in_off, start);
    std::size_t begin = 0, end = 1;
    bool layer_on = on;
    int found = -1, found_cause = 0;
    while (begin < end) {
      if (layer_on) {
        for (std::size_t i = begin; i < end && found < 0; ++i)
          on_to_off(pool[i].cand, [&](int o, int cause) {
            if (found >= 0) return;
            if (on && o == start) {  // (start, off) made from the "on" assumption
              found = static_cast<int>(i);
              found_cause = cause;
              return;
            }
            if (!S_.g.live[S_.g.node_of[static_cast<std::size_t>(o)]] || test(S_.in_off, o)) return;
            set(S_.in_off, o);
            push(o, false, cause, static_cast<int>(i));
          });
      } else {
        for (std::size_t i = begin; i < end && found < 0; ++i)
          off_to_on(pool[i].cand, [&](int q, int cause) {
            if (found >= 0) return;
            if (!on && q == start) {  // (start, on) made from the "off" assumption
              found = static_cast<int>(i);
              found_cause = cause;
              return;
            }
            if (test(S_.in_on, q)) return;
            set(S_.in_on, q);
            push(q, true, cause, static_cast<int>(i));
          });
      }
      ctx_.spend(pool.size() - begin);
      if (found >= 0) break;
      begin = end;
      end = pool.size();
      layer_on = !layer_on;
    }
    if (found < 0) return;
    const bool target_on = !on;
    collect_path(S_.pool.data(), Hint::ChainNode{static_cast<uint8_t>(start / 9), static_cast<uint8_t>(start % 9 + 1), target_on,
                                 static_cast<int8_t>(found_cause)},
                 found, true);
    const int complexity = static_cast<int>(S_.path.size());
    if (length > 1 && complexity != length) return;  // cannot be: both searches are breadth first
    Hint h;
    h.tech = pass_ == kX ? Tech::forcing_x_chain : Tech::forcing_chain;
    h.rating = base + length_bonus(complexity);
    h.complexity = complexity;
    const int cell = start / 9, digit = start % 9 + 1;
    if (!target_on) {
      h.removals.push_back(Cand{static_cast<uint8_t>(cell), static_cast<uint8_t>(digit)});
    } else {
      for (int d = 1; d <= 9; ++d)
        if (d != digit && s_.has(cell, d)) h.removals.push_back(Cand{static_cast<uint8_t>(cell), static_cast<uint8_t>(d)});
      h.place_cell = cell;
      h.place_digit = digit;
    }
    h.chain = S_.path;
    if (ctx_.want_text) {
      const char* name = pass_ == kXY ? "Forcing Chain" : complexity == 6 ? "Turbot Fish" : "Forcing X-Chain";
      h.text = std::string(name) + ": " + cell_se(cell) + "." + std::to_string(digit) + (target_on ? " on" : " off");
    }
    const Key key{h.rating, complexity, kind};
    take(std::move(h), key);
  }

  void take(Hint&& h, Key k) {
    if (out_.all()) {
      S_.found.push_back(std::move(h));
      return;
    }
    // Only a strictly better hint replaces the best: with equal keys the first found stays, as in
    // the reference's stable sort (a candidate's chain is searched after its cycles on a bound
    // computed before them).
    if (have_best_ && !(k < best_)) return;
    have_best_ = true;
    best_ = k;
    best_hint_ = std::move(h);
  }

  void finish() {
    if (!out_.all()) {
      if (have_best_) out_.add(std::move(best_hint_));
      return;
    }
    auto& v = S_.found;
    auto kind_of = [](const Hint& h) {
      switch (h.tech) {
        case Tech::x_cycle:
        case Tech::forcing_x_chain: return 2;
        case Tech::y_cycle: return 3;
        default: return 4;
      }
    };
    std::stable_sort(v.begin(), v.end(), [&](const Hint& a, const Hint& b) {
      return Key{a.rating, a.complexity, kind_of(a)} < Key{b.rating, b.complexity, kind_of(b)};
    });
    // Equal removals (as sets) make equal hints: the first is kept.
    std::vector<CandSet> seen;
    seen.reserve(v.size());
    for (Hint& h : v) {
      CandSet k{};
      for (Cand c : h.removals) set(k, c.cell * 9 + c.digit - 1);
      if (std::find(seen.begin(), seen.end(), k) != seen.end()) continue;
      seen.push_back(k);
      if (!out_.add(std::move(h))) break;
    }
    v.clear();
  }
};

}  // namespace

void forcing_chains_cycles(const State& s, Ctx& ctx, Hints& out) {
  Search search(s, ctx, out);
  search.run();
  // A nested call ('all' mode, on a propagation's grid) leaves the rating loop's memo alone.
  if (!out.all()) ctx.ws().forcing.record(s, ctx, out.empty());
}

}  // namespace puzzle::sudoku::se
