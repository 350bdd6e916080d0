#include "sudoku/generate/reduce.hpp"

#include <algorithm>

#include "puzzle/rng.hpp"

namespace puzzle::sudoku {

std::string_view to_string(Symmetry s) noexcept {
  switch (s) {
    case Symmetry::none: return "none";
    case Symmetry::rotate180: return "rotate180";
    case Symmetry::rotate90: return "rotate90";
    case Symmetry::mirror: return "mirror";
    case Symmetry::diagonal: return "diagonal";
  }
  return "?";
}

std::optional<Symmetry> parse_symmetry(std::string_view name) noexcept {
  for (Symmetry s : {Symmetry::none, Symmetry::rotate180, Symmetry::rotate90, Symmetry::mirror,
                     Symmetry::diagonal})
    if (to_string(s) == name) return s;
  return std::nullopt;
}

int symmetric_cell(Symmetry s, int cell, int n) noexcept {
  const int r = cell / n, c = cell % n;
  switch (s) {
    case Symmetry::none: return cell;
    case Symmetry::rotate180: return (n - 1 - r) * n + (n - 1 - c);
    case Symmetry::rotate90: return c * n + (n - 1 - r);
    case Symmetry::mirror: return r * n + (n - 1 - c);
    case Symmetry::diagonal: return c * n + r;
  }
  return cell;
}

bool has_symmetry(const Grid& puzzle, Symmetry s) noexcept {
  const int n = puzzle.side();
  for (int c = 0; c < puzzle.cells(); ++c)
    if ((puzzle[c] != 0) != (puzzle[symmetric_cell(s, c, n)] != 0)) return false;
  return true;
}

bool is_unique(const Grid& puzzle, Solver& checker, uint64_t budget) {
  return checker.solve(puzzle, Limits{2, budget}).status == Status::unique;
}

bool is_minimal(const Grid& puzzle, Solver& checker) {
  if (!is_unique(puzzle, checker)) return false;
  Grid p = puzzle;
  for (int c = 0; c < p.cells(); ++c) {
    if (p[c] == 0) continue;
    const int v = p[c];
    p.set(c, 0);
    if (is_unique(p, checker)) return false;
    p.set(c, v);
  }
  return true;
}

void Reducer::setup(int box, Symmetry s) {
  box_ = box, sym_ = s;
  const int n = box * box, cells = n * n;
  orbits_.clear();
  std::vector<bool> seen(static_cast<std::size_t>(cells), false);
  for (int c = 0; c < cells; ++c) {
    if (seen[c]) continue;
    std::vector<int> orbit;
    for (int x = c; !seen[x]; x = symmetric_cell(s, x, n)) {
      seen[x] = true;
      orbit.push_back(x);
    }
    orbits_.push_back(std::move(orbit));
  }
}

void Reducer::shuffle_orbits(const Grid& solution, const ReduceOptions& opt, ItemRng& rng) {
  if (solution.box() != box_ || opt.symmetry != sym_ || orbits_.empty())
    setup(solution.box(), opt.symmetry);
  order_.resize(orbits_.size());
  for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<int>(i);
  shuffle(order_.data(), order_.size(), rng);
}

Grid Reducer::reduce(const Grid& solution, const ReduceOptions& opt, ItemRng& rng,
                     ExcludingSolver& checker, const Stop& stop, uint64_t& checks) {
  shuffle_orbits(solution, opt, rng);
  Grid p = solution;
  int clues = p.cells();
  const int target = opt.target_clues;
  for (const int o : order_) {
    if ((target > 0 && clues <= target) || stop.now()) break;
    const std::vector<int>& orbit = orbits_[o];
    const int size = static_cast<int>(orbit.size());
    if (target > 0 && clues - size < target) continue;  // would overshoot the target: kept
    for (const int c : orbit) p.set(c, 0);
    bool removable = true;
    for (const int c : orbit) {
      ++checks;
      Status st = checker.solve_excluding(p, c, solution[c], solution, Limits{1, kFastNodes, stop}, cand_).status;
      if (st == Status::budget_exceeded && !stop.now()) st = sat_.check(p.box(), cand_, &solution, stop);
      if (st != Status::none) {
        removable = false;
        break;
      }
    }
    if (removable) {
      clues -= size;
    } else {
      for (const int c : orbit) p.set(c, solution[c]);
    }
  }
  return p;
}

Grid Reducer::reduce(const Grid& solution, const ReduceOptions& opt, ItemRng& rng,
                     Solver& checker, uint64_t& checks) {
  shuffle_orbits(solution, opt, rng);

  Grid p = solution;
  int clues = p.cells();
  const int target = opt.target_clues;
  std::size_t i = 0, chunk = 4;
  constexpr std::size_t kMaxChunk = 32;
  while (i < order_.size()) {
    if (target > 0 && clues <= target) break;
    // The next chunk: up to `chunk` orbits, never going below the target.
    std::size_t j = i;
    int removed = 0;
    while (j < order_.size() && j - i < chunk) {
      const int sz = static_cast<int>(orbits_[order_[j]].size());
      if (target > 0 && clues - removed - sz < target) break;
      removed += sz;
      ++j;
    }
    if (j == i) {  // this orbit alone would overshoot the target: keep it
      ++i;
      continue;
    }
    for (std::size_t k = i; k < j; ++k)
      for (int c : orbits_[order_[k]]) p.set(c, 0);
    ++checks;
    if (is_unique(p, checker, opt.budget)) {
      clues -= removed;
      i = j;
      chunk = std::min(chunk * 2, kMaxChunk);
      continue;
    }
    for (std::size_t k = i; k < j; ++k)
      for (int c : orbits_[order_[k]]) p.set(c, solution[c]);
    if (j - i == 1) {
      ++i;  // this orbit is needed: keep it
      chunk = 1;
    } else {
      chunk = std::max<std::size_t>(1, (j - i) / 2);
    }
  }
  return p;
}

}  // namespace puzzle::sudoku
