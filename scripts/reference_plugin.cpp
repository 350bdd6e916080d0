// The band solvers of an older revision as a native plug-in, for before/after figures measured in
// one `bench` run (scripts/solver_figures.sh compiles it with that revision's solver sources and
// this tree's plug-in header). It lists `propagation-REV` and `scored-REV`, REV being the
// SUDOKU_REFERENCE_NAME the script defines. Only the API every revision since 4a11e67 has is
// used: make_propagation(), make_scored(), Solver::solve(Grid, Limits), simd::use_environment(),
// and the result's solution grid under each of its names (Result::solution before issue 27's
// step 3, Result::answer.grid() until Answer became kind-neutral, Result::answer.get<Grid>()
// since).
#include <cstring>
#include <memory>

// The oldest revisions (namespace sudoku, sudoku/ under the include root) or the later ones
// (puzzle::sudoku and the neutral puzzle, puzzle/ and sudoku/): `ref` names either.
#if __has_include("puzzle/solver.hpp")
#include "puzzle/simd.hpp"
#include "sudoku/solvers/propagation.hpp"
namespace ref {
using namespace puzzle;
using namespace puzzle::sudoku;
}  // namespace ref
#else
#include "sudoku/simd.hpp"
#include "sudoku/solvers/propagation.hpp"
namespace ref {
using namespace sudoku;
}  // namespace ref
#endif
#include "sudoku_bench/plugin.h"

#ifndef SUDOKU_REFERENCE_NAME
#error "define SUDOKU_REFERENCE_NAME (a revision, e.g. \"4a11e67\")"
#endif

namespace {

/// One worker: its solver and the puzzle's Grid, kept between calls.
struct Worker {
  std::unique_ptr<ref::Solver> solver;
  ref::Grid puzzle;
};

template <std::unique_ptr<ref::Solver> (*Make)()>
void* create() {
  try {
    ref::simd::use_environment();  // the library's own copy of the choice: SUDOKU_SIMD too
    return new Worker{Make(), ref::Grid()};
  } catch (...) {
    return nullptr;
  }
}

/// The first solution's grid of `r`, whichever revision's Result it is.
template <class R>
const ref::Grid& solution_of(const R& r) {
  if constexpr (requires { r.answer.grid(); })
    return r.answer.grid();
  else if constexpr (requires { r.answer.template get<ref::Grid>(); })
    return *r.answer.template get<ref::Grid>();  // r.solutions > 0: it holds one
  else
    return r.solution;
}

void destroy(void* state) { delete static_cast<Worker*>(state); }

int solve(void* state, uint32_t box, const uint8_t* cells, uint64_t limit, uint64_t budget,
          uint8_t* solution, sudoku_bench_work* work) {
  auto& w = *static_cast<Worker*>(state);
  w.puzzle.reshape(static_cast<int>(box));
  const auto n = static_cast<std::size_t>(w.puzzle.cells());
  std::memcpy(w.puzzle.data(), cells, n);
  const ref::Result r = w.solver->solve(w.puzzle, ref::Limits{limit, budget});
  if (r.solutions > 0) std::memcpy(solution, solution_of(r).data(), n);
  work->solutions = r.solutions;
  work->guesses = r.work.guesses;
  work->backtracks = r.work.backtracks;
  work->nodes = r.work.nodes;
  return static_cast<int>(r.status);
}

const sudoku_bench_solver kSolvers[] = {
    {"propagation-" SUDOKU_REFERENCE_NAME, "`propagation` of revision " SUDOKU_REFERENCE_NAME " (plug-in)",
     SUDOKU_BENCH_9X9, &create<&ref::make_propagation>, &destroy, &solve},
    {"scored-" SUDOKU_REFERENCE_NAME, "`scored` of revision " SUDOKU_REFERENCE_NAME " (plug-in)",
     SUDOKU_BENCH_9X9, &create<&ref::make_scored>, &destroy, &solve},
};

const sudoku_bench_plugin kPlugin = {SUDOKU_BENCH_PLUGIN_ABI_VERSION, 2, kSolvers};

}  // namespace

SUDOKU_BENCH_PLUGIN_EXPORT const sudoku_bench_plugin* sudoku_bench_plugin_entry(uint32_t) {
  return &kPlugin;
}
