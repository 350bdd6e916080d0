// The logic engine. At each step it tries the techniques from the easiest (full house) to the
// hardest (cell forcing chains) and applies the first step found, then starts again from the
// easiest: that is the order a person tries them in, and it makes the rating "the hardest
// technique this puzzle cannot do without" under that order.
//
// When nothing applies (or the puzzle has several solutions), a depth-first search takes over on
// the stuck board: fewest-candidates cell, digits in increasing order, naked and hidden singles
// after each placement. It counts solutions up to the limit, so the counts stay exact (every
// technique is a sound deduction). For a rating or an explanation of a unique puzzle the engine
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

namespace sudoku::logic {
namespace {

// The empty cell with the fewest candidates (the first of them): where a guess branches least.
int fewest_candidates(const Board& b) noexcept {
  int cell = -1, fewest = 10;
  for (int c = 0; c < kCells; ++c)
    if (!b.value[c] && popcount(b.cand[c]) < fewest) fewest = popcount(b.cand[c]), cell = c;
  return cell;
}

constexpr Level kLevels[] = {
    {"easy", 0.0},         // hidden singles and full houses
    {"medium", 2.0},       // naked singles, pointing, claiming
    {"hard", 2.9},         // pairs, triples, X-Wing, Swordfish, XY/XYZ-Wing
    {"expert", 4.5},       // quads, Jellyfish
    {"diabolical", 6.0},   // X-chains, forcing chains
    {"extreme", 8.0},      // cell forcing chains, guesses
};

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

std::span<const Level> levels() noexcept { return kLevels; }

std::size_t Rating::level_index() const noexcept {
  std::size_t index = 0;
  for (std::size_t l = 0; l < std::size(kLevels); ++l)
    if (score >= kLevels[l].from) index = l;
  return index;
}

std::string_view Rating::level() const noexcept { return kLevels[level_index()].name; }

double score(const Rating& r) noexcept {
  // The hardest step dominates. Among puzzles whose hardest step is the same, more hard steps
  // mean more work: +0.01 per step beyond singles and intersections (at most +0.09, so a
  // harder technique always outranks any number of easier steps), and +0.03 per chain step
  // (at most +0.9: chains are where the effort of a hard puzzle goes; 0.03 was chosen on the
  // first half of the Sudoku Exchange set among 0.01/0.03/0.1, see results/logic.md).
  uint32_t hard = 0, chains = 0;
  for (int t = static_cast<int>(Technique::naked_pair); t < static_cast<int>(Technique::x_chain); ++t)
    hard += r.counts[t];
  for (int t = static_cast<int>(Technique::x_chain); t < static_cast<int>(Technique::guess); ++t)
    chains += r.counts[t];
  return r.hardest_difficulty + 0.01 * std::min<uint32_t>(hard, 9) + 0.03 * std::min<uint32_t>(chains, 30);
}

Engine::Outcome Engine::run_logic(Board& b, std::vector<Step>* steps, uint64_t budget) {
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
    const int t = static_cast<int>(step_.technique);
    ++rating_.counts[t];
    const double d = step_.difficulty();
    if (d > rating_.hardest_difficulty) rating_.hardest_difficulty = d, rating_.hardest = step_.technique;
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

Result Engine::solve(const Grid& puzzle, const Limits& limits, std::vector<Step>* steps) {
  Result res;
  rating_ = Rating{};
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
    res.solution = b.grid();
    res.status = status_for(1, limit_, false);
    rating_.rated = true;
  } else {
    search(b);
    res.solutions = found_;
    if (found_ > 0) res.solution = first_;
    res.status = status_for(found_, limit_, budget_hit_);
    // Rate (and explain) on: a guess placing the solution's digit, then the techniques again.
    // Only for one solution: with several, "the" solution a guess leads to is arbitrary.
    const bool one = found_ == 1 && (limit_ >= 2 ? !budget_hit_ : true);
    if (one) {
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
        ++rating_.counts[static_cast<int>(Technique::guess)];
        rating_.hardest_difficulty = std::max(rating_.hardest_difficulty, step_.difficulty());
        if (steps) steps->push_back(step_);
        o = run_logic(b, steps, 0);
      }
      work_ = saved;  // the rating's own placements are not search work
      rating_.rated = o == Outcome::solved;
      rating_.hardest = Technique::guess;  // the heaviest weight of all
    }
  }
  if (rating_.rated) rating_.score = score(rating_);
  res.work = work_;
  return res;
}

}  // namespace sudoku::logic
