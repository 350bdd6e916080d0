#include "nonogram/probe.hpp"

#include <bit>

namespace puzzle::nonogram {
namespace {
const Puzzle kNoPuzzle{};
}

template <class M>
BasicProber<M>::BasicProber() : p_(&kNoPuzzle), stride_(0), scratch_(kNoPuzzle) {}

template <class M>
void BasicProber<M>::reset(const Puzzle& p) {
  p_ = &p;
  stride_ = 2 * (p.width + p.height);
  const auto slots = 2 * static_cast<std::size_t>(p.width * p.height);
  state_.assign(slots, State::none);
  known_.assign(slots, 0);
  data_.resize(slots * static_cast<std::size_t>(stride_));
  scratch_ = Board(p);
  probes_ = line_solves_ = 0;
}

template <class M>
typename BasicProber<M>::Probe BasicProber<M>::probe(const Board& g, int cell, bool v) {
  const int slot = 2 * cell + v;
  State& state = state_[slot];
  M* d = data(slot);
  const int h = p_->height, cells = p_->width * h;
  if (state == State::contradiction) return Probe::contradiction;
  if (state == State::open) {
    M clash = 0, adds = 0;
    for (int r = 0; r < h; ++r) {
      clash |= (g.row_filled(r) & d[h + r]) | (g.row_blank(r) & d[r]);
      adds |= (g.row_filled(r) & ~d[r]) | (g.row_blank(r) & ~d[h + r]);
    }
    if (clash) {
      state = State::contradiction;
      return Probe::contradiction;
    }
    if (!adds) {  // still exact
      if (known_[slot] != cells) return Probe::open;
      scratch_.load(d);
      return Probe::solution;
    }
    scratch_.load(d);  // fix(g + p=v) = fix(P + g): only the lines g adds to
    scratch_.add(g);
  } else {
    scratch_ = g;
    scratch_.set(cell / p_->width, cell % p_->width, v);
  }
  ++probes_;
  if (!scratch_.propagate(line_solves_)) {
    state = State::contradiction;
    return Probe::contradiction;
  }
  scratch_.save(d);
  state = State::open;
  known_[slot] = static_cast<uint16_t>(cells - scratch_.unknown());
  return known_[slot] == cells ? Probe::solution : Probe::open;
}

template <class M>
typename BasicProber<M>::Outcome BasicProber<M>::run(Board& g, const OnSolution& on_solution, const Stop& stop,
                                                    uint64_t budget) {
  const int w = p_->width, h = p_->height;
  const uint64_t start = probes_;
  unsigned tick = 0;
  bool changed = true;
  while (changed) {
    changed = false;
    for (int r = 0; r < h; ++r) {
      for (M u = g.row_unknown(r); u; u &= u - 1) {
        const int c = lowest(u);
        if (g.known(r, c)) continue;  // learnt earlier in this sweep
        if ((++tick & 15) == 0 && stop.now()) return Outcome::stopped;
        if (probes_ - start >= budget) return Outcome::stopped;
        const int cell = r * w + c;
        const Probe one = probe(g, cell, true);
        if (one == Probe::solution && on_solution(scratch_)) return Outcome::stopped;
        const Probe zero = probe(g, cell, false);
        if (zero == Probe::solution && on_solution(scratch_)) return Outcome::stopped;
        if (one == Probe::contradiction && zero == Probe::contradiction) return Outcome::contradiction;
        if (one == Probe::contradiction || zero == Probe::contradiction) {
          g.load(data(2 * cell + (one == Probe::contradiction ? 0 : 1)));  // the other value's fixpoint
          changed = true;
          continue;
        }
        // What both values agree on holds whatever the cell is.
        const M* d0 = data(2 * cell);
        const M* d1 = data(2 * cell + 1);
        bool learnt = false;
        for (int rr = 0; rr < h; ++rr) {
          const M f = d0[rr] & d1[rr] & ~g.row_filled(rr);
          const M b = d0[h + rr] & d1[h + rr] & ~g.row_blank(rr);
          for (M m = f | b; m; m &= m - 1) {
            const int cc = lowest(m);
            g.set(rr, cc, test(f, cc));
          }
          learnt |= static_cast<bool>(f | b);
        }
        if (learnt) {
          // Inside both probes' fixpoints, so no contradiction can come of it.
          g.propagate(line_solves_);
          changed = true;
        }
      }
    }
  }
  return Outcome::fixpoint;
}

#define PUZZLE_NONOGRAM_PROBER(M) template class BasicProber<M>;
PUZZLE_NONOGRAM_MASKS(PUZZLE_NONOGRAM_PROBER)
#undef PUZZLE_NONOGRAM_PROBER

}  // namespace puzzle::nonogram
