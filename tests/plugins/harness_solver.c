/* A 9x9 solver exporting the reference harness's convention, as a public solver
 * library would:
 *   size_t solve(const char *puzzle, size_t limit, uint32_t flags, char *solution, size_t *guesses)
 * Bitmask backtracking, fewest candidates first. Like some libraries of that harness, it
 * writes `solution` only when limit is 1, so the host must make its extra call for a solution
 * at limit 2; and it reads puzzle[81], which must be NUL (a 729-character pencilmark puzzle
 * would continue there): otherwise it reports no solution.
 *
 * `solve_liar` has the same signature and lies: one cell of its solution is wrong.
 * `solve_liar_above_1` tells the truth at limit 1 but writes a wrong solution (one cell
 * changed) with a larger limit: the host must report that answer, not call it again. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__GNUC__)
#define EXPORT __attribute__((visibility("default")))
#else
#define EXPORT
#endif

typedef struct search {
  uint8_t grid[81];
  uint16_t row[9], col[9], box[9];
  size_t limit, count, guesses;
  char *solution;
  int write_solution;
} search;

static int box_of(int c) { return c / 27 * 3 + c % 9 / 3; }

static int bits(uint16_t x) {
  int n = 0;
  for (; x != 0; x = (uint16_t)(x & (x - 1))) ++n;
  return n;
}

static void dfs(search *s) {
  int c, best = -1, best_n = 10;
  uint16_t best_cand = 0;
  for (c = 0; c < 81; ++c) {
    uint16_t cand;
    int n;
    if (s->grid[c]) continue;
    cand = (uint16_t)(0x1ff & ~(s->row[c / 9] | s->col[c % 9] | s->box[box_of(c)]));
    n = bits(cand);
    if (n < best_n) {
      best = c, best_n = n, best_cand = cand;
      if (n <= 1) break;
    }
  }
  if (best < 0) {
    if (s->count++ == 0 && s->write_solution)
      for (c = 0; c < 81; ++c) s->solution[c] = (char)('0' + s->grid[c]);
    return;
  }
  for (; best_cand != 0 && s->count < s->limit; best_cand = (uint16_t)(best_cand & (best_cand - 1))) {
    const uint16_t bit = (uint16_t)(best_cand & (0u - best_cand));
    const int d = bits((uint16_t)(bit - 1)) + 1;
    if (best_n > 1) ++s->guesses;
    s->grid[best] = (uint8_t)d;
    s->row[best / 9] |= bit, s->col[best % 9] |= bit, s->box[box_of(best)] |= bit;
    dfs(s);
    s->row[best / 9] &= (uint16_t)~bit, s->col[best % 9] &= (uint16_t)~bit, s->box[box_of(best)] &= (uint16_t)~bit;
    s->grid[best] = 0;
  }
}

EXPORT size_t solve(const char *puzzle, size_t limit, uint32_t flags, char *solution, size_t *guesses) {
  search s;
  int c;
  (void)flags;
  if (puzzle[81] != '\0') return 0; /* would be a pencilmark puzzle: not supported here */
  memset(&s, 0, sizeof s);
  s.limit = limit;
  s.solution = solution;
  s.write_solution = limit == 1;
  for (c = 0; c < 81; ++c) {
    const char ch = puzzle[c];
    if (ch >= '1' && ch <= '9') {
      const uint16_t bit = (uint16_t)(1u << (ch - '1'));
      if ((s.row[c / 9] | s.col[c % 9] | s.box[box_of(c)]) & bit) return 0; /* conflicting givens */
      s.grid[c] = (uint8_t)(ch - '0');
      s.row[c / 9] |= bit, s.col[c % 9] |= bit, s.box[box_of(c)] |= bit;
    }
  }
  dfs(&s);
  *guesses = s.guesses;
  return s.count;
}

EXPORT size_t solve_liar(const char *puzzle, size_t limit, uint32_t flags, char *solution, size_t *guesses) {
  const size_t n = solve(puzzle, 1, flags, solution, guesses);
  int c;
  (void)limit;
  if (n == 0) return 0;
  for (c = 0; c < 81; ++c) /* change the first cell that was empty: the answer breaks a rule */
    if (puzzle[c] == '.') {
      solution[c] = solution[c] == '9' ? '1' : (char)(solution[c] + 1);
      break;
    }
  return 1;
}

EXPORT size_t solve_liar_above_1(const char *puzzle, size_t limit, uint32_t flags, char *solution,
                                 size_t *guesses) {
  size_t n, g1 = 0;
  int c;
  if (limit == 1) return solve(puzzle, 1, flags, solution, guesses);
  n = solve(puzzle, limit, flags, solution, guesses); /* counts; writes nothing above limit 1 */
  if (n == 0 || solve(puzzle, 1, flags, solution, &g1) == 0) return n;
  for (c = 0; c < 81; ++c) /* change the first cell that was empty: the answer breaks a rule */
    if (puzzle[c] == '.') {
      solution[c] = solution[c] == '9' ? '1' : (char)(solution[c] + 1);
      break;
    }
  return n;
}
