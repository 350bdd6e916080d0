// `dlx`: Sudoku as an exact-cover problem, solved by the generic dancing-links engine
// (exact_cover.hpp; its header comment explains the data layout and the measurements).
//
// The matrix for boxes of b x b (side n = b*b) has n^3 rows, one per (cell, digit), and 4 n^2
// primary columns, in this order: cell filled (n^2), digit in row (n^2), digit in column (n^2),
// digit in box (n^2). Row (cell, digit) is number cell*n + digit-1 and covers exactly four
// columns. 9x9: 729 rows, 324 columns, 2916 nodes; 16x16: 4096 rows, 1024 columns; 25x25: 15625
// rows, 2500 columns.
//
// Each Solver owns one matrix per grid size, built the first time that size is seen and kept:
// a puzzle's givens are load()ed (the engine relinks the rows that agree with them, with their
// columns covered) and the engine searches, so nothing is allocated per puzzle. (Selecting the
// givens one by one and copying the built matrix back afterwards gives the same search; load()
// costs 19% fewer instructions on 17_clue and is about 3% faster: see exact_cover.cpp.)
//
// Counters: nodes = rows tried by the search (givens are not counted: they are loaded before
// it starts); guesses = rows tried in a column that had two or more rows when chosen (a column
// with one row is a naked or hidden single, so 0 guesses means solved by singles alone);
// backtracks = chosen columns whose rows were all tried, or that had none (dead ends).
#include "sudoku/solvers/dlx.hpp"

#include <array>

#include "puzzle/exact_cover.hpp"

namespace puzzle::sudoku {
namespace {

std::unique_ptr<ExactCover16> build_matrix(int box) {
  const int n = box * box, n2 = n * n;
  auto m = std::make_unique<ExactCover16>(4 * n2);
  for (int cell = 0; cell < n2; ++cell) {
    const int r = cell / n, c = cell % n, b = r / box * box + c / box;
    for (int d = 0; d < n; ++d) {
      const std::array<int, 4> cols = {cell, n2 + r * n + d, 2 * n2 + c * n + d, 3 * n2 + b * n + d};
      m->add_row(cols);
    }
  }
  return m;
}

class Dlx final : public SolverOf<Dlx, Grid> {
 public:
  Result solve_one(const Grid& puzzle, const Limits& limits) {
    Result res;
    const int box = puzzle.box();
    if (box < kMinBox || box > kMaxBox) {
      res.status = Status::unsupported;
      return res;
    }
    auto& m = matrix_[box];
    if (!m) m = build_matrix(box);
    const int n = puzzle.side(), cells = puzzle.cells();
    int32_t* const given = givens_.data();
    std::size_t count = 0;
    for (int cell = 0; cell < cells; ++cell) {
      given[count] = cell * n + puzzle[cell] - 1;
      count += puzzle[cell] != 0;
    }
    // Two equal digits in a unit share that unit's digit column, so load() refuses them: the
    // engine's clash check is the conflict check (a separate find_conflict scan cost 3%).
    if (!m->load({given, count})) {
      res.status = Status::invalid;
      return res;
    }
    const uint64_t limit = limits.wanted();
    const CoverResult cr = m->search(limit, limits.budget, nullptr, limits.stop);
    res.solutions = cr.solutions;
    res.work = Work{cr.work.guesses, cr.work.backtracks, cr.work.nodes};
    if (cr.solutions > 0) {
      Grid& g = res.answer.emplace<Grid>(box);
      for (const int32_t row : m->first_solution()) g.set(row / n, row % n + 1);
    }
    res.status = status_for(cr.solutions, limit, cr.budget_hit);
    return res;
  }

 private:
  std::array<std::unique_ptr<ExactCover16>, kMaxBox + 1> matrix_;  // by box size, built on first use
  std::array<int32_t, kMaxBox * kMaxBox * kMaxBox * kMaxBox> givens_{};  // rows to load()
};

}  // namespace

std::unique_ptr<Solver> make_dlx() { return std::make_unique<Dlx>(); }

}  // namespace puzzle::sudoku
