#include "sudoku/sudoku_kind.hpp"

#include <iterator>

#include <fmt/format.h>

#include "sudoku/solvers/backtracking.hpp"
#include "sudoku/solvers/dlx.hpp"
#include "sudoku/solvers/logic.hpp"
#include "sudoku/solvers/propagation.hpp"
#include "sudoku/solvers/wide.hpp"

namespace puzzle::sudoku {

std::vector<SolverInfo> SudokuKind::solvers() {
  return {
      {"backtracking",
       "naive baseline: row-major cells, digits in order, row/column/box scans, undo on failure",
       kAllBoxes, &make_backtracking, {}},
      {"propagation",
       "band bitboards: naked and hidden singles, locked candidates, guess on the fewest candidates",
       kBox9, &make_propagation, {}},
      {"scored",
       "propagation's band bitboards and rules plus triads (a box's row or column segment with "
       "three digits left); guesses the bivalue cell whose digits reach the most peers",
       kBox9, &make_scored, {}},
      {"dlx",
       "dancing links: exact cover (324 columns, 729 rows for 9x9), fewest-rows column, any size",
       kAllBoxes, &make_dlx, {}},
      {"wide",
       "bitboards sized for the grid (a word per row and digit: 16 bits up to 16x16, 32 for "
       "25x25; transposed for hidden singles): naked and hidden singles, locked candidates, guess "
       "on the bivalue cell with the most bivalue peers and past contradictions in its units; the "
       "default for 16x16 and 25x25",
       kAllBoxes, &make_wide, {}},
      {"logic",
       "human-style techniques (singles to chains) in order of difficulty, explains its steps "
       "(explain --logic); guesses with backtracking only when stuck",
       kBox9, &make_logic, {}},
  };
}

Probe<SudokuKind::Puzzle, SudokuKind::Known> SudokuKind::probe() {
  constexpr std::string_view kPuzzle =
      ".173698256.215894795.724316825.371697915.643234691.758289643.715732916.416487529.";
  constexpr std::string_view kSolution =
      "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
  Probe<Puzzle, Known> p;
  read_grid(kPuzzle, 3, p.puzzle);
  p.known.solution.emplace();
  read_grid(kSolution, 3, *p.known.solution);
  p.name = "9x9 Sudoku";
  p.sizes = kBox9;
  return p;
}

std::string SudokuKind::size_refusal(const Puzzle& p, const SolverInfo& info) {
  return fmt::format("solver '{}' does not support {}x{} grids", info.name, p.side(), p.side());
}

std::string SudokuKind::sizes(const SolverInfo& info) {
  std::string s;
  for (int b = kMinBox; b <= kMaxBox; ++b)
    if (info.supports(b)) s += fmt::format("{}{}", s.empty() ? "" : ",", b * b);
  return s;
}

std::vector<std::pair<std::string, Grid>> SudokuKind::size_examples() {
  std::vector<std::pair<std::string, Grid>> out;
  for (int b = kMinBox; b <= kMaxBox; ++b) out.emplace_back(fmt::format("{}x{}", b * b, b * b), Grid(b));
  return out;
}

std::string SudokuKind::solution_name(const Puzzle& p) {
  return fmt::format("{}x{} solution", p.side(), p.side());
}

bool SudokuKind::read_grid(std::string_view word, int box, Grid& out) {
  const int side = box * box;
  if (word.size() != static_cast<std::size_t>(side * side)) return false;
  out.reshape(box);
  for (int i = 0; i < side * side; ++i) {
    const char c = word[static_cast<std::size_t>(i)];
    const char u = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    int v = -1;
    if (c == '.' || c == '0') v = 0;
    else if (side <= 16 && c >= '1' && c <= '9') v = c - '0';
    else if (side == 16 && u >= 'A' && u <= 'G') v = u - 'A' + 10;
    else if (side == 25 && u >= 'A' && u <= 'Y') v = u - 'A' + 1;
    if (v < 0 || v > side) return false;
    out.set(i, v);
  }
  return true;
}

std::optional<std::string> SudokuKind::contradiction(const Puzzle& p) {
  if (auto c = find_conflict(p)) return "contradictory givens: " + c->describe(p);
  return std::nullopt;
}

}  // namespace puzzle::sudoku
