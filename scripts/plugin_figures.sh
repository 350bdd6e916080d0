#!/usr/bin/env bash
# The figures of results/plugins.md (issue 25): what a private instance per worker and --isolate
# cost, and how a library that is not re-entrant scales, on 17_clue.txt with the project's own
# propagation in the reference harness's convention, its solver at file scope
# (plugins/propagation_plugin.cpp's propagation_harness: a fast library that is not re-entrant).
#
#   scripts/plugin_figures.sh [BUILD_DIR [RUNS]]      # default build, 11
#
# 1. private instance against one shared instance (--reentrant), -j 1 on one core: one `bench`
#    run, the two interleaved in every repetition; its ratio column.
# 2. --isolate against in-process, -j 1 on one core (taskset -c 1: the child shares the core):
#    `solve` runs alternated A, B, A, B, ...; medians of the CPU time of the whole process tree
#    (perf stat's task-clock, children included) and of the wall puzzles/s, and their ratios.
#    On a loaded machine the CPU time is the figure: the wall rate there measures how the
#    scheduler shares the core (a parent and child that sleep and wake in turn get more of it).
# 3. -j 2 against -j 1 (private instances; under --isolate; and the built-in propagation as the
#    control: what the machine itself gives a second thread): alternated the same way, wall
#    puzzles/s, then the CPU time (what a second private instance adds to the work).
# Timing on a shared machine: read the ratios, not the rates, and the load printed with them.
set -euo pipefail
build=${1:-build}
runs=${2:-11}
exe=$build/sudoku-bench
lib=$build/plugins/libpropagation_plugin.so
data=${DATA:-../shared/datasets/17_clue.txt}
[ -x "$exe" ] && [ -r "$lib" ] && [ -r "$data" ] || { echo "plugin_figures: need $exe, $lib, $data" >&2; exit 2; }
p="--plugin p=$lib:propagation_harness -s p"

rate() {  # the wall puzzles/s of solve's table (its last line, 5th column)
  "$@" 2>&1 | tail -1 | awk '{gsub(",", "", $5); print $5}'
}
cpu_ms() {  # the CPU time of the command and its children, ms (perf stat's task-clock)
  perf stat -x, -e task-clock -o /dev/stderr "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ {printf "%.2f\n", $1}'
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

# alternate NAME_A NAME_B -- CMD_A -- CMD_B: RUNS each, interleaved; prints both medians and B/A.
# MEASURE=cpu_ms measures CPU ms instead of the rate.
alternate() {
  local a=$1 b=$2 ra=() rb=() cmd_a=() cmd_b=() measure=${MEASURE:-rate} unit=${UNIT:-puzzles/s}
  shift 3
  while [ "$1" != "--" ]; do cmd_a+=("$1"); shift; done
  shift
  cmd_b=("$@")
  for ((i = 0; i < runs; ++i)); do
    ra+=("$($measure "${cmd_a[@]}")")
    rb+=("$($measure "${cmd_b[@]}")")
  done
  local ma mb
  ma=$(printf '%s\n' "${ra[@]}" | median)
  mb=$(printf '%s\n' "${rb[@]}" | median)
  echo "  $a: median ${ma} $unit (runs: ${ra[*]})"
  echo "  $b: median ${mb} $unit (runs: ${rb[*]})"
  awk -v a="$ma" -v b="$mb" -v na="$a" -v nb="$b" 'BEGIN {printf "  %s / %s = %.3fx\n", nb, na, b / a}'
}

echo "# $(date -u '+%F %T') UTC, $(git rev-parse --short HEAD 2>/dev/null || echo '?'), load: $(cut -d' ' -f1-3 /proc/loadavg), $runs runs"
echo "1. private instance vs shared, -j 1, taskset -c 1 (bench, $runs reps, --min-time 0.3):"
taskset -c 1 "$exe" bench "$data" --plugin "shared=$lib:propagation_harness" --plugin "priv=$lib:propagation_harness" \
  --reentrant shared -s shared,priv -j 1 --reps "$runs" --min-time 0.3 2>&1 | grep -E "^(dataset|17_clue)" | sed 's/^/  /'
echo "2a. --isolate vs in-process (private instance), -j 1, taskset -c 1, CPU time of the process tree:"
MEASURE=cpu_ms UNIT="CPU ms" alternate in-process isolate -- taskset -c 1 "$exe" solve "$data" $p -j 1 -o /dev/null \
  -- taskset -c 1 "$exe" solve "$data" $p -j 1 --isolate -o /dev/null
echo "2b. the same, wall puzzles/s:"
alternate in-process isolate -- taskset -c 1 "$exe" solve "$data" $p -j 1 -o /dev/null \
  -- taskset -c 1 "$exe" solve "$data" $p -j 1 --isolate -o /dev/null
echo "3a. -j 2 vs -j 1, private instances:"
alternate j1 j2 -- "$exe" solve "$data" $p -j 1 -o /dev/null -- "$exe" solve "$data" $p -j 2 -o /dev/null
echo "3b. -j 2 vs -j 1, --isolate:"
alternate j1 j2 -- "$exe" solve "$data" $p -j 1 --isolate -o /dev/null -- "$exe" solve "$data" $p -j 2 --isolate -o /dev/null
echo "3c. -j 2 vs -j 1, the built-in propagation (the control):"
alternate j1 j2 -- "$exe" solve "$data" -s propagation -j 1 -o /dev/null -- "$exe" solve "$data" -s propagation -j 2 -o /dev/null
echo "3d. -j 2 vs -j 1, CPU time of the process tree, private instances (what a second instance adds):"
MEASURE=cpu_ms UNIT="CPU ms" alternate j1 j2 -- "$exe" solve "$data" $p -j 1 -o /dev/null -- "$exe" solve "$data" $p -j 2 -o /dev/null
echo "3e. the same, the built-in propagation (the control):"
MEASURE=cpu_ms UNIT="CPU ms" alternate j1 j2 -- "$exe" solve "$data" -s propagation -j 1 -o /dev/null \
  -- "$exe" solve "$data" -s propagation -j 2 -o /dev/null
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
