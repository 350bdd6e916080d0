// The logic engine. At each step it tries the techniques from the easiest (full house) to the
// hardest (cell forcing chains) and applies the first step found, then starts again from the
// easiest: that is the order a person tries them in, so the steps `explain --logic` prints are
// the easiest way through the puzzle that these techniques know. (The rating is not this
// engine's: it is the Sudoku Explainer's, se/.)
//
// When nothing applies (or the puzzle has several solutions), a depth-first search takes over on
// the stuck board: fewest-candidates cell, digits in increasing order, naked and hidden singles
// after each placement. It counts solutions up to the limit, so the counts stay exact (every
// technique is a sound deduction). For an explanation of a unique puzzle the engine
// then goes on from the stuck board with a "guess" step placing the solution's digit in the
// cell with fewest candidates, and resumes the techniques.
//
// Counters. nodes: placements made by the techniques on the main line and by the search (the
// budget counts them; the trials inside forcing chains are not counted, they are bounded by
// the board). guesses: digits tried by the search at a cell while another digit was left to try
// there; 0 when the techniques solve the puzzle. backtracks: contradictions met in the search.
#include "sudoku/logic/engine.hpp"

#include <algorithm>
#include <climits>

namespace puzzle::sudoku::logic {
namespace {

// The empty cell with the fewest candidates (the first of them): where a guess branches least.
int fewest_candidates(const Board& b) noexcept {
  int cell = -1, fewest = 10;
  for (int c = 0; c < kCells; ++c)
    if (!b.value[c] && popcount(b.cand[c]) < fewest) fewest = popcount(b.cand[c]), cell = c;
  return cell;
}

constexpr Technique kOrder[] = {
    Technique::full_house,    Technique::hidden_single_box, Technique::hidden_single_line,
    Technique::naked_single,  Technique::pointing,          Technique::claiming,
    Technique::naked_pair,    Technique::x_wing,            Technique::hidden_pair,
    Technique::naked_triple,  Technique::swordfish,         Technique::hidden_triple,
    Technique::xy_wing,       Technique::xyz_wing,          Technique::naked_quad,
    Technique::jellyfish,     Technique::hidden_quad,       Technique::x_chain,
    Technique::forcing_chain, Technique::cell_forcing_chain,
};

}  // namespace

Engine::Outcome Engine::run_logic(Board& b, std::vector<Deduction>* steps, uint64_t budget) {
  while (!b.solved()) {
    bool found = false;
    for (Technique t : kOrder)
      if (find(t, b, step_)) {
        found = true;
        break;
      }
    if (!found) return Outcome::stuck;
    apply(b, step_);
    work_.nodes += step_.placements.size();
    if (steps) steps->push_back(step_);
    if (!b.consistent()) return Outcome::contradiction;
    if (budget != 0 && work_.nodes > budget) return Outcome::budget;
  }
  return Outcome::solved;
}

void Engine::search(const Board& b) {
  const int cell = fewest_candidates(b);
  for (unsigned r = b.cand[cell]; r; r &= r - 1) {
    if (found_ >= limit_ || budget_hit_) return;
    Board t = b;
    t.place(cell, first_digit(r));
    ++work_.nodes;
    if (r & (r - 1)) ++work_.guesses;
    int placed = 0;
    const bool ok = propagate_singles(t, INT_MAX, placed);
    work_.nodes += static_cast<uint64_t>(placed);
    if (budget_ != 0 && work_.nodes > budget_) {
      budget_hit_ = true;
      return;
    }
    if (!ok) {
      ++work_.backtracks;
      continue;
    }
    if (t.solved()) {
      if (found_++ == 0) first_ = t.grid();
      continue;
    }
    search(t);
  }
}

Result Engine::solve(const Grid& puzzle, const Limits& limits, std::vector<Deduction>* steps) {
  Result res;
  work_ = Work{};
  if (puzzle.box() != 3) {
    res.status = Status::unsupported;
    return res;
  }
  Board b;
  if (!b.load(puzzle)) {
    res.status = Status::invalid;
    return res;
  }
  limit_ = limits.wanted();
  budget_ = limits.budget;
  found_ = 0;
  budget_hit_ = false;
  const Outcome out = b.consistent() ? run_logic(b, steps, budget_) : Outcome::contradiction;
  if (out == Outcome::contradiction) {
    res.status = Status::none;
  } else if (out == Outcome::budget) {
    res.status = Status::budget_exceeded;
  } else if (out == Outcome::solved) {
    res.solutions = 1;
    res.answer = b.grid();
    res.status = status_for(1, limit_, false);
  } else {
    search(b);
    res.solutions = found_;
    if (found_ > 0) res.answer = first_;
    res.status = status_for(found_, limit_, budget_hit_);
    // Explain on: a guess placing the solution's digit, then the techniques again. Only for one
    // solution: with several, "the" solution a guess leads to is arbitrary.
    const bool one = found_ == 1 && (limit_ >= 2 ? !budget_hit_ : true);
    if (one && steps) {
      const Work saved = work_;
      Outcome o = Outcome::stuck;
      while (o == Outcome::stuck) {
        const int cell = fewest_candidates(b);
        step_.clear();
        step_.technique = Technique::guess;
        step_.digits = b.cand[cell];
        step_.cells.push_back(static_cast<uint8_t>(cell));
        step_.placements.push_back({static_cast<uint8_t>(cell), static_cast<uint8_t>(first_[cell])});
        apply(b, step_);
        steps->push_back(step_);
        o = run_logic(b, steps, 0);
      }
      work_ = saved;  // the explanation's own placements are not search work
    }
  }
  res.work = work_;
  return res;
}

}  // namespace puzzle::sudoku::logic
