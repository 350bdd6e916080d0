#!/usr/bin/env bash
# The canonical form's full checks and throughput, for results/canonical.md.
#
#   scripts/canon_figures.sh [BUILD_DIR] [WORK_DIR]
#
# 1. minlex = a brute force over all 3,359,232 cell orders on 250 puzzles and 50 full grids
#    (the DISABLED_ test of tests/canon_test.cpp; a few minutes on one core).
# 2. A million-puzzle file (transform's isomorphs: 600,000 of 17_clue, 400,000 of the
#    diabolical set) de-duplicated on 1 and 2 threads: wall and CPU time, classes kept (must be
#    the 88,877 sources), and the outputs of both thread counts identical.
# 3. transform --canonical throughput on one thread over 17_clue and the diabolical set.
set -euo pipefail
build=${1:-build}
work=${2:-/tmp/canon_figures}
data=$(cd "$(dirname "$0")/../.." && pwd)/shared/datasets
exe=$build/sudoku-bench
mkdir -p "$work"
echo "## $(date -u '+%F %T') UTC, $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "### brute force"
"$build/tests/sudoku_tests" --gtest_also_run_disabled_tests \
  --gtest_filter='Canon.DISABLED_EqualsBruteForceOn250PuzzlesAnd50Grids' | grep -E 'brute force|OK|FAILED'
timed() {  # label, command...: wall and CPU (user+sys) seconds
  local label=$1; shift
  /usr/bin/time -f "$label: %e s wall, %U s user, %S s sys, %M KB max RSS" "$@" 2>&1 >/dev/null |
    grep -E "^$label|transform:"
}
if [ ! -s "$work/million.txt" ]; then
  "$exe" transform "$data/17_clue.txt" -n 600000 --seed 47 -o "$work/a.txt" >/dev/null 2>&1
  "$exe" transform "$data/sudoku_exchange_diabolical.txt" -n 400000 --seed 47 -o "$work/b.txt" >/dev/null 2>&1
  cat "$work/a.txt" "$work/b.txt" > "$work/million.txt"
  rm -f "$work/a.txt" "$work/b.txt"
fi
echo "### dedupe of $(wc -l < "$work/million.txt") puzzles"
for j in 1 2; do
  timed "dedupe -j $j" "$exe" transform --dedupe "$work/million.txt" -j $j -o "$work/kept$j.txt"
  echo "kept: $(wc -l < "$work/kept$j.txt")"
done
cmp "$work/kept1.txt" "$work/kept2.txt" && echo "-j 1 and -j 2: identical"
echo "### canonical forms, one thread"
for f in 17_clue.txt sudoku_exchange_diabolical.txt; do
  timed "canonical $f" "$exe" transform --canonical "$data/$f" -j 1 -o "$work/forms.txt"
done
