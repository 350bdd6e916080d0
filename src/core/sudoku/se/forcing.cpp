// Forcing chains and cycles (SE_RATING.md section 6, producer 25): static X, Y and XY passes,
// searched layer by layer.
//
// A node is a candidate (cell * 9 + digit - 1) with a state. Every search keeps its nodes in one
// append-only pool; since the search runs in layers (every queued "on" node, then every queued
// "off" node), each layer's products are appended together, so the pool is its own queue and a
// node's first parent is an index into it. Nothing is allocated in the search once the pool has
// grown to its bound (each on node is processed once and yields at most 28 off nodes).
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
inline bool test(const CellSet& s, int c) { return (s[static_cast<std::size_t>(c >> 6)] >> (c & 63)) & 1; }
inline void set(CellSet& s, int c) { s[static_cast<std::size_t>(c >> 6)] |= uint64_t{1} << (c & 63); }

enum Pass { kX, kY, kXY };

// The length bonus of section 6, with the reference's arithmetic.
double length_bonus(int complexity) {
  double added = 0.0;
  int ceil = 4;
  const int length = complexity - 2;
  bool odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return added;
}

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
    S_.found.clear();
  }

  void run() {
    for (Pass pass : {kX, kY, kXY}) {
      pass_ = pass;
      y_ = pass != kX;
      x_ = pass != kY;
      for (int c = 0; c < 81; ++c) {
        if (s_.value[c] != 0) continue;
        const int n = std::popcount(s_.cand[c]);
        if (n < 2 || (pass == kY && n > 2)) continue;
        for (uint16_t m = s_.cand[c]; m != 0; m &= static_cast<uint16_t>(m - 1)) {
          const int cand = c * 9 + std::countr_zero(m);
          cycles(cand);
          if (pass != kY) {
            chain(cand, true);
            chain(cand, false);
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
    if (y_ && std::popcount(s_.cand[cell]) == 2)
      f(cell * 9 + std::countr_zero(static_cast<uint16_t>(s_.cand[cell] & ~(1u << di))), kCauseCell);
    if (!x_) return;
    int made[3], n = 0;
    for (int t = 0; t < 3; ++t) {
      const int r = G_.region[cell][t];
      const uint16_t w = s_.where[r][di];
      const uint16_t own = static_cast<uint16_t>(1u << G_.pos[cell][t]);
      if (std::popcount(w) != 2 || (w & own) == 0) continue;
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
    const double base = pass_ == kXY ? 7.0 : 6.5;
    const int kind = pass_ == kX ? 2 : pass_ == kY ? 3 : 4;
    if (!wanted(base, 4, kind)) return;
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
        const int p = pool[i].cand;
        const CandSet& anc = S_.anc[static_cast<std::size_t>(p)];
        on_to_off(p, [&](int o, int cause) {
          if (!test(anc, o)) push(o, false, cause, static_cast<int>(i));
        });
      }
      const std::size_t off_end = pool.size();
      ctx_.spend(off_end - on_begin);
      ++length;
      for (std::size_t j = off_begin; j < off_end; ++j) {
        const int o = pool[j].cand;
        off_to_on(o, [&](int q, int cause) {
          if (length >= 4 && q == start) cycle_found(start, static_cast<int>(j), cause, length, base, kind);
          if (test(S_.in_on, q)) return;
          set(S_.in_on, q);
          push(q, true, cause, static_cast<int>(j));
          CandSet& a = S_.anc[static_cast<std::size_t>(q)];
          a = S_.anc[S_.pool[static_cast<std::size_t>(S_.pool[j].parent)].cand];  // an off node's parent is on
          set(a, o);
        });
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

  // Forcing chain from (start, on) or (start, off): nodes queued only if new; the first time the
  // start's conjugate is made, the chain is found.
  void chain(int start, bool on) {
    const double base = pass_ == kXY ? 7.0 : 6.6;
    const int kind = pass_ == kX ? 2 : 4;
    auto& pool = S_.pool;
    pool.clear();
    S_.in_on = {};
    S_.in_off = {};
    push(start, on, kCauseAssumption, -1);
    set(on ? S_.in_on : S_.in_off, start);
    std::size_t begin = 0, end = 1;
    int depth = 0;  // of the nodes being processed
    bool layer_on = on;
    int found = -1, found_cause = 0;
    while (begin < end) {
      // A node made now lies at depth + 1: the chain to it has depth + 2 nodes.
      if (!wanted(base, depth + 2, kind)) return;
      if (layer_on) {
        for (std::size_t i = begin; i < end && found < 0; ++i)
          on_to_off(pool[i].cand, [&](int o, int cause) {
            if (found >= 0) return;
            if (on && o == start) {  // (start, off) made from the "on" assumption
              found = static_cast<int>(i);
              found_cause = cause;
              return;
            }
            if (test(S_.in_off, o)) return;
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
      ++depth;
      // From an "on" assumption the first layer made off nodes; from an "off" one the first layer
      // (its on nodes) is empty, so the off assumption is processed at depth 0 as well.
    }
    if (found < 0) return;
    const bool target_on = !on;
    collect_path(Hint::ChainNode{static_cast<uint8_t>(start / 9), static_cast<uint8_t>(start % 9 + 1), target_on,
                                 static_cast<int8_t>(found_cause)},
                 found, true);
    const int complexity = static_cast<int>(S_.path.size());
    if (!wanted(base, complexity, kind)) return;
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
