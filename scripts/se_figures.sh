#!/usr/bin/env bash
# The figures of results/rating.md (issues 16 and 30): the SE rater against the reference's
# ratings and traces, and its time per puzzle on one core (one process pinned to core 0, puzzles
# one after another, as the reference's figures in ../shared/SE_RATING.md section 8 were made;
# three such passes, a puzzle's time the median of its three: the machine is shared), then the
# memory of a rating thread (`rate`'s peak resident size with one and with two threads).
#   BUILD_DIR=build scripts/se_figures.sh OUT_DIR [PART]
# PART: all (default), below10 (the files of issue 16), hardest (ER 10 and up, issue 30).
set -euo pipefail
cd "$(dirname "$0")/.."
C="${BUILD_DIR:-build}/tests/se_compare"
S="${SHARED_DATASETS:-../shared/datasets}"
OUT="${1:?output folder}"
PART="${2:-all}"
mkdir -p "$OUT"
run() {  # NAME ARGS...: se_compare pinned to core 0, its report in OUT/NAME.txt
  local name=$1
  shift
  taskset -c 0 "$C" "$@" >"$OUT/$name.txt"
  echo "== $name: se_compare $*"
  cat "$OUT/$name.txt"
}
if [[ $PART == all || $PART == below10 ]]; then
  run trace trace
  run steps steps
  run more_all er "$S/se_ratings_more.csv" --reps 3
  for src in 17_clue bug_plus_n generated_minimal_1000; do
    run "more_$src" er "$S/se_ratings_more.csv" --source "$src" --reps 3
  done
  run diabolical_first50 er "$S/sudoku_exchange_diabolical_ratings.csv" -n 50 --reps 3
  run diabolical_first1000 er "$S/sudoku_exchange_diabolical_ratings.csv" -n 1000 --reps 3
  run diabolical_all er "$S/sudoku_exchange_diabolical_ratings.csv" --reps 3
fi
if [[ $PART == all || $PART == hardest ]]; then
  # ER 10 and up (the nested levels): the reference's three traces and its 24 ratings with its
  # own times (se_compare prints the ratios), then the other 351 puzzles of the file, which have
  # no reference rating: time, status and our ER (one pass; --slow lists each puzzle's time
  # and work).
  # Timed twice: by the steady clock, as every figure above, and by the thread's CPU time
  # (--cpu), which a busy machine does not inflate (the reference's times were taken with other
  # work on the second core).
  run hardest_trace trace "$S/se_steps_hardest.txt"
  run hardest er "$S/se_ratings_hardest.csv" --reps 3 --slow 0.001
  run hardest_cpu er "$S/se_ratings_hardest.csv" --reps 3 --slow 0.001 --cpu
  run forum_rest_cpu er "$S/forum_hardest_1106.txt" --skip 24 --slow 0.001 --cpu
  # Memory: the peak resident size of `rate` (which proves each puzzle's solution, then rates
  # it) on the whole file, with one thread and with two: a rating thread keeps its scratch
  # (kept propagations, the nested levels' memo) between puzzles, a bound per thread.
  B="${BUILD_DIR:-build}/sudoku-bench"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  for j in 1 2; do
    /usr/bin/time -o "$tmp/time" -f "%M KB peak resident, %e s wall, %U s user" \
      "$B" rate "$S/forum_hardest_1106.txt" -j "$j" -o "$tmp/rated.csv" >/dev/null 2>&1
    echo "== rate forum_hardest_1106.txt -j $j: $(cat "$tmp/time")" | tee "$OUT/memory_j$j.txt"
  done
fi
