#!/usr/bin/env bash
# The figures of results/rating.md (issue 16): the SE rater against the reference's ratings and
# traces, and its time per puzzle on one core (one process pinned to core 0, puzzles one after
# another, as the reference's figures in ../shared/SE_RATING.md section 8 were made; three such
# passes, a puzzle's time the median of its three: the machine is shared).
#   BUILD_DIR=build scripts/se_figures.sh OUT_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
C="${BUILD_DIR:-build}/tests/se_compare"
S="${SHARED_DATASETS:-../shared/datasets}"
OUT="${1:?output folder}"
mkdir -p "$OUT"
run() {  # NAME ARGS...: se_compare pinned to core 0, its report in OUT/NAME.txt
  local name=$1
  shift
  taskset -c 0 "$C" "$@" >"$OUT/$name.txt"
  echo "== $name: se_compare $*"
  cat "$OUT/$name.txt"
}
run trace trace
run steps steps
run more_all er "$S/se_ratings_more.csv" --reps 3
for src in 17_clue bug_plus_n generated_minimal_1000; do
  run "more_$src" er "$S/se_ratings_more.csv" --source "$src" --reps 3
done
run diabolical_first50 er "$S/sudoku_exchange_diabolical_ratings.csv" -n 50 --reps 3
run diabolical_first1000 er "$S/sudoku_exchange_diabolical_ratings.csv" -n 1000 --reps 3
run diabolical_all er "$S/sudoku_exchange_diabolical_ratings.csv" --reps 3
