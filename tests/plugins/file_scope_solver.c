/* A 9x9 solver that keeps its search state at file scope, as most solvers written for a
 * one-thread harness do (the reference harness's tdoku declares `SolverDpllTriadSimd<1>
 * solver_last{}` in an anonymous namespace of solver_dpll_triad_simd.cc): correct on one thread,
 * wrong when two threads run it at once in one instance of the library. Naked and
 * hidden singles, then a guess on the cell with the fewest candidates.
 *
 * Exported, in the reference harness's convention
 *   size_t solve(const char *puzzle, size_t limit, uint32_t flags, char *solution, size_t *guesses):
 *   solve                  the solver;
 *   solve_crash_every_500  crashes (SIGSEGV) on the puzzles whose FNV-1a hash of the 81
 *                          characters is 0 mod 500 (about one in 500; the tests compute the
 *                          same hash to know which), solves the others;
 *   solve_abort_every_500  the same puzzles, abort() (SIGABRT);
 *   solve_exit_every_500   the same puzzles, exit(3);
 *   solve_hang_on          never returns on the puzzle given in the environment variable
 *                          SUDOKU_TEST_HANG_PUZZLE (81 characters), solves the others;
 *   solve_scribble_every_500  on the same puzzles as the crashes, writes bytes of 0xA5 over
 *                          the memory an `--isolate`d child shares with the tool (found by its
 *                          name in /proc/self/maps), all but its first 256 bytes: stray stores
 *                          through a wild pointer, aimed; then solves the puzzle (and appends
 *                          it to the file SUDOKU_TEST_SCRIBBLE_LOG names, if any);
 * and a native plug-in (include/sudoku_bench/plugin.h) with the same state, `file-scope`,
 * which does not declare SUDOKU_BENCH_SOLVER_REENTRANT.
 *
 * Shared between threads its state is overwritten mid-search; every index it computes stays in
 * bounds whatever another thread writes (cells from local loops, digits from 9-bit masks, the
 * depth and the nodes capped), so a race gives wrong answers, never a crash or a hang. */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sudoku_bench/plugin.h>

#if defined(__GNUC__)
#define EXPORT __attribute__((visibility("default")))
#else
#define EXPORT
#endif

/* ---- the state, at file scope ---- */
static uint8_t grid[81];
static uint16_t rows[9], cols[9], boxes[9];
static uint64_t limit, count, guesses, nodes, max_nodes;
static uint8_t first[81]; /* the first solution found */

static int box_of(int c) { return c / 27 * 3 + c % 9 / 3; }
static int unit_cell(int u, int i) {
  if (u < 9) return u * 9 + i;
  if (u < 18) return i * 9 + (u - 9);
  u -= 18;
  return (u / 3 * 3 + i / 3) * 9 + u % 3 * 3 + i % 3;
}
static uint16_t unit_used(int u) { return u < 9 ? rows[u] : u < 18 ? cols[u - 9] : boxes[u - 18]; }
static int popcount(unsigned x) { return __builtin_popcount(x); }
static int digit_of(uint16_t bit) { return __builtin_ctz((unsigned)bit) % 9 + 1; }

static void place(int c, int d) {
  const uint16_t bit = (uint16_t)(1u << (d - 1));
  grid[c] = (uint8_t)d;
  rows[c / 9] |= bit, cols[c % 9] |= bit, boxes[box_of(c)] |= bit;
}
static void unplace(int c) {
  const int d = grid[c];
  if (d < 1 || d > 9) return;
  const uint16_t bit = (uint16_t)(1u << (d - 1));
  grid[c] = 0;
  rows[c / 9] &= (uint16_t)~bit, cols[c % 9] &= (uint16_t)~bit, boxes[box_of(c)] &= (uint16_t)~bit;
}

static void search(int depth) {
  int trail[81], placed = 0;
  uint16_t cand[81];
  if (depth > 81 || nodes >= max_nodes) return;
  ++nodes;
  for (;;) {
    int c, u, best = -1, best_n = 10, empty = 0, progress = 0;
    for (c = 0; c < 81 && !progress; ++c) {
      int n;
      cand[c] = 0;
      if (grid[c]) continue;
      empty = 1;
      cand[c] = (uint16_t)(0x1ff & ~(rows[c / 9] | cols[c % 9] | boxes[box_of(c)]));
      n = popcount(cand[c]);
      if (n == 0) goto undo;
      if (n == 1 && placed < 81) {
        place(c, digit_of(cand[c]));
        trail[placed++] = c;
        progress = 1;
      } else if (n < best_n) {
        best = c, best_n = n;
      }
    }
    if (progress) continue;
    if (!empty) {
      if (count++ == 0) memcpy(first, grid, 81);
      goto undo;
    }
    for (u = 0; u < 27 && !progress; ++u) { /* hidden singles */
      uint16_t once = 0, twice = 0, hidden;
      int i;
      for (i = 0; i < 9; ++i) {
        const uint16_t m = cand[unit_cell(u, i)];
        twice |= once & m;
        once |= m;
      }
      if (((once | unit_used(u)) & 0x1ff) != 0x1ff) goto undo; /* a digit with no place left */
      hidden = (uint16_t)(once & ~twice & 0x1ff);
      if (hidden == 0) continue;
      hidden &= (uint16_t)(0u - hidden);
      for (i = 0; i < 9; ++i) {
        const int cell = unit_cell(u, i);
        if (!grid[cell] && (cand[cell] & hidden) && placed < 81) {
          place(cell, digit_of(hidden));
          trail[placed++] = cell;
          progress = 1;
          break;
        }
      }
    }
    if (progress) continue;
    if (best < 0) goto undo;
    {
      uint16_t options = cand[best];
      for (; options != 0 && count < limit; options &= (uint16_t)(options - 1)) {
        ++guesses;
        place(best, digit_of((uint16_t)(options & (0u - options))));
        search(depth + 1);
        unplace(best);
      }
    }
    break;
  }
undo:
  while (placed > 0) unplace(trail[--placed]);
}

/* Solves `puzzle` (81 values, 0 empty) into the file-scope state: the count. */
static uint64_t run(const uint8_t *puzzle, uint64_t lim, uint64_t budget) {
  int c;
  memset(grid, 0, sizeof grid);
  memset(rows, 0, sizeof rows), memset(cols, 0, sizeof cols), memset(boxes, 0, sizeof boxes);
  limit = lim, count = 0, guesses = 0, nodes = 0;
  max_nodes = budget != 0 ? budget : 100000000u;
  for (c = 0; c < 81; ++c) {
    const int d = puzzle[c];
    if (d == 0) continue;
    if (d > 9 || ((rows[c / 9] | cols[c % 9] | boxes[box_of(c)]) & (1u << (d - 1)))) return 0;
    place(c, d);
  }
  search(0);
  return count;
}

/* ---- the reference harness's convention ---- */

EXPORT size_t solve(const char *puzzle, size_t lim, uint32_t flags, char *solution, size_t *guess_count) {
  uint8_t cells[81];
  uint64_t n;
  int c;
  (void)flags;
  for (c = 0; c < 81; ++c) cells[c] = puzzle[c] >= '1' && puzzle[c] <= '9' ? (uint8_t)(puzzle[c] - '0') : 0;
  n = run(cells, lim, 0);
  if (n > 0)
    for (c = 0; c < 81; ++c) solution[c] = (char)('0' + first[c] % 10);
  *guess_count = (size_t)guesses;
  return (size_t)n;
}

static uint32_t fnv1a(const char *puzzle) {
  uint32_t h = 2166136261u;
  int c;
  for (c = 0; c < 81; ++c) h = (h ^ (uint8_t)puzzle[c]) * 16777619u;
  return h;
}

/* A real invalid store, not one the undefined-behaviour sanitizer stops first (it would end the
 * process with status 1 in the sanitizer build, not by SIGSEGV). */
__attribute__((no_sanitize("undefined")))
EXPORT size_t solve_crash_every_500(const char *puzzle, size_t lim, uint32_t flags, char *solution, size_t *g) {
  if (fnv1a(puzzle) % 500 == 0) {
    volatile int *nowhere = NULL;
    *nowhere = 1;
  }
  return solve(puzzle, lim, flags, solution, g);
}

EXPORT size_t solve_abort_every_500(const char *puzzle, size_t lim, uint32_t flags, char *solution, size_t *g) {
  if (fnv1a(puzzle) % 500 == 0) abort();
  return solve(puzzle, lim, flags, solution, g);
}

EXPORT size_t solve_exit_every_500(const char *puzzle, size_t lim, uint32_t flags, char *solution, size_t *g) {
  if (fnv1a(puzzle) % 500 == 0) exit(3);
  return solve(puzzle, lim, flags, solution, g);
}

/* The first mapping whose line in /proc/self/maps names `what`: its start and size. */
static int find_mapping(const char *what, char **start, size_t *size) {
  char line[512];
  FILE *maps = fopen("/proc/self/maps", "r");
  int found = 0;
  if (maps == NULL) return 0;
  while (!found && fgets(line, sizeof line, maps) != NULL) {
    unsigned long lo, hi;
    if (strstr(line, what) != NULL && sscanf(line, "%lx-%lx", &lo, &hi) == 2 && hi > lo) {
      *start = (char *)lo, *size = (size_t)(hi - lo);
      found = 1;
    }
  }
  fclose(maps);
  return found;
}

EXPORT size_t solve_scribble_every_500(const char *puzzle, size_t lim, uint32_t flags, char *solution, size_t *g) {
  char *block;
  size_t size;
  if (fnv1a(puzzle) % 500 == 0 && find_mapping("sudoku-bench-isolate", &block, &size) && size > 256) {
    const char *log = getenv("SUDOKU_TEST_SCRIBBLE_LOG");
    FILE *f = log != NULL ? fopen(log, "a") : NULL;
    memset(block + 256, 0xA5, size - 256);
    if (f != NULL) fprintf(f, "%.81s\n", puzzle), fclose(f);
  }
  return solve(puzzle, lim, flags, solution, g);
}

EXPORT size_t solve_hang_on(const char *puzzle, size_t lim, uint32_t flags, char *solution, size_t *g) {
  const char *hang = getenv("SUDOKU_TEST_HANG_PUZZLE");
  if (hang != NULL && strncmp(hang, puzzle, 81) == 0)
    for (;;) {
      const struct timespec ms = {0, 1000000};
      nanosleep(&ms, NULL);
    }
  return solve(puzzle, lim, flags, solution, g);
}

/* ---- the same state behind the native ABI, not declared re-entrant ---- */

static int token;
static void *create(void) { return &token; }

static int native_solve(void *state, uint32_t box, const uint8_t *cells, uint64_t lim, uint64_t budget,
                        uint8_t *solution, sudoku_bench_work *work) {
  const uint64_t n = run(cells, lim, budget);
  (void)state, (void)box;
  if (n > 0) memcpy(solution, first, 81);
  work->solutions = n;
  work->guesses = guesses;
  work->nodes = nodes;
  if (budget != 0 && nodes >= budget && n < lim) return SUDOKU_BENCH_BUDGET_EXCEEDED;
  if (n == 0) return SUDOKU_BENCH_NONE;
  return lim == 1 ? SUDOKU_BENCH_SOLVED : n == 1 ? SUDOKU_BENCH_UNIQUE : SUDOKU_BENCH_MULTIPLE;
}

static const sudoku_bench_solver solvers[] = {
    {"file-scope", "keeps its search state at file scope (not re-entrant)", SUDOKU_BENCH_9X9, create, NULL,
     native_solve, 0},
};
static const sudoku_bench_plugin plugin = {SUDOKU_BENCH_PLUGIN_ABI_VERSION, 1, solvers};

SUDOKU_BENCH_PLUGIN_EXPORT const sudoku_bench_plugin *sudoku_bench_plugin_entry(uint32_t host_abi_version) {
  (void)host_abi_version;
  return &plugin;
}
