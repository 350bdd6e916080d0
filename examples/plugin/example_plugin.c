/* An example sudoku-bench plug-in in C99: one solver, `example-bitmask`, for every grid size
 * (4x4 to 25x25). Copy this folder to start your own; README.md says how to build and run it.
 *
 * The algorithm is backtracking on bitmasks, the shape most fast solvers start from:
 *  - row[r], col[c], bx[b] hold the digits used in each unit, bit d-1 for digit d, so the
 *    candidates of an empty cell are full & ~(row | col | bx): three loads and an OR;
 *  - at each node: a cell with no candidate is a dead end; a cell with one (a naked single) is
 *    placed; else, a digit with one place left in a row, column or box (a hidden single) is
 *    placed there; else the cell with the fewest candidates is guessed, digits in increasing
 *    order, each placed, searched below and taken back.
 * Hidden singles matter little on 9x9 but a lot on 16x16: without them some puzzles of the
 * project's 16x16 set took seconds each (86 s for the 200, one core), with them 0.3 s in all.
 * It counts solutions up to the limit, keeps the first one, and stops when the node budget
 * runs out. Counters, as plugin.h defines them:
 *  - nodes: placements (the budget counts these);
 *  - guesses: placements at a cell that had two or more candidates;
 *  - backtracks: dead ends (a cell without candidate, or a digit without a place in a unit).
 *
 * State: everything lives in one per-thread struct made by create(); no global mutable state,
 * so the solver declares SUDOKU_BENCH_SOLVER_REENTRANT and sudoku-bench runs one state per
 * worker thread at once in one instance of the library. */
#include <stdlib.h>
#include <string.h>

#include <sudoku_bench/plugin.h>

enum { MAX_SIDE = 25, MAX_CELLS = SUDOKU_BENCH_MAX_CELLS };

typedef struct state {
  /* geometry of the current grid size (rebuilt when the size changes) */
  uint32_t box, side, cells, full;
  uint8_t row_of[MAX_CELLS], col_of[MAX_CELLS], box_of[MAX_CELLS];
  uint16_t unit[3 * MAX_SIDE][MAX_SIDE]; /* the cells of each row, column and box */
  /* the search */
  uint8_t grid[MAX_CELLS];
  uint32_t row[MAX_SIDE], col[MAX_SIDE], bx[MAX_SIDE];
  uint32_t cand[MAX_CELLS]; /* scratch of the current node: candidates of each empty cell */
  uint64_t limit, budget;
  int out_of_budget;
  uint8_t *solution;
  sudoku_bench_work *work;
} state;

static int popcount32(uint32_t x) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_popcount(x);
#else
  int n = 0;
  for (; x != 0; x &= x - 1) ++n;
  return n;
#endif
}

static int lowest_bit(uint32_t x) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctz(x);
#else
  int i = 0;
  while (!(x & 1u)) x >>= 1, ++i;
  return i;
#endif
}

static void set_size(state *s, uint32_t box) {
  uint32_t c;
  s->box = box;
  s->side = box * box;
  s->cells = s->side * s->side;
  s->full = (1u << s->side) - 1u;
  for (c = 0; c < s->cells; ++c) {
    const uint32_t r = c / s->side, k = c % s->side;
    s->row_of[c] = (uint8_t)r;
    s->col_of[c] = (uint8_t)k;
    s->box_of[c] = (uint8_t)(r / box * box + k / box);
    s->unit[r][k] = (uint16_t)c;
    s->unit[s->side + k][r] = (uint16_t)c;
    s->unit[2 * s->side + s->box_of[c]][r % box * box + k % box] = (uint16_t)c;
  }
}

static void place(state *s, uint32_t c, uint32_t bit) {
  s->grid[c] = (uint8_t)(lowest_bit(bit) + 1);
  s->row[s->row_of[c]] |= bit;
  s->col[s->col_of[c]] |= bit;
  s->bx[s->box_of[c]] |= bit;
}

static void unplace(state *s, uint32_t c, uint32_t bit) {
  s->grid[c] = 0;
  s->row[s->row_of[c]] &= ~bit;
  s->col[s->col_of[c]] &= ~bit;
  s->bx[s->box_of[c]] &= ~bit;
}

/* A hidden single: sets *cell and *bit when some digit has one place left in a unit. Returns 0
 * when some unit has a digit with no place left (a dead end), else 1. */
static int hidden_single(state *s, uint32_t *cell, uint32_t *bit) {
  uint32_t u, i;
  for (u = 0; u < 3 * s->side; ++u) {
    uint32_t placed = 0, once = 0, twice = 0, single;
    for (i = 0; i < s->side; ++i) {
      const uint32_t c = s->unit[u][i];
      if (s->grid[c] != 0) {
        placed |= 1u << (s->grid[c] - 1);
      } else {
        twice |= once & s->cand[c];
        once |= s->cand[c];
      }
    }
    if ((placed | once) != s->full) return 0;
    single = once & ~twice;
    if (single != 0) {
      *bit = single & (0u - single);
      for (i = 0; i < s->side; ++i)
        if (s->grid[s->unit[u][i]] == 0 && (s->cand[s->unit[u][i]] & *bit)) {
          *cell = s->unit[u][i];
          return 1;
        }
    }
  }
  return 1;
}

/* Depth-first search below the current grid; returns when done, at the limit, or out of budget. */
static void search(state *s) {
  uint32_t c, best = 0, best_cand = 0;
  int best_count = 33;
  for (c = 0; c < s->cells; ++c) {
    if (s->grid[c] != 0) continue;
    {
      const uint32_t cand = s->full & ~(s->row[s->row_of[c]] | s->col[s->col_of[c]] | s->bx[s->box_of[c]]);
      const int k = popcount32(cand);
      s->cand[c] = cand;
      if (k < best_count) {
        best = c, best_cand = cand, best_count = k;
        if (k <= 1) break; /* a naked single, or a dead end: no need to look further */
      }
    }
  }
  if (best_count == 33) { /* no empty cell: a solution */
    if (s->work->solutions++ == 0) memcpy(s->solution, s->grid, s->cells);
    return;
  }
  if (best_count > 1) { /* every cell was scanned: look for a hidden single */
    uint32_t cell = s->cells, bit = 0;
    if (!hidden_single(s, &cell, &bit)) best_count = 0;
    else if (cell < s->cells) best = cell, best_cand = bit, best_count = 1;
  }
  if (best_count == 0) {
    ++s->work->backtracks;
    return;
  }
  while (best_cand != 0) {
    const uint32_t bit = best_cand & (0u - best_cand);
    best_cand &= ~bit;
    if (s->budget != 0 && s->work->nodes >= s->budget) {
      s->out_of_budget = 1;
      return;
    }
    ++s->work->nodes;
    if (best_count > 1) ++s->work->guesses;
    place(s, best, bit);
    search(s);
    unplace(s, best, bit);
    if (s->work->solutions >= s->limit || s->out_of_budget) return;
  }
}

static void *create(void) { return calloc(1, sizeof(state)); }

static void destroy(void *p) { free(p); }

static int solve(void *p, uint32_t box, const uint8_t *cells, uint64_t limit, uint64_t budget,
                 uint8_t *solution, sudoku_bench_work *work) {
  state *s = (state *)p;
  uint32_t c;
  if (box < 2 || box > 5) return SUDOKU_BENCH_UNSUPPORTED;
  if (box != s->box) set_size(s, box);
  memset(s->row, 0, sizeof s->row);
  memset(s->col, 0, sizeof s->col);
  memset(s->bx, 0, sizeof s->bx);
  memset(s->grid, 0, sizeof s->grid);
  for (c = 0; c < s->cells; ++c) { /* the givens; a repeated digit makes the puzzle invalid */
    const uint32_t v = cells[c];
    if (v == 0) continue;
    {
      const uint32_t bit = 1u << (v - 1);
      if (v > s->side || ((s->row[s->row_of[c]] | s->col[s->col_of[c]] | s->bx[s->box_of[c]]) & bit))
        return SUDOKU_BENCH_INVALID;
      place(s, c, bit);
    }
  }
  s->limit = limit;
  s->budget = budget;
  s->out_of_budget = 0;
  s->solution = solution;
  s->work = work;
  search(s);
  if (s->out_of_budget && work->solutions < limit) return SUDOKU_BENCH_BUDGET_EXCEEDED;
  if (work->solutions == 0) return SUDOKU_BENCH_NONE;
  if (limit == 1) return SUDOKU_BENCH_SOLVED;
  return work->solutions == 1 ? SUDOKU_BENCH_UNIQUE : SUDOKU_BENCH_MULTIPLE;
}

static const sudoku_bench_solver solvers[] = {
    {"example-bitmask",
     "examples/plugin: bitmask backtracking with naked and hidden singles, fewest candidates first, any size",
     SUDOKU_BENCH_ALL_SIZES, create, destroy, solve, SUDOKU_BENCH_SOLVER_REENTRANT},
};

static const sudoku_bench_plugin plugin = {SUDOKU_BENCH_PLUGIN_ABI_VERSION, 1, solvers};

SUDOKU_BENCH_PLUGIN_EXPORT const sudoku_bench_plugin *sudoku_bench_plugin_entry(uint32_t host_abi_version) {
  (void)host_abi_version; /* this library speaks one version; the host checks it */
  return &plugin;
}
