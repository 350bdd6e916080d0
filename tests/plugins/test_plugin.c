/* Native plug-ins (include/sudoku_bench/plugin.h) that are wrong on purpose, one per
 * TEST_PLUGIN_KIND, for tests/plugin_test.cpp:
 *   1 liars: `liar` answers every puzzle with the same valid grid, whatever its givens, and
 *     says solved/unique; `miscounter` solves nothing but says unique with 2 solutions.
 *   2 a descriptor of ABI version 999;
 *   3 an empty solver table;
 *   4 two solvers with the same name;
 *   5 an entry point that refuses the host's ABI version (returns NULL);
 *   6 create() fails (returns NULL);
 *   7 create() works once (the trial state made at load time) and fails after that: a worker
 *     that cannot make its state in the middle of a run;
 *   8 the liars of 1, built against version 1 of the header (its sudoku_bench_solver had no
 *     `flags`): they still load, taken as re-entrant.
 * Every other kind declares its solvers re-entrant (their only global is a token, or a count
 * that kind 7 needs shared). */
#include <string.h>

#include <sudoku_bench/plugin.h>

#ifndef TEST_PLUGIN_KIND
#error "define TEST_PLUGIN_KIND"
#endif

#if TEST_PLUGIN_KIND == 6
static void *create(void) { return NULL; }
#elif TEST_PLUGIN_KIND == 7
static int state_token, created;
static void *create(void) { return created++ == 0 ? &state_token : NULL; }
static void *create_always(void) { return &state_token; }
#else
static int state_token;
static void *create(void) { return &state_token; }
#endif

static int liar(void *state, uint32_t box, const uint8_t *cells, uint64_t limit, uint64_t budget,
                uint8_t *solution, sudoku_bench_work *work) {
  const uint32_t n = box * box;
  uint32_t r, c;
  (void)state, (void)cells, (void)budget;
  for (r = 0; r < n; ++r) /* the pattern grid: valid, but it ignores the givens */
    for (c = 0; c < n; ++c) solution[r * n + c] = (uint8_t)((r % box * box + r / box + c) % n + 1);
  work->solutions = 1;
  work->nodes = 1;
  return limit == 1 ? SUDOKU_BENCH_SOLVED : SUDOKU_BENCH_UNIQUE;
}

static int miscounter(void *state, uint32_t box, const uint8_t *cells, uint64_t limit,
                      uint64_t budget, uint8_t *solution, sudoku_bench_work *work) {
  (void)state, (void)box, (void)cells, (void)limit, (void)budget, (void)solution;
  work->solutions = 2;
  return SUDOKU_BENCH_UNIQUE;
}

#if TEST_PLUGIN_KIND == 8
/* sudoku_bench_solver as version 1 of plugin.h declared it */
typedef struct solver_v1 {
  const char *name;
  const char *description;
  uint32_t boxes;
  void *(*create)(void);
  void (*destroy)(void *state);
  int (*solve)(void *state, uint32_t box, const uint8_t *cells, uint64_t limit, uint64_t budget,
               uint8_t *solution, sudoku_bench_work *work);
} solver_v1;
#define SOLVER solver_v1
#define FLAGS
#else
#define SOLVER sudoku_bench_solver
#define FLAGS , SUDOKU_BENCH_SOLVER_REENTRANT
#endif

static const SOLVER solvers[] = {
#if TEST_PLUGIN_KIND == 4
    {"twin", "first", SUDOKU_BENCH_9X9, create, NULL, liar FLAGS},
    {"twin", "second", SUDOKU_BENCH_9X9, create, NULL, miscounter FLAGS},
#elif TEST_PLUGIN_KIND == 6
    {"stateless", "create() fails", SUDOKU_BENCH_9X9, create, NULL, liar FLAGS},
    {"stateless-too", "create() fails", SUDOKU_BENCH_9X9, create, NULL, miscounter FLAGS},
#elif TEST_PLUGIN_KIND == 7
    {"late-stateless", "create() fails after the trial", SUDOKU_BENCH_9X9, create, NULL, liar FLAGS},
    {"late-miscounter", "create() works", SUDOKU_BENCH_9X9, create_always, NULL, miscounter FLAGS},
#else
    {"liar", "answers with a fixed grid", SUDOKU_BENCH_ALL_SIZES, create, NULL, liar FLAGS},
    {"miscounter", "says unique with two solutions", SUDOKU_BENCH_9X9, create, NULL, miscounter FLAGS},
#endif
};

static const sudoku_bench_plugin plugin = {
#if TEST_PLUGIN_KIND == 2
    999,
#elif TEST_PLUGIN_KIND == 8
    1,
#else
    SUDOKU_BENCH_PLUGIN_ABI_VERSION,
#endif
#if TEST_PLUGIN_KIND == 3
    0,
#else
    (uint32_t)(sizeof solvers / sizeof solvers[0]),
#endif
    (const sudoku_bench_solver *)solvers};

SUDOKU_BENCH_PLUGIN_EXPORT const sudoku_bench_plugin *sudoku_bench_plugin_entry(uint32_t host_abi_version) {
  (void)host_abi_version;
#if TEST_PLUGIN_KIND == 5
  (void)plugin;
  return NULL;
#else
  return &plugin;
#endif
}
