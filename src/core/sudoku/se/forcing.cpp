// Forcing chains and cycles (SE_RATING.md section 6, producer 25): static X, Y and XY passes,
// searched layer by layer.
//
// A node is a candidate (cell * 9 + digit - 1) with a state. The reference's searches keep their
// nodes in one append-only pool; since they run in layers (every queued "on" node, then every
// queued "off" node), each layer's products are appended together, so the pool is its own queue
// and a node's first parent is an index into it. Nothing is allocated in a search once the pool
// has grown to its bound (each on node is processed once and yields at most 28 off nodes).
//
// Those ordered searches run only where a hint may come: first a plain layered search per
// candidate (whole layers as bit planes, every node queued once) gives the length of its forcing
// chains, which does not depend on the order within a layer, and a lower bound under the length
// of its cycles (none if no on node can reach back to the start). Off nodes that make no on node
// are left out of every search: they would end there.
//
// In the rating loop only the first hint after the sort counts: a hint is built only when its key
// (rating, complexity, kind) is below the best so far, and a search stops as soon as its next
// layer cannot give such a key (complexity grows with the depth of the layer). In `all` mode
// every hint is kept, sorted and freed of equal removals, as the nested levels want them.
#include <algorithm>
#include <bit>
#include <memory>

#include "sudoku/se/state.hpp"

namespace sudoku::se {

namespace {

constexpr int kCauseAssumption = -1, kCauseCell = 3;

struct PNode {
  uint16_t cand;  // cell * 9 + digit - 1
  uint8_t on;
  int8_t cause;
  int32_t parent;  // index in the pool, -1 for the assumption
};

using CandSet = std::array<uint64_t, 12>;  // 729 candidates
inline bool test(const CandSet& s, int i) { return (s[static_cast<std::size_t>(i >> 6)] >> (i & 63)) & 1; }
inline void set(CandSet& s, int i) { s[static_cast<std::size_t>(i >> 6)] |= uint64_t{1} << (i & 63); }

using CellSet = std::array<uint64_t, 2>;  // 81 cells
using Planes = std::array<CellSet, 9>;    // candidates, digit by digit
inline bool test(const CellSet& s, int c) { return (s[static_cast<std::size_t>(c >> 6)] >> (c & 63)) & 1; }
inline void set(CellSet& s, int c) { s[static_cast<std::size_t>(c >> 6)] |= uint64_t{1} << (c & 63); }

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

struct Scratch {
  std::vector<PNode> pool;
  CandSet in_on{}, in_off{};
  std::array<CandSet, 729> anc{};          // cycles: the off ancestors of each on node
  std::array<CellSet, 9> digit_cells{};    // cells holding each digit as a candidate
  std::array<std::array<CellSet, 81>, 9> mates{};  // [digit][cell]: conjugates in its regions
  Planes live{};  // the off nodes that make some on node in the current pass
  // The links of the current pass, candidate by candidate, in the order of on_to_off (live off
  // nodes only) and off_to_on: the cycle search follows them once per node it queues, and an off
  // node is queued once per parent, so looking them up beats making them again. Made on first
  // use (the searches reach a part of the candidates): valid where the stamp is `gen`, which
  // each pass increments.
  struct Link {
    uint16_t cand;
    int8_t cause;
  };
  std::array<uint8_t, 729> n_off{}, n_on{};
  std::array<uint32_t, 729> off_gen{}, on_gen{};
  uint32_t gen = 0;
  std::array<std::array<Link, 28>, 729> to_off{};  // on -> live off: at most 8 + 8 + 6 + 6
  std::array<std::array<Link, 4>, 729> to_on{};    // off -> on: at most 1 + 3
  std::vector<Hint> found;                 // `all` mode
  std::vector<Hint::ChainNode> path;
  Scratch() { pool.reserve(32768); }
};

Scratch& scratch() {
  thread_local std::unique_ptr<Scratch> s = std::make_unique<Scratch>();
  return *s;
}

class Search {
 public:
  Search(const State& s, Ctx& ctx, Hints& out) : s_(s), ctx_(ctx), out_(out), S_(scratch()), G_(geo()) {
    for (auto& m : S_.digit_cells) m = {};
    for (int c = 0; c < 81; ++c)
      for (uint16_t m = s.cand[c]; m != 0; m &= static_cast<uint16_t>(m - 1))
        set(S_.digit_cells[static_cast<std::size_t>(std::countr_zero(m))], c);
    for (auto& d : S_.mates)
      for (auto& m : d) m = {};
    for (int r = 0; r < 27; ++r)
      for (int d = 0; d < 9; ++d) {
        const uint16_t w = s.where[r][d];
        if (!two_bits(w)) continue;
        const int a = G_.cells[r][std::countr_zero(w)];
        const int b = G_.cells[r][15 - std::countl_zero(w)];
        set(S_.mates[static_cast<std::size_t>(d)][static_cast<std::size_t>(a)], b);
        set(S_.mates[static_cast<std::size_t>(d)][static_cast<std::size_t>(b)], a);
      }
    ctx.spend(81 + 27 * 9);
    S_.found.clear();
  }

  void run() {
    for (Pass pass : {kX, kY, kXY}) {
      pass_ = pass;
      y_ = pass != kX;
      x_ = pass != kY;
      set_live();
      for (int c = 0; c < 81; ++c) {
        if (s_.value[c] != 0) continue;
        const uint16_t cm = s_.cand[c];
        if ((cm & (cm - 1)) == 0 || (pass == kY && !two_bits(cm))) continue;
        for (uint16_t m = s_.cand[c]; m != 0; m &= static_cast<uint16_t>(m - 1)) {
          const int cand = c * 9 + std::countr_zero(m);
          // In discovery order: the cycles of the candidate, its chain to "off", its chain to
          // "on". One plain search from "on" gives the first chain's length and a bound under
          // the cycles' lengths; the reference's searches run only where a hint may come first.
          const Bounds b = plain_from_on(cand);
          if (b.cycle > 0) cycles(cand);
          if (b.chain > 0) chain(cand, true, b.chain);
          if (pass != kY && can_be_made_on(cand)) {
            const int length = plain_length(cand);
            if (length > 0) chain(cand, false, length);
          }
        }
      }
    }
    finish();
  }

 private:
  const State& s_;
  Ctx& ctx_;
  Hints& out_;
  Scratch& S_;
  const Geometry& G_;
  Pass pass_ = kX;
  bool x_ = true, y_ = false;
  bool have_best_ = false;
  Key best_{};
  Hint best_hint_;

  // Can an off node make (cand, on) in this pass? Both a cycle and a chain from "off" end so.
  bool can_be_made_on(int cand) const {
    const int cell = cand / 9, di = cand % 9;
    const CellSet& m = S_.mates[static_cast<std::size_t>(di)][static_cast<std::size_t>(cell)];
    return (x_ && (m[0] | m[1]) != 0) || (y_ && two_bits(s_.cand[cell]));
  }

  void set_live() {
    for (std::size_t d = 0; d < 9; ++d) S_.live[d] = {};
    for (int c = 0; c < 81; ++c) {
      const uint16_t cm = s_.cand[c];
      for (uint16_t m = cm; m != 0; m &= static_cast<uint16_t>(m - 1)) {
        const std::size_t d = static_cast<std::size_t>(std::countr_zero(m));
        const CellSet& mt = S_.mates[d][static_cast<std::size_t>(c)];
        if ((x_ && (mt[0] | mt[1]) != 0) || (y_ && two_bits(cm))) set(S_.live[d], c);
      }
    }
    if (++S_.gen == 0) {  // wrapped: no stamp may look valid
      S_.off_gen = {};
      S_.on_gen = {};
      S_.gen = 1;
    }
  }
  // The live off nodes that on node `cand` makes (S_.to_off[cand]): their number.
  std::size_t links_to_off(std::size_t cand) {
    if (S_.off_gen[cand] != S_.gen) {
      S_.off_gen[cand] = S_.gen;
      uint8_t n = 0;
      on_to_off(static_cast<int>(cand), [&](int o, int cause) {
        if (live(o)) S_.to_off[cand][n++] = {static_cast<uint16_t>(o), static_cast<int8_t>(cause)};
      });
      S_.n_off[cand] = n;
    }
    return S_.n_off[cand];
  }
  // The on nodes that off node `cand` makes (S_.to_on[cand]): their number.
  std::size_t links_to_on(std::size_t cand) {
    if (S_.on_gen[cand] != S_.gen) {
      S_.on_gen[cand] = S_.gen;
      uint8_t n = 0;
      off_to_on(static_cast<int>(cand), [&](int q, int cause) {
        S_.to_on[cand][n++] = {static_cast<uint16_t>(q), static_cast<int8_t>(cause)};
      });
      S_.n_on[cand] = n;
    }
    return S_.n_on[cand];
  }
  bool live(int cand) const {
    return test(S_.live[static_cast<std::size_t>(cand % 9)], cand / 9);
  }

  double cycle_base() const { return pass_ == kXY ? 7.0 : 6.5; }
  double chain_base() const { return pass_ == kXY ? 7.0 : 6.6; }
  int kind() const { return pass_ == kX ? 2 : pass_ == kY ? 3 : 4; }

  // One layer of the plain search (every node queued once): the nodes that `layer` makes;
  // `digits` (in and out) tells which digit planes may be non-empty.
  uint16_t expand(const Planes& layer, uint16_t digits, bool layer_on, Planes& made) {
    made = {};
    uint16_t out = 0;
    uint64_t work = 1;
    for (uint16_t dm = digits; dm != 0; dm &= static_cast<uint16_t>(dm - 1)) {
      const std::size_t d = static_cast<std::size_t>(std::countr_zero(dm));
      const uint16_t dbit = static_cast<uint16_t>(1u << d);
      for (std::size_t w = 0; w < 2; ++w)
        for (uint64_t m = layer[d][w]; m != 0; m &= m - 1) {
          const int x = static_cast<int>(w * 64) + std::countr_zero(m);
          const uint16_t cm = s_.cand[x];
          ++work;
          if (layer_on) {
            if (y_) {
              const uint16_t others = cm & static_cast<uint16_t>(~dbit);
              out |= others;
              for (uint16_t o = others; o != 0; o &= static_cast<uint16_t>(o - 1))
                set(made[static_cast<std::size_t>(std::countr_zero(o))], x);
            }
            const auto& pm = G_.peer_mask[x];
            made[d][0] |= pm[0] & S_.digit_cells[d][0];
            made[d][1] |= pm[1] & S_.digit_cells[d][1];
            out |= dbit;
          } else {
            if (y_ && two_bits(cm)) {
              const uint16_t other = cm & static_cast<uint16_t>(~dbit);
              out |= other;
              set(made[static_cast<std::size_t>(std::countr_zero(other))], x);
            }
            if (x_) {
              const CellSet& mt = S_.mates[d][static_cast<std::size_t>(x)];
              made[d][0] |= mt[0];
              made[d][1] |= mt[1];
              out |= dbit;
            }
          }
        }
    }
    ctx_.spend(work);
    return out;
  }

  // The next layer: what was made and not yet seen (off nodes that make nothing are left out:
  // they would end there). Returns the digits of the layer (0: empty).
  static uint16_t advance(const Planes& made, uint16_t digits, bool made_on, Planes& vis, Planes& layer,
                          const Planes& live) {
    uint16_t out = 0;
    for (uint16_t dm = digits; dm != 0; dm &= static_cast<uint16_t>(dm - 1)) {
      const std::size_t d = static_cast<std::size_t>(std::countr_zero(dm));
      uint64_t any = 0;
      for (std::size_t w = 0; w < 2; ++w) {
        uint64_t n = made[d][w] & ~vis[d][w];
        if (!made_on) n &= live[d][w];
        vis[d][w] |= n;
        layer[d][w] = n;
        any |= n;
      }
      if (any != 0) out |= static_cast<uint16_t>(1u << d);
    }
    return out;
  }

  struct Bounds {
    int chain = -1;  // the complexity of the chain from "on" to "off", if wanted
    int cycle = -1;  // a lower bound of the complexity of a cycle, if one may be wanted
  };

  // The plain layered search from (start, on). Nodes are queued once, so the depth at which a
  // node is first made does not depend on the order within a layer: whole layers are made at
  // once, digit by digit. The chain "on" -> "off" ends when an on node makes (start, off): its
  // nodes are distinct, its complexity is that depth + 1. A cycle of the reference's search
  // ends with an on node q (not the start) making an off node p that makes the start on; the
  // reference's q lies no higher than here, so the cycle has at least depth(q) + 2 nodes, and
  // at least 4; without such a q there is no cycle.
  Bounds plain_from_on(int start) {
    Bounds b;
    const int sc = start / 9;
    const std::size_t sd = static_cast<std::size_t>(start % 9);
    bool want_chain = pass_ != kY, want_cycle = can_be_made_on(start);
    if (!want_chain && !want_cycle) return b;
    // The on nodes that make an off node which makes the start on.
    Planes killers{};
    if (want_cycle) {
      auto add_partner = [&](int y, std::size_t e) {
        const auto& pm = G_.peer_mask[y];
        killers[e][0] |= pm[0] & S_.digit_cells[e][0];
        killers[e][1] |= pm[1] & S_.digit_cells[e][1];
        if (y_)
          for (uint16_t o = s_.cand[y] & static_cast<uint16_t>(~(1u << e)); o != 0; o &= static_cast<uint16_t>(o - 1))
            set(killers[static_cast<std::size_t>(std::countr_zero(o))], y);
      };
      if (y_ && two_bits(s_.cand[sc]))
        add_partner(sc, static_cast<std::size_t>(std::countr_zero(static_cast<uint16_t>(s_.cand[sc] & ~(1u << sd)))));
      if (x_) {
        const CellSet& mt = S_.mates[sd][static_cast<std::size_t>(sc)];
        for (std::size_t w = 0; w < 2; ++w)
          for (uint64_t m = mt[w]; m != 0; m &= m - 1) add_partner(static_cast<int>(w * 64) + std::countr_zero(m), sd);
      }
    }
    Planes vis_on{}, vis_off{}, layer{}, made{};
    set(vis_on[sd], sc);
    set(layer[sd], sc);
    uint16_t digits = static_cast<uint16_t>(1u << sd);
    for (int depth = 0;; depth += 2) {
      // `layer` holds the on nodes at `depth`, of the digits `digits`.
      want_chain = want_chain && wanted(chain_base(), depth + 2, kind());
      want_cycle = want_cycle && wanted(cycle_base(), std::max(4, depth + 2), kind());
      if (!want_chain && !want_cycle) return b;
      if (want_cycle && depth >= 2) {
        uint64_t hit = 0;
        for (uint16_t dm = digits; dm != 0; dm &= static_cast<uint16_t>(dm - 1)) {
          const std::size_t d = static_cast<std::size_t>(std::countr_zero(dm));
          hit |= (layer[d][0] & killers[d][0]) | (layer[d][1] & killers[d][1]);
        }
        if (hit != 0) {
          b.cycle = std::max(4, depth + 2);
          want_cycle = false;
        }
      }
      digits = expand(layer, digits, true, made);
      if (want_chain && test(made[sd], sc)) {
        b.chain = depth + 2;
        want_chain = false;
      }
      if (!want_chain && !want_cycle) return b;
      if ((digits = advance(made, digits, false, vis_off, layer, S_.live)) == 0) return b;
      digits = expand(layer, digits, false, made);
      if ((digits = advance(made, digits, true, vis_on, layer, S_.live)) == 0) return b;
    }
  }

  // The plain layered search from (start, off) (X and XY passes): the complexity of the first
  // chain that makes (start, on), or -1 if there is none or it cannot come first.
  int plain_length(int start) {
    const int sc = start / 9;
    const std::size_t sd = static_cast<std::size_t>(start % 9);
    Planes vis_on{}, vis_off{}, layer{}, made{};
    set(vis_off[sd], sc);
    set(layer[sd], sc);
    uint16_t digits = static_cast<uint16_t>(1u << sd);
    for (int depth = 0;; depth += 2) {
      // `layer` holds the off nodes at `depth`.
      if (!wanted(chain_base(), depth + 2, kind())) return -1;
      digits = expand(layer, digits, false, made);
      if (test(made[sd], sc)) return depth + 2;
      if ((digits = advance(made, digits, true, vis_on, layer, S_.live)) == 0) return -1;
      if (!wanted(chain_base(), depth + 3, kind())) return -1;
      digits = expand(layer, digits, true, made);
      if ((digits = advance(made, digits, false, vis_off, layer, S_.live)) == 0) return -1;
    }
  }

  // Could a hint of this kind and complexity still come first?
  bool wanted(double base, int complexity, int kind) const {
    if (out_.all() || !have_best_) return true;
    return Key{base + length_bonus(complexity), complexity, kind} < best_;
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

  int push(int cand, bool on, int cause, int parent) {
    S_.pool.push_back(PNode{static_cast<uint16_t>(cand), static_cast<uint8_t>(on), static_cast<int8_t>(cause),
                            static_cast<int32_t>(parent)});
    return static_cast<int>(S_.pool.size()) - 1;
  }

  // Cycles from (cand, on): off nodes are queued unless they are an ancestor of the on node that
  // makes them, on nodes only once; the start made again by an off layer at round 4 or later
  // closes a cycle.
  void cycles(int start) {
    const double base = cycle_base();
    const int kind = this->kind();
    auto& pool = S_.pool;
    pool.clear();
    S_.in_on = {};
    push(start, true, kCauseAssumption, -1);
    set(S_.in_on, start);
    S_.anc[static_cast<std::size_t>(start)] = {};
    int length = 0;
    std::size_t on_begin = 0, on_end = 1;
    while (on_begin < on_end) {
      if (!wanted(base, std::max(4, length + 2), kind)) return;
      ++length;
      const std::size_t off_begin = pool.size();
      for (std::size_t i = on_begin; i < on_end; ++i) {
        const std::size_t p = pool[i].cand;
        const CandSet& anc = S_.anc[p];
        // (Off nodes that make nothing are not in the table: they would end there.)
        for (std::size_t k = 0, n = links_to_off(p); k < n; ++k) {
          const auto [o, cause] = S_.to_off[p][k];
          if (!test(anc, o)) push(o, false, cause, static_cast<int>(i));
        }
      }
      const std::size_t off_end = pool.size();
      ctx_.spend(off_end - on_begin);
      ++length;
      for (std::size_t j = off_begin; j < off_end; ++j) {
        const std::size_t o = pool[j].cand;
        for (std::size_t k = 0, n = links_to_on(o); k < n; ++k) {
          const auto [q, cause] = S_.to_on[o][k];
          if (length >= 4 && q == start) cycle_found(start, static_cast<int>(j), cause, length, base, kind);
          if (test(S_.in_on, q)) continue;
          set(S_.in_on, q);
          push(q, true, cause, static_cast<int>(j));
          CandSet& a = S_.anc[q];
          a = S_.anc[S_.pool[static_cast<std::size_t>(S_.pool[j].parent)].cand];  // an off node's parent is on
          set(a, static_cast<int>(o));
        }
      }
      on_begin = off_end;
      on_end = pool.size();
      ctx_.spend(on_end - off_end + 1);
    }
  }

  // The path from pool node `from` back to the assumption, after `first` (the conclusion).
  void collect_path(Hint::ChainNode first, int from, bool with_assumption) {
    auto& path = S_.path;
    path.clear();
    path.push_back(first);
    for (int i = from; i >= 0; i = S_.pool[static_cast<std::size_t>(i)].parent) {
      const PNode& n = S_.pool[static_cast<std::size_t>(i)];
      if (n.parent < 0 && !with_assumption) break;
      path.push_back(Hint::ChainNode{static_cast<uint8_t>(n.cand / 9), static_cast<uint8_t>(n.cand % 9 + 1), n.on != 0,
                                     n.cause});
    }
  }

  void cycle_found(int start, int off_index, int cause, int length, double base, int kind) {
    // The closing node and its ancestors are distinct but for the assumption, which is the
    // closing node again: the complexity is the round counter.
    if (!wanted(base, length, kind)) return;
    collect_path(Hint::ChainNode{static_cast<uint8_t>(start / 9), static_cast<uint8_t>(start % 9 + 1), true,
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
            if (!live(o) || test(S_.in_off, o)) return;
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
    collect_path(Hint::ChainNode{static_cast<uint8_t>(start / 9), static_cast<uint8_t>(start % 9 + 1), target_on,
                                 static_cast<int8_t>(found_cause)},
                 found, true);
    const int complexity = static_cast<int>(S_.path.size());
    if (complexity != length) return;  // cannot be: both searches are breadth first
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
}

}  // namespace sudoku::se
