#!/usr/bin/env bash
# Compare two builds of sudoku-bench on one dataset by alternating runs: A, B, A, B, ... so that
# both see the same machine weather, then the median puzzles/s of each and their ratio.
#
#   scripts/ab_compare.sh OLD_EXE NEW_EXE FILE [RUNS] [-- solve options]
#   scripts/ab_compare.sh /tmp/old/build/sudoku-bench build/sudoku-bench \
#       ../shared/datasets/17_clue.txt 7 -- -s dlx -j 1
#
# Two solvers (an old build's against a new solver of the new build): OLD_SOLVER=propagation
# NEW_SOLVER=scored in the environment add `-s NAME` to each side's options (then leave -s out
# of the common ones). CMD=rate times `rate` instead of `solve` (its table is solve's: the
# rate includes the rating), e.g. CMD=rate scripts/ab_compare.sh OLD NEW diabolical.txt 7 -- -j 1
#
# Default RUNS 7 and options `-s dlx -j 1`. The rate is the wall puzzles/s of `solve`'s own table
# (the default output, limit 1 unless the options say otherwise). A build of an older commit:
#   git worktree add /tmp/old <commit> && cmake -S /tmp/old -B /tmp/old/build \
#     -DSUDOKU_BENCH=OFF && make -C /tmp/old/build -j2 sudoku-bench
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,12p' "$0" >&2; exit 2; }
old=$1 new=$2 file=$3
shift 3
runs=7
cmd=${CMD:-solve}
if [ $# -gt 0 ] && [ "$1" != "--" ]; then runs=$1; shift; fi
[ "${1:-}" = "--" ] && shift
opts=("$@")
if [ -n "${OLD_SOLVER:-}${NEW_SOLVER:-}" ]; then
  [ -n "${OLD_SOLVER:-}" ] && [ -n "${NEW_SOLVER:-}" ] || { echo "ab_compare: set both OLD_SOLVER and NEW_SOLVER" >&2; exit 2; }
  [ ${#opts[@]} -gt 0 ] || opts=(-j 1)
else
  [ ${#opts[@]} -gt 0 ] || opts=(-s dlx -j 1)
fi
old_opts=("${opts[@]}") new_opts=("${opts[@]}")
[ -n "${OLD_SOLVER:-}" ] && old_opts+=(-s "$OLD_SOLVER") && new_opts+=(-s "$NEW_SOLVER")
for exe in "$old" "$new"; do [ -x "$exe" ] || { echo "ab_compare: $exe is not executable" >&2; exit 2; }; done
[ -r "$file" ] || { echo "ab_compare: cannot read $file" >&2; exit 2; }

rate() {  # the last table line's 5th column: puzzles/s; $2.. the options
  local exe=$1
  shift
  "$exe" "$cmd" "$file" "$@" 2>&1 | tail -1 | awk '{gsub(",", "", $5); print $5}'
}
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

a=() b=()
for _ in $(seq "$runs"); do
  a+=("$(rate "$old" "${old_opts[@]}")")
  b+=("$(rate "$new" "${new_opts[@]}")")
done
ma=$(echo "${a[*]}" | median)
mb=$(echo "${b[*]}" | median)
echo "$cmd $file  options: old ${old_opts[*]}; new ${new_opts[*]}  runs: $runs (alternating)"
echo "old: $old  median $ma puzzles/s  runs: ${a[*]}"
echo "new: $new  median $mb puzzles/s  runs: ${b[*]}"
awk -v a="$ma" -v b="$mb" 'BEGIN { if (a > 0) printf "new / old: %.2fx\n", b / a }'
