/* sudoku-bench plug-in ABI: a shared library of Sudoku solvers that sudoku-bench loads at run
 * time (`sudoku-bench solve FILE --plugin ./libmine.so -s NAME`) and benchmarks and verifies
 * like its built-in solvers. Plain C99, usable from C and C++: only C types cross this line,
 * never a C++ type or an exception. docs/plugins.md walks through writing one.
 *
 * What a library provides: one exported function, SUDOKU_BENCH_PLUGIN_ENTRY,
 *
 *     SUDOKU_BENCH_PLUGIN_EXPORT
 *     const sudoku_bench_plugin *sudoku_bench_plugin_entry(uint32_t host_abi_version) {...}
 *
 * returning a descriptor (static storage) that lists its solvers. For each solver, the host
 * calls create() once per worker thread, solve() any number of times on that state (one call at
 * a time per state), destroy() at the end.
 *
 * Threads. A solver that keeps no mutable state outside the states create() makes says so with
 * SUDOKU_BENCH_SOLVER_REENTRANT in its flags: the host then loads the library once and calls
 * solve() on different states from several threads at once. Without the flag (the default, and
 * what most solvers written for a one-thread harness need: a static search stack, a global
 * table filled on first use), each worker thread gets a private instance of the library (a copy
 * of the file loaded on its own, with its own static and global variables), so that no two
 * threads ever run the library's code on the same globals. Either way a state is used by one
 * thread at a time.
 *
 * Versioning. SUDOKU_BENCH_PLUGIN_ABI_VERSION changes whenever any type here changes layout or
 * meaning; the host refuses a descriptor of another version with a message naming both
 * versions. The first member of sudoku_bench_plugin, abi_version, stays first in every
 * version, so the host can always read it. The host passes its own version to the entry point:
 * a library that speaks several versions may return the descriptor of that one, or NULL to
 * refuse (the host then says so).
 *
 * Lifetime. The host opens the library (dlopen, RTLD_NOW | RTLD_LOCAL), maybe several times as
 * private instances (above; each calls the entry point of its own), and never closes it: the
 * descriptor, the solver table and the strings it points to must stay valid and unchanged for
 * as long as the library is loaded. Only the library's own file is copied: the libraries it
 * depends on are loaded once and shared by every instance, so keep mutable state out of them.
 *
 * Version 1 (the first version of this header, without `flags`) still loads: its contract
 * said "keep no mutable global state", so its solvers are taken as re-entrant.
 */
#ifndef SUDOKU_BENCH_PLUGIN_H
#define SUDOKU_BENCH_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The ABI this header describes. */
#define SUDOKU_BENCH_PLUGIN_ABI_VERSION 2u

/** The name of the entry point the host looks up (dlsym). */
#define SUDOKU_BENCH_PLUGIN_ENTRY "sudoku_bench_plugin_entry"

/** Put before the definition of the entry point: C linkage, visible from outside the library
 *  even when it is built with -fvisibility=hidden (recommended: export nothing else). */
#if defined(_WIN32)
#define SUDOKU_BENCH_PLUGIN_VISIBLE __declspec(dllexport)
#elif defined(__GNUC__) || defined(__clang__)
#define SUDOKU_BENCH_PLUGIN_VISIBLE __attribute__((visibility("default")))
#else
#define SUDOKU_BENCH_PLUGIN_VISIBLE
#endif
#ifdef __cplusplus
#define SUDOKU_BENCH_PLUGIN_EXPORT extern "C" SUDOKU_BENCH_PLUGIN_VISIBLE
#else
#define SUDOKU_BENCH_PLUGIN_EXPORT SUDOKU_BENCH_PLUGIN_VISIBLE
#endif

/** Grid sizes, as box sizes: a grid of side n = box * box has box x box boxes. Bit b of
 *  sudoku_bench_solver.boxes is set when grids with b x b boxes are supported. */
#define SUDOKU_BENCH_BOX(b) (1u << (b))
#define SUDOKU_BENCH_4X4 SUDOKU_BENCH_BOX(2)
#define SUDOKU_BENCH_9X9 SUDOKU_BENCH_BOX(3)
#define SUDOKU_BENCH_16X16 SUDOKU_BENCH_BOX(4)
#define SUDOKU_BENCH_25X25 SUDOKU_BENCH_BOX(5)
#define SUDOKU_BENCH_ALL_SIZES \
  (SUDOKU_BENCH_4X4 | SUDOKU_BENCH_9X9 | SUDOKU_BENCH_16X16 | SUDOKU_BENCH_25X25)
/** The largest grid: 25 x 25 = 625 cells. */
#define SUDOKU_BENCH_MAX_CELLS 625

/** What solve() returns. The values are sudoku-bench's own statuses (the `status` column of its
 *  results), in the same order. The host checks the status against the count (see solve()):
 *  a status that disagrees with it, or any other value, makes the puzzle `wrong`. */
enum sudoku_bench_status {
  /** limit 1: a solution was found (uniqueness not checked); solutions = 1. */
  SUDOKU_BENCH_SOLVED = 0,
  /** limit >= 2: the search finished with exactly one solution; solutions = 1. */
  SUDOKU_BENCH_UNIQUE = 1,
  /** limit >= 2: at least two solutions; solutions = the number found, 2 .. limit. */
  SUDOKU_BENCH_MULTIPLE = 2,
  /** The search finished without a solution; solutions = 0. */
  SUDOKU_BENCH_NONE = 3,
  /** The givens contradict each other (two equal digits in a row, column or box); solutions = 0.
   *  Returning NONE instead is also fine: the host finds the conflict itself. */
  SUDOKU_BENCH_INVALID = 4,
  /** The budget (nodes) ran out first; solutions = those found so far (fewer than limit). */
  SUDOKU_BENCH_BUDGET_EXCEEDED = 5,
  /** This grid size is not supported (the host does not call solve() for sizes the solver
   *  does not declare in `boxes`, so this is rarely needed). */
  SUDOKU_BENCH_UNSUPPORTED = 6
};

/** Work counters, filled by solve(). They are reported beside the time on every row and should
 *  be exact and deterministic (same puzzle, same counts). Leave at 0 what you do not count. */
typedef struct sudoku_bench_work {
  /** Solutions found, 0 .. limit: what the status is checked against. */
  uint64_t solutions;
  /** Placements chosen among two or more candidates (0: solved without guessing). */
  uint64_t guesses;
  /** Dead ends that undid a choice. */
  uint64_t backtracks;
  /** Search-tree nodes (placements or exact-cover rows tried); the budget counts these. */
  uint64_t nodes;
} sudoku_bench_work;

/** sudoku_bench_solver.flags: the solver keeps no mutable state outside the states create()
 *  makes (no static or global variable written during solve(), no static local in it), so the
 *  host may run solve() on different states from several threads at once in one instance of
 *  the library. Leave it out when in doubt: each worker thread then gets a private instance of
 *  the library, at a small cost (results/plugins.md). */
#define SUDOKU_BENCH_SOLVER_REENTRANT (1u << 0)

/** One solver of a library: an immutable description, three functions and flags. */
typedef struct sudoku_bench_solver {
  /** The name given to `-s` (non-empty; letters, digits, '-', '_', '.'; unique within the host:
   *  a name taken by a built-in solver or another plug-in is refused at load time). */
  const char *name;
  /** One line for `sudoku-bench list` (may be NULL or ""). */
  const char *description;
  /** Supported sizes: SUDOKU_BENCH_BOX(b) bits (b = 2..5), e.g. SUDOKU_BENCH_9X9. Non-zero. */
  uint32_t boxes;
  /** A new per-thread state (scratch memory), or NULL when it cannot be made (the run then
   *  stops with an error naming the solver). Called once at load time (a trial: the state is
   *  destroyed at once, and NULL there refuses the library before any work), then once per
   *  worker thread, possibly from several threads at once. A solver that needs no state may
   *  return any non-NULL pointer. */
  void *(*create)(void);
  /** Frees a state made by create(). Called once per state, possibly on another thread than
   *  the one that used it, never while solve() runs on it. May be NULL (nothing to free). */
  void (*destroy)(void *state);
  /** Solves one puzzle.
   *   state     from create(); used by one thread at a time.
   *   box       2..5 (always one the solver declares): the grid has side n = box * box and
   *             n * n cells.
   *   cells     the puzzle: n * n values, row-major (cell r * n + c), 0 for an empty cell and
   *             1 .. n for a given. Read-only; valid during the call only.
   *   limit     stop after this many solutions (>= 1): 1 finds one, 2 proves uniqueness,
   *             N counts up to N.
   *   budget    stop after this many nodes (work->nodes) and return BUDGET_EXCEEDED; 0 means
   *             no limit. Honour it: it is what keeps a pathological line from stalling a batch.
   *   solution  n * n bytes owned by the host: when work->solutions > 0, write the first
   *             solution found there (values 1 .. n, row-major). It must keep every given.
   *   work      zeroed by the host; fill solutions, guesses, backtracks, nodes.
   *  Returns a sudoku_bench_status. It must agree with work->solutions and limit: SOLVED when
   *  limit is 1 and a solution was found; otherwise UNIQUE for 1, MULTIPLE for 2 or more; NONE
   *  for 0; BUDGET_EXCEEDED only with fewer than limit solutions.
   *  Must not throw (a C++ solver catches everything), call exit(), or write to stdout. The host
   *  times the call as a whole and verifies the answer: a solution that breaks the rules,
   *  changes a given or differs from a solution the input file gives is counted `wrong`. */
  int (*solve)(void *state, uint32_t box, const uint8_t *cells, uint64_t limit, uint64_t budget,
               uint8_t *solution, sudoku_bench_work *work);
  /** SUDOKU_BENCH_SOLVER_* bits (since version 2; other bits are reserved: leave them 0). 0, the
   *  value an initializer that stops after `solve` gives, means a private instance of the
   *  library per worker thread; SUDOKU_BENCH_SOLVER_REENTRANT, one instance for all. */
  uint32_t flags;
} sudoku_bench_solver;

/** What the entry point returns. */
typedef struct sudoku_bench_plugin {
  /** SUDOKU_BENCH_PLUGIN_ABI_VERSION of the header the library was built with. Always first. */
  uint32_t abi_version;
  /** Number of entries in `solvers` (at least 1). */
  uint32_t solver_count;
  /** The solvers; their names must differ. */
  const sudoku_bench_solver *solvers;
} sudoku_bench_plugin;

/** The entry point every library defines (with SUDOKU_BENCH_PLUGIN_EXPORT) and the host looks up
 *  by name (SUDOKU_BENCH_PLUGIN_ENTRY). `host_abi_version` is the host's
 *  SUDOKU_BENCH_PLUGIN_ABI_VERSION. Returns the library's descriptor (static storage), or NULL to
 *  refuse that version. Called once, before anything else; it should do no heavy work. */
SUDOKU_BENCH_PLUGIN_VISIBLE const sudoku_bench_plugin *sudoku_bench_plugin_entry(
    uint32_t host_abi_version);

/** The entry point's type, for hosts (dlsym). */
typedef const sudoku_bench_plugin *(*sudoku_bench_plugin_entry_fn)(uint32_t host_abi_version);

#ifdef __cplusplus
}  /* extern "C" */
#endif

#endif /* SUDOKU_BENCH_PLUGIN_H */
