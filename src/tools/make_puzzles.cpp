// sudoku-make-puzzles: makes a dataset of puzzles with exactly one solution, of any size, with a
// share of given cells inside a requested range. Deterministic for a seed (std::mt19937_64).
//
//   sudoku-make-puzzles --size 16 -n 200 --seed 1 --min-fill 0.40 --max-fill 0.50 --solver dlx
//
// Method, per puzzle:
//  1. A random complete grid: the first box gets a random permutation of the digits (it cannot
//     conflict), the solver completes it (limit 1), and the result is shuffled by the moves that
//     keep a grid valid: a random relabelling of the digits, random orders of the bands and of
//     the rows inside each band, of the stacks and of the columns inside each stack, and a
//     transposition with probability 1/2.
//  2. A target number of givens, uniform in [ceil(min-fill * cells), floor(max-fill * cells)].
//  3. Givens removed one at a time in a random order; a removal is kept only while the solver
//     still proves exactly one solution (limit 2, within a node budget: over budget counts as
//     not proven, and the given stays). Stops at the target. If every given has been tried and
//     the target is not reached (the puzzle became minimal above it), the grid is dropped and
//     a new one made.
// Output: '#' comment lines saying how the file was made, then one `puzzle,solution` line per
// puzzle (puzzle cells `.` for empty; 1-9A-G for 16x16, A-Y for 25x25, as to_line writes).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sudoku/registry.hpp"

namespace {

using sudoku::Grid;

struct Options {
  int size = 16;
  int count = 200;
  uint64_t seed = 1;
  double min_fill = 0.40, max_fill = 0.50;
  std::string solver = "dlx";
  uint64_t budget = 10'000'000;
  std::string output = "-";
};

[[noreturn]] void usage(const std::string& why) {
  throw std::invalid_argument(
      why + "\nusage: sudoku-make-puzzles [--size 4|9|16|25] [-n COUNT] [--seed S] [--min-fill F] "
            "[--max-fill F] [--solver NAME] [--budget NODES] [-o FILE]");
}

Options parse_args(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage("missing value after " + a);
      return argv[++i];
    };
    try {
      if (a == "--size") o.size = std::stoi(value());
      else if (a == "-n" || a == "--count") o.count = std::stoi(value());
      else if (a == "--seed") o.seed = std::stoull(value());
      else if (a == "--min-fill") o.min_fill = std::stod(value());
      else if (a == "--max-fill") o.max_fill = std::stod(value());
      else if (a == "--solver") o.solver = value();
      else if (a == "--budget") o.budget = std::stoull(value());
      else if (a == "-o" || a == "--output") o.output = value();
      else usage("unknown option " + a);
    } catch (const std::invalid_argument&) {
      throw;
    } catch (const std::exception&) {
      usage("bad value for " + a);
    }
  }
  if (o.size != 4 && o.size != 9 && o.size != 16 && o.size != 25) usage("--size must be 4, 9, 16 or 25");
  if (o.count < 0) usage("-n must be positive");
  if (!(0 <= o.min_fill && o.min_fill <= o.max_fill && o.max_fill <= 1)) usage("need 0 <= min-fill <= max-fill <= 1");
  return o;
}

/// A uniformly random permutation of 0..n-1.
std::vector<int> permutation(int n, std::mt19937_64& rng) {
  std::vector<int> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  std::shuffle(p.begin(), p.end(), rng);
  return p;
}

/// A random complete grid (see the file comment), or nothing if the solver failed.
bool random_grid(int box, sudoku::Solver& solver, std::mt19937_64& rng, Grid& out) {
  const int n = box * box;
  Grid seed(box);
  const std::vector<int> digits = permutation(n, rng);
  for (int i = 0; i < n; ++i) seed.set((i / box) * n + i % box, digits[i] + 1);
  const sudoku::Result r = solver.solve(seed, sudoku::Limits{1, 0});
  if (r.solutions == 0) return false;
  const Grid& g = r.solution;
  // Relabel digits; permute bands, rows in bands, stacks, columns in stacks; maybe transpose.
  const std::vector<int> label = permutation(n, rng);
  std::vector<int> rows, cols;
  for (int band : permutation(box, rng))
    for (int r2 : permutation(box, rng)) rows.push_back(band * box + r2);
  for (int stack : permutation(box, rng))
    for (int c2 : permutation(box, rng)) cols.push_back(stack * box + c2);
  const bool transpose = std::uniform_int_distribution<int>(0, 1)(rng) == 1;
  out = Grid(box);
  for (int r2 = 0; r2 < n; ++r2)
    for (int c = 0; c < n; ++c) {
      const int v = label[g.at(rows[r2], cols[c]) - 1] + 1;
      out.set(transpose ? c * n + r2 : r2 * n + c, v);
    }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const Options o = parse_args(argc, argv);
    const sudoku::SolverInfo* info = sudoku::find_solver(o.solver);
    if (info == nullptr) throw std::invalid_argument("unknown solver '" + o.solver + "'");
    int box = 2;
    while (box * box != o.size) ++box;
    if (!info->supports(box)) throw std::invalid_argument(fmt::format("solver '{}' does not support {}x{}", o.solver, o.size, o.size));
    auto solver = info->make();
    std::mt19937_64 rng(o.seed);
    const int cells = o.size * o.size;
    const int lo = static_cast<int>(std::ceil(o.min_fill * cells - 1e-9));
    const int hi = static_cast<int>(std::floor(o.max_fill * cells + 1e-9));
    if (lo > hi) throw std::invalid_argument("the fill range holds no whole number of givens");

    std::FILE* out = o.output == "-" ? stdout : std::fopen(o.output.c_str(), "w");
    if (out == nullptr) throw std::runtime_error("cannot write " + o.output);
    fmt::print(out, "# {} unique {}x{} puzzles, {}-{} givens of {} ({:.0f}-{:.0f}% filled)\n", o.count,
               o.size, o.size, lo, hi, cells, 100.0 * lo / cells, 100.0 * hi / cells);
    fmt::print(out, "# made by: sudoku-make-puzzles --size {} -n {} --seed {} --min-fill {} --max-fill {} "
               "--solver {} --budget {}\n", o.size, o.count, o.seed, o.min_fill, o.max_fill, o.solver, o.budget);
    fmt::print(out, "# format: puzzle,solution (. for empty); uniqueness proved by '{}' with limit 2\n", o.solver);
    int made = 0, dropped = 0;
    while (made < o.count) {
      Grid full;
      if (!random_grid(box, *solver, rng, full)) throw std::runtime_error("the solver found no grid");
      const int target = std::uniform_int_distribution<int>(lo, hi)(rng);
      Grid puzzle = full;
      int clues = cells;
      for (const int cell : permutation(cells, rng)) {
        if (clues == target) break;
        const int v = puzzle[cell];
        puzzle.set(cell, 0);
        const auto r = solver->solve(puzzle, sudoku::Limits{2, o.budget});
        if (r.status == sudoku::Status::unique) --clues;
        else puzzle.set(cell, v);
      }
      if (clues != target) {
        ++dropped;
        continue;
      }
      fmt::print(out, "{},{}\n", sudoku::to_line(puzzle), sudoku::to_line(full));
      ++made;
    }
    if (out != stdout) std::fclose(out);
    fmt::print(stderr, "{} puzzles made, {} grids dropped (minimal above the target)\n", made, dropped);
    return 0;
  } catch (const std::exception& e) {
    fmt::print(stderr, "sudoku-make-puzzles: {}\n", e.what());
    return 2;
  }
}
