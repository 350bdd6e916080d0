/* A plug-in with a slowdown planted in its solve call, for the tests of the CI gate
 * (tests/count_test.cpp, scripts/ci_gate_trials.sh): one solver, `slowdown`, which is
 * examples/plugin's `example-bitmask` followed by extra work in the same call,
 * SLOWDOWN_PER_NODE (an environment variable, read once when the library is loaded; unset or 0:
 * none) times the puzzle's nodes iterations of a loop the compiler must keep. Answers and work
 * counters are those of the example, whatever the slowdown: only the instructions grow, as they
 * would from a lost vector path or a copy in the hot loop. The trial script calibrates the
 * factor to +3%, +10% and +30% instructions on its puzzles. */
#include <stdlib.h>

/* The example's solver, its entry point renamed: this library has its own. */
#define sudoku_bench_plugin_entry example_plugin_entry
#include "../../examples/plugin/example_plugin.c"
#undef sudoku_bench_plugin_entry

static double per_node; /* set once by the entry point, read-only after it */

/* The planted work, a function of its own: `regress` must name it as where the instructions
 * went (tests/count_test.cpp, scripts/ci_gate_trials.sh). */
__attribute__((noinline)) static void planted_slowdown(uint64_t iterations) {
  uint64_t i;
  for (i = 0; i < iterations; ++i) __asm__ volatile("" ::: "memory"); /* kept: an opaque barrier */
}

static int slow_solve(void *p, uint32_t box, const uint8_t *cells, uint64_t limit, uint64_t budget,
                      uint8_t *solution, sudoku_bench_work *work) {
  const int status = solve(p, box, cells, limit, budget, solution, work);
  planted_slowdown((uint64_t)(per_node * (double)work->nodes + 0.5));
  return status;
}

static const sudoku_bench_solver slow_solvers[] = {
    {"slowdown", "test only: example-bitmask plus SLOWDOWN_PER_NODE x nodes loop iterations per solve",
     SUDOKU_BENCH_ALL_SIZES, create, destroy, slow_solve, SUDOKU_BENCH_SOLVER_REENTRANT},
};

static const sudoku_bench_plugin slow_plugin = {SUDOKU_BENCH_PLUGIN_ABI_VERSION, 1, slow_solvers};

SUDOKU_BENCH_PLUGIN_EXPORT const sudoku_bench_plugin *sudoku_bench_plugin_entry(uint32_t host_abi_version) {
  const char *s = getenv("SLOWDOWN_PER_NODE");
  (void)host_abi_version;
  per_node = s != NULL ? strtod(s, NULL) : 0.0;
  if (!(per_node >= 0)) per_node = 0;
  return &slow_plugin;
}
