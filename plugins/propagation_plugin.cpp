// The built-in `propagation` solver as a native plug-in (include/sudoku_bench/plugin.h), named
// `propagation-plugin`: the same code behind the C ABI, so that `bench -s
// propagation,propagation-plugin --plugin libpropagation_plugin.so` measures what the ABI costs
// (results/plugins.md). It is also the plug-in example in C++: exceptions stay inside (create()
// returns NULL on failure, solve() cannot throw), nothing but the entry point is exported.
//
// It also exports `propagation_harness`, the same solver in the reference harness's convention
// with its solver object at file scope, as the field's libraries keep theirs (what a
// private instance per thread and --isolate cost, results/plugins.md):
//   --plugin p=libpropagation_plugin.so:propagation_harness
//
// Per puzzle the ABI adds two indirect calls, the copy of the cells into a Grid here and of the
// solution out into the host's buffer, and a second Result (the host's and this one): tens of
// nanoseconds against about two microseconds of solving a 17-clue puzzle.
#include <cstring>
#include <memory>

#include "puzzle/simd.hpp"
#include "sudoku/solvers/propagation.hpp"
#include "sudoku_bench/plugin.h"

namespace {

/// One worker: the solver, and the puzzle's Grid kept between calls (a fresh Grid would zero its
/// 625 cells every time; the copy below writes the cells used).
struct State {
  std::unique_ptr<puzzle::Solver> solver = puzzle::sudoku::make_propagation();
  puzzle::sudoku::Grid puzzle;
};

void* create() {
  try {
    puzzle::simd::use_environment();  // this library's own copy of the choice: SUDOKU_SIMD too
    return new State;
  } catch (...) {
    return nullptr;
  }
}

void destroy(void* state) { delete static_cast<State*>(state); }

int solve(void* state, uint32_t box, const uint8_t* cells, uint64_t limit, uint64_t budget,
          uint8_t* solution, sudoku_bench_work* work) {
  auto& s = *static_cast<State*>(state);
  s.puzzle.reshape(static_cast<int>(box));
  const auto n = static_cast<std::size_t>(s.puzzle.cells());
  std::memcpy(s.puzzle.data(), cells, n);
  const puzzle::Result r = s.solver->solve(s.puzzle, puzzle::Limits{limit, budget});
  if (const auto* g = r.answer.get<puzzle::sudoku::Grid>(); r.solutions > 0 && g != nullptr)
    std::memcpy(solution, g->data(), n);
  work->solutions = r.solutions;
  work->guesses = r.work.guesses;
  work->backtracks = r.work.backtracks;
  work->nodes = r.work.nodes;
  return static_cast<int>(r.status);  // puzzle::Status and sudoku_bench_status agree
}

// ---- the reference harness's convention, state at file scope (not re-entrant) ----

/// The one solver and puzzle of the library instance, like tdoku's `solver_last`.
State g_state = [] {
  try {
    puzzle::simd::use_environment();  // SUDOKU_SIMD, as create() does
  } catch (...) {
  }
  return State{};
}();

}  // namespace

extern "C" SUDOKU_BENCH_PLUGIN_VISIBLE size_t propagation_harness(const char* puzzle, size_t limit, uint32_t,
                                                                  char* solution, size_t* guesses) {
  try {
    puzzle::sudoku::Grid& g = g_state.puzzle;
    g.reshape(3);
    for (int i = 0; i < 81; ++i) g.set(i, puzzle[i] >= '1' && puzzle[i] <= '9' ? puzzle[i] - '0' : 0);
    const puzzle::Result r = g_state.solver->solve(g, puzzle::Limits{limit, 0});
    if (const auto* s = r.answer.get<puzzle::sudoku::Grid>(); r.solutions > 0 && s != nullptr)
      for (int i = 0; i < 81; ++i) solution[i] = static_cast<char>('0' + (*s)[i]);
    *guesses = r.work.guesses;
    return r.solutions;
  } catch (...) {
    return 0;
  }
}

namespace {

const sudoku_bench_solver kSolvers[] = {
    {"propagation-plugin",
     "the built-in propagation (band bitboards, singles, locked candidates) behind the plug-in C ABI",
     SUDOKU_BENCH_9X9, &create, &destroy, &solve, SUDOKU_BENCH_SOLVER_REENTRANT},
};

const sudoku_bench_plugin kPlugin = {SUDOKU_BENCH_PLUGIN_ABI_VERSION, 1, kSolvers};

}  // namespace

SUDOKU_BENCH_PLUGIN_EXPORT const sudoku_bench_plugin* sudoku_bench_plugin_entry(uint32_t) {
  return &kPlugin;
}
