#include "sudoku/generate/sat_check.hpp"

#include <vector>

#include <cadical.hpp>

#include "puzzle/sat_hooks.hpp"

namespace puzzle::sudoku {

SatRemovalCheck::SatRemovalCheck() : hooks_(std::make_unique<SatHooks>()) {}
SatRemovalCheck::~SatRemovalCheck() = default;

uint64_t SatRemovalCheck::conflicts() const noexcept { return hooks_->learnt; }

Status SatRemovalCheck::check(const Grid& puzzle, int cell, int digit, const Stop& stop) {
  if (stop.now()) return Status::budget_exceeded;
  const int b = puzzle.box(), n = b * b, cells = n * n;
  // Per digit the rows, columns and boxes that hold it.
  std::vector<uint32_t> row(n, 0), col(n, 0), box(n, 0);
  for (int c = 0; c < cells; ++c)
    if (const int v = puzzle[c]; v != 0) {
      const int r = c / n, k = c % n;
      row[v - 1] |= 1u << r, col[v - 1] |= 1u << k, box[v - 1] |= 1u << (r / b * b + k / b);
    }
  std::vector<int> var(static_cast<std::size_t>(cells) * n, 0);  // 0: no such candidate
  int vars = 0;
  for (int c = 0; c < cells; ++c) {
    if (puzzle[c] != 0) continue;
    const int r = c / n, k = c % n, bx = r / b * b + k / b;
    for (int d = 0; d < n; ++d)
      if (!(row[d] >> r & 1u) && !(col[d] >> k & 1u) && !(box[d] >> bx & 1u) && !(c == cell && d == digit - 1))
        var[static_cast<std::size_t>(c) * n + d] = ++vars;
  }
  CaDiCaL::Solver sat;
  // Stable mode only (target phases, score-based decisions): 27% fewer conflicts than the
  // default alternation on 30 hard 25x25 checks (78k against 106k).
  sat.set("stabilizeonly", 1);
  sat.set("quiet", 1);
  hooks_->stop = &stop;
  sat.connect_terminator(hooks_.get());
  sat.connect_learner(hooks_.get());
  std::vector<int> lits;
  const auto exactly_one = [&sat, &lits] {
    for (const int l : lits) sat.add(l);
    sat.add(0);
    for (std::size_t i = 0; i < lits.size(); ++i)
      for (std::size_t j = i + 1; j < lits.size(); ++j) {
        sat.add(-lits[i]);
        sat.add(-lits[j]);
        sat.add(0);
      }
  };
  for (int c = 0; c < cells; ++c) {
    if (puzzle[c] != 0) continue;
    lits.clear();
    for (int d = 0; d < n; ++d)
      if (const int x = var[static_cast<std::size_t>(c) * n + d]) lits.push_back(x);
    exactly_one();
  }
  for (int d = 0; d < n; ++d)
    for (int i = 0; i < n; ++i)
      for (int unit = 0; unit < 3; ++unit) {
        if (((unit == 0 ? row : unit == 1 ? col : box)[d] >> i & 1u) != 0) continue;  // given
        lits.clear();
        for (int j = 0; j < n; ++j) {
          const int c = unit == 0 ? i * n + j
                        : unit == 1 ? j * n + i
                                    : (i / b * b + j / b) * n + i % b * b + j % b;
          if (const int x = var[static_cast<std::size_t>(c) * n + d]) lits.push_back(x);
        }
        exactly_one();
      }
  const int res = sat.solve();
  sat.disconnect_terminator();
  sat.disconnect_learner();
  hooks_->stop = nullptr;
  return res == 10 ? Status::multiple : res == 20 ? Status::none : Status::budget_exceeded;
}

}  // namespace puzzle::sudoku
