// The uniqueness techniques: unique rectangles and loops (producer 16) and BUG (producer 22);
// docs/se_rules.md, sections Unique loops and BUG. Used without checking that the puzzle is unique,
// as the reference does.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "sudoku/se/state.hpp"

namespace puzzle::sudoku::se {

namespace {


// An 81-bit cell set.
struct LoopCells {
  uint64_t w[2] = {0, 0};
  void set(int c) noexcept { w[c >> 6] |= uint64_t{1} << (c & 63); }
  void reset(int c) noexcept { w[c >> 6] &= ~(uint64_t{1} << (c & 63)); }
  bool has(int c) const noexcept { return (w[c >> 6] >> (c & 63)) & 1; }
  bool empty() const noexcept { return (w[0] | w[1]) == 0; }
  LoopCells& operator&=(const LoopCells& o) noexcept {
    w[0] &= o.w[0];
    w[1] &= o.w[1];
    return *this;
  }
  friend bool operator==(const LoopCells&, const LoopCells&) = default;
  template <class F>
  void each(F f) const {
    for (int k = 0; k < 2; ++k)
      for (uint64_t m = w[k]; m != 0; m &= m - 1) f(k * 64 + std::countr_zero(m));
  }
};

LoopCells peers_of(int c) {
  const Geometry& G = geo();
  LoopCells s;
  s.w[0] = G.peer_mask[c][0];
  s.w[1] = G.peer_mask[c][1];
  return s;
}

// The next subset with the same number of bits, in increasing order (Gosper).
constexpr unsigned next_combination(unsigned v) noexcept {
  const unsigned smallest = v & (0u - v);
  const unsigned ripple = v + smallest;
  return ripple | (((v ^ ripple) >> 2) / smallest);
}

std::string digits_text(uint16_t m, const char* sep) {
  std::string out;
  for (; m != 0; m &= static_cast<uint16_t>(m - 1)) {
    if (!out.empty()) out += sep;
    out += static_cast<char>('1' + std::countr_zero(m));
  }
  return out;
}

template <class Cells>
std::string cells_text(const Cells& cells, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) {
    if (i > 0) out += ',';
    out += cell_se(cells[i]);
  }
  return out;
}

void remove_digits(Hint& h, int cell, uint16_t m) {
  for (; m != 0; m &= static_cast<uint16_t>(m - 1))
    h.removals.push_back(Cand{static_cast<uint8_t>(cell), static_cast<uint8_t>(std::countr_zero(m) + 1)});
}

// ---------------------------------------------------------------------------------------------
// Unique rectangles and loops (16)

// kRegionBits[c]: bit r for each of cell c's 3 regions.
constexpr std::array<uint32_t, 81> kRegionBits = [] {
  std::array<uint32_t, 81> t{};
  for (int c = 0; c < 81; ++c)
    t[static_cast<std::size_t>(c)] = (uint32_t{1} << region_id(kBox, box_of(c))) |
                                     (uint32_t{1} << region_id(kRow, row_of(c))) |
                                     (uint32_t{1} << region_id(kCol, col_of(c)));
  return t;
}();

// The kinds the duplicate test tells apart (the reference compares the hint classes).
enum Kind : uint8_t { kType1, kType2, kType3Naked, kType3Hidden, kType4 };

struct LoopHint {
  Hint hint;
  int type;  // 1-4, the second sort key
  Kind kind;
  LoopCells loop;
  // type 3 only: their hints differ by the set too (region, digits, cells of the set)
  int region = -1;
  uint16_t values = 0, positions = 0;
};

class LoopFinder {
 public:
  // `bivalue`: the cells with two candidates.
  LoopFinder(const State& s, Ctx& ctx, std::vector<LoopHint>& found, CellBits bivalue)
      : s_(s), ctx_(ctx), found_(found), bivalue_(bivalue) {
    for (int d = 1; d <= 9; ++d) holds_[static_cast<std::size_t>(d - 1)] = cells_with(s, d);
  }

  // The loops through the bivalue cell `start` ({a,b}), in the reference's order, but those
  // through a bivalue cell {a,b} before it: the search from that cell found each of them already
  // in both directions (a valid loop is found from each of its bivalue cells, both ways: every
  // region holds two of its cells, so the region-type rule never blocks it, and the rule on
  // extra digits does not depend on the order once 3+ extra cells need one extra digit). So
  // finding it again could only give hints that the duplicate test drops: types 1, 2 and 4 are
  // told apart by kind and cells, and a type 3 depends on the loop's cells and the roles of
  // its two extra cells, both of which the two directions already gave.
  void from(int start) {
    const uint16_t c = s_.cand[start];
    ab_ = c;
    a_ = std::countr_zero(c) + 1;
    b_ = std::countr_zero(static_cast<unsigned>(c) & (c - 1u)) + 1;
    len_ = 0;
    in_ = LoopCells{};
    seen_[0] = seen_[1] = 0;
    const CellBits later = holds_[static_cast<std::size_t>(a_ - 1)] & holds_[static_cast<std::size_t>(b_ - 1)] &
                           bivalue_ & CellBits::above(start);
    later_.w[0] = later.lo;
    later_.w[1] = later.hi;
    search(start, 2, 0, -1);
  }

 private:
  const State& s_;
  Ctx& ctx_;
  std::vector<LoopHint>& found_;
  uint16_t ab_ = 0;
  int a_ = 0, b_ = 0;
  std::array<uint8_t, 81> path_{};
  int len_ = 0;
  LoopCells in_;
  uint32_t seen_[2] = {0, 0};  // regions of the path's cells at even and odd positions
  LoopCells later_;              // the bivalue cells {a,b} after the start
  CellBits bivalue_;
  std::array<CellBits, 9> holds_;  // [digit-1] -> its cells
  struct Type3Done {
    LoopCells loop;
    uint8_t c1, c2;
  };
  std::vector<Type3Done> type3_done_;

  // Depth first, from `cell`: region types box, row, column but the one used to arrive; cells of
  // the region in order. `allowed` cells with extra digits may still join (beyond that only a
  // cell keeping the extra digits of the branch to one digit), `extra` are those digits.
  //
  // A loop is valid only if no region holds two of its cells at the same parity (valid()), so a
  // branch that already breaks this can only end in loops the reference throws away: it is cut
  // here, which leaves the valid loops and their order as they are.
  void search(int cell, int allowed, uint16_t extra, int last_type) {
    const Geometry& G = geo();
    const uint32_t regions = region_bits(cell);
    uint32_t& seen = seen_[len_ & 1];
    seen |= regions;
    path_[len_++] = static_cast<uint8_t>(cell);
    in_.set(cell);
    ctx_.spend(3);
    for (int t = 0; t < 3; ++t) {
      if (t == last_type) continue;
      const int r = G.region[cell][t];
      for (unsigned m = s_.where[r][a_ - 1] & s_.where[r][b_ - 1]; m != 0; m &= m - 1) {
        const int next = G.cells[r][std::countr_zero(m)];
        if (next == path_[0] && len_ >= 4) {
          found_loop();
        } else if (!in_.has(next)) {
          const uint16_t c = s_.cand[next];
          if (c == ab_ && next < path_[0]) continue;  // see from()
          const uint16_t ex = static_cast<uint16_t>((extra | c) & ~ab_);
          const int n = pop9(c);
          if (!(n == 2 || pop9(ex) == 1 || allowed > 0) || (seen_[len_ & 1] & region_bits(next))) continue;
          const int left = allowed - (n > 2 ? 1 : 0);
          if (left == 0 && pop9(ex) >= 2 && !can_end(next)) continue;
          search(next, left, ex, t);
        }
      }
    }
    in_.reset(cell);
    --len_;
    seen_[len_ & 1] &= ~regions;
  }

  // After `next`, with no extra cell allowed and two extra digits, only bivalue cells {a,b}
  // (after the start) may follow: `next` must see one of them or the start.
  bool can_end(int next) const {
    const Geometry& G = geo();
    if (len_ + 1 >= 4 && sees(next, path_[0])) return true;
    return ((G.peer_mask[next][0] & later_.w[0] & ~in_.w[0]) | (G.peer_mask[next][1] & later_.w[1] & ~in_.w[1])) != 0;
  }

  // The cell's 3 regions as bits (by table: the search asks it for every step).
  static constexpr uint32_t region_bits(int cell) { return kRegionBits[static_cast<std::size_t>(cell)]; }

  // Alternating cells: the regions of the odd cells are those of the even cells, none twice.
  bool valid() const {
    uint32_t seen[2] = {0, 0};
    for (int i = 0; i < len_; ++i) {
      const uint32_t bits = region_bits(path_[static_cast<std::size_t>(i)]);
      if (seen[i & 1] & bits) return false;
      seen[i & 1] |= bits;
    }
    return seen[0] == seen[1];
  }

  double base_rating() const {
    double r = 4.5;
    if (len_ >= 10) r += 0.3;
    if (len_ >= 8) r += 0.2;
    else if (len_ >= 6) r += 0.1;
    return r;
  }

  bool known(Kind kind, const LoopCells& loop, int region, uint16_t values, uint16_t positions) const {
    for (const LoopHint& f : found_)
      if (f.kind == kind && f.loop == loop &&
          ((kind != kType3Naked && kind != kType3Hidden) ||
           (f.region == region && f.values == values && f.positions == positions)))
        return true;
    return false;
  }

  LoopHint make(int type, Kind kind, double rating, uint16_t v1, uint16_t v2) const {
    LoopHint f;
    f.type = type;
    f.kind = kind;
    for (int i = 0; i < len_; ++i) f.loop.set(path_[i]);
    f.hint.tech = len_ == 4 ? Tech::unique_rectangle : Tech::unique_loop;
    f.hint.rating = rating;
    if (ctx_.want_text) {
      std::string name = len_ == 4 ? "Unique Rectangle" : "Unique Loop " + std::to_string(len_);
      f.hint.text = name + " type " + std::to_string(type) + ": Cells " + cells_text(path_, len_) + " on " +
                    std::to_string(v1) + ", " + std::to_string(v2);
    }
    return f;
  }

  void keep(LoopHint&& f) {
    if (f.hint.removals.empty()) return;
    found_.push_back(std::move(f));
  }

  void found_loop() {
    if (!valid()) return;
    ctx_.spend(static_cast<uint64_t>(len_));
    std::array<int, 81> extra{};
    int n = 0;
    for (int i = 0; i < len_; ++i)
      if (pop9(s_.cand[path_[i]]) > 2) extra[n++] = path_[i];
    if (n == 0) return;  // no rescue cell: not our business
    LoopCells loop;
    for (int i = 0; i < len_; ++i) loop.set(path_[i]);
    if (n == 1) {
      if (known(kType1, loop, -1, 0, 0)) return;
      LoopHint f = make(1, kType1, base_rating(), static_cast<uint16_t>(a_), static_cast<uint16_t>(b_));
      remove_digits(f.hint, extra[0], ab_);
      keep(std::move(f));
      return;
    }
    const uint16_t digits = static_cast<uint16_t>((s_.cand[extra[0]] | s_.cand[extra[1]]) & ~ab_);
    if (n > 2 || pop9(digits) == 1) type2(extra, n, loop);
    else type3(extra[0], extra[1], loop);
    if (n == 2) type4(extra[0], extra[1], loop);
  }

  // The extra digit of the first extra cell, from the cells that see every extra cell.
  void type2(const std::array<int, 81>& extra, int n, const LoopCells& loop) {
    if (known(kType2, loop, -1, 0, 0)) return;
    const unsigned ex = s_.cand[extra[0]] & ~ab_;
    const uint16_t e = static_cast<uint16_t>(ex & (0u - ex));  // the lowest
    LoopCells common = peers_of(extra[0]);
    for (int i = 1; i < n; ++i) common &= peers_of(extra[i]);
    LoopHint f = make(2, kType2, base_rating(), static_cast<uint16_t>(a_), static_cast<uint16_t>(b_));
    common.each([&](int c) {
      if (s_.cand[c] & e) remove_digits(f.hint, c, e);
    });
    keep(std::move(f));
  }

  void type3(int c1, int c2, const LoopCells& loop) {
    // Its hints depend on the two extra cells in their roles and on the loop's cells only: a
    // loop found again with the same roles gives the same hints, all dropped as duplicates.
    for (const Type3Done& d : type3_done_)
      if (d.c1 == c1 && d.c2 == c2 && d.loop == loop) return;
    type3_done_.push_back(Type3Done{loop, static_cast<uint8_t>(c1), static_cast<uint8_t>(c2)});
    const Geometry& G = geo();
    const uint16_t extra = static_cast<uint16_t>((s_.cand[c1] | s_.cand[c2]) & ~ab_);
    const int ne = pop9(extra);
    const uint16_t common_extra = static_cast<uint16_t>(extra & s_.cand[c1] & s_.cand[c2]);
    for (int k = 2; k <= 7; ++k)
      for (int t = 0; t < 3; ++t) {
        const int r = G.region[c1][t];
        if (r != G.region[c2][t]) continue;
        const int empty = s_.empty_in(r);
        const unsigned p1 = 1u << G.pos[c1][t], p2 = 1u << G.pos[c2][t];
        ctx_.spend(20);
        if (2 * k <= empty && k >= ne) {
          // Naked: k cells of the region with c1 but not c2; c1 stands for all the extra digits.
          for (unsigned m = (1u << k) - 1; m < 512; m = next_combination(m)) {
            if (!(m & p1) || (m & p2)) continue;
            uint16_t naked = common_extra, all = extra;
            bool ok = true;
            for (unsigned o = m & ~p1; o != 0; o &= o - 1) {
              const uint16_t c = s_.cand[G.cells[r][std::countr_zero(o)]];
              if (pop9(c) < 2) ok = false;
              naked |= c;
              all |= c;
            }
            if (pop9(naked) != k || !ok || pop9(all) != k) continue;
            const uint16_t others = static_cast<uint16_t>(m & ~p1);
            if (known(kType3Naked, loop, r, all, others)) continue;
            LoopHint f = make(3, kType3Naked, base_rating() + (k - 1) * 0.1, static_cast<uint16_t>(a_),
                              static_cast<uint16_t>(b_));
            f.region = r;
            f.values = all;
            f.positions = others;
            for (int p = 0; p < 9; ++p) {
              if ((m | p2) >> p & 1) continue;
              const int c = G.cells[r][p];
              remove_digits(f.hint, c, s_.cand[c] & all);
            }
            keep(std::move(f));
          }
        }
        if (2 * k < empty) {
          // Hidden: k-2 digits outside a, b and the extra digits, plus a and b, in k cells once
          // c2 is left out.
          std::array<int, 9> rest{};
          int nr = 0;
          for (int d = 1; d <= 9; ++d)
            if (!((ab_ | extra) & digit_bit(d))) rest[nr++] = d;
          if (k - 2 > nr || nr == 0) continue;
          for (unsigned m = (1u << (k - 2)) - 1; m < (1u << nr); m = next_combination(m)) {
            uint16_t values = ab_;
            for (unsigned o = m; o != 0; o &= o - 1) values |= digit_bit(rest[std::countr_zero(o)]);
            unsigned pos = 0;
            bool ok = true;
            for (uint16_t v = values; v != 0; v &= static_cast<uint16_t>(v - 1)) {
              const unsigned p = s_.where[r][std::countr_zero(v)] & ~p2;
              if (p == 0) ok = false;
              pos |= p;
            }
            if (ok && pop9(pos) == k) {
              const uint16_t cells = static_cast<uint16_t>(pos & ~p1 & ~p2);
              if (!known(kType3Hidden, loop, r, values, cells)) {
                LoopHint f = make(3, kType3Hidden, base_rating() + (pop9(cells) - 1) * 0.1,
                                  static_cast<uint16_t>(a_), static_cast<uint16_t>(b_));
                f.region = r;
                f.values = values;
                f.positions = cells;
                for (unsigned o = cells; o != 0; o &= o - 1) {
                  const int c = G.cells[r][std::countr_zero(o)];
                  remove_digits(f.hint, c, s_.cand[c] & ~values);
                }
                keep(std::move(f));
              }
            }
            if (m == 0) break;  // the one empty subset
          }
        }
      }
  }

  // a or b locked to the two extra cells in a region they share: the other one goes.
  void type4(int c1, int c2, const LoopCells& loop) {
    const Geometry& G = geo();
    int r1 = -1, r2 = -1;
    for (int t = 0; t < 3; ++t) {
      const int r = G.region[c1][t];
      if (r != G.region[c2][t]) continue;
      const unsigned both = (1u << G.pos[c1][t]) | (1u << G.pos[c2][t]);
      if ((s_.where[r][a_ - 1] & ~both) == 0) r1 = r;
      if ((s_.where[r][b_ - 1] & ~both) == 0) r2 = r;
    }
    if (r1 < 0 && r2 < 0) return;
    if (known(kType4, loop, -1, 0, 0)) return;
    const int lock = r1 >= 0 ? a_ : b_, rem = r1 >= 0 ? b_ : a_;
    LoopHint f = make(4, kType4, base_rating(), static_cast<uint16_t>(lock), static_cast<uint16_t>(rem));
    remove_digits(f.hint, c1, digit_bit(rem));
    remove_digits(f.hint, c2, digit_bit(rem));
    keep(std::move(f));
  }
};

}  // namespace

// 16. Every loop through the bivalue cells 0-80; all hints, then sorted by rating and type.
void unique_loops(const State& s, Ctx& ctx, Hints& out) {
  std::vector<LoopHint> found;
  CellBits bivalue;
  for (int c = 0; c < 81; ++c)
    if (pop9(s.cand[c]) == 2) bivalue.insert(c);
  LoopFinder finder(s, ctx, found, bivalue);
  ctx.spend(81);
  while (!bivalue.empty()) finder.from(bivalue.pop());
  if (found.empty()) return;
  std::stable_sort(found.begin(), found.end(), [](const LoopHint& x, const LoopHint& y) {
    return x.hint.rating != y.hint.rating ? x.hint.rating < y.hint.rating : x.type < y.type;
  });
  for (LoopHint& f : found)
    if (!out.add(std::move(f.hint))) return;
}

// ---------------------------------------------------------------------------------------------
// BUG (22)

void bug(const State& s, Ctx& ctx, Hints& out) {
  const Geometry& G = geo();
  ctx.spend(27 * 9);
  std::array<uint16_t, 81> temp = s.cand;   // the grid without the BUG digits
  std::array<uint16_t, 81> bug_values{};    // per BUG cell, its extra digits
  std::array<int, 81> bug_cells{};
  int nb = 0;
  LoopCells is_bug;
  uint16_t all_values = 0;
  LoopCells common;  // cells that see every BUG cell (valid once nb > 0)
  bool have_common = false;
  LoopCells all_extra;  // the cells with 3+ candidates seen while one digit only was examined
  bool examined = false, one_value = true;
  int only_value = 0;

  auto add_bug = [&](int cell) {
    if (!is_bug.has(cell)) {
      is_bug.set(cell);
      bug_cells[nb++] = cell;
    }
    if (!have_common) {
      common = peers_of(cell);
      have_common = true;
    } else {
      common &= peers_of(cell);
    }
    common.w[0] &= ~is_bug.w[0];
    common.w[1] &= ~is_bug.w[1];
    return !(nb > 1 && pop9(all_values) > 1 && common.empty());
  };

  for (int r = 0; r < 27; ++r)
    for (int d = 1; d <= 9; ++d) {
      const unsigned pos = s.where[r][d - 1];
      const int n = pop9(pos);
      if (n == 0 || n == 2) continue;
      int first = -1, count = 0;
      LoopCells cells;
      for (unsigned m = pos; m != 0; m &= m - 1) {
        const int c = G.cells[r][std::countr_zero(m)];
        if (pop9(s.cand[c]) >= 3) {
          if (count++ == 0) first = c;
          cells.set(c);
        }
      }
      if (!examined) {
        examined = true;
        all_extra = cells;
        only_value = d;
      } else if (one_value) {
        if (only_value == d) {
          all_extra.w[0] |= cells.w[0];
          all_extra.w[1] |= cells.w[1];
        } else {
          one_value = false;
        }
      }
      if (count == 1) {
        bug_values[first] |= digit_bit(d);
        all_values |= digit_bit(d);
        temp[first] &= static_cast<uint16_t>(~digit_bit(d));
        if (!add_bug(first)) return;  // none of types 1-4
      }
      if (count == 0) return;  // a digit not 0 or 2 times in a region with only bivalue cells
    }
  // One extra digit: every cell with 3+ candidates seen for it is a BUG cell.
  if (examined && one_value) {
    bool stop = false;
    all_extra.each([&](int c) {
      if (stop || is_bug.has(c)) return;
      bug_values[c] = digit_bit(only_value);
      temp[c] &= static_cast<uint16_t>(~digit_bit(only_value));
      if (!add_bug(c)) stop = true;
    });
    if (stop) return;
  }
  // Without the BUG digits: every empty cell bivalue, every digit 0 or 2 times in each region.
  ctx.spend(81 + 27 * 9);
  for (int c = 0; c < 81; ++c)
    if (s.value[c] == 0 && pop9(temp[c]) != 2) return;
  for (int r = 0; r < 27; ++r) {
    std::array<int, 9> count{};
    for (int p = 0; p < 9; ++p)
      for (uint16_t m = temp[G.cells[r][p]]; m != 0; m &= static_cast<uint16_t>(m - 1)) ++count[std::countr_zero(m)];
    for (int n : count)
      if (n != 0 && n != 2) return;
  }

  auto bug_text = [&](int type, const std::string& tail) {
    if (!ctx.want_text) return std::string();
    return "BUG type " + std::to_string(type) + ": " + cells_text(bug_cells, nb) + tail;
  };

  if (nb == 1) {
    Hint h;
    h.tech = Tech::bug;
    h.rating = 5.6;
    remove_digits(h, bug_cells[0], s.cand[bug_cells[0]] & ~all_values);
    h.text = bug_text(1, "");
    out.add(std::move(h));
    return;
  }

  auto type4 = [&]() -> bool {
    const int c1 = bug_cells[0], c2 = bug_cells[1];
    const uint16_t c = static_cast<uint16_t>(s.cand[c1] & s.cand[c2] & ~all_values);
    if (pop9(c) != 1) return true;
    for (int t = 0; t < 3; ++t) {
      if (G.region[c1][t] != G.region[c2][t]) continue;
      Hint h;
      h.tech = Tech::bug;
      h.rating = 5.7;
      remove_digits(h, c1, s.cand[c1] & ~bug_values[c1] & ~c);
      remove_digits(h, c2, s.cand[c2] & ~bug_values[c2] & ~c);
      h.text = bug_text(4, " on " + digits_text(c, ", "));
      if (!out.add(std::move(h))) return false;
    }
    return true;
  };

  if (pop9(all_values) == 1) {
    if (have_common && !common.empty()) {
      Hint h;
      h.tech = Tech::bug;
      h.rating = 5.7;
      common.each([&](int c) {
        if (s.cand[c] & all_values) remove_digits(h, c, all_values);
      });
      if (!h.removals.empty()) {
        h.text = bug_text(2, " on " + digits_text(all_values, ", "));
        if (!out.add(std::move(h))) return;
      }
    }
    if (nb == 2) type4();
    return;
  }
  if (!have_common || common.empty()) return;
  if (nb == 2 && !type4()) return;

  // Type 3: the extra digits with k-1 common peers in a region of all BUG cells form a naked set.
  for (int k = 2; k <= 6; ++k)
    for (int t = 0; t < 3; ++t) {
      const int r = G.region[bug_cells[0]][t];
      bool shared = true;
      for (int i = 1; i < nb; ++i) shared = shared && G.region[bug_cells[i]][t] == r;
      if (!shared) continue;
      std::array<int, 9> cells{};
      int n = 0;
      for (int p = 0; p < 9; ++p)
        if (common.has(G.cells[r][p])) cells[n++] = G.cells[r][p];
      if (n < k) continue;
      ctx.spend(20);
      for (unsigned m = (1u << (k - 1)) - 1; m < (1u << n); m = next_combination(m)) {
        uint16_t others = 0;
        bool ok = pop9(all_values) >= 2;
        for (unsigned o = m; o != 0; o &= o - 1) {
          const uint16_t c = s.cand[cells[std::countr_zero(o)]];
          if (pop9(c) < 2) ok = false;
          others |= c;
        }
        if (pop9(others) != k || !ok) continue;
        const uint16_t naked = static_cast<uint16_t>(others | all_values);
        if (pop9(naked) != k) continue;
        Hint h;
        h.tech = Tech::bug;
        h.rating = 5.7 + (k - 1) * 0.1;
        for (int i = 0; i < n; ++i)
          if (!(m >> i & 1)) remove_digits(h, cells[i], s.cand[cells[i]] & naked);
        if (h.removals.empty()) continue;
        h.text = bug_text(3, " on " + digits_text(naked, ", "));
        if (!out.add(std::move(h))) return;
      }
    }
}

}  // namespace puzzle::sudoku::se
